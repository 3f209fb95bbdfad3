"""The labels' formula (docs/analysis.md): the fall less two standard errors of it,
measured on the two searches' paired iterations, against 0.05, 0.10 and 0.20."""

from __future__ import annotations

import math
import random

import pytest

from albion.analysis import THRESHOLDS, Label, judged_fall, label_for
from albion.analysis.labels import (
    ERRORS,
    VARIANCE_FLOOR,
    independent_standard_error,
    paired_standard_error,
    standard_error,
)


def test_thresholds_are_the_documented_ones() -> None:
    assert THRESHOLDS == ((Label.BLUNDER, 0.20), (Label.MISTAKE, 0.10),
                          (Label.INACCURACY, 0.05))


@pytest.mark.parametrize(("judged", "label"), [
    (0.0, Label.GOOD), (0.0499, Label.GOOD), (0.05, Label.INACCURACY),
    (0.0999, Label.INACCURACY), (0.10, Label.MISTAKE), (0.1999, Label.MISTAKE),
    (0.20, Label.BLUNDER), (0.9, Label.BLUNDER)])
def test_label_is_the_worst_threshold_reached(judged: float, label: Label) -> None:
    assert label_for(judged) is label


def test_judged_fall_is_the_fall_less_two_standard_errors() -> None:
    assert ERRORS == 2.0
    fall, judged = judged_fall(0.6, 0.4, 0.03)
    assert fall == pytest.approx(0.2)
    assert judged == pytest.approx(0.14)
    assert label_for(judged) is Label.MISTAKE  # a fall of 0.20 is not surely a blunder
    assert judged_fall(0.6, 0.55, 0.04) == (pytest.approx(0.05), 0.0)  # within the noise


def test_the_paired_standard_error_is_that_of_the_mean_difference() -> None:
    best, played = [1.0, 1.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]
    # differences 0, 1, 0, 0: mean 1/4, sample variance 1/4, over 4 pairs
    assert paired_standard_error(best, played) == pytest.approx(math.sqrt(0.25 / 4))


def test_the_same_fall_measured_on_fewer_iterations_is_judged_more_gently() -> None:
    pattern_best, pattern_played = [1.0, 1.0, 0.0, 1.0, 0.0], [1.0, 0.0, 0.0, 1.0, 0.0]
    few = paired_standard_error(pattern_best * 10, pattern_played * 10)
    many = paired_standard_error(pattern_best * 1000, pattern_played * 1000)
    assert judged_fall(0.6, 0.4, few)[1] < judged_fall(0.6, 0.4, many)[1]
    assert label_for(judged_fall(0.55, 0.45, paired_standard_error(
        [1.0, 0.0] * 15, [0.0, 1.0] * 15))[1]) is Label.GOOD


def test_pairs_that_share_the_deal_s_luck_measure_the_fall_more_sharply() -> None:
    """Common random numbers: where both searches won or lost with the deal, the luck
    cancels out of the difference; the independent formula would keep it."""
    rng = random.Random(4)
    luck = [float(rng.random() < 0.5) for _ in range(400)]
    best = luck
    played = [0.0 if i % 6 == 0 else won for i, won in enumerate(luck)]  # loses 1 in 6
    chance_best, chance_played = sum(best) / 400, sum(played) / 400
    paired = paired_standard_error(best, played)
    independent = independent_standard_error(chance_best, 400, chance_played, 400)
    assert paired < independent / 2
    assert label_for(judged_fall(chance_best, chance_played, independent)[1]) is Label.GOOD
    assert label_for(judged_fall(chance_best, chance_played, paired)[1]) is Label.INACCURACY


def test_playing_the_best_or_better_is_no_fall() -> None:
    assert judged_fall(0.5, 0.5, 0.05) == (0.0, 0.0)
    assert judged_fall(0.4, 0.5, 0.05) == (0.0, 0.0)


def test_a_certain_chance_keeps_a_floor_of_doubt() -> None:
    assert standard_error(1.0, 100) == pytest.approx(math.sqrt(VARIANCE_FLOOR / 100))
    assert standard_error(0.5, 0) == 0.5
    assert paired_standard_error([1.0] * 100, [0.0] * 100) == pytest.approx(
        math.sqrt(VARIANCE_FLOOR / 100))  # the same difference every time
    assert paired_standard_error([], []) == 0.5
