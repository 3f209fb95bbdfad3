"""Issue 31, time controls: a per-move clock gives each turn its time, a Fischer clock a
bank and an increment, a turn-based clock days (shown as a due date); a turn of several
decisions has one clock; a vacation's pause does not count; a seat taken back from the
stand-in gets time again (one late move costs little); and the banks are computed again
from the stored decisions' moments, so the clock survives a restart."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from albion.server import ServerSettings, create_app
from albion.server.hub import Hub
from albion.server.messages import Clock
from albion.server.time_banks import REFILL, Pause, TimeBanks, paused_between
from tests.server.seats import claimed
from tests.server.test_game_room import receive_until
from tests.server.test_seats import new_table


def settings(path: Path) -> ServerSettings:
    return ServerSettings(database_url=f"sqlite:///{path / 'albion.db'}", bot_workers=1,
                          bot_delay=0.0, message_rate=1000, message_burst=1000,
                          min_move_seconds=0.2)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(settings(tmp_path)), base_url="http://localhost") as c:
        yield c


# -- the banks, by themselves -----------------------------------------------------------

def test_a_per_move_clock_gives_each_turn_its_full_time() -> None:
    banks = TimeBanks(Clock(seconds_per_move=60), 2)
    banks.step(0.0, None, [0])
    assert banks.left(0, 50.0) == 10.0 and banks.left(1, 50.0) is None
    banks.step(50.0, 0, [1])
    banks.step(55.0, 1, [0])
    assert banks.left(0, 55.0) == 60.0, "what was left is lost, the next turn is whole"


def test_a_fischer_clock_keeps_the_bank_and_adds_the_increment() -> None:
    banks = TimeBanks(Clock(kind="fischer", bank_seconds=100, increment_seconds=5), 2)
    banks.step(0.0, None, [0])
    banks.step(30.0, 0, [1])
    assert banks.banks[0] == 75.0  # 100 - 30 + 5
    banks.step(40.0, 1, [0])
    assert banks.left(0, 50.0) == 65.0


def test_a_turn_of_several_decisions_has_one_clock() -> None:
    banks = TimeBanks(Clock(kind="fischer", bank_seconds=100, increment_seconds=5), 2)
    banks.step(0.0, None, [0])
    banks.step(20.0, 0, [0])  # a draw, and the seat draws again
    assert banks.left(0, 20.0) == 80.0 and banks.banks[0] == 100.0, "no increment yet"
    banks.step(30.0, 0, [1])
    assert banks.banks[0] == 75.0


def test_a_turn_based_clock_counts_days() -> None:
    clock = Clock(kind="days", days_per_move=2)
    assert clock.turn_based and clock.turn_seconds == 2 * 86_400
    bank = Clock(kind="days-bank", bank_days=10, increment_days=1)
    assert bank.banked and bank.turn_seconds == 10 * 86_400 and bank.increment == 86_400


def test_a_vacation_does_not_count() -> None:
    banks = TimeBanks(Clock(kind="days", days_per_move=1), 2,
                      pauses={0: [Pause(1_000.0, 11_000.0)]})
    banks.step(0.0, None, [0])
    assert banks.left(0, 20_000.0) == 86_400 - 10_000
    assert banks.is_paused(0, 5_000.0) and not banks.is_paused(0, 12_000.0)
    assert paused_between([Pause(0, 10), Pause(5, 20), Pause(30, 40)], 2, 35) == 23


def test_one_late_move_costs_little_the_seat_taken_back_gets_time_again() -> None:
    banks = TimeBanks(Clock(kind="fischer", bank_seconds=100, increment_seconds=0), 2)
    banks.step(0.0, None, [0])
    assert banks.left(0, 150.0) == 0.0, "out of time: the stand-in plays"
    banks.taken_back(0, 150.0)
    assert banks.left(0, 150.0) == REFILL * 100
    per_move = TimeBanks(Clock(seconds_per_move=60), 2)
    per_move.step(0.0, None, [0])
    per_move.taken_back(0, 90.0)
    assert per_move.left(0, 90.0) == 60.0


def test_a_clock_needs_the_numbers_of_its_kind() -> None:
    with pytest.raises(ValidationError, match="needs bank_seconds"):
        Clock(kind="fischer")
    with pytest.raises(ValidationError):
        Clock(kind="days", days_per_move=31)
    assert Clock.model_validate({"seconds_per_move": 30}).kind == "move", \
        "a clock stored before issue 31 reads as it was"


# -- at a table -------------------------------------------------------------------------

def start(client: TestClient, clock: dict[str, Any]) -> tuple[str, list[str], int]:
    """A two-person Diamoniak table with `clock`, both seats opened (play begins): its
    id, tokens and the seat to move."""
    created = claimed(client, new_table(client, ["human", "human"], seed=4, clock=clock))
    table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as first, \
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}"):
        update = receive_until(first, lambda u: u["status"] == "playing")
    return table, tokens, update["view"]["to_move"][0]


def test_the_table_shows_the_bank_and_the_due_date(client: TestClient) -> None:
    table, tokens, mover = start(client, {"kind": "days-bank", "bank_days": 3,
                                          "increment_days": 1})
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[mover]}") as seat:
        clock = receive_until(seat, lambda u: u["clock"] is not None)["clock"]
    assert clock["kind"] == "days-bank" and clock["increment"] == 86_400
    assert clock["seconds_per_turn"] == 3 * 86_400
    assert 3 * 86_400 - 60 < clock["left"][str(mover)] <= 3 * 86_400
    assert abs(clock["due"][str(mover)] - (time.time() + clock["left"][str(mover)])) < 60
    assert set(clock["banks"]) == {"0", "1"} and clock["paused"] == []


def test_a_turn_based_seat_may_be_away_between_its_moves(client: TestClient) -> None:
    """No grace period: a turn-based player closes the page and comes back tomorrow."""
    table, tokens, mover = start(client, {"kind": "days", "days_per_move": 1,
                                          "grace_seconds": 0})
    time.sleep(0.5)
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[mover]}") as seat:
        update = receive_until(seat, lambda u: u["clock"] is not None)
    assert not any(event.get("type") == "notice" for event in update["events"]), \
        "no stand-in took the seat"
    assert str(mover) in update["clock"]["left"]


def test_the_clock_survives_a_restart(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path)), base_url="http://localhost") as client:
        table, tokens, mover = start(client, {"kind": "fischer", "bank_seconds": 600})
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[mover]}") as seat:
            update = receive_until(seat, lambda u: bool(u["legal"]))
            time.sleep(1.5)
            while mover in update["view"]["to_move"]:  # the turn, to its end
                calm = [a for a in update["legal"] if a != "draw"] or update["legal"]
                seat.send_json({"type": "submit", "action": calm[0],
                                "version": update["version"]})
                version = update["version"]
                update = receive_until(seat, lambda u, v=version: u["version"] > v)
        spent = update["clock"]["banks"][str(mover)]
        assert 600 - 10 < spent <= 600 - 1.4, update["clock"]
    with TestClient(create_app(settings(tmp_path)), base_url="http://localhost") as client, \
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as seat:
        again = receive_until(seat, lambda u: u["clock"] is not None)["clock"]
    assert abs(again["banks"][str(mover)] - spent) < 0.5, (spent, again)


def test_all3_a_take_back_gives_the_turn_back_as_it_was_not_a_fresh_one() -> None:
    """A pick that ended a seat's turn, taken back (ALL-3), restores that turn: its time
    still running from when it began, and no increment earned — taking back and
    picking again never winds a clock back."""
    per_move = TimeBanks(Clock(seconds_per_move=60), 2)
    per_move.step(0.0, None, [0, 1])
    per_move.step(55.0, 0, [1])  # P1 picks with 5 s left
    per_move.step(56.0, 0, [0, 1], undo=True)
    assert per_move.left(0, 56.0) == 4.0
    fischer = TimeBanks(Clock(kind="fischer", bank_seconds=300, increment_seconds=10), 2)
    fischer.step(0.0, None, [0, 1])
    for at in (55.0, 57.0, 59.0):
        fischer.step(at, 0, [1])
        fischer.step(at + 1, 0, [0, 1], undo=True)
    assert fischer.left(0, 60.0) == 240.0 and fischer.banks[0] == 300.0
    fischer.step(61.0, 0, [1])
    assert fischer.banks[0] == 300 - 61 + 10


def test_a_quiet_turn_based_table_is_unloaded_and_its_deadline_still_acts(
        tmp_path: Path) -> None:
    """Nobody watches a turn-based table for days: it leaves memory with its deadline
    stored, and the deadline sweep loads it again in time for its stand-in to play."""
    quick = replace(settings(tmp_path), idle_seconds=0.2, due_sweep_seconds=0.2,
                    due_ahead_seconds=1.0)
    with TestClient(create_app(quick), base_url="http://localhost") as client:
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        table, tokens, mover = start(client, {"kind": "days", "days_per_move": 5 / 86_400,
                                              "grace_seconds": 0})
        began = time.time()
        unloaded = wait_for(lambda: table not in hub.actors, 3.0)
        assert unloaded, "a quiet table with its deadline days off stays loaded"
        row = hub.store.table(table)
        assert row is not None and row.due_at is not None
        assert abs(row.due_at.timestamp() - (began + 5)) < 1.5, row.due_at
        assert wait_for(lambda: table in hub.actors, 6.0), "the sweep loaded it again"
        assert time.time() - began > 5 - 1.0 - 0.5, "loaded at its deadline, not before"
        assert wait_for(lambda: hub.store.notices(table, 0) != [], 6.0), \
            "the stand-in took the seat at the deadline"
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[mover]}") as seat:
            update = receive_until(seat, lambda u: u["version"] > 0 and
                                   mover not in u["view"]["to_move"])
        assert update["version"] > 0


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()
