""""Why not?" over the table's WebSocket (issue 32): a seat selects a place on the board
where it has no legal action and is told the ruling and sentence of the refusal, from the
same check that builds the legal actions (`State.refusal`), to that seat only; refused to a
spectator, to a seat not deciding, for a malformed place; a few a second; nothing changes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from albion.core.presentation import Place
from albion.server import ServerSettings, create_app
from albion.server.why_not import WHY_NOT_BURST
from albion.table import Table
from albion.table.why_not import table_why_not


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1, min_move_seconds=0.1)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def until(socket: WebSocketTestSession, test: Any, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = socket.receive_json()
        if test(message):
            return message
    raise AssertionError("no such message")


def my_turn(message: dict[str, Any]) -> bool:
    return message["type"] == "update" and bool(message["legal"]) and \
        message["status"] == "playing"


def ask(socket: WebSocketTestSession, place: dict[str, Any]) -> dict[str, Any]:
    socket.send_json({"type": "why_not", "place": place})
    return until(socket, lambda m: m["type"] in ("why_not", "error"))


def rulings(answer: dict[str, Any]) -> list[str]:
    assert answer["type"] == "why_not", answer
    return [reason["ruling"] for reason in answer["reasons"]]


@pytest.mark.parametrize(("game", "players", "place", "expected"), [
    # DI-7: no castle yet, so nothing can be bought (a rival's pile, or one's own).
    ("diamoniak", 2, {"area": "right_pile", "seat": "other", "item": "red"}, "DI-7"),
    # DI-8: cards are given up only to a witch.
    ("diamoniak", 2, {"area": "castle", "seat": "me", "item": "red"}, None),
    # RS-8: a pile is chosen only by a black card's player, after the coloured ones.
    ("raiding-stonehenge", 3, {"area": "pile", "item": "red"}, "RS-8"),
    # RS-11: disks are set aside only at a contested pile.
    ("raiding-stonehenge", 3, {"area": "disks", "seat": "me", "item": "red"}, "RS-11"),
    # SC-34: first a character is picked; then the map.
    ("super-camelot", 2, {"area": "castle"}, "SC-34"),
    ("super-camelot", 2, {"area": "square", "square": "r14c14"}, "SC-34"),
    ("super-camelot", 2, {"area": "circle", "item": "north"}, "SC-34"),
])
def test_why_not_names_the_ruling_of_the_refusal_at_a_place(
        client: TestClient, game: str, players: int, place: dict[str, Any],
        expected: str | None) -> None:
    created = create(client, game=game, players=["human", *["random"] * (players - 1)],
                     seed=11)
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        update = until(seat, my_turn)
        me = update["view"]["viewer"]
        asked = {key: (me if value == "me" else (me + 1) % players if value == "other"
                       else value) for key, value in place.items()}
        answer = ask(seat, asked)
        assert answer["version"] == update["version"] and answer["place"] == asked
        assert answer["legal"] == []
        if expected is None:  # no action of the game sits there now: nothing refused
            assert answer["reasons"] == []
        else:
            assert rulings(answer)[0] == expected, answer
            reason = answer["reasons"][0]
            assert reason["message"] and reason["words"]["message"] == reason["message"]
        assert client.get(f"/api/tables/{table}").json()["version"] == update["version"]


def test_why_not_at_a_place_with_a_legal_action_names_it(client: TestClient) -> None:
    created = create(client, game="raiding-stonehenge", players=["human", "random", "random"],
                     seed=3)
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        update = until(seat, my_turn)
        placed = next(action for action in update["view"]["legal"] if action["at"])
        place = {key: value for key, value in placed["at"].items() if value is not None}
        answer = ask(seat, place)
        assert answer["legal"] == [placed["text"]] and answer["reasons"] == []


def test_why_not_is_the_refusal_of_the_seats_own_view() -> None:
    """The answer is computed from the seat's view only: a state sampled from it with a
    fixed generator, so the same view gives the same answer (the leak scanner checks it on
    canary twins); and it names a ruling the game has."""
    table = Table("raiding-stonehenge", ["human", "random", "random"], seed=5)
    seat = table.to_move()[0]
    answer = table_why_not(table, seat, Place("line", number=1))
    again = table_why_not(table.fork(), seat, Place("line", number=1))
    assert answer == again
    known = {ruling.id for ruling in table.game.rulings}
    assert all(reason.ruling in known for reason in answer.reasons)


@pytest.mark.parametrize("body", [
    {"type": "why_not"},
    {"type": "why_not", "place": {}},
    {"type": "why_not", "place": {"area": "Draw Pile"}},
    {"type": "why_not", "place": {"area": "line", "number": "one"}},
    {"type": "why_not", "place": {"area": "line", "seat": -1}},
    {"type": "why_not", "place": {"area": "square", "square": "r1c1" * 10}},
    {"type": "why_not", "place": {"area": "pile", "colour": "red"}},
])
def test_a_malformed_why_not_is_refused_and_changes_nothing(
        client: TestClient, body: dict[str, Any]) -> None:
    created = create(client, game="diamoniak", players=["human", "random"], seed=2)
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        update = until(seat, my_turn)
        seat.send_json(body)
        refused = until(seat, lambda m: m["type"] in ("why_not", "error"))
        assert refused["type"] == "error" and refused["code"] == "bad_message", refused
        answer = ask(seat, {"area": "nowhere"})  # the connection goes on
        assert answer["type"] == "why_not" and answer["reasons"] == answer["legal"] == []
        assert client.get(f"/api/tables/{table}").json()["version"] == update["version"]


def test_why_not_is_refused_to_a_spectator_and_a_seat_not_deciding(
        client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "human"], seed=4)
    table = created["table"]
    tokens = [seat["token"] for seat in created["seats"]]
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as one, \
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as two:
        first = until(one, lambda m: m["type"] == "update" and m["status"] == "playing")
        until(two, lambda m: m["type"] == "update" and m["status"] == "playing")
        waiting = two if first["legal"] else one
        answer = ask(waiting, {"area": "draw_pile"})
        assert answer["type"] == "error" and answer["code"] == "not_your_turn", answer
        with client.websocket_connect(f"/ws/tables/{table}") as watcher:
            watcher.receive_json()
            answer = ask(watcher, {"area": "draw_pile"})
            assert answer["type"] == "error" and answer["code"] == "not_a_seat"


def test_why_not_is_refused_before_play_begins(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "human"], seed=4)
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as one:
        assert one.receive_json()["status"] == "waiting"
        answer = ask(one, {"area": "draw_pile"})
        assert answer["type"] == "error" and answer["code"] == "not_started"


def test_why_not_is_limited_to_a_few_a_second(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "random"], seed=2)
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        until(seat, my_turn)
        for _ in range(WHY_NOT_BURST + 2):
            seat.send_json({"type": "why_not", "place": {"area": "draw_pile"}})
        answers = [until(seat, lambda m: m["type"] in ("why_not", "error"))
                   for _ in range(WHY_NOT_BURST + 2)]
        limited = [answer for answer in answers if answer["type"] == "error"]
        assert limited and all(answer["code"] == "rate_limited" for answer in limited)
