"""The Wilson interval used by tournaments and reports."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from albion.sim.stats import wilson


@given(st.integers(min_value=1, max_value=100_000).flatmap(
    lambda games: st.tuples(st.integers(min_value=0, max_value=games), st.just(games))))
def test_the_interval_always_holds_the_observed_rate(wins_games: tuple[int, int]) -> None:
    wins, games = wins_games
    low, high = wilson(wins, games)
    assert 0.0 <= low <= wins / games <= high <= 1.0


def test_the_interval_is_the_known_wilson_interval() -> None:
    low, high = wilson(240, 400)
    assert round(low, 4) == 0.5513 and round(high, 4) == 0.6468


def test_no_games_says_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
