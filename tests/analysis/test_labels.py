"""The labels' formula (docs/analysis.md): the fall less one standard error, against
0.05, 0.10 and 0.20."""

from __future__ import annotations

import math

import pytest

from albion.analysis import THRESHOLDS, Label, judged_fall, label_for
from albion.analysis.labels import VARIANCE_FLOOR, standard_error


def test_thresholds_are_the_documented_ones() -> None:
    assert THRESHOLDS == ((Label.BLUNDER, 0.20), (Label.MISTAKE, 0.10),
                          (Label.INACCURACY, 0.05))


@pytest.mark.parametrize(("judged", "label"), [
    (0.0, Label.GOOD), (0.0499, Label.GOOD), (0.05, Label.INACCURACY),
    (0.0999, Label.INACCURACY), (0.10, Label.MISTAKE), (0.1999, Label.MISTAKE),
    (0.20, Label.BLUNDER), (0.9, Label.BLUNDER)])
def test_label_is_the_worst_threshold_reached(judged: float, label: Label) -> None:
    assert label_for(judged) is label


def test_judged_fall_is_the_fall_less_one_standard_error() -> None:
    fall, judged = judged_fall(0.6, 1000, 0.4, 1000)
    se = math.hypot(math.sqrt(0.24 / 1000), math.sqrt(0.24 / 1000))
    assert fall == pytest.approx(0.2)
    assert judged == pytest.approx(0.2 - se)
    assert label_for(judged) is Label.MISTAKE  # a fall of 0.20 is not surely a blunder


def test_the_same_fall_measured_on_fewer_iterations_is_judged_more_gently() -> None:
    assert judged_fall(0.6, 50, 0.4, 50)[1] < judged_fall(0.6, 5000, 0.4, 5000)[1]
    assert label_for(judged_fall(0.55, 30, 0.45, 30)[1]) is Label.GOOD


def test_playing_the_best_or_better_is_no_fall() -> None:
    assert judged_fall(0.5, 100, 0.5, 100) == (0.0, 0.0)
    assert judged_fall(0.4, 100, 0.5, 100) == (0.0, 0.0)


def test_a_certain_chance_keeps_a_floor_of_doubt() -> None:
    assert standard_error(1.0, 100) == pytest.approx(math.sqrt(VARIANCE_FLOOR / 100))
    assert standard_error(0.5, 0) == 0.5
