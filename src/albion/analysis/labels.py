"""How a decision is judged (issue 33, docs/analysis.md): by the fall of its fair win
chance against the best action the fair search finds, less two standard errors of that
fall, so that a fall the search cannot tell from noise is not held against the player.

    fall   = max(0, chance(best) - chance(played))
    judged = max(0, fall - ERRORS * se),  se = sqrt(max(var(d), FLOOR) / n)

with d_i = r_i(best) - r_i(played) the difference of the two searches' returns at their
i-th iterations: both searches draw the same determinisations and random numbers (common
random numbers, `fair`), so their iterations pair up and the luck of the deal, shared by
both, cancels out of the difference (`paired_standard_error`). The fall's standard error
as if the two searches were independent (`independent_standard_error`) is at least as
large, often several times.

The label is the worst whose threshold `judged` reaches: blunder 0.20, mistake 0.10,
inaccuracy 0.05 (win-chance points, as lichess's 30/20/10 on its -1..1 scale), else none.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
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
"""A measure that came out without spread still has some doubt: a variance is taken as at
least this (the standard error of 0 of n iterations, or of n equal differences, is not
0)."""

ERRORS = 2.0
"""Standard errors taken off the fall (a one-sided bound of about 97.7%): one was too
few, because the best is the highest of up to three candidates' noisy values and a
search's iterations are not independent draws. At one, the same label by three seeds fell
to 90.0% of Raiding Stonehenge's decisions and none of Super Camelot's 30 flagged
decisions kept its label; at two, 92.0% and 1 of 11 (docs/analysis.md, Measured)."""

FLAGGED = (Label.INACCURACY, Label.MISTAKE, Label.BLUNDER)


def standard_error(chance: float, iterations: int) -> float:
    """The standard error of a win chance measured as the mean of `iterations` returns
    in [0, 1] (their variance is at most q(1 - q))."""
    if iterations <= 0:
        return 0.5
    return math.sqrt(max(chance * (1.0 - chance), VARIANCE_FLOOR) / iterations)


def independent_standard_error(best: float, best_n: int, played: float,
                               played_n: int) -> float:
    """The standard error of `best - played` were the two measures independent."""
    return math.hypot(standard_error(best, best_n), standard_error(played, played_n))


def paired_standard_error(best: Sequence[float], played: Sequence[float]) -> float:
    """The standard error of the mean difference of paired returns (`best[i]` and
    `played[i]` from the same determinisation and random numbers); 0.5 without pairs."""
    n = min(len(best), len(played))
    if n == 0:
        return 0.5
    differences = [b - p for b, p in zip(best, played, strict=False)]
    mean = math.fsum(differences) / n
    variance = math.fsum((d - mean) ** 2 for d in differences) / (n - 1) if n > 1 else 0.0
    return math.sqrt(max(variance, VARIANCE_FLOOR) / n)


def judged_fall(best: float, played: float, se: float) -> tuple[float, float]:
    """(fall, judged fall) of playing an action of win chance `played` where the best had
    `best`, the fall measured with standard error `se`: the judged fall is the fall less
    ERRORS standard errors, never below 0."""
    fall = max(0.0, best - played)
    if fall == 0.0:
        return 0.0, 0.0
    return fall, max(0.0, fall - ERRORS * se)


def label_for(judged: float) -> Label:
    """The label of a judged fall (THRESHOLDS)."""
    for label, least in THRESHOLDS:
        if judged >= least:
            return label
    return Label.GOOD
