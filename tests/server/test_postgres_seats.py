"""Issue 25 on PostgreSQL, with two `albion serve` processes sharing the tables: a NUL in a
table id or a name is refused (it made PostgreSQL fail with a 500); a seat open on two
processes is told so on each, and renewing its token on one signs the other out; a
rematch asked for on one process is heard by the seats connected to the other."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import pytest

from tests.server.test_postgres import URL, Server, database

pytestmark = pytest.mark.skipif(
    not URL, reason="ALBION_TEST_DATABASE_URL is not set: the PostgreSQL tests are skipped; "
    ".ci/run sets it")
__all__ = ["database"]  # the fixture, shared with test_postgres


@pytest.fixture
def servers(database: str) -> Iterator[tuple[Server, Server]]:
    one = Server(database)
    two = Server(database)
    yield one, two
    one.stop()
    two.stop()


def receive(socket: Any, test: Any, seconds: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message: dict[str, Any] = json.loads(socket.recv(timeout=seconds))
        if test(message):
            return message
    raise AssertionError("no such message")


def test_a_nul_in_an_id_or_a_name_is_refused_not_a_server_error(
        servers: tuple[Server, Server]) -> None:
    one, _ = servers
    created = httpx.post(f"{one.base}/api/tables", json={
        "game": "diamoniak", "players": ["human", "human"], "seed": 4}).json()
    table, token = created["table"], created["seats"][0]["token"]
    for path in ("/api/tables/a%00b", f"/api/tables/{table}%00",
                 f"/api/tables/{table}%00/record", "/api/tables/%00/replay"):
        answer = httpx.get(f"{one.base}{path}")
        assert answer.status_code == 404, (path, answer.text)
    with ExitStack() as sockets:
        seat = one.socket(sockets, table, token)
        receive(seat, lambda m: m["type"] == "update")
        seat.send(json.dumps({"type": "join", "name": "Ann\u0000"}))
        refused = receive(seat, lambda m: m["type"] in ("error", "named"))
        assert refused["type"] == "error" and refused["code"] == "bad_name"
        seat.send(json.dumps({"type": "join", "name": "Ann"}))
        assert receive(seat, lambda m: m["type"] in ("error", "named"))["type"] == "named"
    assert httpx.get(f"{one.base}/api/tables/{table}").json()["names"] == {"0": "Ann"}


def test_a_seat_open_on_two_processes_is_told_and_signed_out_from_either(
        servers: tuple[Server, Server]) -> None:
    one, two = servers
    created = httpx.post(f"{one.base}/api/tables", json={
        "game": "diamoniak", "players": ["human", "random"], "seed": 6}).json()
    table, token = created["table"], created["seats"][0]["token"]
    with ExitStack() as sockets:
        here = one.socket(sockets, table, token)
        receive(here, lambda m: m["type"] == "update")
        there = two.socket(sockets, table, token)
        receive(there, lambda m: m["type"] == "update")
        assert receive(here, lambda m: m["type"] == "update" and m["elsewhere"] == 1)
        renewed = httpx.post(f"{two.base}/api/tables/{table}/revoke",
                             headers={"Authorization": f"Bearer {token}"})
        assert renewed.status_code == 200, renewed.text
        for socket in (here, there):  # both held the old token
            with pytest.raises(Exception, match=r"signed out|1008"):
                receive(socket, lambda m: False, seconds=15)
        fresh = renewed.json()["token"]
        back = one.socket(sockets, table, fresh)
        assert receive(back, lambda m: m["type"] == "update")["view"]["viewer"] == 0


def test_a_rematch_on_one_process_is_heard_on_the_other(
        servers: tuple[Server, Server]) -> None:
    one, two = servers
    created = httpx.post(f"{one.base}/api/tables", json={
        "game": "diamoniak", "players": ["human", "human"], "seed": 8,
        "variant": {"max_turns": 1}}).json()
    table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
    with ExitStack() as sockets:
        first = one.socket(sockets, table, tokens[0])
        second = two.socket(sockets, table, tokens[1])
        while True:  # both play at random to the end (one turn each)
            update = receive(first, lambda m: m["type"] == "update")
            if update["status"] == "over":
                break
            if update["legal"] and update["status"] == "playing":
                first.send(json.dumps({"type": "submit", "version": update["version"],
                                       "action": update["legal"][-1]}))
            other = receive(second, lambda m: m["type"] == "update")
            if other["legal"] and other["status"] == "playing":
                second.send(json.dumps({"type": "submit", "version": other["version"],
                                        "action": other["legal"][-1]}))
        asked = httpx.post(f"{one.base}/api/tables/{table}/rematch",
                           headers={"Authorization": f"Bearer {tokens[0]}"})
        assert asked.status_code == 201, asked.text
        heard = receive(second, lambda m: m["type"] == "update" and m["rematch"])
        assert heard["rematch"] == asked.json()["table"]
    joined = httpx.post(f"{two.base}/api/tables/{table}/rematch",
                        headers={"Authorization": f"Bearer {tokens[1]}"})
    assert joined.status_code == 201 and joined.json()["table"] == asked.json()["table"]


def test_a_clock_reads_alike_on_two_processes_and_survives_its_owner_s_death(
        servers: tuple[Server, Server]) -> None:
    """Issue 31: the banks are computed from the stored decisions, so the process that
    does not run a table's clock shows the same countdown, and after the owner is killed
    the adopter's bank is the one that ran out so far, not a fresh one."""
    one, two = servers
    created = httpx.post(f"{one.base}/api/tables", json={
        "game": "diamoniak", "players": ["human", "human"], "seed": 4,
        "clock": {"kind": "fischer", "bank_seconds": 600}}).json()
    table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
    with ExitStack() as sockets:
        first = one.socket(sockets, table, tokens[0])
        second = two.socket(sockets, table, tokens[1])
        update = receive(first, lambda m: m.get("type") == "update" and
                         m["status"] == "playing" and bool(m["legal"]))
        time.sleep(1.5)
        while 0 in update["view"]["to_move"]:  # seat 0's turn, to its end
            calm = [a for a in update["legal"] if a != "draw"] or update["legal"]
            first.send(json.dumps({"type": "submit", "action": calm[0],
                                   "version": update["version"]}))
            update = receive(first, lambda m, v=update["version"]: m.get("type") ==
                             "update" and m["version"] > v)
        mine = update["clock"]["banks"]["0"]
        assert 600 - 10 < mine <= 600 - 1.4, update["clock"]
        there = receive(second, lambda m: m.get("type") == "update" and
                        m["version"] == update["version"])
        assert abs(there["clock"]["banks"]["0"] - mine) < 0.5, (mine, there["clock"])
        assert there["clock"]["left"].keys() == update["clock"]["left"].keys()
    owner = one if httpx.get(f"{one.base}/api/tables/{table}").status_code == 200 else two
    owner.kill()
    survivor = two if owner is one else one
    with ExitStack() as sockets:
        watcher = survivor.socket(sockets, table, tokens[1])
        later = receive(watcher, lambda m: m.get("type") == "update")
        assert abs(later["clock"]["banks"]["0"] - mine) < 0.5, (mine, later["clock"])
