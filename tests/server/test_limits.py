"""Limits (issue 18): an HTTP body over the cap is 413 and never kept (a declared length
of up to 1 MiB read and dropped first so the client meets no reset, a longer one at once,
a chunked body as soon as it passes the cap), tables created per client
address are capped (429 with Retry-After), and so are a client address's table
connections (1008 before the accept: HTTP 403 on a real server). The real server's
limits come from `albion serve`'s options."""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.datastructures import Address
from starlette.types import Message
from starlette.websockets import WebSocketDisconnect
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from albion.server import ServerSettings, create_app
from albion.server import quotas as quotas_module
from albion.server.body_limit import BodyLimit
from albion.server.quotas import ConnectionQuota, TableQuota, address_of
from tests.serving import free_port, start_server, stop_server

TABLE = {"game": "diamoniak", "players": ["human", "random"]}
TOO_MANY = "too many connections from your address"


def client_for(tmp_path: Path, **limits: Any) -> TestClient:
    return TestClient(create_app(ServerSettings(
        database_url=f"sqlite:///{tmp_path / 'albion.db'}", bot_workers=1, **limits)), base_url="http://localhost")


# -- the body cap ---------------------------------------------------------------------

def test_the_default_body_cap_holds_the_largest_table_a_client_can_ask_for() -> None:
    largest = httpx.Request("POST", "http://x/api/tables", json={
        "game": "raiding-stonehenge", "players": ["ismcts:" + "i" * 193] * 8,
        "variant": {f"key{index}": "v" * 40 for index in range(8)}, "seed": 2**63 - 1,
        "clock": {"seconds_per_move": 86_400, "grace_seconds": 86_400,
                  "bot": "heuristic"}})
    assert len(largest.read()) * 2 < ServerSettings().body_limit


def test_a_body_over_the_cap_is_413_json_and_one_within_it_is_served(
        tmp_path: Path) -> None:
    with client_for(tmp_path, body_limit=1024) as client:
        huge = client.post("/api/tables", content=b"{" + b" " * 10_000_000 + b"}",
                           headers={"content-type": "application/json"})
        assert huge.status_code == 413
        assert huge.json() == {"error": "too_big",
                               "message": "a request body is at most 1024 bytes",
                               "words": {"message": "a request body is at most {count} byte",
                                         "plural": "a request body is at most {count} bytes",
                                         "args": {"count": 1024}, "n": 1024}}  # issue 29
        assert huge.headers["x-content-type-options"] == "nosniff"  # the pages' headers
        assert client.post("/api/tables", json=TABLE).status_code == 201
        assert client.get("/api/tables").status_code == 200


async def asgi(messages: list[Message], headers: list[tuple[bytes, bytes]]
               ) -> tuple[int, list[Message], int]:
    """A POST whose body comes as `messages` through a 10,000-byte `BodyLimit`: the
    status sent, what the app behind it received, and how many messages were read."""
    read = 0
    received: list[Message] = []
    sent: list[Message] = []

    async def receive() -> Message:
        nonlocal read
        read += 1
        assert read <= len(messages), "read past the body"
        return messages[read - 1]

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        received.append(await receive())
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/", "headers": headers}
    await BodyLimit(inner, limit=10_000)(scope, receive, send)
    return sent[0]["status"], received, read


def chunks(count: int, size: int = 4096, end: bool = False) -> list[Message]:
    return [{"type": "http.request", "body": b"x" * size,
             "more_body": not (end and index == count - 1)} for index in range(count)]


def test_a_declared_length_over_the_cap_is_refused_before_any_of_the_body_is_read() -> None:
    status, received, read = asyncio.run(asgi(
        chunks(2500), [(b"content-length", b"10240000")]))
    assert (status, received, read) == (413, [], 0)


def test_a_declared_body_up_to_a_mebibyte_is_read_and_dropped_before_the_413() -> None:
    """The client is still sending it: closing on unread bytes would reset the
    connection, and the client would meet the reset instead of the answer."""
    status, received, read = asyncio.run(asgi(
        chunks(5, end=True), [(b"content-length", b"20480")]))
    assert (status, received, read) == (413, [], 5), "all of it read, none of it kept"


def test_a_body_held_back_for_100_continue_is_refused_without_being_asked_for() -> None:
    status, received, read = asyncio.run(asgi(chunks(5, end=True), [
        (b"content-length", b"20480"), (b"expect", b"100-Continue")]))
    assert (status, received, read) == (413, [], 0), "reading would say: go on, send it"


def test_a_body_longer_than_it_declared_is_drained_no_further_than_that() -> None:
    status, received, read = asyncio.run(asgi(chunks(2500), [(b"content-length",
                                                              b"20480")]))
    assert (status, received, read) == (413, [], 6), "20,480 bytes, then one chunk more"


def test_a_chunked_body_is_refused_as_soon_as_it_passes_the_cap() -> None:
    status, received, read = asyncio.run(asgi(chunks(2500), []))
    assert (status, received, read) == (413, [], 3)  # 12 KiB read of 10 MB: then 413


def test_a_chunked_body_within_the_cap_reaches_the_app_whole() -> None:
    status, received, read = asyncio.run(asgi(chunks(2, end=True), []))
    assert status == 200 and read == 2
    assert received == [{"type": "http.request", "body": b"x" * 8192, "more_body": False}]


# -- tables per client address --------------------------------------------------------

def test_tables_per_address_are_capped_with_429_and_retry_after(tmp_path: Path) -> None:
    with client_for(tmp_path, table_rate=0.01, table_burst=3) as client:
        assert client.post("/api/tables", json={**TABLE, "game": "chess"}).status_code == 400
        assert client.post("/api/tables", json={"game": 7}).status_code == 422
        assert [client.post("/api/tables", json=TABLE).status_code
                for _ in range(3)] == [201] * 3, "a refused request takes no table"
        refused = client.post("/api/tables", json=TABLE)
        assert refused.status_code == 429
        assert refused.json()["error"] == "rate_limited"
        wait = int(refused.headers["retry-after"])
        assert 1 <= wait <= 100 and f"try again in {wait} s" in refused.json()["message"]
        listed = client.get("/api/tables").json()
        assert len(listed) == 3, "nothing was created"
        other = TestClient(client.app, client=("192.0.2.7", 4000),  # the same server
                           base_url="http://localhost")
        assert other.post("/api/tables", json=TABLE).status_code == 201, "its own tables"


def test_an_address_refills_its_tables_over_time(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr("albion.server.ratelimit.time.monotonic", lambda: now[0])
    quota = TableQuota(rate=0.5, burst=2)
    assert [quota.take("a"), quota.take("a"), quota.take("a")] == [True, True, False]
    assert quota.retry_after("a") == 2
    now[0] += 1.5
    assert quota.retry_after("a") == 1
    now[0] += 0.5
    assert quota.take("a") and not quota.take("a")


def test_an_ipv6_client_counts_by_its_64_block() -> None:
    one = address_of(Address("2001:db8:1:2::1", 1))
    assert one == address_of(Address("2001:db8:1:2:ffff::9", 2)) == "2001:db8:1:2::/64"
    assert one != address_of(Address("2001:db8:1:3::1", 1))
    assert address_of(Address("::ffff:192.0.2.1", 1)) == "192.0.2.1"
    assert address_of(Address("192.0.2.1", 1)) == "192.0.2.1"
    assert address_of(None) == "" and address_of(Address("testclient", 1)) == "testclient"


def test_the_buckets_kept_per_address_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quotas_module, "MAX_ADDRESSES", 100)
    quota = TableQuota(rate=1e-9, burst=1)
    for index in range(1000):
        assert quota.take(str(ipaddress.ip_address(index)))
        assert len(quota.buckets) <= 100
    assert not quota.take(str(ipaddress.ip_address(999))), "a recent address is kept"


# -- connections per client address ---------------------------------------------------

def test_connections_per_address_are_capped_before_the_accept(tmp_path: Path) -> None:
    with client_for(tmp_path, connections_per_address=2) as client:
        table = client.post("/api/tables", json=TABLE).json()["table"]
        with client.websocket_connect(f"/ws/tables/{table}") as one, \
                client.websocket_connect(f"/ws/tables/{table}") as two:
            one.receive_json()
            two.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed, \
                    client.websocket_connect(f"/ws/tables/{table}"):
                pass
            assert (closed.value.code, closed.value.reason) == (1008, TOO_MANY)
        for _ in range(3):  # closed ones no longer count
            with client.websocket_connect(f"/ws/tables/{table}") as again:
                assert again.receive_json()["type"] == "update"


def test_a_connection_quota_counts_each_address_apart() -> None:
    quota = ConnectionQuota(limit=1)
    assert quota.enter("a") and quota.enter("b") and not quota.enter("a")
    quota.leave("a")
    assert quota.enter("a") and dict(quota.open) == {"a": 1, "b": 1}
    quota.leave("a")
    quota.leave("b")
    assert not quota.open, "nothing kept for addresses with no connection"


# -- a real server, limited by `albion serve`'s options ------------------------------

@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    database = f"sqlite:///{tmp_path_factory.mktemp('limits') / 'albion.db'}"
    process = start_server(port, "--db", database, "--bot-workers", "1", "--table-rate",
                           "0.01", "--table-burst", "2", "--connections-per-address", "2")
    yield f"127.0.0.1:{port}"
    stop_server(process)


def test_a_real_server_answers_a_10_mb_body_413_however_it_is_sent(served: str) -> None:
    def chunked() -> Iterator[bytes]:
        for _ in range(160):  # 10 MB in 64 KiB chunks, no Content-Length
            yield b" " * 65_536

    with httpx.Client(base_url=f"http://{served}", timeout=60) as http:
        declared = http.post("/api/tables", content=b" " * 10_000_000,
                             headers={"content-type": "application/json"})
        streamed = http.post("/api/tables", content=chunked(),
                             headers={"content-type": "application/json"})
        assert "content-length" not in streamed.request.headers
        for answer in (declared, streamed):
            assert answer.status_code == 413 and answer.json()["error"] == "too_big"
        assert http.get("/api/games").status_code == 200, "the server is still up"


def test_a_real_server_answers_bodies_sent_at_once_413_without_a_reset(served: str
                                                                      ) -> None:
    """Eight clients at once each post refused bodies of 100 KB and 1 MB: every one is
    answered 413, none meets a reset connection."""
    async def client(size: int) -> list[int]:
        async with httpx.AsyncClient(base_url=f"http://{served}", timeout=60) as http:
            return [(await http.post("/api/tables", content=b" " * size, headers={
                "content-type": "application/json"})).status_code for _ in range(6)]

    async def everyone() -> list[list[int]]:
        return await asyncio.gather(*(client(100_000 if index % 2 else 1_000_000)
                                      for index in range(8)))

    assert asyncio.run(everyone()) == [[413] * 6] * 8


def test_a_real_server_caps_tables_and_connections_from_its_options(served: str) -> None:
    with httpx.Client(base_url=f"http://{served}", timeout=30) as http:
        statuses = [http.post("/api/tables", json=TABLE) for _ in range(3)]
        assert [answer.status_code for answer in statuses] == [201, 201, 429]
        assert int(statuses[2].headers["retry-after"]) >= 1
    table = statuses[0].json()["table"]
    assert asyncio.run(asyncio.wait_for(three_connections(served, table), 60)) == \
        [101, 101, 403]


async def three_connections(served: str, table: str) -> list[int]:
    """Two connections held open, then a third: the handshakes' HTTP statuses."""
    url = f"ws://{served}/ws/tables/{table}"
    async with connect(url, proxy=None) as one, connect(url, proxy=None) as two:
        await one.recv()
        await two.recv()
        try:
            async with connect(url, proxy=None) as three:
                await three.recv()
                third = 101
        except InvalidStatus as refused:
            third = refused.response.status_code
    return [101, 101, third]
