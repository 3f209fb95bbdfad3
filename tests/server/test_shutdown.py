"""Issue 27, item 17: Ctrl-C stops `albion serve` promptly with pages connected and bots
playing (it took 5 to 9 s): every table's WebSocket is told 1001 "server going away", the
bots' workers end, and every decision that was acknowledged is in the database when the
server starts again. `albion serve` runs as a process of its own, and Ctrl-C reaches its
whole process group, workers included, as a terminal's does."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import websockets

from albion.server.store import Store

STOPS_WITHIN = 4.0
"""Seconds: a generous bound for a test (measured: about 0.4 s; 1.0 to 2.9 s before)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served:
    """`albion serve` in a process group of its own."""

    def __init__(self, database: str, log: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.output = log.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "albion", "serve", "--port", str(self.port), "--db",
             database, "--bot-delay", "0.05", "--bot-workers", "2"],
            start_new_session=True, stdout=self.output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            assert self.process.poll() is None, log.read_text()
            try:
                urllib.request.urlopen(f"{self.base}/api/games", timeout=1)
                return
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(f"{self.base}{path}", timeout=10) as answer:
            return json.loads(answer.read())

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(f"{self.base}{path}", data=json.dumps(body).encode(),
                                         headers={"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    def ctrl_c(self) -> float:
        """Seconds from Ctrl-C to the process's exit."""
        began = time.monotonic()
        os.killpg(self.process.pid, signal.SIGINT)
        try:
            self.process.wait(timeout=30)
        finally:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGKILL)
        self.output.close()
        return time.monotonic() - began


class Watch:
    """One WebSocket of a table: the versions it was sent, and how it was closed. A
    seat's plays the first legal action whenever it may, about as fast as a person: an
    update after its decision is its acknowledgement (a decision is acknowledged only once
    it is committed)."""

    def __init__(self, table: str, token: str | None = None) -> None:
        self.table = table
        self.token = token
        self.versions: list[int] = []
        self.decided: list[tuple[int, str]] = []
        """(version decided at, action) of the seat's acknowledged decisions."""
        self.close: tuple[int | None, str | None] = (None, None)

    async def run(self, base: str, connected: asyncio.Event) -> None:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        async with websockets.connect(f"ws://{base}/ws/tables/{self.table}",
                                      additional_headers=headers) as socket:
            connected.set()
            pending: tuple[int, str] | None = None
            try:
                async for text in socket:
                    message = json.loads(text)
                    if message.get("type") != "update":
                        continue
                    version = int(message["version"])
                    self.versions.append(version)
                    if pending is not None and version > pending[0]:
                        self.decided.append(pending)
                        pending = None
                    if message.get("legal") and pending is None:
                        pending = (version, message["legal"][0])
                        await asyncio.sleep(0.2)  # as a person would: under the rate limit
                        await socket.send(json.dumps({"type": "submit", "version": version,
                                                      "action": pending[1]}))
            except websockets.ConnectionClosed:
                pass
            self.close = (socket.close_code, socket.close_reason)


async def play_then_interrupt(served: Served, watches: list[Watch],
                              playing: Callable[[], bool]) -> float:
    """Ctrl-C once `playing()` holds (the bots' workers take a few seconds to start)."""
    base = served.base.removeprefix("http://")
    connected = [asyncio.Event() for _ in watches]
    running = [asyncio.create_task(watch.run(base, ready))
               for watch, ready in zip(watches, connected, strict=True)]
    for ready in connected:
        await asyncio.wait_for(ready.wait(), 20)
    deadline = time.monotonic() + 60
    while not playing():
        assert time.monotonic() < deadline, "nobody played"
        await asyncio.sleep(0.05)
    took = await asyncio.to_thread(served.ctrl_c)
    await asyncio.wait_for(asyncio.gather(*running), 10)
    return took


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT")
def test_ctrl_c_stops_within_seconds_saying_going_away_and_keeps_every_acknowledged_decision(
        tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'albion.db'}"
    served = Served(database, tmp_path / "serve.log")
    person = served.post("/api/tables", {"game": "diamoniak", "players": ["human", "random"],
                                         "seed": 5})
    bots = [served.post("/api/tables", {"game": game, "players": players})["table"]
            for game, players in (("raiding-stonehenge", ["random", "heuristic", "random"]),
                                  ("super-camelot", ["ismcts:iterations=300", "random"]))]
    seat = Watch(person["table"], person["seats"][0]["token"])
    watches = [seat, Watch(person["table"]), *(Watch(table) for table in bots for _ in "ab")]
    took = asyncio.run(play_then_interrupt(served, watches, lambda: len(seat.decided) >= 2 and all(
        len(watch.versions) >= 3 for watch in watches[2:])))
    assert served.process.returncode == 0, (tmp_path / "serve.log").read_text()
    assert took < STOPS_WITHIN, f"Ctrl-C took {took:.2f} s"
    assert all(watch.close == (1001, "server going away") for watch in watches), [
        watch.close for watch in watches]

    again = Served(database, tmp_path / "again.log")  # a restart: every decision is there
    try:
        for watch in watches:
            assert again.get(f"/api/tables/{watch.table}")["version"] >= max(watch.versions)
    finally:
        assert again.ctrl_c() < STOPS_WITHIN
    store = Store(database)
    try:
        stored = {row.version: row for row in store.log(seat.table)}
        for version, action in seat.decided:
            assert (stored[version + 1].actor, stored[version + 1].action) == (0, action)
    finally:
        store.close()
