"""ALL-3 over the WebSocket (issue 31): a seat takes back its last decision with one
message — a Raiding Stonehenge pick while its round is open (RS-6) — and every seat hears
"P1 took back a move" and nothing of what it was; the page is told when it may
(`can_undo`); a take-back across chance, by a spectator or on a stale version is refused
with nothing changed; the take-back is stored, so the table comes back as it was after a
restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from albion.server import ServerSettings, create_app
from tests.server.seats import claimed
from tests.server.test_game_room import receive_until


def settings(path: Path) -> ServerSettings:
    return ServerSettings(database_url=f"sqlite:///{path / 'albion.db'}", bot_workers=1,
                          bot_delay=0.0, message_rate=1000, message_burst=1000)


def table_of(client: TestClient, game: str, seed: int) -> tuple[str, list[str]]:
    answer = client.post("/api/tables", json={"game": game, "players": ["human", "human"],
                                              "seed": seed})
    assert answer.status_code == 201, answer.text
    created = claimed(client, answer.json())
    return created["table"], [seat["token"] for seat in created["seats"]]


def decide(socket: Any, update: dict[str, Any], action: str) -> dict[str, Any]:
    socket.send_json({"type": "submit", "action": action, "version": update["version"]})
    return receive_until(socket, lambda u, v=update["version"]: u["version"] > v)


def test_a_pick_is_taken_back_and_everyone_hears_only_that(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path)), base_url="http://localhost") as client:
        table, tokens = table_of(client, "raiding-stonehenge", 3)
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as one, \
                client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as two:
            mine = receive_until(one, lambda u: u["status"] == "playing" and u["legal"])
            assert mine["can_undo"] is False, "nothing decided yet"
            mine = decide(one, mine, mine["legal"][0])  # P1 takes a line
            theirs = receive_until(two, lambda u: u["legal"] and u["version"] == mine["version"])
            theirs = decide(two, theirs, theirs["legal"][-1])  # P2 takes one: picks begin
            mine = receive_until(one, lambda u: u["version"] == theirs["version"])
            assert any(a.startswith("play") for a in mine["legal"]), mine["legal"]
            before = mine
            picked = decide(one, mine, mine["legal"][0])
            assert picked["can_undo"] is True
            seen = receive_until(two, lambda u: u["version"] == picked["version"])
            assert seen["can_undo"] is False, "P2 has picked nothing to take back"
            one.send_json({"type": "undo", "version": picked["version"]})
            back = receive_until(one, lambda u: u["version"] > picked["version"])
            heard = receive_until(two, lambda u: u["version"] == back["version"])
            for update in (back, heard):
                [event] = [e for e in update["events"] if e["type"] == "undo"]
                assert event["seat"] == 0 and "took back a move" in event["text"]
                assert before["legal"][0].split()[-1] not in str(event), "nothing of what"
            assert back["legal"] == before["legal"]
            assert without_version(back["view"]) == without_version(before["view"]), \
                "the position before the pick, for the seat that took it back"
            assert back["can_undo"] is False
            one.send_json({"type": "undo", "version": back["version"]})
            refused = receive_until_error(one)
            assert refused["code"] == "undo_refused" and refused["ruling"] == "ALL-3"
    with TestClient(create_app(settings(tmp_path)), base_url="http://localhost") as client, \
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as one:
        again = receive_until(one, lambda u: u["status"] == "playing")
        assert again["version"] == back["version"] and again["legal"] == before["legal"]


def without_version(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "version"}


def receive_until_error(socket: Any) -> dict[str, Any]:
    for _ in range(50):
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == "error":
            return message
    raise AssertionError("no refusal came")


def test_a_take_back_across_chance_or_by_a_spectator_is_refused(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path)), base_url="http://localhost") as client:
        table, tokens = table_of(client, "diamoniak", 4)
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as one, \
                client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}"):
            update = receive_until(one, lambda u: u["status"] == "playing" and u["legal"])
            drew = decide(one, update, "draw")  # the card drawn is chance's
            one.send_json({"type": "undo", "version": drew["version"]})
            refused = receive_until_error(one)
            assert refused["code"] == "undo_refused" and refused["ruling"] == "ALL-3"
            assert "before chance decided" in refused["message"]
            one.send_json({"type": "undo", "version": 0})
            assert receive_until_error(one)["code"] in ("undo_refused", "stale")
        with client.websocket_connect(f"/ws/tables/{table}") as watcher:
            receive_until(watcher, lambda u: True)
            watcher.send_json({"type": "undo", "version": drew["version"]})
            assert receive_until_error(watcher)["code"] == "not_a_seat"
        assert client.get(f"/api/tables/{table}").json()["version"] == drew["version"]


def test_take_backs_are_limited_to_a_few_a_minute(tmp_path: Path) -> None:
    """Each take-back is stored and told to everyone: a seat may not flood the table."""
    limited = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                             bot_workers=1, bot_delay=0.0, message_rate=1000,
                             message_burst=1000, undo_burst=2, undo_rate=1e-6)
    with TestClient(create_app(limited), base_url="http://localhost") as client:
        table, tokens = table_of(client, "diamoniak", 4)
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as one, \
                client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}"):
            update = receive_until(one, lambda u: u["status"] == "playing")
            codes = []
            for _ in range(3):
                one.send_json({"type": "undo", "version": update["version"]})
                codes.append(receive_until_error(one)["code"])
            assert codes == ["undo_refused", "undo_refused", "rate_limited"], codes
