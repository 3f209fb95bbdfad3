"""Issue 25, medium and low: reconnect and rename storms are limited per address and per
seat; a display name may not mislead (blank, control or direction characters, another
seat's label or name), is trimmed with the person told, and can be changed; a clock has a
least time a move; a table's notices are bounded."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from albion.i18n import translator
from albion.server import ServerSettings, create_app
from albion.server.errors import StandInKeeps
from albion.server.names import NameRefused, choose_name


def make_client(tmp_path: Path, **limits: Any) -> TestClient:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1, bot_delay=0.0, **limits)
    return TestClient(create_app(settings), base_url="http://localhost")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def seated(client: TestClient, players: list[str], **extra: Any) -> tuple[str, list[str]]:
    created = client.post("/api/tables", json={"game": "diamoniak", "players": players,
                                               "seed": 3, **extra}).json()
    return created["table"], [seat["token"] for seat in created["seats"]]


def refused(client: TestClient, url: str) -> tuple[int, str] | None:
    try:
        with client.websocket_connect(url) as socket:
            socket.receive_json()
    except WebSocketDisconnect as closed:
        return closed.code, closed.reason
    return None


def test_a_seat_that_reconnects_too_often_is_refused_for_a_while(tmp_path: Path) -> None:
    with make_client(tmp_path, seat_connect_burst=5, seat_connect_rate=0.01) as client:
        table, tokens = seated(client, ["human", "human"])
        url = f"/ws/tables/{table}?token={tokens[0]}"
        assert [refused(client, url) for _ in range(5)] == [None] * 5
        assert refused(client, url) == (1008, "this seat reconnects too often: wait a "
                                              "moment")
        assert refused(client, f"/ws/tables/{table}?token={tokens[1]}") is None, \
            "another seat is not held back"


def test_an_address_that_opens_too_many_connections_is_refused_for_a_while(
        tmp_path: Path) -> None:
    with make_client(tmp_path, connect_burst=8, connect_rate=0.01) as client:
        table, _ = seated(client, ["human", "random"])
        outcomes = [refused(client, f"/ws/tables/{table}") for _ in range(9)]
        assert outcomes[:8] == [None] * 8
        assert outcomes[8] is not None and outcomes[8][0] == 1008
        assert "too many new connections" in outcomes[8][1]


def join(socket: WebSocketTestSession, name: str) -> dict[str, Any]:
    socket.send_json({"type": "join", "name": name})
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] in ("named", "error"):
            return message


@pytest.mark.parametrize(("name", "why"), [
    ("   ", "letter or digit"), ("\u202eAnn", "direction"), ("Ann\u200b", "direction"),
    ("Bob\x07", "control"), ("Ann\x00", "control"), ("P2", "another seat"), ("p 2", "another seat"),
    ("Ｐ２", "another seat"), ("x" * 41, "at most 40")])
def test_a_misleading_name_is_refused(client: TestClient, name: str, why: str) -> None:
    table, tokens = seated(client, ["human", "human"])
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as seat:
        seat.receive_json()
        answer = join(seat, name)
        assert answer["type"] == "error" and answer["code"] == "bad_name", answer
        assert why in answer["message"]
    assert client.get(f"/api/tables/{table}").json()["names"] == {}


def test_a_name_is_trimmed_with_the_person_told_and_can_be_changed(
        client: TestClient) -> None:
    table, tokens = seated(client, ["human", "human"])
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as one, \
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as two:
        one.receive_json()
        two.receive_json()
        assert join(one, "  Ann   Lee ") == {"type": "named", "name": "Ann Lee",
                                             "trimmed": True}
        assert join(one, "P1") == {"type": "named", "name": "P1", "trimmed": False}
        assert join(one, "Ann") == {"type": "named", "name": "Ann", "trimmed": False}
        taken = join(two, "ann")
        assert taken["code"] == "bad_name", "another person's name"
    assert client.get(f"/api/tables/{table}").json()["names"] == {"0": "Ann"}


def test_renames_are_a_few_a_minute(tmp_path: Path) -> None:
    with make_client(tmp_path, rename_burst=2, rename_rate=0.01) as client:
        table, tokens = seated(client, ["human", "human"])
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as seat:
            seat.receive_json()
            answers = [join(seat, f"Ann {index}")["type"] for index in range(3)]
            assert answers == ["named", "named", "error"]


def test_the_pure_rules_of_names() -> None:
    assert choose_name("Zoë", "P1", ["P2"]).name == "Zoë"
    assert choose_name("e\u0301", "P1", []).name == "\u00e9", "NFC"
    with pytest.raises(NameRefused):
        choose_name("Zed\n", "P1", [])
    with pytest.raises(NameRefused):
        choose_name("P3", "P1", ["P2", "P3"])


def test_a_clock_has_a_least_time_a_move(client: TestClient) -> None:
    for seconds in (1e-300, 0.5, 4.99):
        answer = client.post("/api/tables", json={
            "game": "diamoniak", "players": ["human", "human"],
            "clock": {"seconds_per_move": seconds}})
        assert answer.status_code == 400 and answer.json()["error"] == "bad_clock"
    assert client.post("/api/tables", json={
        "game": "diamoniak", "players": ["human", "human"],
        "clock": {"seconds_per_move": 5}}).status_code == 201


def test_past_its_notices_a_table_keeps_the_stand_in(tmp_path: Path) -> None:
    """A seat flipping between its owner and the stand-in would grow the table's notices
    without end: past `max_notices`, its owner no longer takes it back."""
    with make_client(tmp_path, min_move_seconds=0.1, max_notices=1) as client:
        table, tokens = seated(client, ["human", "human"], clock={
            "seconds_per_move": 0.3, "grace_seconds": 60, "bot": "random"})
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as one, \
                client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as two:
            one.receive_json()
            away: dict[str, str] = {}
            for _ in range(500):
                message = two.receive_json()
                if message.get("away"):
                    away = message["away"]
                    break
                if message["type"] == "update" and message["legal"]:
                    two.send_json({"type": "submit", "action": message["legal"][0],
                                   "version": message["version"]})
            assert away == {"0": "out of time"}
            while True:  # P1's page asks for its seat back by deciding
                message = one.receive_json()
                if message["type"] == "update" and message["legal"] and \
                        message["status"] == "playing":
                    one.send_json({"type": "submit", "action": message["legal"][0],
                                   "version": message["version"]})
                    break
            answer = one.receive_json()
            while answer["type"] != "error":
                answer = one.receive_json()
            assert answer["code"] == "stand_in"
            assert answer["words"] == StandInKeeps.WORDS.to_json()  # said in French (issue 29)
            assert translator("fr").words(StandInKeeps.WORDS).startswith("un remplaçant joue")
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as back:
            assert back.receive_json()["away"] == {"0": "out of time"}, "still the stand-in"
