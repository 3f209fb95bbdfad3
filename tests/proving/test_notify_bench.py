"""Issue 31's notification benchmark, small: turn-based tables through a real `albion
serve` killed with SIGKILL halfway; every notification the server stored is mailed, none
twice, and each turn seen to begin while its player was away was stored."""

from __future__ import annotations

from albion.proving.notify_bench import NotifyPlan, run


def test_a_small_notify_bench_delivers_every_notification_once_across_a_kill() -> None:
    result = run(NotifyPlan(tables=6, moves=40, at_once=4, seed=2))
    assert result.killed and result.moves >= 30, result
    assert result.stored > 0 and result.turns_expected > 0, result
    assert result.delivered == result.stored and result.lost == 0, result
    assert result.duplicates == 0 and result.missing_turns == 0, result
    assert result.passed, result
