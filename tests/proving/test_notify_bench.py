"""Issue 31's notification benchmark, small: turn-based tables through a real `albion
serve` killed with SIGKILL halfway; every notification the server stored is mailed, and
each turn seen to begin while its player was away was stored. A kill that lands between a
mail's sending and its marking sends that one mail twice (the same Message-ID, which a
mail system shows once): at most one per kill, which the full benchmark reports."""

from __future__ import annotations

from albion.proving.notify_bench import NotifyPlan, run


def test_a_small_notify_bench_delivers_every_notification_across_a_kill() -> None:
    result = run(NotifyPlan(tables=6, moves=40, at_once=4, seed=2))
    assert result.killed and result.moves >= 30, result
    assert result.stored > 0 and result.turns_expected > 0, result
    assert result.delivered == result.stored and result.lost == 0, result
    assert result.missing_turns == 0, result
    assert result.duplicates <= 1, result  # the one in flight at the kill, at most
    assert result.latency_p99 <= 60, result
