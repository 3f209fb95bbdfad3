"""The calibration map of the fair win chance (issue 33, docs/analysis.md, Calibration).

The fair search's win chance is a forecast: of the positions it values at 80%, about 80%
should be won. Measured on self-play it can be too sure (Super Camelot's at both ends, at
its small budget; and the search imagines searching players); a map per game, fitted on
self-play positions of some seeds and shipped in `calibration.json` beside this module,
turns the search's value into the win chance shown. The map is monotone: it never changes which
action is better, only how sure the figure is.

Its form, `logistic`, is Platt's scaling around the seat's base rate `p0 = 1 / players`:

    shown = sigmoid(slope * (logit(q) - logit(p0)) + logit(p0) + shift)

(q clipped to [EPSILON, 1 - EPSILON]): a slope below 1 pulls the figure towards the base
rate, the shift corrects a bias; with two players `logit(p0)` is 0 and this is Platt's
scaling itself. `isotonic` (the pool-adjacent-violators fit, interpolated) and the
identity are measured beside it when a map is fitted, each by its cross-validated log
loss (folds by game, never a game in two folds); the simplest form (identity, logistic,
isotonic) is kept unless a later one's is lower by more than NOISE_MARGIN. The choice is
by log loss, a proper score, not by ECE: a step map gathers its forecasts on few values
and so lowers a binned ECE even where nothing needed mending (on positions drawn
perfectly calibrated, the isotonic map's cross-validated ECE was 0.0075 against the
identity's 0.0124, its log loss worse: tests/analysis/test_calibration.py). The logistic
form carries to other player counts; the isotonic one does not, and is applied only to
the player counts it was fitted on (the identity elsewhere).

Fitting is `fit_map(samples)`: `albion analyse-bench --part calibration --fit FILE` fits
the positions it measured and writes FILE; `python -m albion.analysis.refit
SAMPLES.jsonl… --out FILE` refits from positions saved by `analyse-bench --out DIR`.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any, Literal

CALIBRATION_FORMAT = "albion-calibration/1"
MAP_FILE = "calibration.json"
EPSILON = 0.005
"""A search's value of 0 or 1 is taken as this far inside (a logit needs it)."""
FOLDS = 5
NOISE_MARGIN = 0.0002
"""Cross-validated log losses (nats per position) closer than this are taken as equal
(the simpler form kept)."""
BINS = 10
Kind = Literal["identity", "logistic", "isotonic"]


@dataclass(frozen=True)
class Sample:
    """One position measured: the fair search's value of it for the seat to move (its best
    candidate's), of the action played, and what that seat's game ended with."""

    game: str
    seed: int
    game_index: int
    index: int
    players: int
    seat: int
    fair: float
    played: float
    won: float
    iterations: int = 0
    """The search's budget per candidate (0: not said)."""

    def to_json_dict(self) -> dict[str, Any]:
        return {"game": self.game, "seed": self.seed, "game_index": self.game_index,
                "index": self.index, "players": self.players, "seat": self.seat,
                "fair": round(self.fair, 6), "played": round(self.played, 6),
                "won": self.won, "iterations": self.iterations}

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> Sample:
        return cls(str(data["game"]), int(data["seed"]), int(data["game_index"]),
                   int(data["index"]), int(data["players"]), int(data["seat"]),
                   float(data["fair"]), float(data["played"]), float(data["won"]),
                   int(data.get("iterations", 0)))


def logit(p: float) -> float:
    p = min(1.0 - EPSILON, max(EPSILON, p))
    return math.log(p / (1.0 - p))


def sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


@dataclass(frozen=True)
class CalibrationMap:
    """One game's map from the fair search's value to the win chance shown."""

    game: str
    kind: Kind = "identity"
    slope: float = 1.0
    shift: float = 0.0
    knots: tuple[tuple[float, float], ...] = ()
    """isotonic: (value, win chance) points, interpolated between, flat beyond."""
    fitted: dict[str, Any] = field(default_factory=dict, compare=False)
    """How it was fitted: positions, games, seeds, iterations, cross-validated figures."""

    def __call__(self, chance: float, players: int = 2) -> float:
        if self.kind == "logistic":
            base = logit(1.0 / max(2, players))
            return sigmoid(self.slope * (logit(chance) - base) + base + self.shift)
        if self.kind == "isotonic" and self.knots and players in self.players:
            return _interpolate(self.knots, chance)
        return chance

    @property
    def players(self) -> tuple[int, ...]:
        """The player counts it was fitted on (an isotonic map is applied to these only:
        it has no base rate to carry to others; two when not said)."""
        return tuple(int(n) for n in self.fitted.get("players", (2,)))

    @property
    def seeds(self) -> tuple[int, ...]:
        return tuple(int(seed) for seed in self.fitted.get("seeds", ()))

    def describe(self) -> str:
        if self.kind == "logistic":
            return f"logistic (slope {self.slope:.3f}, shift {self.shift:+.3f})"
        if self.kind == "isotonic":
            return f"isotonic ({len(self.knots)} knots)"
        return "identity"

    def summary(self) -> dict[str, Any] | None:
        """What an analysis says of the map it shows win chances through (None: none)."""
        if self.kind == "identity":
            return None
        return {"map": self.describe(), "positions": self.fitted.get("positions"),
                "seeds": list(self.seeds)}

    def to_json_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.kind == "logistic":
            data |= {"slope": round(self.slope, 6), "shift": round(self.shift, 6)}
        if self.kind == "isotonic":
            data["knots"] = [[round(x, 6), round(y, 6)] for x, y in self.knots]
        data["fitted"] = self.fitted
        return data

    @classmethod
    def from_json_dict(cls, game: str, data: dict[str, Any]) -> CalibrationMap:
        kind = data.get("kind", "identity")
        if kind not in ("identity", "logistic", "isotonic"):
            raise ValueError(f"{game}: unknown calibration map kind {kind!r}")
        return cls(game, kind, float(data.get("slope", 1.0)), float(data.get("shift", 0.0)),
                   tuple((float(x), float(y)) for x, y in data.get("knots", ())),
                   dict(data.get("fitted", {})))


IDENTITY = CalibrationMap("")


def _interpolate(knots: Sequence[tuple[float, float]], x: float) -> float:
    if x <= knots[0][0]:
        return knots[0][1]
    for (x0, y0), (x1, y1) in pairwise(knots):
        if x <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return knots[-1][1]


# ---------------------------------------------------------------- the shipped maps


def read_maps(text: str) -> dict[str, CalibrationMap]:
    data = json.loads(text)
    if data.get("format") != CALIBRATION_FORMAT:
        raise ValueError(f"not a calibration file ({CALIBRATION_FORMAT})")
    return {game: CalibrationMap.from_json_dict(game, entry)
            for game, entry in data.get("games", {}).items()}


def write_maps(maps: dict[str, CalibrationMap]) -> str:
    return json.dumps({"format": CALIBRATION_FORMAT,
                       "games": {game: maps[game].to_json_dict() for game in sorted(maps)}},
                      indent=1) + "\n"


@cache
def shipped_maps() -> dict[str, CalibrationMap]:
    """The maps shipped with the package (`calibration.json`), by game id."""
    source = resources.files("albion.analysis").joinpath(MAP_FILE)
    if not source.is_file():
        return {}
    return read_maps(source.read_text(encoding="utf-8"))


def map_for(game_id: str) -> CalibrationMap:
    """The shipped map of `game_id` (the identity for a game without one)."""
    return shipped_maps().get(game_id, IDENTITY)


# ---------------------------------------------------------------- measures


def expected_calibration_error(pairs: Sequence[tuple[float, float]]
                               ) -> tuple[float, list[dict[str, float]]]:
    """ECE over BINS equal-width bins: the mean over positions of |share won - mean
    estimate| of their bin; and each bin's figures."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(BINS)]
    for estimate, result in pairs:
        bins[min(BINS - 1, max(0, int(estimate * BINS)))].append((estimate, result))
    ece = 0.0
    table = []
    for number, members in enumerate(bins):
        if not members:
            continue
        mean = statistics.fmean(e for e, _ in members)
        won = statistics.fmean(r for _, r in members)
        ece += len(members) / len(pairs) * abs(won - mean)
        table.append({"low": number / BINS, "high": (number + 1) / BINS,
                      "positions": len(members), "estimate": round(mean, 4),
                      "won": round(won, 4)})
    return ece, table


def log_loss(pairs: Iterable[tuple[float, float]]) -> float:
    losses = [-(won * math.log(max(EPSILON, p)) + (1 - won) * math.log(max(EPSILON, 1 - p)))
              for p, won in pairs]
    return statistics.fmean(losses) if losses else 0.0


# ---------------------------------------------------------------- fitting


def fit_logistic(samples: Sequence[Sample], ridge: float = 1e-3) -> tuple[float, float]:
    """(slope, shift) of the logistic form by maximum likelihood (Newton's method, a
    little ridge towards the identity for a set with one class)."""
    rows = []
    for sample in samples:
        base = logit(1.0 / max(2, sample.players))
        rows.append((logit(sample.fair) - base, base, sample.won))
    slope, shift = 1.0, 0.0
    for _ in range(50):
        g0 = g1 = h00 = h01 = h11 = 0.0
        for x, base, won in rows:
            p = sigmoid(slope * x + base + shift)
            w = p * (1.0 - p)
            g0 += (won - p) * x
            g1 += won - p
            h00 += w * x * x
            h01 += w * x
            h11 += w
        g0 -= ridge * (slope - 1.0)
        g1 -= ridge * shift
        h00 += ridge
        h11 += ridge
        det = h00 * h11 - h01 * h01
        if det <= 0:
            break
        d_slope = (h11 * g0 - h01 * g1) / det
        d_shift = (h00 * g1 - h01 * g0) / det
        slope, shift = slope + d_slope, shift + d_shift
        if abs(d_slope) + abs(d_shift) < 1e-9:
            break
    return slope, shift


def fit_isotonic(samples: Sequence[Sample]) -> tuple[tuple[float, float], ...]:
    """The pool-adjacent-violators fit of the share won on the value: its blocks' (mean
    value, share won), kept inside [EPSILON, 1 - EPSILON]."""
    blocks: list[list[float]] = []  # [sum of values, sum won, count]
    for sample in sorted(samples, key=lambda s: s.fair):
        blocks.append([sample.fair, sample.won, 1.0])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            for k in range(3):
                blocks[-1][k] += last[k]
    return tuple((x / n, min(1.0 - EPSILON, max(EPSILON, won / n))) for x, won, n in blocks)


def fit_kind(samples: Sequence[Sample], kind: Kind, game: str = "",
             fitted: dict[str, Any] | None = None) -> CalibrationMap:
    if kind == "logistic":
        slope, shift = fit_logistic(samples)
        return CalibrationMap(game, "logistic", slope, shift, (), fitted or {})
    if kind == "isotonic":
        return CalibrationMap(game, "isotonic", knots=fit_isotonic(samples),
                              fitted=fitted or {})
    return CalibrationMap(game, "identity", fitted=fitted or {})


def cross_validated(samples: Sequence[Sample], kind: Kind,
                    folds: int = FOLDS) -> tuple[float, float]:
    """(ECE, log loss) of `kind` fitted on the other folds, each position valued by the
    map of the folds it is not in; folds by game (a game's positions share one)."""
    out: list[tuple[float, float]] = []
    for fold in range(folds):
        train = [s for s in samples if _fold(s, folds) != fold]
        test = [s for s in samples if _fold(s, folds) == fold]
        if not train or not test:
            continue
        chosen = fit_kind(train, kind)
        out.extend((chosen(s.fair, s.players), s.won) for s in test)
    return expected_calibration_error(out)[0], log_loss(out)


def _fold(sample: Sample, folds: int) -> int:
    return (sample.seed * 7919 + sample.game_index) % folds


def fit_map(samples: Sequence[Sample]) -> CalibrationMap:
    """The map of one game's positions (see the module): both forms cross-validated, the
    better kept."""
    if not samples:
        raise ValueError("no positions to fit a calibration map on")
    game = samples[0].game
    if any(s.game != game for s in samples):
        raise ValueError("positions of several games: fit one map per game")
    figures = {kind: cross_validated(samples, kind)
               for kind in ("identity", "logistic", "isotonic")}
    kind: Kind = "identity"
    for other in ("logistic", "isotonic"):  # simplest first: a form must earn its place
        if figures[other][1] < figures[kind][1] - NOISE_MARGIN:
            kind = other
    fitted = {
        "positions": len(samples),
        "games": len({(s.seed, s.game_index) for s in samples}),
        "seeds": sorted({s.seed for s in samples}),
        "players": sorted({s.players for s in samples}),
        "iterations": sorted({s.iterations for s in samples if s.iterations}),
        "cross_validated": {name: {"ece": round(ece, 4), "log_loss": round(loss, 4)}
                            for name, (ece, loss) in figures.items()},
        "ece_in_sample_before": round(expected_calibration_error(
            [(s.fair, s.won) for s in samples])[0], 4),
    }
    chosen = fit_kind(samples, kind, game, fitted)
    fitted["ece_in_sample_after"] = round(expected_calibration_error(
        [(chosen(s.fair, s.players), s.won) for s in samples])[0], 4)
    return chosen


def read_samples(paths: Iterable[Path]) -> list[Sample]:
    found = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                found.append(Sample.from_json_dict(json.loads(line)))
    return found


def fit_file(paths: Sequence[Path], out: Path) -> dict[str, CalibrationMap]:
    """Fit one map per game found in the positions of `paths`; write them into `out`
    (keeping the maps of other games already there)."""
    samples = read_samples(paths)
    maps = read_maps(out.read_text(encoding="utf-8")) if out.is_file() else {}
    for game in sorted({s.game for s in samples}):
        maps[game] = fit_map([s for s in samples if s.game == game])
    out.write_text(write_maps(maps), encoding="utf-8")
    return maps
