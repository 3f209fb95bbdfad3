"""`albion serve` through its HTTP API and WebSockets (in process, SQLite in a temporary
folder): the wire contract of issue 15, refusals that change nothing, secrets per seat,
bots off the event loop, reconnecting, durable games."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from albion.core import GameRecord, get_game, replay
from albion.server import ServerSettings, create_app


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'albion.db'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=database, bot_workers=1, min_move_seconds=0.1)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def until(socket: WebSocketTestSession, test: Any, limit: int = 200) -> dict[str, Any]:
    """Read messages until one passes `test`."""
    for _ in range(limit):
        message: dict[str, Any] = socket.receive_json()
        if test(message):
            return message
    raise AssertionError("no such message")


def my_turn(message: dict[str, Any]) -> bool:
    return message["type"] == "update" and bool(message["legal"])


def test_create_gives_a_private_link_per_human_seat_and_a_spectator_link(
        client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "random", "human"], seed=7,
                     variant={"fairy": "auto"})
    assert [seat["seat"] for seat in created["seats"]] == [0, 2]
    tokens = [seat["token"] for seat in created["seats"]]
    assert len(set(tokens)) == 2 and all(len(token) >= 32 for token in tokens)
    assert created["spectate"].endswith(f"/watch/{created['table']}")
    summary = client.get(f"/api/tables/{created['table']}").json()
    assert summary["game"] == "diamoniak" and summary["status"] in ("waiting", "playing")
    assert summary["version"] >= 0 and summary["players"] == ["human", "random", "human"]
    listed = client.get("/api/tables").json()
    assert [row["table"] for row in listed] == [created["table"]]


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"game": "chess", "players": ["human", "human"]}, 400, "unknown_game"),
    ({"game": "diamoniak", "players": ["human"]}, 400, "bad_players"),
    ({"game": "diamoniak", "players": ["human", "wizard"]}, 400, "bad_players"),
    ({"game": "diamoniak", "players": ["human", "cheat-mcts"]}, 400, "bad_players"),
    ({"game": "diamoniak", "players": ["human", "random"], "variant": {"fairy": "x"}}, 400,
     "bad_variant"),
    ({"game": "diamoniak", "players": ["human", "random"], "seed": -1}, 422, "bad_request"),
    ({"game": "diamoniak"}, 422, "bad_request"),
    ({"game": "diamoniak", "players": ["human", "random"], "extra": 1}, 422, "bad_request"),
    ({"game": "diamoniak", "players": ["human,random"]}, 400, "bad_players"),
    ({"game": "diamoniak", "players": ["human", "human"],
      "clock": {"seconds_per_move": 30, "bot": "cheat-mcts"}}, 400, "bad_clock"),
    ({"game": "diamoniak", "players": ["human", "human"],
      "clock": {"seconds_per_move": 30, "bot": "human"}}, 400, "bad_players"),
])
def test_bad_input_is_a_4xx_with_a_code_never_a_traceback(
        client: TestClient, body: dict[str, Any], status: int, code: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    assert response.json()["error"] == code and response.json()["message"]
    assert "Traceback" not in response.text


def test_unknown_tables_and_routes_are_json_404s(client: TestClient) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/record", "/api/nowhere"):
        response = client.get(path)
        assert response.status_code == 404 and response.json()["error"] == "not_found"


def test_a_seat_plays_and_refusals_change_nothing(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "random"], seed=3)
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        update = until(seat, my_turn)
        assert update["legal"] == ["draw"] and update["view"]["viewer"] == 0
        seat.send_json({"type": "submit", "action": "stop", "version": update["version"]})
        refused = until(seat, lambda m: m["type"] == "error")
        assert refused["code"] == "illegal" and refused["ruling"] == "DI-3"
        seat.send_json({"type": "submit", "action": "dance", "version": update["version"]})
        assert until(seat, lambda m: m["type"] == "error")["code"] == "invalid"
        seat.send_json({"type": "kick", "version": 0})
        assert until(seat, lambda m: m["type"] == "error")["code"] == "bad_message"
        seat.send_json({"type": "submit", "action": "draw", "version": update["version"]})
        after = until(seat, my_turn)
        assert after["version"] > update["version"] and after["legal"] == ["draw", "stop"]
        assert any(event["type"] == "action" and event["seat"] == 0 for event in after["events"])
        seat.send_json({"type": "submit", "action": "stop", "version": update["version"]})
        assert until(seat, lambda m: m["type"] == "error")["code"] == "stale"
        resent = until(seat, lambda m: m["type"] == "update")
        assert resent["version"] == after["version"], "a stale decision gets the view back"


def test_a_spectator_sees_the_table_and_cannot_decide(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "random"], seed=3)
    with client.websocket_connect(f"/ws/tables/{created['table']}") as watcher:
        update = until(watcher, lambda m: m["type"] == "update")
        assert update["view"]["viewer"] is None and update["legal"] == []
        watcher.send_json({"type": "submit", "action": "draw", "version": update["version"]})
        assert until(watcher, lambda m: m["type"] == "error")["code"] == "not_your_turn"


def test_a_wrong_token_opens_nothing(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "random"], seed=3)
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(f"/ws/tables/{created['table']}?token=guess") as socket:
        socket.receive_json()
    assert closed.value.code == 1008


def test_a_page_of_another_site_may_not_connect(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "random"], seed=3)
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
            f"/ws/tables/{created['table']}", headers={"origin": "https://evil.example"}) as s:
        s.receive_json()
    assert closed.value.code == 1008


def test_frames_are_capped_and_floods_are_cut(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "random"], seed=3)
    with client.websocket_connect(f"/ws/tables/{created['table']}") as socket:
        until(socket, lambda m: m["type"] == "update")
        socket.send_text(json.dumps({"type": "hello", "since": 0, "pad": "x" * 5000}))
        assert until(socket, lambda m: m["type"] == "error")["code"] == "too_big"
    with client.websocket_connect(f"/ws/tables/{created['table']}") as socket:
        until(socket, lambda m: m["type"] == "update")
        with pytest.raises(WebSocketDisconnect) as closed:
            flood(socket, 200)
        assert closed.value.code == 1008


def flood(socket: Any, frames: int) -> None:
    """`frames` hellos as fast as the socket answers them."""
    for _ in range(frames):
        socket.send_json({"type": "hello", "since": 0})
        socket.receive_json()


def test_rs6_secrets_never_reach_another_seat_on_the_wire(client: TestClient) -> None:
    """Two people and a spectator at Raiding Stonehenge: every frame each receives is
    checked — no other seat's hand, no card committed by another before the reveal."""
    created = create(client, game="raiding-stonehenge", players=["human", "human"], seed=5)
    table = created["table"]
    tokens = [seat["token"] for seat in created["seats"]]
    frames: dict[str, list[dict[str, Any]]] = {"0": [], "1": [], "spectator": []}
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as one, \
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as two, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        sockets = {"0": one, "1": two, "spectator": watcher}
        latest = {name: socket.receive_json() for name, socket in sockets.items()}
        for name, message in latest.items():
            frames[name].append(message)
        while latest["0"]["status"] == "waiting":  # P2 opening their seat starts play
            latest["0"] = one.receive_json()
            frames["0"].append(latest["0"])
        for _ in range(30):  # picks and commits of several rounds, in any order
            name = next(n for n in ("1", "0") if latest[n]["legal"])
            sockets[name].send_json({"type": "submit", "action": latest[name]["legal"][0],
                                     "version": latest[name]["version"]})
            for other, socket in sockets.items():  # each commit: one update to everyone
                latest[other] = socket.receive_json()
                frames[other].append(latest[other])
    face_down = 0
    for name, received in frames.items():
        for message in received:
            if message["type"] != "update":
                continue
            for player in message["view"]["board"]["players"]:
                if str(player["seat"]) != name and message["view"]["status"] == "playing":
                    assert player["hand"] is None, (name, player)
                    if message["view"]["board"]["phase"] == "play":
                        assert player["played"] is None, (name, player)
            for event in message["events"]:
                if event["type"] == "action" and event["action"].startswith("play ") and \
                        str(event["seat"]) != name:
                    assert event["action"] == "play a card face down", f"{name} saw {event}"
                    face_down += 1
    assert face_down > 0, "every seat's commits were checked as others heard them"


@pytest.fixture
def quick_client(database: str) -> Iterator[TestClient]:
    """A server whose message limit lets a script answer as fast as the bots play (the
    default limit is for people: 10 messages a second)."""
    settings = ServerSettings(database_url=database, bot_workers=1, message_rate=1000,
                              message_burst=1000)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def test_bots_play_their_turns_and_the_game_ends(quick_client: TestClient) -> None:
    client = quick_client
    created = create(client, game="diamoniak", players=["human", "random", "random"], seed=2)
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        for _ in range(2000):
            message = seat.receive_json()
            if message["type"] == "update" and message["view"]["status"] == "over":
                break
            if my_turn(message):
                legal = message["legal"]
                seat.send_json({"type": "submit", "version": message["version"],
                                "action": "stop" if "stop" in legal else legal[0]})
        else:
            raise AssertionError("the game did not end")
    record = client.get(f"/api/tables/{table}/record")
    assert record.status_code == 200
    loaded = GameRecord(**record.json())
    assert replay(get_game("diamoniak"), loaded)[-1].is_terminal()


def test_the_record_is_served_only_once_the_game_is_over(client: TestClient) -> None:
    created = create(client, game="raiding-stonehenge", players=["human", "random"], seed=1)
    response = client.get(f"/api/tables/{created['table']}/record")
    assert response.status_code == 409 and response.json()["error"] == "not_over"


def test_hello_after_a_reconnect_brings_the_missed_events(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "random"], seed=4)
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        first = until(seat, my_turn)
        seat.send_json({"type": "submit", "action": "draw", "version": first["version"]})
        later = until(seat, lambda m: m["type"] == "update" and m["version"] > first["version"])
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as again:
        until(again, lambda m: m["type"] == "update")
        again.send_json({"type": "hello", "since": first["version"]})
        missed = until(again, lambda m: m["type"] == "update")
        assert missed["events"] == later["events"][:len(missed["events"])] or missed["events"]
        assert all(event["version"] > first["version"] for event in missed["events"])
        assert missed["version"] >= later["version"]


def test_games_resume_after_a_restart(database: str) -> None:
    settings = ServerSettings(database_url=database, bot_workers=1)
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        created = create(client, game="diamoniak", players=["human", "random"], seed=4)
        table, token = created["table"], created["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
            first = until(seat, my_turn)
            seat.send_json({"type": "submit", "action": "draw", "version": first["version"]})
            before = until(seat, lambda m: my_turn(m) and m["version"] > first["version"])
    with TestClient(create_app(settings), base_url="http://localhost") as client, \
            client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        after = until(seat, lambda m: m["type"] == "update")
        assert after["version"] == before["version"] and after["view"] == before["view"]
        assert after["legal"] == before["legal"]


def test_a_rematch_seats_the_same_players_with_a_new_seed(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "random"], seed=4)
    early = client.post(f"/api/tables/{created['table']}/rematch")
    assert early.status_code == 409 and early.json()["error"] == "not_over"
    bots = create(client, game="diamoniak", players=["random", "random"], seed=4)
    with client.websocket_connect(f"/ws/tables/{bots['table']}") as watcher:
        until(watcher, lambda m: m["type"] == "update" and m["status"] == "over", 5000)
    again = client.post(f"/api/tables/{bots['table']}/rematch")
    assert again.status_code == 201, again.text
    summary = client.get(f"/api/tables/{again.json()['table']}").json()
    assert summary["rematch_of"] == bots["table"] and summary["players"] == [
        "random", "random"]


def test_openapi_docs_are_served(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    assert "/api/tables" in client.get("/openapi.json").json()["paths"]


def test_a_table_waits_until_every_person_has_taken_their_seat(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "human"], seed=4)
    table, tokens = created["table"], [seat["token"] for seat in created["seats"]]

    def status() -> str:
        return str(client.get(f"/api/tables/{table}").json()["status"])

    assert status() == "waiting"
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as one:
        one.receive_json()
        assert status() == "waiting"
        with client.websocket_connect(f"/ws/tables/{table}") as watcher:
            watcher.receive_json()
            assert status() == "waiting", "a spectator takes no seat"
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as two:
            two.receive_json()
            assert status() == "playing"
    waiting = client.get("/api/tables", params={"status": "waiting"}).json()
    assert table not in [row["table"] for row in waiting]


NOT_STARTED = "the game has not started: it begins once every player has opened their seat"
NOT_STARTED_FRAME = {"type": "error", "code": "not_started", "message": NOT_STARTED,
                     "words": {"message": NOT_STARTED, "args": {}}}  # issue 29


def test_nobody_decides_or_is_hinted_before_every_person_has_opened_their_seat(
        client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "human"], seed=4)
    table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
    before = client.get(f"/api/tables/{table}").json()
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as one:
        first = one.receive_json()
        assert first["status"] == "waiting" and first["legal"], first
        for action in (first["legal"][0], "xyzzy"):  # legal or not: refused the same
            one.send_json({"type": "submit", "action": action, "version": first["version"]})
            assert one.receive_json() == NOT_STARTED_FRAME
        one.send_json({"type": "hint"})  # no search is run
        assert one.receive_json() == NOT_STARTED_FRAME
        assert client.get(f"/api/tables/{table}").json() == before, "nothing stored"
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as two:
            assert two.receive_json()["status"] == "playing"
            begun = one.receive_json()  # play begins: the open seat hears it
            assert begun["status"] == "playing" and begun["version"] == first["version"]
            one.send_json({"type": "submit", "action": first["legal"][0],
                           "version": first["version"]})
            accepted = until(one, lambda m: m["type"] in ("update", "error"))
            assert accepted["type"] == "update" and accepted["version"] > first["version"]


def test_a_hint_is_the_search_choice_among_the_legal_actions(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "random"], seed=8)
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        watcher.receive_json()
        watcher.send_json({"type": "hint"})
        assert until(watcher, lambda m: m["type"] == "error")["code"] == "not_a_seat"
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        update = until(seat, my_turn)
        seat.send_json({"type": "hint"})
        hint = until(seat, lambda m: m["type"] in ("hint", "error"))
        assert hint["type"] == "hint", hint
        assert hint["action"] in update["legal"] and hint["version"] == update["version"]
        assert hint["win_chance"] is None or 0 <= hint["win_chance"] <= 1
        replies = []
        for _ in range(4):  # a few per minute: the burst is spent
            seat.send_json({"type": "hint"})
            replies.append(until(seat, lambda m: m["type"] in ("hint", "error")))
        assert any(reply.get("code") == "rate_limited" for reply in replies)


def test_a_silent_seat_is_played_by_the_clock_bot_until_its_owner_returns(
        client: TestClient) -> None:
    """Issue 15: past its time a person's seat is played by the named fair bot, and the
    log says so; its owner takes it back by coming back (a new connection)."""
    created = create(client, game="diamoniak", players=["human", "human"], seed=9,
                     clock={"seconds_per_move": 0.5, "grace_seconds": 60, "bot": "random"})
    table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
    notices: list[str] = []

    def answer(message: dict[str, Any], socket: WebSocketTestSession) -> None:
        """P2 decides at once whenever it may; P1 never does."""
        notices.extend(e["text"] for e in message.get("events", []) if e["type"] == "notice")
        if message["type"] == "update" and message["legal"]:
            socket.send_json({"type": "submit", "action": message["legal"][0],
                              "version": message["version"]})

    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}"), \
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as two:
        away: dict[str, str] = {}
        for _ in range(500):
            message = two.receive_json()
            answer(message, two)
            if message.get("away"):
                away = message["away"]
                break
        assert away == {"0": "out of time"}
        assert "P1 is out of time: random plays for them until they return" in notices
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as again:
            for _ in range(500):
                message = two.receive_json()
                answer(message, two)
                if "P1 is back (was out of time)" in notices:
                    break
            assert "P1 is back (was out of time)" in notices
            assert until(again, lambda m: m["type"] == "update")["away"] == {}
        with client.websocket_connect(f"/ws/tables/{table}") as watcher:
            first = until(watcher, lambda m: m["type"] == "update")
            told = [e["text"] for e in first["events"] if e["type"] == "notice"]
            assert told[:2] == ["P1 is out of time: random plays for them until they return",
                                "P1 is back (was out of time)"], "a new connection hears them"
            watcher.send_json({"type": "hello", "since": first["version"]})
            again_told = until(watcher, lambda m: m["type"] == "update")
            assert all(e["version"] >= first["version"] for e in again_told["events"])


def test_a_binary_frame_is_refused_and_the_connection_stays(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "random"], seed=3)
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        first = until(seat, lambda m: m["type"] == "update")
        seat.send_bytes(b"\x00\x01")
        assert until(seat, lambda m: m["type"] == "error")["code"] == "bad_message"
        seat.send_json({"type": "hello", "since": 0})
        assert until(seat, lambda m: m["type"] == "update")["version"] >= first["version"]


def test_a_slow_bot_never_stalls_another_table(database: str) -> None:
    """Issue 15: bots decide in worker processes, never on the event loop; while one
    table's search thinks for seconds, another table's bots play their game to the end."""
    settings = ServerSettings(database_url=database, bot_workers=2, max_seconds=30,
                              max_iterations=10**9, decision_timeout=60)  # a long search
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        slow = create(client, game="raiding-stonehenge",
                      players=["ismcts:seconds=30", "random"], seed=1)
        with client.websocket_connect(f"/ws/tables/{slow['table']}") as watcher:
            thinking = until(watcher, lambda m: m["type"] == "update"
                             and m["view"]["to_move"] == [0])  # RS-6: its first pick
            fast = create(client, game="diamoniak", players=["random", "random"], seed=2)
            with client.websocket_connect(f"/ws/tables/{fast['table']}") as other:
                until(other, lambda m: m["type"] == "update" and m["status"] == "over",
                      5000)
            summary = client.get(f"/api/tables/{slow['table']}").json()
            assert summary["version"] == thinking["version"], "the search still thinks"
            assert summary["status"] == "playing"


def test_stand_ins_and_notices_outlive_a_restart(database: str) -> None:
    """Issue 15: notices are stored; after a restart a new connection hears them, and the
    stand-in still plays the absent seat until its owner returns."""
    settings = ServerSettings(database_url=database, bot_workers=1, min_move_seconds=0.1)
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        created = create(client, game="diamoniak", players=["human", "human"], seed=9,
                         clock={"seconds_per_move": 0.5, "grace_seconds": 60,
                                "bot": "random"})
        table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}"), \
                client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as two:
            for _ in range(500):
                message = two.receive_json()
                if message.get("away"):
                    break
                if message["type"] == "update" and message["legal"]:
                    two.send_json({"type": "submit", "action": message["legal"][0],
                                   "version": message["version"]})
            assert message["away"] == {"0": "out of time"}
    with TestClient(create_app(settings), base_url="http://localhost") as client, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        first = until(watcher, lambda m: m["type"] == "update")
        assert first["away"] == {"0": "out of time"}
        assert [e["text"] for e in first["events"] if e["type"] == "notice"] == [
            "P1 is out of time: random plays for them until they return"]
