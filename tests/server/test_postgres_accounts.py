"""Issue 30 on PostgreSQL, with two `albion serve` processes sharing the database: the
accounts' migration runs there, an account made on one process signs in on the other,
its session opens its seat on either (and no one else's), signing out everywhere on one
closes the connection its session opened on the other, and deleting the account renames
its seat "deleted player" for the table's viewers on both."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import pytest

from tests.server.test_postgres import URL, Server, database
from tests.server.test_postgres_seats import receive

pytestmark = pytest.mark.skipif(
    not URL, reason="ALBION_TEST_DATABASE_URL is not set: the PostgreSQL tests are skipped; "
    ".ci/run sets it")
__all__ = ["database"]  # the fixture, shared with test_postgres
PASSWORD = "correct horse battery"


@pytest.fixture
def servers(database: str) -> Iterator[tuple[Server, Server]]:
    one = Server(database)
    two = Server(database)
    yield one, two
    one.stop()
    two.stop()


def session_socket(sockets: ExitStack, server: Server, table: str, seat: int,
                   session: str) -> Any:
    from websockets.sync.client import connect  # noqa: PLC0415

    return sockets.enter_context(connect(
        f"ws://127.0.0.1:{server.port}/ws/tables/{table}?seat={seat}",
        additional_headers={"Cookie": f"albion_session={session}"}))


def test_an_account_s_session_on_two_processes(servers: tuple[Server, Server]) -> None:
    from websockets.sync.client import connect  # noqa: PLC0415

    one, two = servers
    with httpx.Client(base_url=one.base) as ann, httpx.Client(base_url=two.base) as phone:
        made = ann.post("/api/account/signup", json={"username": "ann", "password": PASSWORD})
        assert made.status_code == 201, made.text
        signed = phone.post("/api/account/signin", json={"username": "ANN",
                                                         "password": PASSWORD})
        assert signed.status_code == 200, signed.text
        csrf = made.json()["csrf"]
        created = ann.post("/api/tables", json={"game": "diamoniak",
                                                "players": ["human", "human"]},
                           headers={"X-CSRF-Token": csrf}).json()
        table = created["table"]
        claimed = ann.post(f"/api/tables/{table}/claim",
                           json={"invite": created["seats"][0]["invite"]},
                           headers={"X-CSRF-Token": csrf})
        assert claimed.status_code == 200, claimed.text
        listed = phone.get("/api/account/tables").json()
        assert [(entry["table"], entry["seat"]) for entry in listed] == [(table, 0)]
        session = phone.cookies["albion_session"]
        with ExitStack() as sockets:
            watcher = sockets.enter_context(connect(
                f"ws://127.0.0.1:{one.port}/ws/tables/{table}"))
            receive(watcher, lambda m: m["type"] == "update")
            mine = session_socket(sockets, two, table, 0, session)
            assert receive(mine, lambda m: m["type"] == "update")["view"]["viewer"] == 0
            with pytest.raises(Exception, match="HTTP 403"):  # refused before accepted
                session_socket(sockets, two, table, 1, session)
            out = ann.post("/api/account/signout-everywhere",
                           headers={"X-CSRF-Token": csrf})
            assert out.status_code == 204
            with pytest.raises(Exception, match=r"signed out|1008"):
                receive(mine, lambda m: False, seconds=15)
            assert phone.get("/api/account").status_code == 401
            again = ann.post("/api/account/signin", json={"username": "ann",
                                                          "password": PASSWORD})
            assert again.status_code == 200
            gone = ann.request("DELETE", "/api/account", json={"password": PASSWORD},
                               headers={"X-CSRF-Token": again.json()["csrf"]})
            assert gone.status_code == 204
            renamed = receive(watcher, lambda m: m["type"] == "update" and m["names"])
            assert renamed["names"] == {"0": "deleted player"}
        deadline = time.monotonic() + 10
        while httpx.get(f"{two.base}/api/tables/{table}").json()["names"] != {
                "0": "deleted player"}:
            assert time.monotonic() < deadline
            time.sleep(0.1)


def test_a_friend_at_a_table_on_another_process_is_seen(
        servers: tuple[Server, Server]) -> None:
    """Presence crosses processes: bob, on one, sees ann at the table she is connected to
    on the other (the `presence` rows), and no longer once she leaves it."""
    one, two = servers
    with httpx.Client(base_url=one.base) as bob, httpx.Client(base_url=two.base) as ann:
        csrf = {}
        for name, http in (("ann", ann), ("bob", bob)):
            made = http.post("/api/account/signup", json={"username": name,
                                                          "password": PASSWORD})
            assert made.status_code == 201, made.text
            csrf[name] = {"X-CSRF-Token": made.json()["csrf"]}
        assert ann.post("/api/account/friends", json={"username": "bob"},
                        headers=csrf["ann"]).json()["state"] == "asked"
        assert bob.post("/api/account/friends", json={"username": "ann"},
                        headers=csrf["bob"]).json()["state"] == "friends"
        made = ann.post("/api/account/friends/bob/table", json={"game": "diamoniak"},
                        headers=csrf["ann"])
        assert made.status_code == 201, made.text
        table = made.json()["table"]

        def ann_at() -> list[str]:
            [friend] = bob.get("/api/account/friends").json()["friends"]
            return [seat["table"] for seat in friend["tables"]]

        with ExitStack() as sockets:
            mine = session_socket(sockets, two, table, 0, ann.cookies["albion_session"])
            receive(mine, lambda m: m["type"] == "update")
            deadline = time.monotonic() + 10
            while ann_at() != [table]:
                assert time.monotonic() < deadline, "ann never seen at her table"
                time.sleep(0.1)
        deadline = time.monotonic() + 10
        while ann_at():
            assert time.monotonic() < deadline, "ann still seen at the table she left"
            time.sleep(0.1)
