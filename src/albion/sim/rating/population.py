"""The rating benchmark's population (issue 30): players of known strength, and who plays
whom. A player's true strength is its rung on a ladder of bots, each rung defined by the
parameter that makes it play better: the heuristic's `noise` going down (1: every
decision random … 0: the heuristic itself), then, where the game's search beats its
heuristic cheaply, ISMCTS's iterations going up. Players are spread evenly over the rungs.

Matchmaking is random: each round the population is shuffled and cut into tables, so
every player plays one game a round. A round's tables depend only on the seed and the
round, so a worker finds a game's seats without being sent the whole schedule."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from albion.core.errors import AlbionError
from albion.core.words import say
from albion.sim.batch import GameTask
from albion.table.seeding import derive_rng

NOISE_RUNGS = 51
"""The noise ladder's rungs: noise 1, 0.98, …, 0.02, 0 (the heuristic)."""
SEARCH_LOW, SEARCH_HIGH, SEARCH_CUTOFF = 10, 80, 4
"""The search rungs: ISMCTS from 10 to 80 iterations a move, rollouts cut after 4 actions
(measured in Raiding Stonehenge 4p: that cut plays as well as the default 20 at a third of
the time; 10 iterations already beat the heuristic; past 80 it gains nothing)."""


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
"""Ladders by name, weakest rung first. `noise` where the game's search does not beat its
heuristic at a budget the benchmark can afford (Diamoniak: ISMCTS at 1,000 iterations a
move won 22 of 40 against it), `noise+search` where it does (Raiding Stonehenge)."""


def ladder(name: str) -> tuple[str, ...]:
    if name not in LADDERS:
        raise BenchError(say("unknown ladder {name}; ladders: {ladders}", name=repr(name),
                             ladders=", ".join(LADDERS)))
    return LADDERS[name]


def rung_of(player: int, population: int, rungs: int) -> int:
    """Player `player`'s rung: players spread evenly, the first on the weakest."""
    return player * rungs // population


@lru_cache(maxsize=64)
def round_order(seed: int, population: int, round_number: int) -> tuple[int, ...]:
    """The players in a round's seating order (tables are consecutive slices)."""
    order = list(range(population))
    derive_rng(seed, "round", round_number).shuffle(order)
    return tuple(order)


@dataclass(frozen=True)
class PopulationTask(GameTask):
    """A benchmark's games as a batch: the line-up is the ladder; game `index` seats the
    players of its table of its round (`players_at`), each as its rung's bot."""

    population: int = 0

    def tables_per_round(self) -> int:
        return self.population // self.players

    def players_at(self, index: int) -> tuple[int, ...]:
        """The players (0 … population − 1) at each seat of game `index`."""
        round_number, table = divmod(index, self.tables_per_round())
        order = round_order(self.seed, self.population, round_number)
        return order[table * self.players:(table + 1) * self.players]

    def seating(self, index: int) -> tuple[int, ...]:
        return tuple(rung_of(player, self.population, len(self.lineup))
                     for player in self.players_at(index))


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
