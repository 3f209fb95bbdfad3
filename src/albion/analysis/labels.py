"""How a decision is judged (issue 33, docs/analysis.md): by the fall of its fair win
chance against the best action the fair search finds, less one standard error of that
fall, so that a fall the search cannot tell from noise is not held against the player.

    fall   = max(0, chance(best) - chance(played))
    judged = max(0, fall - se),  se = sqrt(se(best)^2 + se(played)^2),
                                 se(a) = sqrt(max(q(1 - q), FLOOR) / n)

The label is the worst whose threshold `judged` reaches: blunder 0.20, mistake 0.10,
inaccuracy 0.05 (win-chance points, as lichess's 30/20/10 on its -1..1 scale), else none.
"""

from __future__ import annotations

import math
from enum import StrEnum


class Label(StrEnum):
    """A decision's verdict, worst last."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


THRESHOLDS: tuple[tuple[Label, float], ...] = (
    (Label.BLUNDER, 0.20),
    (Label.MISTAKE, 0.10),
    (Label.INACCURACY, 0.05),
)
"""The least judged fall of each label, worst first."""

VARIANCE_FLOOR = 0.01
"""A win chance measured as 0 or 1 still has some doubt: q(1 - q) is taken as at least
this (the standard error of 0 of n iterations is not 0)."""

FLAGGED = (Label.INACCURACY, Label.MISTAKE, Label.BLUNDER)


def standard_error(chance: float, iterations: int) -> float:
    """The standard error of a win chance measured as the mean of `iterations` returns
    in [0, 1] (their variance is at most q(1 - q))."""
    if iterations <= 0:
        return 0.5
    return math.sqrt(max(chance * (1.0 - chance), VARIANCE_FLOOR) / iterations)


def judged_fall(best: float, best_n: int, played: float, played_n: int) -> tuple[float, float]:
    """(fall, judged fall) of playing an action of win chance `played` (measured over
    `played_n` iterations) where the best had `best`: the judged fall is the fall less
    one standard error of the difference, never below 0."""
    fall = max(0.0, best - played)
    if fall == 0.0:
        return 0.0, 0.0
    se = math.hypot(standard_error(best, best_n), standard_error(played, played_n))
    return fall, max(0.0, fall - se)


def label_for(judged: float) -> Label:
    """The label of a judged fall (THRESHOLDS)."""
    for label, least in THRESHOLDS:
        if judged >= least:
            return label
    return Label.GOOD
