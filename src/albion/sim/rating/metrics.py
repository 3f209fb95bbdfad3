"""How good a rating is (issue 30): Spearman's rank correlation with the truth, the
expected calibration error of predicted win chances, and the pairwise Elo the benchmark
compares OpenSkill with."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

ECE_BINS = 10


def average_ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties sharing the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            ranks[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's correlation (0 when either side does not vary)."""
    if len(xs) != len(ys) or len(xs) < 2:
        raise ValueError("two sequences of the same length, at least 2")
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mean_x) ** 2 for x in xs)
    syy = sum((y - mean_y) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rho: Pearson's correlation of the average ranks (ties handled)."""
    return pearson(average_ranks(xs), average_ranks(ys))


@dataclass(frozen=True)
class CalibrationBin:
    low: float
    high: float
    count: int
    predicted: float
    observed: float


def calibration_bins(predicted: Sequence[float], observed: Sequence[float],
                     bins: int = ECE_BINS) -> list[CalibrationBin]:
    """Predictions in `bins` equal bins of [0, 1] (1 in the last): each bin's mean
    prediction and mean outcome (a seat's return: 1 for a win, 1/k for a shared one)."""
    sums = [[0, 0.0, 0.0] for _ in range(bins)]
    for p, y in zip(predicted, observed, strict=True):
        slot = sums[min(int(p * bins), bins - 1)]
        slot[0] += 1
        slot[1] += p
        slot[2] += y
    return [CalibrationBin(i / bins, (i + 1) / bins, int(n), total / n if n else 0.0,
                           outcome / n if n else 0.0)
            for i, (n, total, outcome) in enumerate(sums)]


def expected_calibration_error(predicted: Sequence[float], observed: Sequence[float],
                               bins: int = ECE_BINS) -> float:
    """ECE: the count-weighted mean gap between mean prediction and mean outcome per bin."""
    if not predicted:
        return 0.0
    return sum(b.count * abs(b.predicted - b.observed)
               for b in calibration_bins(predicted, observed, bins)) / len(predicted)


def pair_scores(returns: Sequence[float]) -> list[tuple[int, int, float]]:
    """A game as duels, Board Game Arena's way: every pair of seats (a, b), a < b, with
    a's score against b — 1 if it finished ahead, ½ if level, 0 if behind."""
    return [(a, b, 1.0 if returns[a] > returns[b] else 0.5 if returns[a] == returns[b]
             else 0.0)
            for a in range(len(returns)) for b in range(a + 1, len(returns))]


def k_factor(games: int) -> float:
    """Board Game Arena's published K: 60 over a player's first 10 games, 40 until 20,
    then 20."""
    return 60.0 if games < 10 else 40.0 if games < 20 else 20.0


@dataclass
class PairwiseElo:
    """Elo applied to every pair of a game (each duel's change scaled by 1/(n − 1), so a
    game moves a rating as much as one two-player game), all from 1500, scale 400."""

    ratings: dict[str, float] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    start: float = 1500.0

    def rating(self, entity: str) -> float:
        return self.ratings.get(entity, self.start)

    def rate(self, entities_by_seat: Sequence[str], returns: Sequence[float]) -> None:
        n = len(entities_by_seat)
        before = [self.rating(e) for e in entities_by_seat]
        change = [0.0] * n
        for a, b, score in pair_scores(returns):
            expected = 1 / (1 + 10 ** ((before[b] - before[a]) / 400))
            change[a] += k_factor(self.games.get(entities_by_seat[a], 0)) / (n - 1) \
                * (score - expected)
            change[b] += k_factor(self.games.get(entities_by_seat[b], 0)) / (n - 1) \
                * (expected - score)
        for seat, entity in enumerate(entities_by_seat):
            self.ratings[entity] = before[seat] + change[seat]
            self.games[entity] = self.games.get(entity, 0) + 1
