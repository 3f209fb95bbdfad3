"""The rating benchmark's measures (issue 30), against figures worked out by hand."""

from __future__ import annotations

import pytest

from albion.sim.rating.metrics import (
    PairwiseElo,
    average_ranks,
    calibration_bins,
    expected_calibration_error,
    k_factor,
    pair_scores,
    spearman,
)


def test_ties_share_the_mean_of_their_ranks() -> None:
    assert average_ranks([10, 30, 20, 30]) == [1.0, 3.5, 2.0, 3.5]


def test_spearman_by_hand() -> None:
    # ranks of y: 1, 2, 3.5, 5, 3.5; against 1…5: sxy = 8, sxx = 10, syy = 9.5
    assert spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]) == pytest.approx(8 / (10 * 9.5) ** 0.5)
    assert spearman([1, 2, 3], [10, 200, 3000]) == pytest.approx(1.0)
    assert spearman([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 2, 3], [7, 7, 7]) == 0.0
    with pytest.raises(ValueError, match="at least 2"):
        spearman([1], [1])


def test_expected_calibration_error_by_hand() -> None:
    # bin 0.1–0.2: predicted 0.15, won 1 of 2 (gap 0.35); bin 0.8–0.9: 0.85, won 2 of 2
    predicted, observed = [0.15, 0.15, 0.85, 0.85], [0.0, 1.0, 1.0, 1.0]
    assert expected_calibration_error(predicted, observed) == pytest.approx(0.25)
    bins = [b for b in calibration_bins(predicted, observed) if b.count]
    assert [(b.low, b.count) for b in bins] == [(0.1, 2), (0.8, 2)]
    assert expected_calibration_error([1.0, 0.0], [1.0, 0.0]) == 0.0  # 1 is in the last bin
    assert expected_calibration_error([0.5, 0.5], [1.0, 0.0]) == 0.0
    assert expected_calibration_error([], []) == 0.0


def test_a_game_is_every_pair_of_its_seats() -> None:
    assert pair_scores([0.0, 1.0, 0.0]) == [(0, 1, 0.0), (0, 2, 0.5), (1, 2, 1.0)]
    assert len(pair_scores([1.0, 0, 0, 0])) == 6


def test_k_follows_games_played() -> None:
    assert [k_factor(g) for g in (0, 9, 10, 19, 20, 500)] == [60, 60, 40, 40, 20, 20]


def test_pairwise_elo_by_hand() -> None:
    elo = PairwiseElo()
    elo.rate(["a", "b"], [1.0, 0.0])
    assert (elo.rating("a"), elo.rating("b")) == (1530.0, 1470.0)  # K 60, expected ½
    three = PairwiseElo()
    three.rate(["a", "b", "c"], [0.0, 1.0, 0.0])
    # the winner beats two at K 60 / 2; each loser loses one and draws one
    assert three.rating("b") == pytest.approx(1530.0)
    assert three.rating("a") == pytest.approx(1485.0) == three.rating("c")
    assert three.games == {"a": 1, "b": 1, "c": 1}
