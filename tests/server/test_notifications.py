"""Issue 31, notifications: "a friend invited you", "your turn" and "the game ended" reach
an account by e-mail (opt-in, through a local SMTP server) and by Web Push (to a local
push endpoint, its payload decrypted here as a browser would), and its pages list them;
a turn is notified once, however many decisions it has; nobody is notified of a turn at
a page they hold open; a row leased by a process that died is sent by another."""

from __future__ import annotations

import base64
import http.server
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from pathlib import Path
from typing import Any, ClassVar

import http_ece
import pytest
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from albion.server import create_app
from albion.server.notifications import Kind, Notifications, notifications
from albion.server.store import Store
from tests.server.accounts import Signed, settings_for, signed_up
from tests.server.test_account_seats import connect
from tests.server.test_game_room import receive_until


class Inbox:
    """What the local SMTP server received."""

    def __init__(self) -> None:
        self.mails: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.mails.append(message_from_bytes(envelope.content))
        return "250 OK"

    def wait(self, count: int, seconds: float = 15) -> list[Any]:
        deadline = time.monotonic() + seconds
        while len(self.mails) < count:
            assert time.monotonic() < deadline, [m["Subject"] for m in self.mails]
            time.sleep(0.05)
        return self.mails


class PushSink(http.server.BaseHTTPRequestHandler):
    """A push service on this machine: keeps each encrypted body it is sent."""

    bodies: ClassVar[list[bytes]] = []

    def do_POST(self) -> None:
        self.bodies.append(self.rfile.read(int(self.headers["Content-Length"])))
        self.send_response(201)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


class PushReader:
    """A browser's push keys, as `PushManager.subscribe` makes them (a P-256 key pair and
    an auth secret), and what it reads from the pushes the sink received (RFC 8291)."""

    def __init__(self) -> None:
        self.private = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def keys(self) -> dict[str, str]:
        public = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"p256dh": _b64(public), "auth": _b64(self.auth)}

    def pushed(self, count: int, seconds: float = 15) -> list[dict[str, Any]]:
        """The first `count` pushes, decrypted (waiting for them)."""
        deadline = time.monotonic() + seconds
        while len(PushSink.bodies) < count:
            assert time.monotonic() < deadline, f"{len(PushSink.bodies)} pushed"
            time.sleep(0.05)
        return [json.loads(http_ece.decrypt(body, private_key=self.private,
                                            auth_secret=self.auth, version="aes128gcm"))
                for body in PushSink.bodies]


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    box = Inbox()
    with socket.socket() as probe:  # a free port (the controller checks its own by
        probe.bind(("127.0.0.1", 0))  # connecting to it: it cannot be 0)
        box.port = probe.getsockname()[1]  # type: ignore[attr-defined]
    controller = Controller(box, hostname="127.0.0.1", port=box.port)  # type: ignore[attr-defined]
    controller.start()
    yield box
    controller.stop()


@pytest.fixture
def push_service() -> Iterator[str]:
    PushSink.bodies = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PushSink)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/push/"
    server.shutdown()


@pytest.fixture
def client(tmp_path: Path, inbox: Inbox) -> Iterator[TestClient]:
    settings = settings_for(f"sqlite:///{tmp_path / 'albion.db'}", smtp_host="127.0.0.1",
                            smtp_port=inbox.port,  # type: ignore[attr-defined]
                            vapid_key=tmp_path / "vapid.pem", allow_http_push=True,
                            notify_poll_seconds=0.2)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def opt_in(who: Signed, inbox: Inbox) -> None:
    """`who` gives its address, asks for e-mail and opens the confirmation link it is
    mailed; the inbox is then emptied."""
    answer = who.http.put("/api/account/email", headers={"X-CSRF-Token": who.csrf},
                          json={"address": f"{who.username}@example.org", "notify": True})
    assert answer.status_code == 200, answer.text
    assert answer.json()["confirmed"] is False
    [mail] = inbox.wait(1)
    assert mail["To"] == f"{who.username}@example.org"
    assert mail["Subject"] == "Confirm your e-mail address for Albion"
    link = next(line for line in mail.get_payload(decode=True).decode().splitlines()
                if "/confirm?" in line)
    opened = who.http.get(link.replace("http://localhost", ""), follow_redirects=False)
    assert opened.status_code == 303
    assert who.http.get("/api/account/email").json()["confirmed"] is True
    again = who.http.get(link.replace("http://localhost", ""), follow_redirects=False)
    assert again.status_code == 404 and again.json()["error"] == "bad_token"
    inbox.mails.clear()


def friends(one: Signed, other: Signed) -> None:
    one.post("/api/account/friends", json={"username": other.username})
    other.post("/api/account/friends", json={"username": one.username})


def turn_based(client: TestClient, ann: Signed, bob: Signed) -> str:
    """Ann sends bob a turn-based table; bob accepts it; both have opened their seats."""
    made = ann.post("/api/account/friends/bob/table", json={"game": "diamoniak"})
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    assert bob.post(f"/api/account/invitations/{table}/1/accept").status_code == 200
    return str(table)


def test_an_invitation_and_a_turn_are_mailed_once(client: TestClient,
                                                          inbox: Inbox) -> None:
    ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
    opt_in(bob, inbox)
    friends(ann, bob)
    table = turn_based(client, ann, bob)
    [invited] = inbox.wait(1)
    assert invited["To"] == "bob@example.org"
    assert invited["Subject"] == "You are invited to Diamoniak"
    assert "http://localhost/account" in invited.get_payload()
    with connect(client, bob.http, f"/ws/tables/{table}?seat=1") as seat:
        receive_until(seat, lambda u: True)  # bob opens his seat once, and leaves: play
        # begins when ann opens hers
    with connect(client, ann.http, f"/ws/tables/{table}?seat=0") as seat:
        update = receive_until(seat, lambda u: u["status"] == "playing")
        while update["status"] == "playing" and 0 in update["view"]["to_move"]:
            calm = [a for a in update["legal"] if a != "draw"] or update["legal"]
            seat.send_json({"type": "submit", "action": calm[0],
                            "version": update["version"]})
            version = update["version"]
            update = receive_until(seat, lambda u, v=version: u["version"] > v)
    mails = inbox.wait(2)
    turn = mails[1]
    assert turn["Subject"] == "Your turn at Diamoniak", [m["Subject"] for m in mails]
    assert f"/play/{table}?seat=1" in turn.get_payload()
    assert turn["Message-ID"].startswith("<notification-")
    listed = bob.http.get("/api/account/notifications").json()["unread"]
    assert [item["kind"] for item in listed] == ["turn", "invited"]
    assert listed[0]["url"].endswith(f"/play/{table}?seat=1")
    assert bob.post("/api/account/notifications/read", json={}).json() == {"read": 2}
    assert bob.http.get("/api/account/notifications").json()["unread"] == []
    time.sleep(0.6)
    assert len(inbox.mails) == 2, "nothing twice"
    assert ann.http.get("/api/account/notifications").json()["unread"] == [], \
        "ann held her page open: not told of her own turn"


def play_turn(client: TestClient, who: Signed, table: str, seat: int) -> int:
    """`who` opens its seat, decides until its turn is over (drawing while it may: a turn
    of several decisions), and leaves; how many decisions it made."""
    made = 0
    with connect(client, who.http, f"/ws/tables/{table}?seat={seat}") as socket:
        update = receive_until(socket, lambda u: u["status"] == "playing")
        while seat in update["view"]["to_move"] and update["status"] == "playing":
            action = "draw" if "draw" in update["legal"] and made < 3 else next(
                (a for a in update["legal"] if a != "draw"), update["legal"][0])
            socket.send_json({"type": "submit", "action": action,
                              "version": update["version"]})
            version = update["version"]
            update = receive_until(socket, lambda u, v=version: u["version"] > v)
            made += 1
    return made


def test_a_turn_of_several_decisions_is_notified_once(tmp_path: Path) -> None:
    settings = settings_for(f"sqlite:///{tmp_path / 'albion.db'}")
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
        friends(ann, bob)
        table = turn_based(client, ann, bob)
        players = {0: ann, 1: bob}
        for seat in (1, 0):  # each opens a seat once, and leaves: play begins
            with connect(client, players[seat].http,
                         f"/ws/tables/{table}?seat={seat}") as socket:
                receive_until(socket, lambda u: True)
        with connect(client, bob.http, f"/ws/tables/{table}?seat=1") as socket:
            first = receive_until(socket, lambda u: u["status"] == "playing")
        opener = first["view"]["to_move"][0]
        other = 1 - opener
        turns, longest = 0, 0
        while longest < 2 and turns < 6:  # until the other has played a turn of several
            play_turn(client, players[opener], table, opener)  # the other's turn begins
            longest = max(longest, play_turn(client, players[other], table, other))
            turns += 1
        assert longest >= 2, "a turn of several decisions"
        store = Store(settings.database_url)
        with store.engine.connect() as db:
            rows = db.execute(select(notifications.c.account_id, notifications.c.kind,
                                     notifications.c.turn)).all()
        store.close()
        theirs = [row for row in rows if row.kind == "turn" and
                  row.account_id == players[other].id]
        assert len(theirs) == turns, (turns, rows)  # one a turn, however many decisions


def test_the_end_is_told_to_the_person_away_and_not_to_the_one_there(tmp_path: Path) -> None:
    settings = settings_for(f"sqlite:///{tmp_path / 'albion.db'}", min_move_seconds=0.2)
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
        made = ann.post("/api/tables", json={
            "game": "diamoniak", "players": ["human", "human"],
            "clock": {"seconds_per_move": 0.3, "grace_seconds": 0, "bot": "random"}}).json()
        table = made["table"]
        for who, link in ((ann, made["seats"][0]), (bob, made["seats"][1])):
            assert who.post(f"/api/tables/{table}/claim",
                            json={"invite": link["invite"]}).status_code == 200
        with connect(client, bob.http, f"/ws/tables/{table}?seat=1") as seat:
            receive_until(seat, lambda u: True)  # bob leaves: a stand-in plays for him
        with connect(client, ann.http, f"/ws/tables/{table}?seat=0") as seat:
            update = receive_until(seat, lambda u: u["status"] == "playing")
            while update["status"] != "over":
                if 0 in update["view"]["to_move"] and update["legal"]:
                    seat.send_json({"type": "submit", "action": update["legal"][0],
                                    "version": update["version"]})
                update = receive_until(seat, lambda u: True, limit=10_000)
        kinds = {who.username: [n["kind"] for n in
                                who.http.get("/api/account/notifications").json()["unread"]]
                 for who in (ann, bob)}
        assert kinds["ann"] == [], kinds
        assert kinds["bob"][0] == "ended", kinds
        assert kinds["bob"].count("turn") <= 1, \
            "once its stand-in plays it, a seat is not told of its turns"


def test_a_subscribed_browser_is_pushed_the_notification(client: TestClient,
                                                         push_service: str) -> None:
    ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
    key = client.get("/api/push/key").json()["key"]
    assert len(base64.urlsafe_b64decode(key + "=")) == 65, "an uncompressed P-256 point"
    browser = PushReader()
    subscribed = bob.post("/api/account/push", json={
        "endpoint": push_service + "bob", "expirationTime": None, "keys": browser.keys()})
    assert subscribed.status_code == 201, subscribed.text
    friends(ann, bob)
    ann.post("/api/account/friends/bob/table", json={"game": "raiding-stonehenge"})
    [payload] = browser.pushed(1)
    assert payload["kind"] == "invited"
    assert payload["title"] == "You are invited to Raiding Stonehenge"
    assert payload["url"].endswith("/account")


def test_an_address_that_is_none_is_refused(client: TestClient) -> None:
    ann = signed_up(client, "ann")
    answer = ann.http.put("/api/account/email", headers={"X-CSRF-Token": ann.csrf},
                          json={"address": "not an address", "notify": True})
    assert answer.status_code == 400 and answer.json()["error"] == "bad_email"
    assert ann.http.get("/api/account/email").json() == {
        "address": None, "notify": False, "confirmed": False, "sending": True}


def test_an_address_not_confirmed_is_sent_nothing_but_its_confirmation(
        client: TestClient, inbox: Inbox) -> None:
    ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
    answer = bob.http.put("/api/account/email", headers={"X-CSRF-Token": bob.csrf},
                          json={"address": "someone.else@example.org", "notify": True})
    assert answer.status_code == 200 and answer.json()["confirmed"] is False
    friends(ann, bob)
    ann.post("/api/account/friends/bob/table", json={"game": "diamoniak"})
    deadline = time.monotonic() + 10
    while bob.http.get("/api/account/notifications").json()["unread"] == []:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(1.0)  # the courier has had its chance
    assert [mail["Subject"] for mail in inbox.mails] == [
        "Confirm your e-mail address for Albion"], "nothing else to an address unconfirmed"


def test_a_row_leased_by_a_process_that_died_is_sent_by_another(tmp_path: Path) -> None:
    settings = settings_for(f"sqlite:///{tmp_path / 'albion.db'}")
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        ann = signed_up(client, "ann")
    store = Store(settings.database_url)
    notes = Notifications(store)
    notes.add(ann.id, Kind.INVITED, "t1", 0, 0)
    notes.add(ann.id, Kind.INVITED, "t1", 0, 0)  # the same key: once
    [held] = notes.claim()
    assert notes.claim() == [], "leased: no other process takes it"
    with store.transaction() as db:  # the lease of a process that died runs out
        db.execute(update(notifications).values(
            claimed_until=datetime.now(UTC) - timedelta(seconds=1)))
    [again] = notes.claim()
    assert again.id == held.id
    notes.delivered([again.id])
    assert notes.claim() == []
    store.close()
