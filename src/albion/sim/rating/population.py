"""The rating benchmark's population (issue 30): players of known strength, and who plays
whom. A player's true strength is its rung on a ladder of bots, each rung defined by the
parameter that makes it play better: the heuristic's `noise` going down (1: every
decision random … 0: the heuristic itself), then, where the game's search beats its
heuristic cheaply, ISMCTS's iterations going up. The rungs stand at evenly spaced
strengths, measured on games of their own (`ladder.py`, `ladders.json`); a format whose
ladder was not measured has its rungs evenly spaced in the parameter instead. Players are
spread evenly over the rungs.

Who plays whom (`TABLES`), one game a round for everyone:
- `rated`, as a server pairs players (lichess, Board Game Arena): each round the players
  are sorted by their displayed rating (the book's mu − 3 sigma), each moved by a random
  amount of up to two tables' worth of places (so neighbours vary from round to round),
  and neighbours are seated together in a random seat order. The first round, when
  everyone is a newcomer, is random. The games depend on the ratings, so rounds are
  played one after the other (`bench.play`).
- `random`: each round the population is shuffled and cut into tables. A round's tables
  depend only on the seed and the round, so a worker finds a game's seats without being
  sent the whole schedule."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from albion.core.errors import AlbionError
from albion.core.words import say
from albion.sim.batch import GameTask
from albion.sim.rating.ladder import KNOTS, RUNGS, SEARCH_CUTOFF, even_rungs, load_ladders
from albion.table.seeding import derive_rng

NOISE_RUNGS = RUNGS
"""The noise ladder's rungs by parameter: noise 1, 0.98, …, 0.02, 0 (the heuristic)."""
SEARCH_LOW, SEARCH_HIGH = 10, 80
"""The search rungs by parameter: ISMCTS from 10 to 80 iterations a move (in Raiding
Stonehenge 4p past 80 it gains little)."""
Tables = Literal["rated", "random"]
TABLES: tuple[Tables, ...] = ("rated", "random")
"""Matchmaking: as a server pairs by rating (the default), or at random."""


class BenchError(AlbionError, ValueError):
    """A benchmark that cannot run as asked."""


def noise_rungs(count: int) -> list[str]:
    """The heuristic from all noise (the random bot's play) to none, `count` rungs."""
    rungs = []
    for step in range(count):
        noise = round(1 - step / (count - 1), 4)
        rungs.append(f"heuristic:noise={noise:g}" if noise else "heuristic")
    return rungs


def search_rungs(count: int) -> list[str]:
    """ISMCTS at iterations from SEARCH_LOW to SEARCH_HIGH, spaced geometrically."""
    iterations: list[int] = []
    for step in range(count):
        value = round(SEARCH_LOW * (SEARCH_HIGH / SEARCH_LOW) ** (step / (count - 1)))
        if value not in iterations:
            iterations.append(value)
    return [f"ismcts:iterations={n},cutoff={SEARCH_CUTOFF}" for n in iterations]


LADDERS: dict[str, tuple[str, ...]] = {
    "noise": tuple(noise_rungs(NOISE_RUNGS)),
    "noise+search": tuple(noise_rungs(26) + search_rungs(25)),
}
"""The ladders (`ladder.KNOTS`) with rungs evenly spaced in their parameter, weakest
first: what a format whose ladder was not measured plays."""


def ladder(name: str) -> tuple[str, ...]:
    """A ladder's rungs by parameter (refused if there is no such ladder)."""
    if name not in LADDERS:
        raise BenchError(say("unknown ladder {name}; ladders: {ladders}", name=repr(name),
                             ladders=", ".join(LADDERS)))
    return LADDERS[name]


def rungs_for(game: str, players: int, name: str) -> tuple[tuple[str, ...], bool]:
    """A format's rungs and whether they stand at measured, evenly spaced strengths (the
    shipped fit of this ladder in this format, for the game's version) or, unmeasured,
    evenly in the parameter."""
    by_parameter = ladder(name)
    fit = load_ladders().current(game, players, name)
    if fit is None:
        return by_parameter, False
    return even_rungs(KNOTS[name], fit.strengths, RUNGS), True


def rung_of(player: int, population: int, rungs: int) -> int:
    """Player `player`'s rung: players spread evenly, the first on the weakest."""
    return player * rungs // population


def rated_tables(seed: int, round_number: int, displayed: Sequence[float], players: int
                 ) -> tuple[tuple[int, ...], ...]:
    """A round's tables as a server pairing by rating seats them: players sorted by their
    displayed rating (ties in a random order), each moved by a random amount of up to two
    tables' worth of places, then cut into tables of neighbours, each in a random seat
    order. Depends only on the seed, the round and the ratings."""
    rng = derive_rng(seed, "rated", round_number)
    tie_breaks = [rng.random() for _ in displayed]
    order = sorted(range(len(displayed)), key=lambda p: (displayed[p], tie_breaks[p]))
    place = {p: rank + rng.uniform(0, 2 * players) for rank, p in enumerate(order)}
    order.sort(key=place.__getitem__)
    tables = []
    for start in range(0, len(order) - players + 1, players):
        table = order[start:start + players]
        rng.shuffle(table)
        tables.append(tuple(table))
    return tuple(tables)


@lru_cache(maxsize=64)
def round_order(seed: int, population: int, round_number: int) -> tuple[int, ...]:
    """The players in a round's seating order (tables are consecutive slices)."""
    order = list(range(population))
    derive_rng(seed, "round", round_number).shuffle(order)
    return tuple(order)


@dataclass(frozen=True)
class PopulationTask(GameTask):
    """A benchmark's games as a batch: the line-up is the ladder's rungs; game `index`
    seats the players of its table of its round (`players_at`), each as its rung's bot.
    Random tables are found from the seed; a rated round's `tables` are given (game
    `first` is its first table's)."""

    population: int = 0
    tables: tuple[tuple[int, ...], ...] = ()
    first: int = 0

    def tables_per_round(self) -> int:
        return self.population // self.players

    def players_at(self, index: int) -> tuple[int, ...]:
        """The players (0 … population − 1) at each seat of game `index`."""
        if self.tables:
            return self.tables[index - self.first]
        round_number, table = divmod(index, self.tables_per_round())
        order = round_order(self.seed, self.population, round_number)
        return order[table * self.players:(table + 1) * self.players]

    def seating(self, index: int) -> tuple[int, ...]:
        return tuple(rung_of(player, self.population, len(self.lineup))
                     for player in self.players_at(index))

    def truth(self, player: int) -> int:
        """A player's true strength: its rung's place on the ladder (rungs of one bot,
        from rounded iterations, are one place)."""
        rung = rung_of(player, self.population, len(self.lineup))
        return self.lineup.index(self.lineup[rung])


def population_task(game: str, players: int, rungs: tuple[str, ...], population: int,
                    seed: int) -> PopulationTask:
    """The benchmark's batch for one format (refused if the population cannot be cut
    into full tables)."""
    if population < 2 * players or population % players:
        raise BenchError(say("a population of {population} cannot sit at tables of "
                             "{players}: use a multiple of {players}, at least {least}",
                             population=population, players=players, least=2 * players))
    format_seed = derive_rng(seed, "rating-bench", game, players).getrandbits(63)
    return PopulationTask(game, (), rungs, players, format_seed, population=population)
