"""Access (issue 18): the rate limit (close 1008), the Origin check and unknown tokens or
tables (HTTP 403 on a real server's handshake), a seat's action without its token, tokens
unguessable, stored only as hashes and never in a log line, and Schemathesis over the HTTP
API with no server error."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from starlette.websockets import WebSocketDisconnect
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from albion.proving.loadtest import free_port
from albion.server import ServerSettings, create_app
from albion.server.logs import redact
from albion.server.store import new_token
from tests.server.seats import claimed


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'albion.db'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    app = create_app(ServerSettings(database_url=database, bot_workers=1))
    with TestClient(app, base_url="http://localhost") as c:
        yield c


def create(client: TestClient | httpx.Client, players: list[str]) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": "diamoniak", "players": players})
    assert answer.status_code == 201, answer.text
    return claimed(client, answer.json())


def test_too_many_messages_close_the_connection_with_1008(client: TestClient) -> None:
    table = create(client, ["human", "random"])["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.receive_json()
        for _ in range(40):
            socket.send_json({"type": "hello", "since": 0})
        assert closing(socket) == (1008, "too many messages")


def closing(socket: Any) -> tuple[int, str] | None:
    """How the server closes the connection (code, reason), reading what it sends."""
    try:
        for _ in range(100):
            socket.receive_json()
    except WebSocketDisconnect as closed:
        return closed.code, closed.reason
    return None


def test_a_spectator_cannot_act_for_a_seat_and_a_wrong_token_opens_nothing(
        client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table = created["table"]
    version = client.get(f"/api/tables/{table}").json()["version"]
    with client.websocket_connect(f"/ws/tables/{table}") as spectator:
        spectator.receive_json()
        for action in ("draw", "stop"):
            spectator.send_json({"type": "submit", "action": action, "version": 0})
            assert spectator.receive_json()["code"] == "not_your_turn"
        spectator.send_json({"type": "join", "name": "Mallory"})
        assert spectator.receive_json()["code"] == "not_a_seat"
    other = create(client, ["human", "human"])["seats"][0]["token"]
    for token in (new_token(), other, created["seats"][0]["token"][:-1]):
        with pytest.raises(WebSocketDisconnect) as closed, \
                client.websocket_connect(f"/ws/tables/{table}?token={token}"):
            pass
        assert closed.value.code == 1008
    assert client.get(f"/api/tables/{table}").json()["version"] == version  # no move


def test_tokens_carry_at_least_128_random_bits_and_only_their_hash_is_stored(
        client: TestClient, database: str) -> None:
    tokens = [new_token() for _ in range(2000)]
    assert len(set(tokens)) == len(tokens)
    assert all(len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128
               for token in tokens)
    seats = create(client, ["human", "human", "human"])["seats"]
    given = [seat["token"] for seat in seats]
    assert all(len(base64.urlsafe_b64decode(token)) * 8 == 192 for token in given)
    path = Path(database.removeprefix("sqlite:///"))
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT token_hash FROM seats ORDER BY seat").fetchall()
    assert [row[0] for row in rows] == [hashlib.sha256(t.encode()).hexdigest()
                                        for t in given]
    stored = b"".join(file.read_bytes() for file in path.parent.glob("albion.db*"))
    assert stored and not any(token.encode() in stored for token in given)


# -- a real server: the handshake's HTTP status, and its logs -------------------------

LOG_LEVELS = {"albion serve": None, "uvicorn at debug": "debug"}


class LoggedServer:
    """A server process whose every output line is kept: `albion serve` as it ships,
    or the same app under uvicorn at another log level."""

    def __init__(self, database: str, log: Path, level: str | None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        if level is None:
            command = [str(Path(sys.executable).with_name("albion")), "serve", "--db",
                       database, "--port", str(self.port), "--bot-workers", "1"]
        else:
            command = [sys.executable, "-c", textwrap.dedent(f"""
                import uvicorn
                from albion.server import ServerSettings, create_app
                app = create_app(ServerSettings(database_url={database!r}, bot_workers=1))
                uvicorn.run(app, port={self.port}, log_level={level!r})""")]
        with log.open("wb") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, log.read_text()
            try:
                if httpx.get(f"{self.base}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise AssertionError("the server did not start within 60 s")

    def stop(self) -> str:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        return self.log.read_text(errors="replace")


async def handshake(port: int, path: str, origin: str | None = None) -> int:
    """The HTTP status of a WebSocket handshake (101 when accepted)."""
    try:
        async with connect(f"ws://127.0.0.1:{port}{path}", proxy=None,
                           origin=origin) as socket:  # type: ignore[arg-type]
            await socket.recv()
            return 101
    except InvalidStatus as refused:
        return int(refused.response.status_code)


async def play_a_little(port: int, table: str, token: str) -> None:
    async with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}?token={token}",
                       proxy=None) as socket:
        await socket.recv()
        await socket.send('{"type": "join", "name": "Ann"}')
        await socket.send('{"type": "submit", "action": "xyzzy", "version": 0}')
        await socket.send('{"type": "hint"}')
        await asyncio.sleep(0.5)


@pytest.mark.parametrize("level", list(LOG_LEVELS.values()), ids=list(LOG_LEVELS))
def test_refused_handshakes_are_403_and_no_token_reaches_a_log(
        tmp_path: Path, level: str | None) -> None:
    server = LoggedServer(f"sqlite:///{tmp_path / 'albion.db'}", tmp_path / "server.log",
                          level)
    try:
        with httpx.Client(base_url=server.base, timeout=30) as http:
            created = create(http, ["human", "human"])
            table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
            for seat in created["seats"]:
                assert http.get(seat["url"]).status_code == 200  # the seat's page
            http.get(f"/api/tables/{table}?token={tokens[0]}")
        statuses = [asyncio.run(asyncio.wait_for(handshake(server.port, path, origin), 60))
                    for path, origin in [
                        (f"/ws/tables/{table}", "http://evil.example"),
                        (f"/ws/tables/{table}?token={new_token()}", None),
                        (f"/ws/tables/{table}?token={tokens[1]}", "http://evil.example"),
                        ("/ws/tables/nosuchtable", None),
                        (f"/ws/tables/{table}", f"http://127.0.0.1:{server.port}")]]
        assert statuses == [403, 403, 403, 403, 101]
        for token in tokens:
            asyncio.run(asyncio.wait_for(play_a_little(server.port, table, token), 60))
    finally:
        output = server.stop()
    assert not any(token in output for token in tokens), output
    assert "Traceback" not in output, output
    if level == "debug":  # the lines with a token were written, redacted
        assert "token=[redacted]" in output and "WebSocket" in output, output


def test_redaction_keeps_the_rest_of_a_line() -> None:
    token = new_token()
    assert redact(f'GET /play/abc?token={token}&x=1 HTTP/1.1') == \
        "GET /play/abc?token=[redacted]&x=1 HTTP/1.1"
    assert token not in redact(f"/ws/tables/t?token={token}")


# -- Schemathesis over the HTTP API ----------------------------------------------------
# (driven through Hypothesis directly: Schemathesis's pytest plugin does not run under
# this pytest)

EXAMPLES = int(os.environ.get("ALBION_SCHEMATHESIS_EXAMPLES", "30"))


def test_no_request_the_api_describes_makes_a_server_error(database: str) -> None:
    app = create_app(ServerSettings(database_url=database, bot_workers=1, bot_delay=0.0,
                                    allowed_hosts=("testserver",)))  # Schemathesis's host
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    statuses: dict[str, set[int]] = {}
    for found in schema.get_all_operations():
        operation = found.ok()

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def check(case: Any) -> None:
            response = case.call()
            statuses.setdefault(case.operation.label, set()).add(response.status_code)
            case.validate_response(response, checks=[not_a_server_error])
            assert response.status_code < 500, response.text

        check()
    assert "POST /api/tables" in statuses and "GET /api/tables/{table_id}" in statuses
    assert all(status < 500 for seen in statuses.values() for status in seen), statuses
