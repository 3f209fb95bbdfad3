"""Issue 30, an account's seats: a guest who signs up keeps the games of the seats they
hold; a seat taken while signed in is the account's; a seat is offered to an account by
name; "my tables" lists every table where the account sits, those where it is to move
first; the export holds the account's data and nobody else's; deletion renames its seats
"deleted player" and the games stay; and a session never opens another account's seat,
over HTTP or a WebSocket, while a seat's token works as before."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from albion.server.credentials import cookie_name
from tests.server.accounts import PASSWORD, Signed, browser, new_table, signed_up
from tests.server.accounts import client as client  # noqa: PLC0414 - the fixture
from tests.server.accounts import database as database  # noqa: PLC0414 - the fixture
from tests.server.seats import claimed
from tests.server.test_seats import closing_code


def claim(http: TestClient | Signed, table: str, invite: str) -> Any:
    return http.post(f"/api/tables/{table}/claim", json={"invite": invite})


def cookies(http: TestClient) -> dict[str, str]:
    """The browser's cookies as a `Cookie` header (its session's, its seats')."""
    return {"Cookie": "; ".join(f"{cookie.name}={cookie.value}" for cookie in http.cookies.jar)}


def connect(client: TestClient, http: TestClient, url: str, **headers: str) -> Any:
    """`http`'s WebSocket to `url`, with its cookies. Every socket goes through the one
    client that runs the app (each TestClient has an event loop of its own, and the
    tables' actors live in the app's)."""
    return client.websocket_connect(url, headers={**cookies(http), **headers})


def first_update(client: TestClient, http: TestClient, table: str,
                 query: str) -> dict[str, Any]:
    with connect(client, http, f"/ws/tables/{table}{query}") as socket:
        return socket.receive_json()  # type: ignore[no-any-return]


def refused_socket(client: TestClient, http: TestClient, url: str, **headers: str) -> str:
    with pytest.raises(WebSocketDisconnect) as refused, connect(client, http, url, **headers):
        pass
    assert refused.value.code == 1008
    return str(refused.value.reason)


def test_a_guest_who_signs_up_keeps_the_seats_it_holds_by_their_tokens(
        client: TestClient) -> None:
    guest = browser(client)
    one = claimed(guest, new_table(guest, ["human", "random"]))
    two = claimed(guest, new_table(guest, ["random", "human"]))
    ann = signed_up(client, "ann")
    session = signed_in_cookie(ann)
    ann.http.cookies = guest.cookies  # the same browser, now signed in
    ann.http.cookies.set("albion_session", session)
    kept = ann.post("/api/account/seats", json={"seats": [
        {"table": one["table"], "token": one["seats"][0]["token"]},
        {"table": two["table"], "token": two["seats"][0]["token"]},
        {"table": two["table"], "token": "not-a-token"},
        {"table": "no\u0000table", "token": "x"}]})
    assert kept.status_code == 200, kept.text
    assert kept.json()["kept"] == [{"table": one["table"], "seat": 0},
                                   {"table": two["table"], "seat": 1}]
    assert [r["error"] for r in kept.json()["refused"]] == ["bad_credential"] * 2
    tables = ann.http.get("/api/account/tables").json()
    assert {(t["table"], t["seat"]) for t in tables} == {(one["table"], 0), (two["table"], 1)}
    phone = browser(client)  # another browser, no seat cookie: the session opens the seats
    phone.post("/api/account/signin", json={"username": "ann", "password": PASSWORD})
    assert first_update(client, phone, one["table"], "?seat=0")["view"]["viewer"] == 0
    assert first_update(client, phone, two["table"], "?seat=1")["view"]["viewer"] == 1
    token = one["seats"][0]["token"]  # the token works as before
    by_token = first_update(client, browser(client), one["table"], f"?token={token}")
    assert by_token["view"]["viewer"] == 0


def signed_in_cookie(signed: Signed) -> str:
    value = signed.http.cookies.get("albion_session")
    assert value
    return value


def test_the_seat_s_page_keeps_it_for_the_account_with_its_cookie(client: TestClient) -> None:
    created = new_table(client, ["human", "random"])
    guest = browser(client)
    assert claim(guest, created["table"], created["seats"][0]["invite"]).status_code == 200
    table = created["table"]
    assert guest.post(f"/api/tables/{table}/keep?seat=0").status_code == 401  # no account
    ann = signed_up(client, "ann")
    session = signed_in_cookie(ann)
    ann.http.cookies = guest.cookies
    ann.http.cookies.set("albion_session", session)
    assert ann.http.post(f"/api/tables/{table}/keep?seat=0").status_code == 403  # no CSRF
    kept = ann.post(f"/api/tables/{table}/keep?seat=0")
    assert kept.status_code == 200 and kept.json() == {"table": table, "seat": 0}
    assert ann.post(f"/api/tables/{table}/keep?seat=1").status_code == 401
    bob = signed_up(client, "bob")  # the token reaches bob: ann holds the seat already
    seat_cookie = guest.cookies.get(cookie_name(0), path=f"/api/tables/{table}")
    assert seat_cookie
    bob.http.cookies.set(cookie_name(0), seat_cookie, path=f"/api/tables/{table}")
    held = bob.post(f"/api/tables/{table}/keep?seat=0")
    assert held.status_code == 409 and held.json()["error"] == "seat_held"


def test_a_seat_taken_while_signed_in_is_the_account_s(client: TestClient) -> None:
    ann = signed_up(client, "ann")
    created = new_table(client, ["human", "random"])
    public = new_table(client, ["human", "human"], public=True)
    assert claim(ann, created["table"], created["seats"][0]["invite"]).status_code == 200
    assert ann.post(f"/api/tables/{public['table']}/sit?seat=1").status_code == 200
    tables = ann.http.get("/api/account/tables").json()
    assert {(t["table"], t["seat"]) for t in tables} == {(created["table"], 0),
                                                         (public["table"], 1)}
    guest = browser(client)  # a guest's claim is nobody's
    other = new_table(client, ["human", "random"])
    assert claim(guest, other["table"], other["seats"][0]["invite"]).status_code == 200
    assert all(t["table"] != other["table"] for t in ann.http.get(
        "/api/account/tables").json())


def test_a_session_never_opens_another_account_s_seat(client: TestClient) -> None:
    ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
    created = new_table(client, ["human", "human"])
    table = created["table"]
    assert claim(ann, table, created["seats"][0]["invite"]).status_code == 200
    assert claim(bob, table, created["seats"][1]["invite"]).status_code == 200
    ann_phone = browser(client)  # ann's session, without any seat cookie
    ann_phone.cookies.set("albion_session", signed_in_cookie(ann))
    assert first_update(client, ann_phone, table, "?seat=0")["view"]["viewer"] == 0
    for seat in (1, 2, 99):
        assert "no such seat" in refused_socket(client, ann_phone,
                                                f"/ws/tables/{table}?seat={seat}")
    for stranger in (browser(client), signed_up(client, "cyd").http):
        for seat in (0, 1):
            refused_socket(client, stranger, f"/ws/tables/{table}?seat={seat}")
    # a wrong token offered by the session's browser is refused, not opened by the session
    refused = refused_socket(client, ann_phone, f"/ws/tables/{table}?seat=0",
                             Authorization="Bearer wrong")
    assert "token opens no seat" in refused
    # over HTTP: the session opens its own seat's routes only
    csrf = {"X-CSRF-Token": ann.csrf}
    mine = ann_phone.post(f"/api/tables/{table}/session?seat=0", headers=csrf)
    assert mine.status_code == 200 and mine.json()["token"] is None
    assert "set-cookie" not in mine.headers
    for seat in (1, 5):
        theirs = ann_phone.post(f"/api/tables/{table}/session?seat={seat}", headers=csrf)
        assert theirs.status_code == 401
        assert ann_phone.post(f"/api/tables/{table}/revoke?seat={seat}",
                              headers=csrf).status_code == 401
    assert browser(client).post(f"/api/tables/{table}/session?seat=0").status_code == 401


def test_the_account_renews_its_seat_s_token_and_its_session_stays_open(
        client: TestClient) -> None:
    ann = signed_up(client, "ann")
    created = new_table(client, ["human", "random"])
    table = created["table"]
    token = claim(ann, table, created["seats"][0]["invite"]).json()["token"]
    phone = browser(client)
    phone.cookies.set("albion_session", signed_in_cookie(ann))
    with connect(client, phone, f"/ws/tables/{table}?seat=0") as by_session, \
            connect(client, browser(client), f"/ws/tables/{table}?token={token}") as by_token:
        by_session.receive_json()
        by_token.receive_json()
        renewed = phone.post(f"/api/tables/{table}/revoke?seat=0",
                             headers={"X-CSRF-Token": ann.csrf})
        assert renewed.status_code == 200 and renewed.json()["token"] not in (None, token)
        assert closing_code(by_token) == 1008, "the old token's connection is signed out"
        update = by_session.receive_json()
        assert update["type"] == "update", "the account's own stays open"
    refused_socket(client, browser(client), f"/ws/tables/{table}?token={token}")


def test_signing_out_closes_the_connections_the_session_opened(client: TestClient) -> None:
    ann = signed_up(client, "ann")
    created = new_table(client, ["human", "random"])
    table = created["table"]
    token = claim(ann, table, created["seats"][0]["invite"]).json()["token"]
    phone = browser(client)
    answer = phone.post("/api/account/signin", json={"username": "ann", "password": PASSWORD})
    with connect(client, phone, f"/ws/tables/{table}?seat=0") as by_phone, \
            connect(client, browser(client), f"/ws/tables/{table}?token={token}") as by_token:
        by_phone.receive_json()
        by_token.receive_json()
        out = ann.post("/api/account/signout-everywhere")
        assert out.status_code == 204
        assert closing_code(by_phone) == 1008
        by_token.send_json({"type": "hello", "since": 0})
        assert by_token.receive_json()["type"] == "update", "a token's connection stays"
    assert answer.status_code == 200
    refused_socket(client, phone, f"/ws/tables/{table}?seat=0")


def test_a_seat_is_offered_by_name_and_the_account_accepts_or_declines(
        client: TestClient) -> None:
    creator = browser(client)
    created = new_table(creator, ["human", "human", "random"])
    table, seats = created["table"], created["seats"]
    ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
    assert creator.post(f"/api/tables/{table}/offer", json={
        "invite": seats[0]["invite"], "username": "nobody"}).json()["error"] == "no_account"
    assert creator.post(f"/api/tables/{table}/offer", json={
        "invite": "wrong", "username": "ann"}).json()["error"] == "bad_invite"
    offered = creator.post(f"/api/tables/{table}/offer", json={
        "invite": seats[0]["invite"], "username": "ANN"})
    assert offered.status_code == 201
    assert offered.json() == {"table": table, "seat": 0, "username": "ann"}
    assert creator.post(f"/api/tables/{table}/offer", json={
        "invite": seats[1]["invite"], "username": "bob"}).status_code == 201
    invitations = ann.http.get("/api/account/invitations").json()
    assert [(i["table"], i["seat"], i["game"]) for i in invitations] == [(table, 0, "diamoniak")]
    assert ann.post(f"/api/account/invitations/{table}/1/accept").status_code == 404, \
        "bob's offer is not ann's"
    accepted = ann.post(f"/api/account/invitations/{table}/0/accept")
    assert accepted.status_code == 200 and accepted.json()["seat"] == 0
    assert accepted.json()["token"]
    assert ann.http.get("/api/account/invitations").json() == []
    used = claim(browser(client), table, seats[0]["invite"])
    assert used.status_code == 410, "the link opens nothing once the offer is taken"
    assert [t["seat"] for t in ann.http.get("/api/account/tables").json()] == [0]
    declined = bob.post(f"/api/account/invitations/{table}/1/decline")
    assert declined.status_code == 204
    assert bob.http.get("/api/account/invitations").json() == []
    assert bob.post(f"/api/account/invitations/{table}/1/accept").status_code == 404
    assert claim(browser(client), table, seats[1]["invite"]).status_code == 200, \
        "a declined offer leaves the link as it was"
    assert creator.post(f"/api/tables/{table}/offer", json={
        "invite": seats[1]["invite"], "username": "bob"}).status_code == 410


def test_an_offer_whose_link_was_claimed_first_opens_nothing(client: TestClient) -> None:
    created = new_table(client, ["human", "random"])
    table, invite = created["table"], created["seats"][0]["invite"]
    ann = signed_up(client, "ann")
    assert client.post(f"/api/tables/{table}/offer",
                       json={"invite": invite, "username": "ann"}).status_code == 201
    assert claim(browser(client), table, invite).status_code == 200
    assert ann.http.get("/api/account/invitations").json() == []
    late = ann.post(f"/api/account/invitations/{table}/0/accept")
    assert late.status_code == 410 and late.json()["error"] == "invite_used"
    assert ann.post(f"/api/account/invitations/{table}/0/accept").status_code == 404
    assert ann.http.get("/api/account/tables").json() == []


def test_my_tables_lists_those_where_the_account_is_to_move_first(client: TestClient) -> None:
    ann = signed_up(client, "ann")
    waiting = new_table(client, ["human", "human"])  # bob never opens his seat
    assert claim(ann, waiting["table"], waiting["seats"][0]["invite"]).status_code == 200
    mine = new_table(client, ["human", "random"], variant={"first": "seat0"})
    theirs = new_table(client, ["random", "human"], variant={"first": "seat0"},
                       clock={"seconds_per_move": 600, "bot": "random"})
    for created in (mine, theirs):
        seat = created["seats"][0]
        assert claim(ann, created["table"], seat["invite"]).status_code == 200
    phone = browser(client)
    phone.cookies.set("albion_session", signed_in_cookie(ann))
    assert first_update(client, phone, mine["table"], "?seat=0")["status"] == "playing"
    listed = ann.http.get("/api/account/tables").json()
    assert listed[0]["table"] == mine["table"] and listed[0]["to_move"] is True
    assert listed[0]["url"].endswith(f"/play/{mine['table']}?seat=0")
    by_table = {entry["table"]: entry for entry in listed}
    assert by_table[waiting["table"]]["status"] == "waiting"
    assert not by_table[waiting["table"]]["to_move"]
    assert len(listed) == 3
    assert browser(client).get("/api/account/tables").status_code == 401


def test_the_export_holds_the_account_s_data_and_nothing_of_others(
        client: TestClient) -> None:
    ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
    created = new_table(client, ["human", "human"])
    table = created["table"]
    claim(ann, table, created["seats"][0]["invite"])
    claim(bob, table, created["seats"][1]["invite"])
    other = new_table(client, ["human", "random"])
    client.post(f"/api/tables/{other['table']}/offer", json={
        "invite": other["seats"][0]["invite"], "username": "ann"})
    phone, bob_phone = browser(client), browser(client)
    phone.cookies.set("albion_session", signed_in_cookie(ann))
    bob_phone.cookies.set("albion_session", signed_in_cookie(bob))
    with connect(client, phone, f"/ws/tables/{table}?seat=0") as mine, \
            connect(client, bob_phone, f"/ws/tables/{table}?seat=1") as his:
        for socket, name, line in ((mine, "Ann", "hello from ann"),
                                   (his, "Bob", "bob's secret plan")):
            socket.receive_json()
            socket.send_json({"type": "join", "name": name})
            socket.send_json({"type": "chat", "text": line})
        for socket in (mine, his):
            seen: list[str] = []
            while len(seen) < 2:
                frame = socket.receive_json()
                if frame["type"] == "chat":
                    seen += [line["text"] for line in frame["lines"]]
    assert browser(client).post("/api/account/signin", json={
        "username": "ann", "password": PASSWORD}).status_code == 200  # a second session
    answer = ann.http.get("/api/account/export")
    assert answer.status_code == 200
    assert "attachment" in answer.headers["content-disposition"]
    data = answer.json()
    assert data["format"] == "albion-account/1"
    assert data["account"]["username"] == "ann" and data["account"]["id"] == ann.id
    assert [(s["table"], s["seat"], s["name"]) for s in data["seats"]] == [(table, 0, "Ann")]
    assert [line["text"] for line in data["seats"][0]["chat"]] == ["hello from ann"]
    assert [(i["table"], i["seat"]) for i in data["invitations"]] == [(other["table"], 0)]
    assert [s["current"] for s in data["sessions"]] == [True, False]
    text = json.dumps(data)
    for foreign in ("bob", "Bob", bob.id, "argon2", signed_in_cookie(ann),
                    signed_in_cookie(bob), ann.csrf, bob.csrf):
        assert foreign not in text, foreign
    assert browser(client).get("/api/account/export").status_code == 401


def test_deletion_renames_the_account_s_seats_and_the_games_stay(client: TestClient,
                                                                  database: str) -> None:
    ann = signed_up(client, "ann")
    created = new_table(client, ["human", "random"])
    table = created["table"]
    token = claim(ann, table, created["seats"][0]["invite"]).json()["token"]
    phone = browser(client)
    phone.cookies.set("albion_session", signed_in_cookie(ann))
    with connect(client, phone, f"/ws/tables/{table}?seat=0") as by_session, \
            connect(client, browser(client), f"/ws/tables/{table}") as watcher:
        by_session.receive_json()
        watcher.receive_json()
        by_session.send_json({"type": "join", "name": "Ann Lee"})
        while watcher.receive_json().get("names") != {"0": "Ann Lee"}:
            pass
        gone = ann.http.request("DELETE", "/api/account", json={"password": PASSWORD},
                                headers={"X-CSRF-Token": ann.csrf})
        assert gone.status_code == 204
        while (update := watcher.receive_json()).get("names") != {"0": "deleted player"}:
            pass
        assert update["type"] == "update"
        assert closing_code(by_session) == 1008
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["names"] == {"0": "deleted player"}
    assert summary["players"] == ["human", "random"] and summary["status"] == "playing"
    assert first_update(client, browser(client), table, f"?token={token}")["view"]["viewer"] == 0, \
        "the game stays, its seat's token with it"
    refused_socket(client, phone, f"/ws/tables/{table}?seat=0")


def test_the_account_s_session_asks_for_the_rematch_and_holds_its_seat_there(
        client: TestClient) -> None:
    ann = signed_up(client, "ann")
    created = new_table(client, ["human", "random"], variant={"max_turns": 1})
    table = created["table"]
    assert claim(ann, table, created["seats"][0]["invite"]).status_code == 200
    phone = browser(client)  # no seat cookie: the session plays the seat
    phone.cookies.set("albion_session", signed_in_cookie(ann))
    with connect(client, phone, f"/ws/tables/{table}?seat=0") as socket:
        while (update := socket.receive_json())["status"] != "over":
            if update["type"] == "update" and update["legal"] and \
                    update["status"] == "playing":
                socket.send_json({"type": "submit", "version": update["version"],
                                  "action": update["legal"][-1]})
    csrf = {"X-CSRF-Token": ann.csrf}
    assert phone.post(f"/api/tables/{table}/rematch?seat=1", headers=csrf).status_code == 401
    asked = phone.post(f"/api/tables/{table}/rematch?seat=0", headers=csrf)
    assert asked.status_code == 201, asked.text
    rematch = asked.json()["table"]
    assert asked.json()["seat"] == 0
    listed = {(entry["table"], entry["seat"]) for entry in
              ann.http.get("/api/account/tables").json()}
    assert listed == {(table, 0), (rematch, 0)}, "the rematch's seat is the account's too"
    assert first_update(client, ann.http, rematch, "?seat=0")["view"]["viewer"] == 0
