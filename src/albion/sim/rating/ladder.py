"""The benchmark's ladders, spaced evenly in strength (issue 30). A ladder is a family of
bots graded by one knob — the heuristic's `noise` going down, then, where the game's
search beats its heuristic cheaply, ISMCTS's iterations going up. Spaced evenly in the
knob, its rungs crowd where the knob changes little (in four-player Raiding Stonehenge,
ISMCTS from 10 to 20 iterations gains 0.88 in log-strength, from 40 to 80 0.13, and at 10
it plays no better than the heuristic below it), and players there cannot be told
apart, or are not even in order.

So each ladder's strength is measured first, on games of its own: a seat-balanced
tournament among a few of its bots (its knots), fitted with the calibration's
Plackett–Luce fit (`calibrate.fit_strengths`), seeded apart from every benchmark and
calibration game (`albion rating-ladder`, kept in `ladders.json`). The benchmark's rungs
are then placed at evenly spaced strengths between the weakest and the strongest knot,
the knob found between knots by interpolation (noise linearly, iterations geometrically).
A player's true strength is still its rung's place on the ladder — the order of the knob,
never the fitted numbers — so the fit only chooses where the rungs stand.

Along one knob strength is taken to rise (fewer random decisions, more iterations: the
fitted strengths are made monotone by isotonic regression, which only irons out the
fit's noise); between knobs nothing is assumed — where ISMCTS at 10 iterations plays
below the heuristic, the rungs above the heuristic's strength are searches of the
iterations that first reach it."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Literal

from albion.core.errors import AlbionError
from albion.core.registry import get_game
from albion.core.words import say
from albion.sim.batch import GameOutcome, run_games
from albion.sim.rating.calibrate import Calibration, fit_strengths
from albion.sim.schedule import balanced_games
from albion.table.seeding import derive_rng

LADDERS_FORMAT = "albion-rating-ladders/1"
RUNGS = 51
"""Rungs of a ladder; the benchmark's players are spread evenly over them."""
SEARCH_CUTOFF = 4
"""ISMCTS rollouts cut after 4 actions (measured in Raiding Stonehenge 4p: as strong as the
default 20 at a third of the time)."""
LADDER_GAMES = 1200
"""Games of a ladder's tournament by default, rounded up to whole seat-balanced cycles:
each knot's strength known to about ±0.1 (a tenth of a fifth of the ladder)."""
Family = Literal["noise", "search"]


class LadderError(AlbionError, ValueError):
    """A ladders file that cannot be read."""


@dataclass(frozen=True)
class Knot:
    """A measured bot of a ladder: the heuristic at a `noise`, or ISMCTS at `iterations`."""

    family: Family
    value: float

    def bot(self) -> str:
        if self.family == "noise":
            return f"heuristic:noise={self.value:g}" if self.value else "heuristic"
        return f"ismcts:cutoff={SEARCH_CUTOFF},iterations={round(self.value)}"


KNOTS: dict[str, tuple[Knot, ...]] = {
    "noise": tuple(Knot("noise", round(1 - step / 10, 1)) for step in range(11)),
    "noise+search": (*(Knot("noise", round(1 - step / 5, 1)) for step in range(6)),
                     *(Knot("search", float(n)) for n in (10, 20, 40, 80))),
}
"""Each ladder's knots, weakest knob first: `noise` where the game's search does not beat
its heuristic at a budget the benchmark can afford (Diamoniak: ISMCTS at 1,000 iterations
a move won 22 of 40 against it), `noise+search` where it does (Raiding Stonehenge)."""


def knots_of(name: str) -> tuple[Knot, ...]:
    if name not in KNOTS:
        raise LadderError(say("unknown ladder {name}; ladders: {ladders}", name=repr(name),
                              ladders=", ".join(KNOTS)))
    return KNOTS[name]


@dataclass(frozen=True)
class FittedLadder:
    """A ladder's knots' fitted log-strengths in one format (the first knot at 0), and
    how they were measured."""

    game_version: str
    games: int
    seed: int
    strengths: tuple[float, ...]

    def to_json_dict(self) -> dict[str, Any]:
        return {"game_version": self.game_version, "games": self.games, "seed": self.seed,
                "strengths": [round(value, 4) for value in self.strengths]}

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> FittedLadder:
        strengths = tuple(float(value) for value in data["strengths"])
        if not all(math.isfinite(value) for value in strengths):
            raise ValueError(f"strengths {list(strengths)}")
        return cls(str(data["game_version"]), int(data["games"]), int(data["seed"]),
                   strengths)


LadderKey = tuple[str, int, str]
"""A game, a player count and a ladder's name."""


@dataclass(frozen=True)
class Ladders:
    """The fitted ladders by format and name."""

    fitted: dict[LadderKey, FittedLadder] = field(default_factory=dict)

    def current(self, game: str, players: int, name: str) -> FittedLadder | None:
        """The ladder's fit in this format, if it was measured on the game's version."""
        fit = self.fitted.get((game, players, name))
        if fit is None or fit.game_version != get_game(game).version \
                or len(fit.strengths) != len(knots_of(name)):
            return None
        return fit

    def to_json_dict(self) -> dict[str, Any]:
        return {"format": LADDERS_FORMAT,
                "ladders": {f"{game}/{players}:{name}": fit.to_json_dict()
                            for (game, players, name), fit in sorted(self.fitted.items())}}

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> Ladders:
        try:
            if data["format"] != LADDERS_FORMAT:
                raise ValueError(f"format {data['format']!r}, not {LADDERS_FORMAT}")
            fitted = {}
            for key, value in data["ladders"].items():
                where, _, name = key.partition(":")
                game, _, players = where.rpartition("/")
                fitted[(game, int(players), name)] = FittedLadder.from_json_dict(value)
            return cls(fitted)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise LadderError(say("not a ladders file: {problem}",
                                  problem=str(error))) from None

    def to_text(self) -> str:
        return json.dumps(self.to_json_dict(), indent=1) + "\n"


@cache
def load_ladders() -> Ladders:
    """The ladders shipped with Albion (`ladders.json` in this package)."""
    text = resources.files("albion.sim.rating").joinpath("ladders.json").read_text()
    return Ladders.from_json_dict(json.loads(text))


def ladder_tournament(game: str, players: int, name: str, games: int = LADDER_GAMES,
                      seed: int = 0) -> Calibration:
    """The tournament that measures a ladder in a format: its knots, seats balanced, at
    least `games` games (whole cycles), seeded apart from every other benchmark game."""
    knots = knots_of(name)
    get_game(game).check_players(players)
    cycle = balanced_games(len(knots), players)
    count = max(1, math.ceil(games / cycle)) * cycle
    stream = derive_rng(seed, "rating-ladder", game, players, name).getrandbits(63)
    return Calibration(game, players, tuple(knot.bot() for knot in knots), count, stream)


def measure_ladder(tournament: Calibration, seed: int, workers: int = 1,
                   progress: Callable[[int], None] | None = None) -> FittedLadder:
    """Play a ladder's tournament (seeded, on `workers` processes) and fit it; `seed` is
    the master seed it was derived from, kept with the fit."""
    outcomes: list[GameOutcome] = []
    for outcome, _ in run_games(tournament.task(), range(tournament.games), workers=workers):
        outcomes.append(outcome)
        if progress:
            progress(len(outcomes))
    return fit_ladder(tournament, sorted(outcomes, key=lambda o: o.index), seed)


def fit_ladder(tournament: Calibration, outcomes: Sequence[GameOutcome], seed: int
               ) -> FittedLadder:
    """The knots' log-strengths from the tournament's games (the first knot at 0)."""
    theta, _ = fit_strengths(len(tournament.reference),
                             [(o.seats, o.returns) for o in outcomes])
    return FittedLadder(get_game(tournament.game).version, len(outcomes), seed,
                        tuple(value - theta[0] for value in theta))


def isotonic(values: Sequence[float]) -> list[float]:
    """The non-decreasing sequence closest to `values` in squared error (pool adjacent
    violators)."""
    blocks: list[tuple[float, int]] = []  # (mean, size)
    for value in values:
        blocks.append((value, 1))
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            (high, size_high), (low, size_low) = blocks[-2], blocks[-1]
            size = size_high + size_low
            blocks[-2:] = [((high * size_high + low * size_low) / size, size)]
    return [mean for mean, size in blocks for _ in range(size)]


def monotone_strengths(knots: Sequence[Knot], strengths: Sequence[float]) -> list[float]:
    """Each knob's strengths made non-decreasing along the ladder (isotonic regression per
    family; nothing assumed between families)."""
    result = list(strengths)
    for family in ("noise", "search"):
        places = [i for i, knot in enumerate(knots) if knot.family == family]
        for place, value in zip(places, isotonic([strengths[i] for i in places]),
                                strict=True):
            result[place] = value
    return result


def even_rungs(knots: Sequence[Knot], strengths: Sequence[float], count: int = RUNGS
               ) -> tuple[str, ...]:
    """`count` bots at evenly spaced strengths from the first knot's to the strongest's:
    each level is reached first between two knots of one knob (interpolated: noise
    linearly, iterations geometrically) or, between two knobs, at the nearer knot. Bots
    may repeat (rounded iterations): they are one rung of true strength."""
    levels = monotone_strengths(knots, strengths)
    low, high = levels[0], max(levels)
    rungs = []
    for step in range(count):
        level = low + (high - low) * step / (count - 1) if count > 1 else low
        rungs.append(_bot_at(knots, levels, min(level, high)))
    return tuple(rungs)


def _bot_at(knots: Sequence[Knot], levels: Sequence[float], level: float) -> str:
    """The bot whose strength first reaches `level` along the ladder."""
    reach = next(i for i, value in enumerate(levels) if value >= level - 1e-12)
    if reach == 0:
        return knots[0].bot()
    before, after = knots[reach - 1], knots[reach]
    low, high = levels[reach - 1], levels[reach]
    share = (level - low) / (high - low) if high > low else 1.0
    if before.family != after.family:
        return (after if share >= 0.5 else before).bot()
    if before.family == "noise":
        return Knot("noise", round(before.value + (after.value - before.value) * share,
                                   3)).bot()
    return Knot("search", math.exp(math.log(before.value)
                                   + (math.log(after.value) - math.log(before.value))
                                   * share)).bot()
