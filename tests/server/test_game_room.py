"""Issue 27 (a game room people enjoy), the server's side: a rematch is an offer every
seat is told of — who offered it, who accepted, who said no — and two people asking at once
make one table; the clock's countdown reaches every seat, a turn's decisions share one
clock (a push-your-luck turn is not restarted by each draw), and a person takes their seat
back from the stand-in with one message."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from albion.server import ServerSettings, create_app
from tests.server.seats import claimed
from tests.server.test_seats import new_table, other, play_to_the_end


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1, bot_delay=0.0, message_rate=1000,
                              message_burst=1000, min_move_seconds=0.2)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def finished(client: TestClient, players: list[str]) -> tuple[str, list[str]]:
    created = claimed(client, new_table(client, players, seed=2))
    tokens = [seat["token"] for seat in created["seats"]]
    play_to_the_end(client, created["table"], tokens)
    return created["table"], tokens


def next_update(socket: Any) -> dict[str, Any]:
    """The next update (a chat frame comes beside them)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == "update":
            return message


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_rematch_is_an_offer_every_seat_hears_with_who_offered_and_who_accepted(
        client: TestClient) -> None:
    table, tokens = finished(client, ["human", "human", "human"])
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[2]}") as third:
        assert next_update(third)["rematch_offer"] is None
        offered = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[1]))
        assert offered.status_code == 201, offered.text
        told = next_update(third)
        assert told["rematch_offer"] == {"table": offered.json()["table"], "by": 1,
                                         "joined": [1], "declined": []}
        accepted = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[0]))
        assert accepted.json()["table"] == offered.json()["table"], "one table"
        told = next_update(third)
        assert told["rematch_offer"]["joined"] == [0, 1] and told["rematch_offer"]["by"] == 1
        declined = other(client).post(f"/api/tables/{table}/rematch/decline",
                                      headers=bearer(tokens[2]))
        assert declined.status_code == 204, declined.text
        told = next_update(third)
        assert told["rematch_offer"]["declined"] == [2]


def test_two_people_asking_at_once_make_one_rematch(client: TestClient) -> None:
    table, tokens = finished(client, ["human", "human"])
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda token: other(client).post(
            f"/api/tables/{table}/rematch", headers=bearer(token)), tokens))
    assert [answer.status_code for answer in answers] == [201, 201], answers
    assert answers[0].json()["table"] == answers[1].json()["table"]
    assert sorted(answer.json()["seat"] for answer in answers) == [0, 1]
    made = [row for row in client.get("/api/tables").json() if row["rematch_of"] == table]
    assert len(made) == 1


def test_a_decline_needs_the_seats_credential_and_a_finished_game(client: TestClient) -> None:
    table, _ = finished(client, ["human", "human"])
    assert other(client).post(f"/api/tables/{table}/rematch/decline").status_code == 401
    live = claimed(client, new_table(client, ["human", "human"], seed=3))
    early = client.post(f"/api/tables/{live['table']}/rematch/decline",
                        headers=bearer(live["seats"][0]["token"]))
    assert early.status_code == 409 and early.json()["error"] == "not_over"


def receive_until(socket: Any, check: Any, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = socket.receive_json()
        if message.get("type") == "update" and check(message):
            return message
    raise AssertionError("no such update came")


def test_every_seat_sees_the_countdown_of_the_seat_to_move(client: TestClient) -> None:
    created = claimed(client, new_table(client, ["human", "human"], seed=4,
                                        clock={"seconds_per_move": 30}))
    table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as first, \
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as second, \
            client.websocket_connect(f"/ws/tables/{table}") as spectator:
        for socket in (first, second, spectator):
            update = receive_until(socket, lambda u: u["status"] == "playing")
            clock = update["clock"]
            assert clock["seconds_per_turn"] == 30 and clock["bot"] == "heuristic"
            to_move = [str(seat) for seat in update["view"]["to_move"]]
            assert list(clock["left"]) == to_move, clock
            assert all(25 < left <= 30 for left in clock["left"].values())


def test_a_push_your_luck_turn_has_one_clock_its_draws_do_not_restart_it(
        client: TestClient) -> None:
    """A turn's clock runs while the same seat stays to move (docs: Clocks and stand-ins):
    a draw after which the seat draws again leaves the time left as it was."""
    created = claimed(client, new_table(client, ["human", "human"], seed=4,
                                        clock={"seconds_per_move": 30}))
    table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as first, \
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}"):
        update = receive_until(first, lambda u: u["status"] == "playing")
        mover = update["view"]["to_move"][0]
        token = tokens[mover]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        update = receive_until(seat, lambda u: "draw" in u["legal"])
        before = update["clock"]["left"][str(mover)]
        time.sleep(1.2)
        seat.send_json({"type": "submit", "action": "draw", "version": update["version"]})
        after = receive_until(seat, lambda u: u["version"] > update["version"] and
                              str(mover) in u["clock"]["left"])
        assert after["clock"]["left"][str(mover)] <= before - 1.0, (before, after["clock"])


def test_a_person_takes_the_seat_back_from_the_stand_in_with_one_message(
        client: TestClient) -> None:
    created = claimed(client, new_table(client, ["human", "random"], seed=4,
                                        clock={"seconds_per_move": 0.3, "bot": "random"}))
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        receive_until(seat, lambda u: u["away"].get("0") == "out of time")
        seat.send_json({"type": "back"})
        back = receive_until(seat, lambda u: "0" not in u["away"])
        assert any(event["type"] == "notice" and "is back" in event["text"]
                   for event in back["events"])
        seat.send_json({"type": "back"})
        refused = seat.receive_json()
        while refused["type"] != "error":
            refused = seat.receive_json()
        assert refused["code"] == "not_away"
    with client.websocket_connect(f"/ws/tables/{table}") as spectator:
        receive_until(spectator, lambda u: True)
        spectator.send_json({"type": "back"})
        refused = spectator.receive_json()
        while refused["type"] != "error":
            refused = spectator.receive_json()
        assert refused["code"] == "not_a_seat"


def test_the_lobby_lists_tables_a_page_at_a_time_with_names_seats_and_winners(
        client: TestClient) -> None:
    table, tokens = finished(client, ["human", "human"])
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}"):
        pass
    made = [new_table(client, ["random", "random"], seed=seed)["table"] for seed in range(3)]
    first = client.get("/api/tables?limit=2").json()
    second = client.get("/api/tables?limit=2&offset=2").json()
    assert [row["table"] for row in first + second] == [*reversed(made), table]
    over = client.get("/api/tables?status=over&limit=50").json()
    mine = next(row for row in over if row["table"] == table)
    winners = client.get(f"/api/tables/{table}").json()["winners"]
    assert mine["winners"] == winners and isinstance(winners, list)
    assert mine["seated"] == [0, 1]
    assert client.get("/api/tables?limit=0").status_code == 422


def test_a_public_tables_free_seat_is_taken_from_the_lobby_once(client: TestClient) -> None:
    created = new_table(client, ["human", "human", "random"], public=True)
    table = created["table"]
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["public"] is True and summary["seated"] == []
    taken = other(client).post(f"/api/tables/{table}/sit?seat=1")
    assert taken.status_code == 200, taken.text
    assert taken.json()["seat"] == 1 and taken.json()["token"]
    again = other(client).post(f"/api/tables/{table}/sit?seat=1")
    assert again.status_code == 409 and again.json()["error"] == "seat_taken"
    bot = other(client).post(f"/api/tables/{table}/sit?seat=2")
    assert bot.status_code == 409, "a bot's seat is never free"
    assert client.get(f"/api/tables/{table}").json()["seated"] == [1]
    invited = client.post(f"/api/tables/{table}/claim",
                          json={"invite": created["seats"][1]["invite"]})
    assert invited.status_code == 410, "the seat's invitation opens nothing now"
    private = new_table(client, ["human", "human"])
    refused = other(client).post(f"/api/tables/{private['table']}/sit?seat=1")
    assert refused.status_code == 403 and refused.json()["error"] == "not_public"


def chat_frame(socket: Any, limit: int = 100) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = socket.receive_json()
        if message["type"] in ("chat", "error"):
            return message
    raise AssertionError("no chat frame came")


def test_the_table_chat_reaches_everyone_as_text_is_capped_and_stored(
        client: TestClient) -> None:
    created = claimed(client, new_table(client, ["human", "human"], seed=6))
    table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as first, \
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as second, \
            client.websocket_connect(f"/ws/tables/{table}") as spectator:
        first.send_json({"type": "chat", "text": "  good   luck <b>all</b> "})
        for socket in (first, second, spectator):
            line = chat_frame(socket)["lines"][0]
            assert (line["seat"], line["text"]) == (0, "good luck <b>all</b>")
        first.send_json({"type": "chat", "text": "x" * 201})
        assert chat_frame(first)["code"] == "bad_chat"
        first.send_json({"type": "chat", "text": "\u202ereversed"})
        assert chat_frame(first)["code"] == "bad_chat"
        spectator.send_json({"type": "chat", "text": "hello"})
        assert chat_frame(spectator)["code"] == "not_a_seat", "spectators wait to be let in"
        second.send_json({"type": "chat_spectators", "allow": True})
        assert chat_frame(spectator)["spectators"] is True
        spectator.send_json({"type": "chat", "text": "hello"})
        line = chat_frame(second)["lines"]
        while not line:
            line = chat_frame(second)["lines"]
        assert line[0]["seat"] is None and line[0]["text"] == "hello"
        codes = []
        for index in range(8):  # a few a minute
            second.send_json({"type": "chat", "text": f"line {index}"})
        for _ in range(8):
            frame = chat_frame(second)
            codes.append(frame.get("code"))
        assert "rate_limited" in codes
    with client.websocket_connect(f"/ws/tables/{table}") as later:  # stored with the table
        kept = chat_frame(later)
        assert kept["whole"] and kept["lines"][0]["text"] == "good luck <b>all</b>"
        assert [line["seq"] for line in kept["lines"]] == sorted(
            line["seq"] for line in kept["lines"])
