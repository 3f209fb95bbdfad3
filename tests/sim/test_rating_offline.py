"""The ideal rating: the book's model fitted on every game at once (issue 30)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from albion.sim.rating.anchors import Anchors
from albion.sim.rating.book import RatingBook
from albion.sim.rating.metrics import pearson
from albion.sim.rating.model import Rating, spread
from albion.sim.rating.offline import OfflineFit, fit_means, game_stages
from albion.sim.rating.scale import Scale

Game = tuple[list[int], list[float]]


def plackett_luce_games(strengths: Sequence[float], seats: int, count: int, c0: float,
                        seed: int) -> list[Game]:
    """Games at random tables of `seats`: one winner, drawn by Plackett–Luce's first
    choice with log-strength mu / c0 (what a benchmark game reports)."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        players = rng.sample(range(len(strengths)), seats)
        winner = rng.choices(range(seats),
                             [math.exp(strengths[p] / c0) for p in players])[0]
        games.append((players, [1.0 if seat == winner else 0.0 for seat in range(seats)]))
    return games


def test_a_game_is_its_winners_chosen_first_and_the_losers_left_unordered() -> None:
    stages = game_stages([7, 3, 5], [0.5, 0.0, 0.5])
    assert [(s.among, s.credit) for s in stages] == [((7, 5, 3), (0.5, 0.5, 0.0))]
    draw = game_stages([1, 2], [0.5, 0.5])
    assert [(s.among, s.credit) for s in draw] == [((1, 2), (0.5, 0.5))]


def test_the_gradient_and_the_curvature_are_the_posterior_s() -> None:
    games = plackett_luce_games([20.0, 25.0, 30.0, 35.0], 3, 12, 7.0, seed=1)
    games.append(([0, 1, 2], [0.5, 0.5, 0.0]))  # shared win
    fit = OfflineFit(4, [s for p, r in games for s in game_stages(p, r)], 3, Scale(beta=4.0))
    mu = [21.0, 27.0, 24.0, 33.0]
    gradient, chances = fit.gradient_and_curvature(mu)
    h = 1e-5
    for i in range(4):
        up = [m + (h if j == i else 0.0) for j, m in enumerate(mu)]
        down = [m - (h if j == i else 0.0) for j, m in enumerate(mu)]
        numeric = (fit.log_posterior(up) - fit.log_posterior(down)) / (2 * h)
        assert math.isclose(gradient[i], numeric, rel_tol=1e-6, abs_tol=1e-8)
        column = fit.precision_times(chances, [1.0 if j == i else 0.0 for j in range(4)])
        moved, _ = fit.gradient_and_curvature(up)
        for j in range(4):
            assert math.isclose(column[j], (gradient[j] - moved[j]) / h, rel_tol=1e-4,
                                abs_tol=1e-8)


def test_the_fit_recovers_known_strengths_from_many_games() -> None:
    rng = random.Random(5)
    truth = [rng.uniform(10.0, 40.0) for _ in range(30)]
    scale = Scale(beta=4.0)
    c0 = spread([Rating(0.0, 0.0)] * 4, scale)
    games = plackett_luce_games(truth, 4, 6000, c0, seed=6)
    fitted = fit_means(30, games, 4, scale)
    assert pearson(truth, fitted) > 0.99
    shift = sum(fitted) / 30 - sum(truth) / 30
    assert max(abs(f - shift - t) for f, t in zip(fitted, truth, strict=True)) < 3.0
    fit = OfflineFit(30, [s for p, r in games for s in game_stages(p, r)], 4, scale)
    gradient, _ = fit.gradient_and_curvature(fitted)
    assert max(abs(g) for g in gradient) < 1e-8  # a maximum


def test_the_fit_does_not_depend_on_the_order_of_the_games() -> None:
    games = plackett_luce_games([15.0, 20.0, 25.0, 30.0, 35.0], 2, 80, 8.0, seed=2)
    once = fit_means(6, games, 2, Scale(beta=5.0))
    again = fit_means(6, list(reversed(games)), 2, Scale(beta=5.0))
    assert all(math.isclose(a, b, abs_tol=1e-7) for a, b in zip(once, again, strict=True))
    assert once[5] == 25.0  # in no game: the newcomer's prior


def test_the_book_online_lands_near_the_fit_of_all_its_games() -> None:
    """The book is a one-pass approximation of the same posterior (no tau here, so it
    is the same posterior): on a few players with many games its means lie within its
    own doubt of the batch fit's, and rank the players alike."""
    truth = [10.0, 18.0, 25.0, 32.0, 40.0]
    scale = Scale(beta=5.0, tau=0.0)
    games = plackett_luce_games(truth, 2, 400, spread([Rating(0.0, 0.0)] * 2, scale),
                                seed=3)
    book = RatingBook(Anchors(scale=scale))
    names = [f"player:{p}" for p in range(5)]
    for players, returns in games:
        book.rate("diamoniak", 2, [names[p] for p in players], returns)
    online = [book.rating("diamoniak", 2, name) for name in names]
    ideal = fit_means(5, games, 2, scale)
    for rating, mu in zip(online, ideal, strict=True):
        assert abs(rating.mu - mu) < rating.sigma
    assert sorted(range(5), key=lambda p: online[p].mu) == sorted(range(5),
                                                                    key=lambda p: ideal[p])
