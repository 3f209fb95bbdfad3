"""`albion loadtest`: N concurrent bot-against-bot tables played through real `albion serve`
processes on this machine, watched over real WebSockets; reports moves a second, the time
from a move's acceptance by the server to its broadcast reaching a client (p50, p99), the
time a bot's move waited before it was accepted (the server's pace under overload: slower
bots), and the server's CPU time a move, counted once every table is playing. Loopback
only, bounded in tables and time.

The servers are `albion serve`'s last step (`run.serve(create_app(settings))`, the guarded
HTTP protocol included) with the limits per client address lifted (`ONE_ADDRESS`): every
client of a load test is this machine, so they would cap the load being measured."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx

MAX_TABLES = 2000
MAX_SECONDS = 600.0
LIFTED = 1_000_000
CREATING_AT_ONCE = 32
"""Table creations in flight at once. httpx's pool (100 connections) hands a freed
connection to its waiting requests by walking all of them: 1,000 tables created at once
kept this load generator busy for a minute and timed out the WebSocket handshakes behind
them, the server idle meanwhile (0 moves measured at `--tables 1000`, issue 28, item 5)."""
ONE_ADDRESS: dict[str, float | int] = {
    "table_rate": LIFTED, "table_burst": LIFTED,  # tables an address creates
    "connections_per_address": LIFTED,  # table WebSockets an address holds open
    "connect_rate": LIFTED, "connect_burst": LIFTED,  # … and opens (issue 25)
    "seat_connect_rate": LIFTED, "seat_connect_burst": LIFTED,  # a seat's reconnects
    "http_connections_per_address": LIFTED}  # TCP connections (the guarded protocol)
"""`ServerSettings` for a server whose clients are all this machine (a load test, a
kill -9 benchmark): the limits per client address — and per seat, which one client
playing a seat again and again also meets — would cap what is being measured. Every
other limit stays: a message, a hint, a name, a clock are refused as they would be."""
LAUNCH = """
import json, sys, threading, time
from albion.server import ServerSettings, create_app
from albion.server.run import serve
settings = ServerSettings(**json.loads(sys.argv[1]))
app = create_app(settings)
if len(sys.argv) > 2:
    waits = app.state.hub.pace.waits = []
    def keep():
        with open(sys.argv[2], "a") as out:
            while True:
                time.sleep(float(sys.argv[3]))
                taken = waits[:]
                del waits[:len(taken)]
                out.write("".join(f"{at:.6f} {waited:.6f}\\n" for at, waited in taken))
                out.flush()
    threading.Thread(target=keep, daemon=True).start()
serve(app, settings)
"""
"""`albion serve`'s last step (`run.serve`), for settings it has no option for; given a
second argument, a file, each bot move's wait for its place is written to it every third
argument's seconds (`pace.Pace.waits`: when it was accepted and how long it waited, one
line each)."""
WRITE_WAITS_EVERY = 0.25


class LoadTestError(Exception):
    """The load test could not run (a server that does not start, a bad address)."""


@dataclass(frozen=True)
class LoadPlan:
    game: str = "diamoniak"
    players: tuple[str, ...] = ("random", "random")
    tables: int = 20
    seconds: float = 20.0
    servers: int = 1
    database: str | None = None
    """None: a fresh SQLite file in a temporary folder (one server only)."""
    idle: int = 0
    """Also open this many waiting tables and measure the server's memory per table."""
    bot_delay: float = 0.5
    """The servers' least time per bot move (`albion serve --bot-delay`)."""


@dataclass
class LoadResult:
    tables: int
    bot_delay: float
    servers: int
    database: str
    seconds: float
    """How long the moves were counted: from when every table was playing."""
    moves: int
    games_finished: int
    moves_per_second: float
    broadcast_ms_p50: float
    """From a move's acceptance by the server (`decided_at`: a bot's once it had its
    place) to its update reaching the load test's client."""
    broadcast_ms_p99: float
    broadcast_ms_max: float
    bot_wait_ms_p50: float | None = None
    """From a bot's move offered to the server to its acceptance: the line it waited in
    for a place (`pace`), over every bot move accepted while counting (servers started
    with `settings` only)."""
    bot_wait_ms_p99: float | None = None
    bot_wait_ms_max: float | None = None
    server_cpu_ms_per_move: float | None = None
    """The server processes' CPU time while counting (their threads, not their bots'
    worker processes) over the moves counted (Linux's /proc only)."""
    errors: list[str] = field(default_factory=list)
    idle_tables: int = 0
    memory_per_idle_table_kib: float | None = None
    server_rss_mib: list[float] = field(default_factory=list)
    setup_seconds: float = 0.0
    """How long the tables took to be created and watched, before counting began."""
    window_start: float = 0.0
    window_end: float = 0.0
    """When moves were counted, Unix times."""

    def to_json_dict(self) -> dict[str, Any]:
        return asdict(self)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """One `albion serve` on a free loopback port: with `options` (`albion serve`'s), or
    with `settings` (`ServerSettings` fields, e.g. `ONE_ADDRESS`) run as `albion serve`
    runs them."""

    def __init__(self, database: str, log: Path, bot_delay: float,
                 options: Sequence[str] = (),
                 settings: Mapping[str, object] | None = None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log.open("wb")
        self.waits: Path | None = None
        """Where the server writes its bots' waits (`LAUNCH`; with `settings` only)."""
        if settings is None:
            albion = shutil.which("albion", path=str(Path(sys.executable).parent)) or \
                "albion"
            command = [albion, "serve", "--db", database, "--port", str(self.port),
                       "--bot-delay", str(bot_delay), *options]
        else:
            if options:
                raise LoadTestError("a server takes options or settings, not both")
            self.waits = log.with_suffix(".waits")
            command = [sys.executable, "-c", LAUNCH, json.dumps({
                "database_url": database, "port": self.port, "bot_delay": bot_delay,
                **settings}), str(self.waits), str(WRITE_WAITS_EVERY)]
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT)

    def wait_ready(self, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise LoadTestError(f"a server exited at start (see {self.log.name})")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/api/games", timeout=1).status_code == 200:
                    return
            time.sleep(0.2)
        raise LoadTestError(f"a server did not start within {seconds:.0f} s")

    def cpu_seconds(self) -> float | None:
        """The server process's CPU time so far, its threads' (None without /proc)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1]
            user, system = fields.split()[11:13]
            return (int(user) + int(system)) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return None

    def waits_between(self, start: float, end: float) -> list[float]:
        """The seconds each bot move accepted between Unix times `start` and `end` waited
        for its place, as the server wrote them (none when it writes none)."""
        if self.waits is None or not self.waits.exists():
            return []
        found = []
        for line in self.waits.read_text().splitlines():
            at, waited = (float(value) for value in line.split())
            if start <= at <= end:
                found.append(waited)
        return found

    def rss_mib(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
        return int(line.split()[1]) / 1024

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()


@contextlib.contextmanager
def servers(plan: LoadPlan) -> Iterator[tuple[list[ServerProcess], str]]:
    """The plan's server processes, started and ready; stopped afterwards."""
    if plan.servers > 1 and (plan.database is None or plan.database.startswith("sqlite")):
        raise LoadTestError("several servers share one PostgreSQL database: give --db "
                            "postgresql+psycopg://…")
    with tempfile.TemporaryDirectory(prefix="albion-loadtest-") as folder:
        database = plan.database or f"sqlite:///{Path(folder) / 'albion.db'}"
        started: list[ServerProcess] = []
        try:
            for index in range(plan.servers):
                started.append(ServerProcess(database, Path(folder) / f"server{index}.log",
                                             plan.bot_delay, settings=ONE_ADDRESS))
                started[-1].wait_ready()  # one at a time: the first migrates
            yield started, database
        finally:
            for server in started:
                server.stop()


def run(plan: LoadPlan, progress: Callable[[float], None] | None = None) -> LoadResult:
    """Start the servers, play `plan.tables` tables at once for `plan.seconds` (a finished
    table is followed by another), and measure."""
    if not 1 <= plan.tables <= MAX_TABLES:
        raise LoadTestError(f"--tables is 1 to {MAX_TABLES}")
    if not 0 < plan.seconds <= MAX_SECONDS:
        raise LoadTestError(f"--seconds is more than 0 and at most {MAX_SECONDS:.0f}")
    with servers(plan) as (started, database):
        idle_cost = None
        if plan.idle:  # first, on a fresh server: its memory has not been grown by play
            before = started[0].rss_mib()
            _open_idle(started[0], plan)
            idle_cost = round((started[0].rss_mib() - before) * 1024 / plan.idle, 1)
        result = asyncio.run(_load(plan, started, progress))
        time.sleep(2 * WRITE_WAITS_EVERY)  # the servers' last waits written
        waits = sorted(wait for server in started
                       for wait in server.waits_between(result.window_start,
                                                        result.window_end))
        if waits:
            result.bot_wait_ms_p50, result.bot_wait_ms_p99, result.bot_wait_ms_max = (
                _percentiles(waits))
        result.database = "SQLite (a temporary file)" if plan.database is None else \
            database.split("@")[-1]
        result.idle_tables = plan.idle
        result.memory_per_idle_table_kib = idle_cost
        result.server_rss_mib = [round(server.rss_mib(), 1) for server in started]
        return result


def _open_idle(server: ServerProcess, plan: LoadPlan) -> None:
    with httpx.Client(base_url=server.base, timeout=30) as client:
        for _ in range(plan.idle):
            answer = client.post("/api/tables", json={
                "game": plan.game, "players": ["human"] * len(plan.players)})
            answer.raise_for_status()


SETUP_SECONDS = 180.0
"""The most the tables are given to be created and watched before measuring starts."""


@dataclass
class Window:
    """When moves are counted: from the moment every table is playing and watched — its
    first move heard (the server's steady state: creating 1,000 tables took half of a
    20 s run, and counted as slowness; the bots' worker processes take seconds to start
    on a loaded machine) — for the plan's seconds."""

    playing: int = 0
    start: float | None = None
    deadline: float | None = None
    wall_start: float = 0.0
    """Unix time at `start` (the servers' records are stamped in it)."""

    def is_open(self, now: float) -> bool:
        return self.start is not None and now >= self.start

    def is_over(self, now: float) -> bool:
        return self.deadline is not None and now >= self.deadline

    def wait_left(self, now: float) -> float:
        """How long a watcher may wait for its next frame (a second at most while the
        window has not begun)."""
        return 1.0 if self.deadline is None else max(0.0, self.deadline - now)


async def _load(plan: LoadPlan, started: list[ServerProcess],
                progress: Callable[[float], None] | None) -> LoadResult:
    latencies: list[float] = []
    errors: list[str] = []
    counts = {"moves": 0, "games": 0}
    begin = time.monotonic()
    window = Window()
    cpu_before: list[float | None] = []
    creating = asyncio.Semaphore(CREATING_AT_ONCE)
    async with httpx.AsyncClient(timeout=30) as client:
        watchers = [asyncio.create_task(
            _keep_table(client, creating, started[index % len(started)], plan, window,
                        latencies, counts, errors)) for index in range(plan.tables)]
        while not all(task.done() for task in watchers):
            await asyncio.sleep(0.5)
            now = time.monotonic()
            if window.start is None and (window.playing + sum(task.done() for task in watchers)
                                         >= plan.tables or now - begin > SETUP_SECONDS):
                if window.playing < plan.tables:
                    errors.append(f"{window.playing} of {plan.tables} tables were playing "
                                  "when the measurement began")
                window.start, window.deadline = now, now + plan.seconds
                window.wall_start = time.time()
                cpu_before = [server.cpu_seconds() for server in started]
            if progress is not None and window.start is not None:
                progress(min(plan.seconds, now - window.start))
        for task in watchers:
            if task.exception() is not None:
                errors.append(repr(task.exception()))
    assert window.start is not None
    elapsed = time.monotonic() - window.start
    cpu_after = [server.cpu_seconds() for server in started]
    cpu = [after - before for before, after in zip(cpu_before, cpu_after, strict=True)
           if before is not None and after is not None]
    p50, p99, most = _percentiles(sorted(latencies) or [0.0])
    result = LoadResult(
        tables=plan.tables, bot_delay=plan.bot_delay, servers=len(started), database="",
        seconds=round(elapsed, 2), setup_seconds=round(window.start - begin, 2),
        moves=counts["moves"], games_finished=counts["games"],
        moves_per_second=round(counts["moves"] / elapsed, 1),
        broadcast_ms_p50=p50, broadcast_ms_p99=p99, broadcast_ms_max=most,
        server_cpu_ms_per_move=round(sum(cpu) * 1000 / counts["moves"], 3)
        if cpu and counts["moves"] else None, errors=errors[:20])
    result.window_start, result.window_end = window.wall_start, time.time()
    return result


def _percentiles(ordered: list[float]) -> tuple[float, float, float]:
    """p50, p99 and the most of sorted seconds, in milliseconds."""
    return (round(statistics.median(ordered) * 1000, 2),
            round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 2),
            round(ordered[-1] * 1000, 2))


async def _keep_table(client: httpx.AsyncClient, creating: asyncio.Semaphore,
                      server: ServerProcess, plan: LoadPlan, window: Window,
                      latencies: list[float], counts: dict[str, int],
                      errors: list[str]) -> None:
    """One table slot: a table is created (`creating`: a few at once), watched to its
    end, followed by the next, until the window closes; its moves and their
    decision-to-broadcast times are counted while the window is open."""
    from websockets.asyncio.client import connect  # noqa: PLC0415

    first = True
    while not window.is_over(time.monotonic()):
        async with creating:
            answer = await client.post(f"{server.base}/api/tables", json={
                "game": plan.game, "players": list(plan.players)})
        if answer.status_code != 201:
            errors.append(f"create: {answer.status_code} {answer.text[:200]}")
            return
        table = answer.json()["table"]
        url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"
        async with connect(url, max_size=2**24) as socket:
            seen = 0
            while not window.is_over(time.monotonic()):
                try:
                    raw = await asyncio.wait_for(socket.recv(),
                                                 timeout=window.wait_left(time.monotonic()))
                except TimeoutError:
                    continue
                arrived, now = time.time(), time.monotonic()
                message = json.loads(raw)
                if message["type"] != "update":
                    errors.append(f"{table}: {message}")
                    continue
                if first and message["version"] > seen > 0:  # its bots move: playing
                    window.playing += 1
                    first = False
                if window.is_open(now):
                    if message["version"] > seen > 0:
                        latencies.append(arrived - message["decided_at"])
                    counts["moves"] += max(0, message["version"] - seen) if seen else 0
                seen = message["version"]
                if message["status"] == "over":
                    counts["games"] += int(window.is_open(now))
                    break


def describe(result: LoadResult) -> str:
    lines = [
        f"{result.tables} tables at once on {result.servers} server process(es), "
        f"{result.database}, {result.seconds:.1f} s counted once all were playing "
        f"({result.setup_seconds:.1f} s to open them), bots take about "
        f"{result.bot_delay:g} s a move",
        f"moves: {result.moves} ({result.moves_per_second:.1f}/s); games finished: "
        f"{result.games_finished}",
        f"accepted → broadcast heard (a move from its acceptance by the server to its "
        f"update at a client): p50 {result.broadcast_ms_p50:.1f} ms, p99 "
        f"{result.broadcast_ms_p99:.1f} ms, max {result.broadcast_ms_max:.1f} ms",
        "bot's wait for its place (offered → accepted: the server's pace, slower bots): "
        + ("not measured" if result.bot_wait_ms_p50 is None else
           f"p50 {result.bot_wait_ms_p50:.1f} ms, p99 {result.bot_wait_ms_p99:.1f} ms, "
           f"max {result.bot_wait_ms_max:.1f} ms"),
        "server CPU a move (its process, not its bots' workers): " + (
            "not measured" if result.server_cpu_ms_per_move is None else
            f"{result.server_cpu_ms_per_move:.2f} ms"),
        f"server memory: {', '.join(f'{rss:.0f} MiB' for rss in result.server_rss_mib)}",
    ]
    if result.memory_per_idle_table_kib is not None:
        lines.append(f"memory per idle table: {result.memory_per_idle_table_kib:.1f} KiB "
                     f"({result.idle_tables} waiting tables opened)")
    lines.append(f"errors: {len(result.errors)}" + "".join(
        f"\n  {error}" for error in result.errors))
    return "\n".join(lines)
