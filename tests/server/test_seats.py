"""Issue 25, medium: a seat link is a single-claim invitation (the creator no longer holds
every person's token unseen); a page holds its seat by HttpOnly cookies, never by a token
in its address; a seat open in two places is told so, and its owner can sign the other
sessions out; a rematch needs the seat's credential and no page of another site."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from albion.server import ServerSettings, create_app
from tests.server.seats import claimed


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1, bot_delay=0.0, message_rate=1000,
                              message_burst=1000)  # the tests play faster than people
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def new_table(client: TestClient, players: list[str], **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": "diamoniak", "players": players,
                                              **extra})
    assert answer.status_code == 201, answer.text
    return answer.json()  # type: ignore[no-any-return]


def other(client: TestClient) -> TestClient:
    """Another browser on the same server: its own cookies."""
    return TestClient(client.app, base_url="http://localhost")


def claim(client: TestClient, table: str, invite: str) -> Any:
    return client.post(f"/api/tables/{table}/claim", json={"invite": invite})


def test_an_invitation_is_claimed_once_by_whoever_opens_it_first(client: TestClient) -> None:
    created = new_table(client, ["human", "random", "human"])
    assert all(seat["invite"] and seat["token"] is None for seat in created["seats"])
    assert all(f"#invite={seat['invite']}" in seat["url"] for seat in created["seats"])
    table, invite = created["table"], created["seats"][1]["invite"]
    friend = other(client)
    first = claim(friend, table, invite)
    assert first.status_code == 200, first.text
    assert first.json()["seat"] == 2 and len(first.json()["token"]) >= 32
    assert "token" not in first.json()["url"] and first.json()["url"].endswith("?seat=2")
    creator_again = claim(client, table, invite)  # the creator tries the link too late
    assert creator_again.status_code == 410
    assert creator_again.json()["error"] == "invite_used"
    assert claim(client, table, "no-such-invitation").status_code == 403
    assert claim(client, "nosuchtable", invite).status_code == 404
    again = claim(friend, table, invite)  # the same browser opening its link again
    assert again.status_code == 200 and again.json()["seat"] == 2
    assert again.json()["token"] is None, "nothing new is handed out"


def test_a_page_holds_its_seat_by_httponly_cookies_on_the_tables_paths(
        client: TestClient) -> None:
    created = new_table(client, ["human", "random"])
    table = created["table"]
    browser = other(client)
    answer = claim(browser, table, created["seats"][0]["invite"])
    cookies = answer.headers.get_list("set-cookie")
    assert len(cookies) == 2
    for cookie in cookies:
        lowered = cookie.lower()
        assert "httponly" in lowered and "samesite=strict" in lowered
        assert f"Path=/ws/tables/{table}" in cookie or f"Path=/api/tables/{table}" in cookie
    with browser.websocket_connect(f"/ws/tables/{table}?seat=0") as seat:
        first = seat.receive_json()
        assert first["view"]["viewer"] == 0 and first["elsewhere"] == 0
    stranger = other(client)  # the same URL in a browser that claimed nothing
    with pytest.raises(WebSocketDisconnect) as refused, \
            stranger.websocket_connect(f"/ws/tables/{table}?seat=0"):
        pass
    assert refused.value.code == 1008
    with browser.websocket_connect(f"/ws/tables/{table}") as watcher:
        assert watcher.receive_json()["view"]["viewer"] is None  # no seat asked: watching


def test_a_seat_open_in_two_places_is_told_and_its_owner_signs_the_other_out(
        client: TestClient) -> None:
    created = claimed(client, new_table(client, ["human", "random"]))
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as mine:
        assert mine.receive_json()["elsewhere"] == 0
        with client.websocket_connect(f"/ws/tables/{table}?token={token}") as copy:
            assert copy.receive_json()["elsewhere"] == 1
            told = mine.receive_json()
            assert told["type"] == "update" and told["elsewhere"] == 1
            renewed = client.post(f"/api/tables/{table}/revoke",
                                  headers={"Authorization": f"Bearer {token}"})
            assert renewed.status_code == 200, renewed.text
            fresh = renewed.json()["token"]
            assert fresh and fresh != token
            for socket in (copy, mine):  # both were opened with the old token
                assert closing_code(socket) == 1008
    with pytest.raises(WebSocketDisconnect), \
            client.websocket_connect(f"/ws/tables/{table}?token={token}"):
        pass
    with client.websocket_connect(f"/ws/tables/{table}?token={fresh}") as back:
        assert back.receive_json()["view"]["viewer"] == 0
    assert client.post(f"/api/tables/{table}/revoke",
                       headers={"Authorization": f"Bearer {token}"}).status_code == 403


def closing_code(socket: WebSocketTestSession) -> int | None:
    """The code the server closes `socket` with, reading what it sends before."""
    try:
        for _ in range(10):
            socket.receive_json()
    except WebSocketDisconnect as closed:
        return closed.code
    return None


def play_to_the_end(client: TestClient, table: str, tokens: list[str]) -> None:
    """Every person decides at random until the game is over."""
    rng = random.Random(5)
    sockets = [client.websocket_connect(f"/ws/tables/{table}?token={t}") for t in tokens]
    opened = [socket.__enter__() for socket in sockets]
    try:
        over = False
        while not over:
            for socket in opened:
                update = socket.receive_json()
                if update["type"] != "update":
                    continue
                over = update["status"] == "over"
                if update["legal"] and update["status"] == "playing":
                    socket.send_json({"type": "submit", "version": update["version"],
                                      "action": rng.choice(update["legal"])})
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)


def test_a_rematch_needs_a_seats_credential_and_no_foreign_page(client: TestClient) -> None:
    created = claimed(client, new_table(client, ["human", "human"], seed=2))
    table = created["table"]
    tokens = [seat["token"] for seat in created["seats"]]
    play_to_the_end(client, table, tokens)
    assert client.get(f"/api/tables/{table}").json()["status"] == "over"
    anonymous = other(client).post(f"/api/tables/{table}/rematch")
    assert anonymous.status_code == 401 and anonymous.json()["error"] == "no_credential"
    forged = client.post(f"/api/tables/{table}/rematch",
                         headers={"Authorization": f"Bearer {tokens[0]}",
                                  "Origin": "http://evil.example"})
    assert forged.status_code == 403 and forged.json()["error"] == "bad_origin"
    wrong = client.post(f"/api/tables/{table}/rematch",
                        headers={"Authorization": "Bearer not-a-token"})
    assert wrong.status_code == 403
    assert client.get("/api/tables").json()[0]["table"] == table, "no table was made"
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as second:
        assert second.receive_json()["rematch"] is None
        asked = client.post(f"/api/tables/{table}/rematch",
                            headers={"Authorization": f"Bearer {tokens[0]}"})
        assert asked.status_code == 201, asked.text
        rematch = asked.json()
        assert rematch["seat"] == 0 and rematch["token"]
        told = second.receive_json()
        assert told["rematch"] == rematch["table"], "the other person hears of it"
    joined = client.post(f"/api/tables/{table}/rematch",
                         headers={"Authorization": f"Bearer {tokens[1]}"})
    assert joined.status_code == 201 and joined.json()["table"] == rematch["table"]
    assert joined.json()["seat"] == 1
    twice = client.post(f"/api/tables/{table}/rematch",
                        headers={"Authorization": f"Bearer {tokens[1]}"})
    assert twice.status_code == 409 and twice.json()["error"] == "seat_taken"
    summary = client.get(f"/api/tables/{rematch['table']}").json()
    assert summary["rematch_of"] == table and summary["seed_chosen"] is False
    with client.websocket_connect(f"/ws/tables/{rematch['table']}?token="
                                  f"{joined.json()['token']}") as seat:
        assert seat.receive_json()["view"]["viewer"] == 1


def test_a_creation_from_a_foreign_page_is_refused(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"game": "diamoniak", "players": ["human",
                                                                               "random"]},
                         headers={"Origin": "http://evil.example"})
    assert answer.status_code == 403 and answer.json()["error"] == "bad_origin"
    same = client.post("/api/tables", json={"game": "diamoniak", "players": ["human",
                                                                             "random"]},
                       headers={"Origin": "http://localhost"})
    assert same.status_code == 201


def test_a_table_waits_for_the_seats_nobody_has_claimed_yet(client: TestClient) -> None:
    created = new_table(client, ["human", "random", "human"])
    table = created["table"]
    first = claim(client, table, created["seats"][0]["invite"]).json()["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={first}") as one:
        assert one.receive_json()["status"] == "waiting"
        assert client.get(f"/api/tables/{table}").json()["status"] == "waiting"
        second = claim(other(client), table, created["seats"][1]["invite"]).json()["token"]
        with client.websocket_connect(f"/ws/tables/{table}?token={second}") as two:
            assert two.receive_json()["status"] == "playing"
    assert client.get(f"/api/tables/{table}").json()["status"] != "waiting"
