"""Slowloris and connection floods (`http_guard`, `run.serve`): a connection that never
finishes its request's headers is closed after the header timeout, a client address
holds a capped number of connections (WebSockets included, released when they close),
and a flood from one address does not keep another out. Against real server processes
on loopback, started as `albion serve` starts one (`run.serve`).

All of 127/8 is this machine on Linux: a client socket bound to 127.0.0.N is a client
address of its own. 127.0.0.1, the honest client here, is a proxy uvicorn trusts
(`X-Forwarded-For`), held to the total of connections only."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import resource
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from starlette.datastructures import Address
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from albion.server.http_guard import (
    FILE_LIMIT_CAP,
    Connections,
    connection_key,
    raise_open_file_limit,
)
from albion.server.quotas import address_of
from albion.server.run import connection_budget
from albion.server.settings import ServerSettings
from tests.serving import free_port, start_guarded_server, start_server, stop_server

PER_ADDRESS = 16
"""The capped server's connections per address; its header timeout outlasts the tests."""
OPEN_FILES = 256
"""The capped server's hard limit of open files: 300 slow connections exhaust it, as
about 1,000 exhausted a server whose limit was 1024."""
HEADER_TIMEOUT = 1.0
"""The hurried server's header timeout; it holds `HURRIED_PER_ADDRESS` per address."""
HURRIED_PER_ADDRESS = 4
SLACK = 3.0
"""Seconds a close may come late on a loaded machine."""
PARTIAL = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
REQUEST = PARTIAL + b"\r\n"
REFUSAL = {"error": "rate_limited", "message": "too many connections from your address",
           "words": {"message": "too many connections from your address", "args": {}}}


def serve(tmp_path_factory: pytest.TempPathFactory, open_files: int = 0, http: str = "auto",
          **settings: object) -> Iterator[int]:
    port = free_port()
    database = f"sqlite:///{tmp_path_factory.mktemp('slowloris') / 'albion.db'}"
    process = start_guarded_server(port, open_files=open_files, http=http,
                                   database_url=database, bot_workers=1, **settings)
    yield port
    stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    stop_server(process)


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    yield from serve(tmp_path_factory, open_files=OPEN_FILES, header_timeout=60.0,
                     http_connections_per_address=PER_ADDRESS)


@pytest.fixture(scope="module", params=["auto", "h11"], ids=["httptools", "h11"])
def hurried(request: pytest.FixtureRequest,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """With uvicorn's own choice of protocol (httptools), and with h11's."""
    yield from serve(tmp_path_factory, http=request.param, header_timeout=HEADER_TIMEOUT,
                     http_connections_per_address=HURRIED_PER_ADDRESS)


def client(address: str, port: int) -> socket.socket:
    """A connection to the server from client address `address`."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    return sock


def slow_client(address: str, port: int) -> socket.socket:
    """A connection that sends part of a request and never the rest."""
    sock = client(address, port)
    with contextlib.suppress(OSError):  # refused and closed already
        sock.sendall(PARTIAL)
    return sock


def read_to_end(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    chunks = []
    while chunk := sock.recv(65_536):
        chunks.append(chunk)
    return b"".join(chunks)


def status_from(address: str, port: int) -> int:
    """The status a new connection from `address` is answered for `GET /api/games`."""
    with client(address, port) as sock:
        sock.sendall(PARTIAL + b"Connection: close\r\n\r\n")
        return int(read_to_end(sock).split(b" ", 2)[1])


def eventually(condition: Callable[[], bool], seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def seconds_until_closed(sock: socket.socket, trickle: bool = False,
                         since: float | None = None) -> float:
    """Seconds from `since` (now) until the server closes `sock` (AssertionError after
    twice HEADER_TIMEOUT and SLACK), sending it a header byte every tenth of a second if
    `trickle`."""
    started = time.monotonic() if since is None else since
    sock.settimeout(0.1)
    while time.monotonic() - started < 2 * (HEADER_TIMEOUT + SLACK):
        try:
            if trickle:
                sock.sendall(b"a")
            if sock.recv(65_536) == b"":
                return time.monotonic() - started
        except TimeoutError:
            continue
        except OSError:  # reset: closed on bytes it had not read
            return time.monotonic() - started
    raise AssertionError(f"still open after {time.monotonic() - started:.1f} s")


# -- the counts, without a server --------------------------------------------------------

@pytest.mark.parametrize("host", ["10.1.2.3", "2001:db8:1:2::7", "::ffff:10.1.2.3", ""])
def test_connections_are_counted_under_the_quotas_keys(host: str) -> None:
    assert connection_key(host) == address_of(Address(host, 0))
    assert connection_key("2001:db8:1:2::7") == connection_key("2001:db8:1:2:ffff::1")
    assert connection_key("::ffff:10.1.2.3") == "10.1.2.3"


def test_connections_are_capped_per_address_and_in_all_and_released() -> None:
    connections = Connections(per_address=2, total=3, proxies=["127.0.0.1"])
    one, two, three, four, five = (object() for _ in range(5))
    assert connections.enter(one, "10.0.0.1") is None
    assert connections.enter(two, "10.0.0.1") is None
    assert b"429" in (connections.enter(three, "10.0.0.1") or b"")
    assert connections.enter(three, "127.0.0.1") is None
    assert b"503" in (connections.enter(four, "127.0.0.1") or b""), "a proxy has the total"
    connections.leave(one)
    connections.leave(one)  # twice (the HTTP protocol, then its WebSocket's): once
    connections.leave(five)  # never counted (refused): nothing
    assert connections.by_address == {"10.0.0.1": 1, "127.0.0.1": 1}
    assert connections.enter(four, "127.0.0.1") is None
    for transport in (two, three, four):
        connections.leave(transport)
    assert not connections.by_address and not connections.holders


def test_refused_connections_take_no_memory() -> None:
    connections = Connections(per_address=1, total=10)
    assert connections.enter(object(), "10.0.0.1") is None
    assert all(connections.enter(object(), "10.0.0.1") for _ in range(10_000))
    assert sum(connections.enter(object(), f"10.1.{index // 250}.{index % 250}") is None
               for index in range(10_000)) == 9
    assert len(connections.holders) == 10 and len(connections.by_address) == 10


def test_the_open_file_limit_is_raised_and_bounds_the_connections() -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    limit = raise_open_file_limit()
    assert resource.getrlimit(resource.RLIMIT_NOFILE) == (limit, hard)
    assert limit >= min(hard, FILE_LIMIT_CAP) or hard == resource.RLIM_INFINITY
    assert raise_open_file_limit() == limit, "raised once: the second call changes nothing"
    assert connection_budget(ServerSettings(), limit) <= max(1, limit - 128)
    assert connection_budget(ServerSettings(http_connections=100), 1 << 20) == 100


# -- a real server -----------------------------------------------------------------------

def test_a_flood_of_slow_connections_from_one_address_does_not_keep_out_another(
        capped: int) -> None:
    flood = [slow_client("127.0.0.2", capped) for _ in range(300)]
    try:
        for _ in range(3):
            started = time.monotonic()
            answer = httpx.get(f"http://127.0.0.1:{capped}/api/games", timeout=10)
            assert answer.status_code == 200
            assert time.monotonic() - started < 5
    finally:
        for sock in flood:
            sock.close()


def test_past_the_cap_a_connection_is_refused_at_once_and_the_count_is_released(
        capped: int) -> None:
    held = [slow_client("127.0.0.3", capped) for _ in range(PER_ADDRESS)]
    try:
        with client("127.0.0.3", capped) as refused:
            refused.sendall(REQUEST)
            started = time.monotonic()
            head, _, body = read_to_end(refused).partition(b"\r\n\r\n")
            assert time.monotonic() - started < SLACK, "answered, and closed, at once"
        status, *lines = head.decode().split("\r\n")
        headers = {name: value for name, _, value in
                   (line.lower().partition(": ") for line in lines)}
        assert status.startswith("HTTP/1.1 429 ")
        assert headers["connection"] == "close" and int(headers["retry-after"]) >= 1
        assert headers["content-type"] == "application/json"
        assert json.loads(body) == REFUSAL
        for sock in held:  # the counted ones are still open
            sock.setblocking(False)
            with pytest.raises(BlockingIOError):
                sock.recv(1)
    finally:
        for sock in held:
            sock.close()
    assert eventually(lambda: status_from("127.0.0.3", capped) == 200), "released"


def test_albion_serve_is_guarded(tmp_path: Path) -> None:
    """`albion serve` runs `run.serve`: its default cap per address holds."""
    port = free_port()
    process = start_server(port, "--db", f"sqlite:///{tmp_path / 'albion.db'}",
                           "--bot-workers", "1")
    cap = ServerSettings.http_connections_per_address
    held = [slow_client("127.0.0.6", port) for _ in range(cap)]
    try:
        assert eventually(lambda: status_from("127.0.0.6", port) == 429)
    finally:
        for sock in held:
            sock.close()
        stop(process)


def test_a_connection_that_never_finishes_its_headers_is_closed(hurried: int) -> None:
    for trickle in (False, True):  # silent, then a header byte every tenth of a second
        opened = time.monotonic()  # (before the server's own clock starts)
        with slow_client("127.0.0.5", hurried) as sock:
            closed = seconds_until_closed(sock, trickle, since=opened)
        assert 0.9 * HEADER_TIMEOUT <= closed <= HEADER_TIMEOUT + SLACK


def test_keep_alive_requests_are_served_and_the_next_ones_headers_timed(
        hurried: int) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", hurried, timeout=10,
                                            source_address=("127.0.0.5", 0))
    try:
        for _ in range(4):  # 2 s on one connection, twice the header timeout
            connection.request("GET", "/api/games")
            answer = connection.getresponse()
            assert answer.status == 200 and answer.read()
            time.sleep(HEADER_TIMEOUT / 2)
        assert connection.sock is not None
        connection.sock.sendall(PARTIAL)  # every byte disarms uvicorn's keep-alive timer
        assert seconds_until_closed(connection.sock, trickle=True) <= HEADER_TIMEOUT + SLACK
    finally:
        connection.close()


def test_a_websocket_counts_while_open_and_outlives_the_header_timeout(
        hurried: int) -> None:
    games = httpx.get(f"http://127.0.0.1:{hurried}/api/games", timeout=10).json()
    game = "diamoniak" if any(g["id"] == "diamoniak" for g in games) else games[0]["id"]
    created = httpx.post(f"http://127.0.0.1:{hurried}/api/tables", timeout=10,
                         json={"game": game, "players": ["random", "random"]})
    assert created.status_code == 201
    url = f"ws://127.0.0.1:{hurried}/ws/tables/{created.json()['table']}"
    asyncio.run(asyncio.wait_for(websockets_held(url, hurried), 60))


async def websockets_held(url: str, port: int) -> None:
    sockets = [await connect(url, proxy=None, local_addr=("127.0.0.4", 0))
               for _ in range(HURRIED_PER_ADDRESS)]
    drains = [asyncio.create_task(drain(ws)) for ws in sockets]
    try:
        await asyncio.sleep(2 * HEADER_TIMEOUT)
        for ws in sockets:  # idle longer than the header timeout, and open
            await asyncio.wait_for(await ws.ping(), 10)
        assert await asyncio.to_thread(status_from, "127.0.0.4", port) == 429
        await sockets[0].close()
        assert await asyncio.to_thread(
            eventually, lambda: status_from("127.0.0.4", port) == 200), "released"
    finally:
        for ws in sockets:
            await ws.close()
        await asyncio.gather(*drains)


async def drain(ws: ClientConnection) -> None:
    """Read what the table sends, so that it never finds the connection behind."""
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass
