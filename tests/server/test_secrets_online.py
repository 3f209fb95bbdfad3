"""Issue 25, critical: an online table's chance comes from a 256-bit secret that exists only
on the server (stored with the table, so a restart resumes it), never from a number anyone
is shown; a creator who chooses the seed holds every person's seat, and everyone at the
table is shown that the seed was chosen."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from albion.server import ServerSettings, create_app
from albion.table import LogRow, Table
from tests.server.accounts import settings_for, signed_up
from tests.server.seats import claimed


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'albion.db'}"


def app_client(database: str) -> TestClient:
    return TestClient(create_app(ServerSettings(database_url=database, bot_workers=1,
                                                bot_delay=0.0)), base_url="http://localhost")


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with app_client(database) as c:
        yield c


def stored(database: str, table: str) -> dict[str, Any]:
    with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
        db.row_factory = sqlite3.Row
        row = db.execute("SELECT * FROM tables WHERE id = ?", (table,)).fetchone()
        rows = db.execute("SELECT version, actor, action FROM decisions WHERE table_id = ? "
                          "ORDER BY version", (table,)).fetchall()
    return {**dict(row), "log": [LogRow(*r) for r in rows]}


def frames(client: TestClient, table: str, query: str = "", count: int = 1) -> list[Any]:
    with client.websocket_connect(f"/ws/tables/{table}{query}") as socket:
        return [socket.receive_json() for _ in range(count)]


def oracle(row: dict[str, Any], secret: bytes | None, seed: int | None) -> list[LogRow]:
    """The log a table dealt from `secret` (or `seed`) makes when its seats decide what
    the stored log says they decided: every chance row drawn again from that stream."""
    players = json.loads(row["players"])
    table = Table(row["game"], players, json.loads(row["variant"]), seed, secret=secret,
                  autoplay=False)
    for decision in row["log"]:
        if decision.version > table.version and decision.actor >= 0:
            table.submit(decision.actor, decision.action, table.version)
    return table.log()


def test_an_online_table_is_dealt_from_a_256_bit_secret_kept_on_the_server(
        client: TestClient, database: str) -> None:
    created = client.post("/api/tables", json={"game": "raiding-stonehenge",
                                               "players": ["human", "random", "random"]})
    assert created.status_code == 201
    table = created.json()["table"]
    row = stored(database, table)
    assert row["seed"] is None and not row["seed_chosen"]
    secret = bytes.fromhex(row["secret"])
    assert len(secret) * 8 == 256
    assert oracle(row, secret, None) == row["log"], "the deal comes from the secret"
    assert oracle(row, None, 0) != row["log"]
    shown = json.dumps([created.json(), client.get(f"/api/tables/{table}").json(),
                        client.get("/api/tables").json(), frames(client, table)])
    for number in (row["secret"], str(int.from_bytes(secret, "big")),
                   str(int.from_bytes(secret[:4], "big"))):
        assert number not in shown


def test_no_frame_summary_or_record_holds_the_secret_and_the_record_has_no_seed(
        client: TestClient, database: str) -> None:
    created = client.post("/api/tables", json={"game": "diamoniak",
                                               "players": ["random", "random"]}).json()
    table = created["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        seen = [watcher.receive_json()]
        while seen[-1]["status"] != "over":
            seen.append(watcher.receive_json())
    record = client.get(f"/api/tables/{table}/record").json()
    replay = client.get(f"/api/tables/{table}/replay").json()
    row = stored(database, table)
    assert record["meta"] == {"chance": "secret"}
    everything = json.dumps([seen, record, replay, client.get(f"/api/tables/{table}").json()])
    assert row["secret"] not in everything


def test_a_restart_resumes_the_secret_stream(database: str) -> None:
    with app_client(database) as client:
        created = claimed(client, client.post("/api/tables", json={
            "game": "diamoniak", "players": ["human", "random"]}).json())
        table, token = created["table"], created["seats"][0]["token"]
    rng = random.Random(1)
    for _ in range(3):  # three servers in turn: each plays a few decisions
        with app_client(database) as client, \
                client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
            moves = 0
            while moves < 4:
                update = seat.receive_json()
                if update["type"] == "update" and update["legal"]:
                    seat.send_json({"type": "submit", "version": update["version"],
                                    "action": rng.choice(update["legal"])})
                    moves += 1
                if update.get("status") == "over":
                    break
    row = stored(database, table)
    assert len(row["log"]) > 10
    assert oracle(row, bytes.fromhex(row["secret"]), None) == row["log"]


def test_a_chosen_seed_gives_its_creator_every_seat_and_everyone_is_shown_it(
        client: TestClient, database: str) -> None:
    answer = client.post("/api/tables", json={"game": "diamoniak", "seed": 7,
                                              "players": ["human", "human"]}).json()
    assert answer["seed_chosen"] is True
    assert all(seat["token"] and seat["invite"] is None for seat in answer["seats"])
    table = answer["table"]
    assert client.get(f"/api/tables/{table}").json()["seed_chosen"] is True
    row = stored(database, table)
    assert row["seed"] == 7 and row["secret"] is None and row["seed_chosen"]
    assert oracle(row, None, 7) == row["log"]
    token = answer["seats"][1]["token"]
    for query in ("", f"?token={token}"):
        assert frames(client, table, query)[0]["seed_chosen"] is True
    plain = client.post("/api/tables", json={"game": "diamoniak",
                                             "players": ["human", "human"]}).json()
    assert plain["seed_chosen"] is False
    assert frames(client, plain["table"])[0]["seed_chosen"] is False


def test_a_signed_in_seat_sees_through_its_session_what_its_token_shows_and_no_more(
        database: str) -> None:
    """Issue 30: a seat an account holds is opened by the account's session with exactly
    the view its token gives — its own hand (RS-18), nobody else's — and the session
    opens no other seat; nothing the account is served holds the table's secret."""
    with TestClient(create_app(settings_for(database)), base_url="http://localhost") as client:
        created = client.post("/api/tables", json={"game": "raiding-stonehenge",
                                                   "players": ["human"] * 3}).json()
        table = created["table"]
        ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
        tokens = [ann.post(f"/api/tables/{table}/claim",
                           json={"invite": created["seats"][0]["invite"]}).json()["token"],
                  bob.post(f"/api/tables/{table}/claim",
                           json={"invite": created["seats"][1]["invite"]}).json()["token"]]
        sessions = [{"Cookie": f"albion_session={signed.http.cookies['albion_session']}"}
                    for signed in (ann, bob)]
        views = {}
        for seat, headers in enumerate(sessions):
            with client.websocket_connect(f"/ws/tables/{table}?seat={seat}",
                                          headers=headers) as socket:
                views[seat] = socket.receive_json()["view"]
            by_token = frames(client, table, f"?token={tokens[seat]}")[0]["view"]
            assert views[seat] == by_token, "the session shows what the token shows"
            other = 1 - seat
            with pytest.raises(WebSocketDisconnect), client.websocket_connect(
                    f"/ws/tables/{table}?seat={other}", headers=headers):
                pass
        hands = {seat: {p["seat"]: p["hand"] for p in view["board"]["players"]}
                 for seat, view in views.items()}
        assert hands[0][0] and hands[1][1], "each sees its own hand"
        assert hands[0][1] is None and hands[1][0] is None, "and not the other's (RS-18)"
        served = json.dumps([views, ann.http.get("/api/account/tables").json(),
                             ann.http.get("/api/account/export").json(),
                             bob.http.get("/api/account/export").json()])
        assert stored(database, table)["secret"] not in served
        assert json.dumps(hands[1][1]) not in json.dumps(
            ann.http.get("/api/account/export").json())
