"""Placing the anchors (issue 30): the Plackett–Luce fit finds known strengths, puts them
on the scale so that a table of anchors is predicted as the fit says, and a calibration
tournament is played through the batch runner."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from albion.sim.rating import Scale, win_chances
from albion.sim.rating.anchors import AnchorsError
from albion.sim.rating.calibrate import (
    Calibration,
    anchors_from_fit,
    beta_of,
    calibrate,
    fit_strengths,
    inverse,
    solve,
)
from albion.sim.rating.model import stages


def plackett_luce_games(strengths: list[float], players: int, count: int
                        ) -> list[tuple[list[int], list[float]]]:
    """Seeded games among bots of these log-strengths: the winner drawn by Plackett–Luce."""
    rng = random.Random(7)
    games = []
    for _ in range(count):
        seats = rng.sample(range(len(strengths)), players)
        weights = [math.exp(strengths[bot]) for bot in seats]
        winner = rng.choices(range(players), weights)[0]
        games.append((seats, [1.0 if seat == winner else 0.0 for seat in range(players)]))
    return games


def test_the_fit_finds_known_strengths() -> None:
    truth = [0.0, 1.0, 2.5]
    theta, covariance = fit_strengths(3, plackett_luce_games(truth, 2, 3000))
    found = [t - theta[0] for t in theta]
    assert found == pytest.approx(truth, abs=0.2)
    assert all(covariance[i][i] > 0 for i in range(3))


def test_a_bot_that_never_wins_gets_a_finite_strength() -> None:
    games = [([0, 1], [0.0, 1.0])] * 50
    theta, _ = fit_strengths(2, games)
    assert math.isfinite(theta[0]) and theta[1] - theta[0] > 3


def test_the_linear_algebra() -> None:
    assert solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]) == pytest.approx([0.8, 1.4])
    matrix = [[4.0, 7.0], [2.0, 6.0]]
    inverted = inverse(matrix)
    product = [[sum(matrix[i][k] * inverted[k][j] for k in range(2)) for j in range(2)]
               for i in range(2)]
    assert product[0] == pytest.approx([1.0, 0.0]) and product[1] == pytest.approx([0.0, 1.0])


def test_anchors_predict_a_table_of_anchors_as_the_fit_does() -> None:
    reference = ("heuristic", "random", "ismcts")
    theta, covariance = fit_strengths(3, plackett_luce_games([1.0, 0.0, 2.0], 3, 2000))
    anchors = anchors_from_fit(reference, 3, theta, covariance, Scale())
    assert anchors["random"].mu == 0.0
    assert anchors["ismcts"].mu > anchors["heuristic"].mu > 0
    predicted = win_chances([anchors[bot] for bot in reference], Scale())
    fitted = [math.exp(t) / sum(math.exp(u) for u in theta) for t in theta]
    assert predicted == pytest.approx(fitted, abs=1e-9)


def test_a_luckier_game_gets_a_larger_beta() -> None:
    """Beta makes the newcomer prior as wide as a population spread evenly between the
    weakest and strongest reference bot: sigma = (span / √12) × beta √n."""
    skilful = beta_of([0.0, 1.0, 4.0], 2, Scale())
    lucky = beta_of([0.0, 0.5, 2.0], 2, Scale())
    assert lucky == pytest.approx(2 * skilful)
    assert Scale().sigma == pytest.approx(4.0 / math.sqrt(12) * skilful * math.sqrt(2))
    assert beta_of([0.0, 4.0], 4, Scale()) == pytest.approx(skilful / math.sqrt(2))
    with pytest.raises(AnchorsError):
        beta_of([1.0, 1.0, 1.0], 3, Scale())


def test_the_strongest_anchor_is_root_twelve_sigmas_above_the_weakest() -> None:
    theta, covariance = fit_strengths(3, plackett_luce_games([0.0, 1.0, 2.5], 2, 2000))
    scale = replace(Scale(), beta=beta_of(theta, 2, Scale()))
    anchors = anchors_from_fit(("random", "b", "c"), 2, theta, covariance, scale)
    span = anchors["c"].mu - anchors["random"].mu
    assert math.sqrt(12) * Scale().sigma < span < 1.1 * math.sqrt(12) * Scale().sigma


def test_stages_of_a_result() -> None:
    assert stages([0.0, 1.0, 0.0]) == [([1], [1, 0, 2])]
    assert stages([0.5, 0.5, 0.0]) == [([0, 1], [0, 1, 2])]
    assert stages([1 / 3] * 3) == [([0, 1, 2], [0, 1, 2])]
    assert stages([3.0, 1.0, 2.0]) == [([0], [0, 2, 1]), ([2], [2, 1])]


def test_a_calibration_tournament_places_the_heuristic_above_random() -> None:
    reference = ("random", "heuristic:noise=0.5", "heuristic")
    placed = calibrate(Calibration("diamoniak", 2, reference, games=48), Scale())
    assert placed.games == 48 and placed.game_version
    ratings = placed.ratings
    assert ratings["random"].mu == 0.0
    assert ratings["heuristic"].mu > ratings["heuristic:noise=0.5"].mu > 0
    assert 1 < placed.beta < 20
    span = ratings["heuristic"].mu - ratings["random"].mu  # the strongest and the weakest
    assert math.sqrt(12) * Scale().sigma <= span < 2 * math.sqrt(12) * Scale().sigma

