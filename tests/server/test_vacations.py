"""Issue 31, vacations and absences: an account leaves for some days of its yearly
allowance and its seats' clocks stand until it comes back (early, its whole days unspent
are its again); the profile counts the times its seats ran out of time beside the tables
with a clock it sat at."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from albion.server import create_app
from tests.server.accounts import Signed, settings_for, signed_up
from tests.server.accounts import client as client  # noqa: PLC0414 - the fixture
from tests.server.accounts import database as database  # noqa: PLC0414 - the fixture
from tests.server.test_account_seats import connect
from tests.server.test_game_room import receive_until


def vacation(who: Signed, days: int | None) -> Any:
    if days is None:
        return who.http.delete("/api/account/vacation", headers={"X-CSRF-Token": who.csrf})
    return who.post("/api/account/vacation", json={"days": days})


def my_table(client: TestClient, who: Signed, clock: dict[str, Any] | None) -> str:
    """A table against the random bot, its person's seat taken by `who`'s account."""
    made = who.post("/api/tables", json={"game": "diamoniak", "players": ["human", "random"],
                                         "clock": clock})
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    claim = who.post(f"/api/tables/{table}/claim",
                     json={"invite": made.json()["seats"][0]["invite"]})
    assert claim.status_code == 200, claim.text
    return str(table)


def test_a_vacation_takes_days_of_the_year_s_allowance(client: TestClient) -> None:
    ann = signed_up(client, "ann")
    assert ann.http.get("/api/account/vacation").json() == {
        "on_vacation": False, "until": None, "days_per_year": 30, "days_used": 0,
        "days_left": 30}
    away = vacation(ann, 5)
    assert away.status_code == 200, away.text
    assert away.json()["on_vacation"] and away.json()["days_left"] == 25
    again = vacation(ann, 2)
    assert again.status_code == 409 and again.json()["error"] == "on_vacation"
    back = vacation(ann, None)
    assert back.status_code == 200 and not back.json()["on_vacation"]
    assert back.json()["days_used"] == 1, "ended early: the whole days unspent come back"
    too_many = vacation(ann, 30)
    assert too_many.status_code == 400 and too_many.json()["error"] == "too_many_days"
    assert "29 days" in too_many.json()["message"]
    assert vacation(ann, None).json()["error"] == "no_vacation"
    assert client.get("/api/account/vacation").status_code == 401


def test_a_turn_based_seat_s_time_stands_while_its_account_is_on_vacation(
        client: TestClient) -> None:
    ann = signed_up(client, "ann")
    table = my_table(client, ann, {"kind": "days-bank", "bank_days": 3})
    real_time = my_table(client, ann, {"kind": "fischer", "bank_seconds": 600})
    with connect(client, ann.http, f"/ws/tables/{table}?seat=0") as seat:
        running = receive_until(seat, lambda u: "0" in (u["clock"] or {}).get("left", {}))
        assert running["clock"]["paused"] == []
        assert vacation(ann, 3).status_code == 200
        paused = receive_until(seat, lambda u: u["clock"]["paused"] == [0])
        time.sleep(1.2)
    with connect(client, ann.http, f"/ws/tables/{table}?seat=0") as seat:
        later = receive_until(seat, lambda u: u["clock"] is not None)
        assert later["clock"]["paused"] == [0]
        assert abs(later["clock"]["left"]["0"] - paused["clock"]["left"]["0"]) < 0.3, \
            "no time ran while away"
        assert vacation(ann, None).status_code == 200
        back = receive_until(seat, lambda u: u["clock"]["paused"] == [])
        assert back["clock"]["left"]["0"] <= later["clock"]["left"]["0"]
    assert vacation(ann, 1).status_code == 200
    with connect(client, ann.http, f"/ws/tables/{real_time}?seat=0") as seat:
        fast = receive_until(seat, lambda u: u["clock"] is not None)
        assert fast["clock"]["paused"] == [], "a real-time game waits for no vacation"


def test_the_profile_counts_the_times_a_seat_ran_out(tmp_path: Path) -> None:
    settings = settings_for(f"sqlite:///{tmp_path / 'albion.db'}", min_move_seconds=0.2)
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        ann = signed_up(client, "ann")
        assert client.get("/api/players/ann").json()["clocked"] == 0
        my_table(client, ann, {"seconds_per_move": 600})  # a clock, never started
        unclocked = my_table(client, ann, None)
        with connect(client, ann.http, f"/ws/tables/{unclocked}?seat=0") as seat:
            receive_until(seat, lambda u: u["status"] == "playing")
        table = my_table(client, ann, {"seconds_per_move": 0.5, "bot": "random"})
        with connect(client, ann.http, f"/ws/tables/{table}?seat=0") as seat:
            receive_until(seat, lambda u: any(
                e.get("type") == "notice" and e.get("stand_in") for e in u["events"]))
        profile = client.get("/api/players/ann").json()
        assert (profile["timeouts"], profile["clocked"]) == (1, 1), profile
