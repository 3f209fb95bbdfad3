"""`albion loadtest` (issue 28, item 5): a short run against a real server reports the
moves, the time from a move's acceptance to its broadcast at a client, apart from it the
time a bot's move waited for its place (the server's pace), and the server's CPU a move."""

from __future__ import annotations

from albion.proving.loadtest import LoadPlan, describe, run


def test_a_short_load_test_reports_the_bots_wait_apart_from_the_broadcast() -> None:
    result = run(LoadPlan(tables=3, seconds=3, bot_delay=0.05))
    assert result.errors == []
    assert result.moves > 0 and result.moves_per_second > 0
    assert 0 < result.broadcast_ms_p50 <= result.broadcast_ms_p99 <= result.broadcast_ms_max
    assert result.bot_wait_ms_p50 is not None and result.bot_wait_ms_p99 is not None
    assert 0 <= result.bot_wait_ms_p50 <= result.bot_wait_ms_p99
    assert result.server_cpu_ms_per_move is not None and result.server_cpu_ms_per_move > 0
    assert result.window_start < result.window_end
    text = describe(result)
    assert "accepted → broadcast heard" in text
    assert "bot's wait for its place (offered → accepted" in text
    assert "server CPU a move" in text
