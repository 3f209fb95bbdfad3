"""Several `albion serve` processes on one PostgreSQL (issue 15): players connected to
different processes play one table; a process is killed (SIGKILL) mid-game; its player
reconnects to the other and the game ends; no acknowledged move is lost and the record
replays. Runs against `ALBION_TEST_DATABASE_URL` (`.ci/run` sets it), in a database of
its own that is dropped afterwards.

Issue 25: a table dealt from the server's secret (its people claiming their invitations,
each on the process they reach) goes on after the kill from the secret the other process
reads from the database, as a table whose creator chose the seed does from its seed (the
creator holds every seat's token then)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import secrets
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
from sqlalchemy import make_url

from albion.core import GameRecord, get_game, replay
from tests.serving import free_port, start_server

URL = os.environ.get("ALBION_TEST_DATABASE_URL")
pytestmark = pytest.mark.skipif(
    not URL, reason="ALBION_TEST_DATABASE_URL is not set: the PostgreSQL tests (several "
    "server processes on one database) are skipped; .ci/run sets it")



@pytest.fixture
def database() -> Iterator[str]:
    """A fresh database on the test server, dropped after the test."""
    import psycopg  # noqa: PLC0415 - only when PostgreSQL is there

    assert URL is not None
    base = make_url(URL)
    admin = base.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"albion_test_{secrets.token_hex(4)}"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')
    yield base.set(database=name).render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def seat_tokens(bases: list[str], created: dict[str, Any]) -> list[str]:
    """Each person's token: given to the creator who chose the seed, or their invitation
    claimed — the n-th person's on the n-th of `bases` (the process they reach)."""
    tokens = []
    for index, seat in enumerate(created["seats"]):
        if seat["token"]:
            assert created["seed_chosen"] and not seat["invite"]
            tokens.append(seat["token"])
            continue
        assert not created["seed_chosen"]
        answer = httpx.post(f"{bases[index % len(bases)]}/api/tables/{created['table']}"
                            "/claim", json={"invite": seat["invite"]})
        assert answer.status_code == 200, answer.text
        tokens.append(answer.json()["token"])
    return tokens


class Server:
    """One `albion serve` process on the test database (and `options`)."""

    def __init__(self, database: str, *options: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = start_server(self.port, "--db", database, "--bot-workers", "1",
                                    *options)

    def socket(self, sockets: ExitStack, table: str, token: str) -> Any:
        """A seat's connection, closed with `sockets`."""
        from websockets.sync.client import connect  # noqa: PLC0415

        return sockets.enter_context(
            connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table}?token={token}"))

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


MESSAGE_GAP = 0.1
"""A connection's messages at most ten a second, the server's `message_rate`: a faster
sender is closed (1008, too many messages) once its burst is spent."""


class Player:
    """A person at one seat, on one server's socket; keeps the latest update."""

    def __init__(self, seat: int, connection: Any) -> None:
        self.seat = seat
        self.connection = connection
        self.latest: dict[str, Any] = {}
        self.sent = 0.0

    def send(self, message: dict[str, Any]) -> None:
        """`message`, at most one per MESSAGE_GAP."""
        time.sleep(max(0.0, self.sent + MESSAGE_GAP - time.monotonic()))
        self.connection.send(json.dumps(message))
        self.sent = time.monotonic()

    def next(self, seconds: float) -> dict[str, Any] | None:
        """The next message, waited for at most `seconds` (0: only one already there);
        None if none came."""
        try:
            raw = self.connection.recv(timeout=seconds)
        except TimeoutError:
            return None
        message: dict[str, Any] = json.loads(raw)
        if message["type"] == "update":
            self.latest = message
        return message

    def read(self, seconds: float) -> list[dict[str, Any]]:
        """Every message that arrives within `seconds` (at least the first one waited)."""
        messages: list[dict[str, Any]] = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            message = self.next(max(0.0, deadline - time.monotonic()))
            if message is None:
                return messages
            messages.append(message)
        return messages

    def drain(self) -> None:
        """Every message already there, without waiting for more."""
        while self.next(0) is not None:
            pass

    def wait_past(self, version: int, seconds: float) -> bool:
        """Read until an update past `version` (the decision is acknowledged) or an
        error (refused) arrives; False on a refusal or when `seconds` pass."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            message = self.next(max(0.0, deadline - time.monotonic()))
            if message is None:
                continue
            if message["type"] == "error":
                return False
            if message["type"] == "update" and message["version"] > version:
                return True
        return False

    def may_decide(self) -> bool:
        return bool(self.latest.get("legal"))


@pytest.mark.parametrize("seed", [11, None], ids=["seed chosen", "dealt from a secret"])
def test_two_processes_share_a_table_and_survive_a_kill(database: str,
                                                        seed: int | None) -> None:
    one, two = Server(database), Server(database)
    sockets = ExitStack()
    try:
        created = httpx.post(f"{one.base}/api/tables", json={
            "game": "diamoniak", "players": ["human", "human"], "seed": seed}).json()
        table = created["table"]
        tokens = seat_tokens([one.base, two.base], created)
        players = [Player(0, one.socket(sockets, table, tokens[0])),
                   Player(1, two.socket(sockets, table, tokens[1]))]
        for player in players:
            player.read(0.5)
            assert player.latest["seed_chosen"] is (seed is not None)
        acknowledged: list[tuple[int, int, str]] = []  # (version, seat, action)
        killed = False
        choose = random.Random(11)
        # A game dealt from a secret is a new game each run: one in ten random 2-player
        # games takes over 390 decisions (up to ~800), so the loop allows 2,000.
        for _ in range(2000):
            if any(p.latest.get("view", {}).get("status") == "over" for p in players):
                break
            if len(acknowledged) == 8 and not killed:
                one.kill()  # mid-game: P1's process dies
                killed = True
                players[0].connection = two.socket(sockets, table, tokens[0])
                players[0].connection.send(json.dumps(
                    {"type": "hello", "since": players[0].latest["version"]}))
                players[0].read(0.5)
            movers = [p for p in players if p.may_decide()]
            newest = max(p.latest["version"] for p in players)
            mover = next((p for p in movers if p.latest["version"] == newest), None)
            if mover is None:  # the other process has not told its player yet: until it
                # does (or 0.2 s), not a fixed wait per decision
                for player in [p for p in players if p.latest["version"] < newest] or players:
                    player.next(0.2)
                for player in players:
                    player.drain()
                continue
            version = mover.latest["version"]
            action = choose.choice(mover.latest["legal"])
            mover.send({"type": "submit", "action": action, "version": version})
            if mover.wait_past(version, 5.0):
                acknowledged.append((version + 1, mover.seat, action))
                for player in players:
                    player.drain()
            else:  # refused (stale, or not started yet on this process): a moment to hear
                for player in players:  # what the other process did, as each move once had
                    player.read(0.05)
        assert killed, "the game lasted past the kill"
        for player in players:  # the end, on its way to the player that did not end it
            deadline = time.monotonic() + 5.0
            while player.latest["view"]["status"] != "over" and time.monotonic() < deadline:
                player.next(0.1)
        assert players[1].latest["view"]["status"] == "over"
        assert players[0].latest["view"]["status"] == "over", \
            "the player who moved to the other process saw the end"
        answer = httpx.get(f"{two.base}/api/tables/{table}/record")
        assert answer.status_code == 200, answer.text
        record = GameRecord(**answer.json())
        assert replay(get_game("diamoniak"), record)[-1].is_terminal()
        rows = {(row["version"], row["actor"], row["action"])
                for row in stored_decisions(database, table)}
        missing = [move for move in acknowledged if move not in rows]
        assert not missing, f"acknowledged moves lost: {missing}"
        assert len(acknowledged) > 8
        summary = httpx.get(f"{two.base}/api/tables/{table}").json()
        assert summary["status"] == "over" and summary["version"] == max(
            version for version, _, _ in rows)
    finally:
        with contextlib.suppress(Exception):
            sockets.close()
        one.stop()
        two.stop()


def stored_decisions(database: str, table: str) -> list[dict[str, Any]]:
    import psycopg  # noqa: PLC0415
    from psycopg.rows import dict_row  # noqa: PLC0415

    url = make_url(database).set(drivername="postgresql").render_as_string(
        hide_password=False)
    with psycopg.connect(url, row_factory=dict_row) as db:
        return list(db.execute("SELECT version, actor, action FROM decisions "
                               "WHERE table_id = %s ORDER BY version", (table,)))


@pytest.mark.parametrize("seed", [5, None], ids=["seed chosen", "dealt from a secret"])
def test_a_dead_process_s_tables_are_adopted_by_another(database: str,
                                                        seed: int | None) -> None:
    """The process that created a table runs its bot; when it is killed, another process
    claims the table within a sweep and the bot plays on to the end (from the table's
    secret, read from the database, when nobody chose its seed). Its bot moves fast
    (`--bot-delay 0.1`): a whole game is played within the deadline on a busy machine."""
    one, two = Server(database, "--bot-delay", "0.1"), Server(database, "--bot-delay", "0.1")
    sockets = ExitStack()
    try:
        created = httpx.post(f"{one.base}/api/tables", json={
            "game": "diamoniak", "players": ["human", "random"], "seed": seed}).json()
        table, token = created["table"], seat_tokens([one.base], created)[0]
        one_before = Player(0, one.socket(sockets, table, token))
        one_before.read(0.5)
        one.kill()
        player = Player(0, two.socket(sockets, table, token))
        choose = random.Random(5)
        moved, seen = time.monotonic(), -1  # a dead bot moves no more: 60 s without a move
        cap = moved + 600  # (a game dealt from a secret may be long, a machine busy)
        while time.monotonic() - moved < 60 and time.monotonic() < cap:
            if not player.may_decide():
                player.next(0.2)  # the bot's move, or 0.2 s
            player.drain()
            if player.latest.get("status") == "over":
                break
            if player.latest.get("version", -1) > seen:
                moved, seen = time.monotonic(), player.latest["version"]
            if player.may_decide():
                version = player.latest["version"]
                player.send({"type": "submit", "version": version,
                             "action": "stop" if "stop" in player.latest["legal"]
                             else choose.choice(player.latest["legal"])})
                player.wait_past(version, 10)
        assert player.latest.get("status") == "over", "the bot stopped with its process"
    finally:
        with contextlib.suppress(Exception):
            sockets.close()
        one.stop()
        two.stop()


def test_a_clock_counts_the_connections_of_every_process(database: str) -> None:
    """A person who moves from one process to another keeps their seat (no stand-in while
    connected anywhere); once connected nowhere past the grace period, the stand-in plays,
    and every process's players hear it; coming back on any process ends it."""
    one, two = Server(database), Server(database)
    sockets, first_socket = ExitStack(), ExitStack()
    try:
        created = httpx.post(f"{one.base}/api/tables", json={
            "game": "diamoniak", "players": ["human", "human"], "seed": 3,
            "clock": {"seconds_per_move": 600, "grace_seconds": 1, "bot": "random"}}).json()
        table = created["table"]
        tokens = [seat["token"] for seat in created["seats"]]
        watcher = Player(0, two.socket(sockets, table, tokens[0]))
        Player(1, one.socket(first_socket, table, tokens[1])).read(0.5)
        first_socket.close()  # P2 leaves the process that owns the table …
        Player(1, two.socket(sockets, table, tokens[1])).read(0.2)  # … and is on the other
        heard = watcher.read(6.0)  # the grace period and two sweeps go by
        notices = [e["text"] for m in heard for e in m.get("events", [])
                   if e["type"] == "notice"]
        assert notices == [], "a person connected to another process lost their seat"
        assert watcher.latest["away"] == {}
        sockets.close()  # now P2 is connected nowhere (and P1 too)
        sockets = ExitStack()
        watcher = Player(0, one.socket(sockets, table, tokens[0]))
        told: list[str] = []

        def listen(seconds: float) -> None:
            told.extend(e["text"] for m in watcher.read(seconds) for e in m.get("events", [])
                        if e["type"] == "notice")

        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and "1" not in watcher.latest.get("away", {}):
            listen(0.5)
        assert watcher.latest["away"] == {"1": "disconnected"}
        assert "P2 is disconnected: random plays for them until they return" in told
        Player(1, two.socket(sockets, table, tokens[1])).read(0.5)  # back, elsewhere
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and watcher.latest["away"]:
            listen(0.5)
        assert watcher.latest["away"] == {}
        assert told[-1] == "P2 is back (was disconnected)"
    finally:
        with contextlib.suppress(Exception):
            sockets.close()
        one.stop()
        two.stop()


def test_a_seat_may_decide_on_its_process_once_the_last_seat_opens_on_another(
        database: str) -> None:
    """A seat open on one process is refused `not_started` while the table waits; once
    the last person opens their seat on another process, its decision is accepted (the
    first process asks the database when it has not heard yet)."""
    one, two = Server(database), Server(database)
    sockets = ExitStack()
    try:
        created = httpx.post(f"{one.base}/api/tables", json={
            "game": "diamoniak", "players": ["human", "human"], "seed": 11}).json()
        table = created["table"]
        tokens = [seat["token"] for seat in created["seats"]]
        first = Player(0, one.socket(sockets, table, tokens[0]))
        first.read(0.5)
        assert first.latest["status"] == "waiting" and first.may_decide()
        first.connection.send(json.dumps({"type": "submit", "action": first.latest["legal"][0],
                                          "version": first.latest["version"]}))
        assert first.read(1)[0]["code"] == "not_started"
        last = Player(1, two.socket(sockets, table, tokens[1]))
        while not last.latest:
            last.read(0.1)
        assert last.latest["status"] == "playing"
        version = first.latest["version"]
        first.connection.send(json.dumps({"type": "submit", "action": first.latest["legal"][0],
                                          "version": version}))
        assert first.wait_past(version, 10), "the decision was accepted"
    finally:
        sockets.close()
        one.stop()
        two.stop()
