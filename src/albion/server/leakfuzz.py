"""`albion fuzz-leaks`: random games through a real `albion serve` (uvicorn on a loopback
port, in this process, over real WebSockets and HTTP), every frame sent to every seat
and spectator kept and then scanned for secrets (`albion.server.leakscan`).

Each table: a game and player count taken in turn (every game, every count), variant
values drawn from `GET /api/games`, people and bots mixed at random, sometimes a clock
whose stand-in plays for a seat that left. Every person's seat and a spectator connect;
people play random legal decisions and now and then send illegal, invalid, stale,
out-of-turn, repeated or malformed messages, ask for hints, drop their connection and
come back with `hello`; the record and the replay are asked for during play (409).
Once the game is over, the server's stored decision log is replayed with the engine and
every frame is checked against it."""

from __future__ import annotations

import asyncio
import json
import math
import multiprocessing
import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.table import Table as RichTable

from albion.server.app import create_app
from albion.server.leakscan import Frame, ScanResult, TableFacts, scan
from albion.server.loadtest import free_port
from albion.server.settings import ServerSettings

MAX_GAMES = 10_000
BOTS = ("random", "heuristic")
MALFORMED = ('{', '[]', '"submit"', '{"type": "submit"}', '{"type": "wave"}',
             '{"type": "submit", "action": "x", "version": -1}',
             '{"type": "hello", "since": "zero"}', '{"type": "join", "name": ""}')


FRAME_KINDS = {
    "update": "update", "reconnect": "update on reconnecting (replay from 0)",
    "hello": "update after a hello (replay from N)", "error": "error", "hint": "hint",
    "record 409": "HTTP record during play (409)", "replay 409": "HTTP replay during play (409)",
    "record 200": "HTTP record, game over (200)", "replay 200": "HTTP replay, game over (200)"}


class FuzzError(Exception):
    """The fuzz could not run (a server that does not start)."""


@dataclass(frozen=True)
class FuzzPlan:
    games: int = 500
    seed: int = 0
    at_once: int = 4
    """Tables played at the same time."""
    game_seconds: float = 600.0
    """A table not over by then is reported as a problem (stuck)."""


@dataclass
class FuzzResult:
    games: int
    seconds: float
    setups: dict[str, int] = field(default_factory=dict)
    """Games per game and player count (`diamoniak 2p`)."""
    frames: dict[str, int] = field(default_factory=dict)
    """Frames scanned, per kind."""
    canaries: int = 0
    versions: int = 0
    leaks: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def frames_scanned(self) -> int:
        return sum(self.frames.values())

    def to_json_dict(self) -> dict[str, Any]:
        return {**asdict(self), "frames_scanned": self.frames_scanned,
                "leaks_found": len(self.leaks)}


@dataclass(frozen=True)
class TablePlan:
    """One random table: its creation body, and the rolls of its people."""

    game: str
    players: tuple[str, ...]
    variant: dict[str, str | int]
    seed: int
    clock: dict[str, Any] | None
    rng_seed: int

    @property
    def setup(self) -> str:
        return f"{self.game} {len(self.players)}p"


def table_plans(games: list[dict[str, Any]], count: int, seed: int) -> list[TablePlan]:
    """`count` random tables, their game and player count taken in turn so that a few
    games already cover every game at every count."""
    setups = [(game, players) for game in games
              for players in range(game["min_players"], game["max_players"] + 1)]
    rng = random.Random(seed)
    plans = []
    for index in range(count):
        game, players = setups[index % len(setups)]
        specs = tuple("human" if rng.random() < 0.6 else rng.choice(BOTS)
                      for _ in range(players))
        if "human" not in specs and rng.random() < 0.8:  # mostly someone to fuzz with
            specs = ("human", *specs[1:])
        clock = {"seconds_per_move": 60, "grace_seconds": 0.2, "bot": rng.choice(BOTS)} \
            if rng.random() < 0.25 else None
        plans.append(TablePlan(game["id"], specs, _variant(game, rng),
                               rng.randrange(10**17, 2**63 - 1), clock, rng.getrandbits(32)))
    return plans


def _variant(game: dict[str, Any], rng: random.Random) -> dict[str, str | int]:
    """A random value for each variant key: any choice; an integer drawn log-uniformly
    up to twice its default (the longest games are not the ones that leak), sometimes
    its least value."""
    chosen: dict[str, str | int] = {}
    for option in game["variants"]:
        if option["choices"]:
            chosen[option["key"]] = rng.choice(option["choices"])
        elif isinstance(option["default"], int):
            low = option["minimum"]
            span = max(0, min(option["maximum"], 2 * option["default"]) - low)
            chosen[option["key"]] = low if rng.random() < 0.1 else low + min(span, int(
                math.exp(rng.uniform(0, math.log(span + 1)))) - 1)
    return chosen


def run(plan: FuzzPlan, progress: Callable[[int], None] | None = None) -> FuzzResult:
    """Serve, play `plan.games` tables and scan every frame they sent."""
    if not 1 <= plan.games <= MAX_GAMES:
        raise FuzzError(f"--games is 1 to {MAX_GAMES}")
    return asyncio.run(_fuzz(plan, progress))


async def _fuzz(plan: FuzzPlan, progress: Callable[[int], None] | None) -> FuzzResult:
    import uvicorn  # noqa: PLC0415 - only a served fuzz needs it

    begin = time.monotonic()
    result = FuzzResult(games=0, seconds=0.0)
    with tempfile.TemporaryDirectory(prefix="albion-fuzz-") as folder:
        settings = ServerSettings(database_url=f"sqlite:///{Path(folder) / 'albion.db'}",
                                  bot_workers=2, message_rate=10_000, message_burst=10_000,
                                  table_rate=1e6, table_burst=10**6,
                                  connections_per_address=10**6)
        app = create_app(settings)  # the fuzz sends faster than people: no message limit,
        # and all its tables and connections come from one address: no limit there either
        port = free_port()
        server = uvicorn.Server(uvicorn.Config(
            app, host="127.0.0.1", port=port, ws_max_size=16 * settings.frame_limit,
            ws_per_message_deflate=False, log_level="warning"))
        serving = asyncio.create_task(server.serve())
        checker = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        try:
            for _ in range(600):
                if server.started or serving.done():
                    break
                await asyncio.sleep(0.05)
            if not server.started:
                raise FuzzError("the server did not start")
            base = f"127.0.0.1:{port}"
            async with httpx.AsyncClient(base_url=f"http://{base}", timeout=120) as http:
                games = (await http.get("/api/games")).json()
                plans = table_plans(games, plan.games, plan.seed)
                slots = asyncio.Semaphore(plan.at_once)
                loop = asyncio.get_running_loop()

                async def one(table: TablePlan) -> None:
                    async with slots:
                        facts, frames, problems = await _play(http, base, table, app, plan)
                    scanned: ScanResult = await loop.run_in_executor(
                        checker, scan, facts, frames) if facts else ScanResult()
                    _add(result, table, scanned, problems)
                    if progress is not None:
                        progress(result.games)

                await asyncio.gather(*(one(table) for table in plans))
        finally:
            checker.shutdown(cancel_futures=True)
            server.should_exit = True
            await serving
    result.seconds = round(time.monotonic() - begin, 1)
    result.setups = dict(sorted(result.setups.items()))
    result.frames = dict(sorted(result.frames.items()))
    return result


def _add(result: FuzzResult, table: TablePlan, scanned: ScanResult,
         problems: list[str]) -> None:
    result.games += 1
    result.setups[table.setup] = result.setups.get(table.setup, 0) + 1
    frames = Counter(result.frames)
    frames.update(scanned.frames)
    result.frames = dict(frames)
    result.canaries += scanned.canaries
    result.versions += scanned.versions
    where = f"{table.setup} seed {table.seed}"
    result.leaks.extend(f"{where}: {leak}" for leak in scanned.leaks)
    result.problems.extend(f"{where}: {problem}" for problem in problems + scanned.problems)


async def _play(http: httpx.AsyncClient, base: str, table: TablePlan, app: Any,
                plan: FuzzPlan) -> tuple[TableFacts | None, list[Frame], list[str]]:
    """Create the table, play it to its end with every viewer connected, ask for the
    record and the replay; the server's stored facts and every frame received."""
    body: dict[str, Any] = {"game": table.game, "players": list(table.players),
                            "variant": table.variant, "seed": table.seed}
    if table.clock is not None:
        body["clock"] = table.clock
    answer = await http.post("/api/tables", json=body)
    if answer.status_code != 201:
        return None, [], [f"create {body}: {answer.status_code} {answer.text[:200]}"]
    created = answer.json()
    table_id = created["table"]
    rng = random.Random(table.rng_seed)
    frames: list[Frame] = []
    viewers = [Viewer(f"ws://{base}/ws/tables/{table_id}?token={seat['token']}",
                      seat["seat"], frames, random.Random(rng.random()))
               for seat in created["seats"]]
    viewers.append(Viewer(f"ws://{base}/ws/tables/{table_id}", None, frames,
                          random.Random(rng.random())))
    problems: list[str] = []
    poke = asyncio.create_task(_ask_during_play(http, table_id, frames, rng))
    try:
        async with asyncio.timeout(plan.game_seconds), asyncio.TaskGroup() as group:
            for viewer in viewers:
                group.create_task(viewer.run())
    except TimeoutError:
        problems.append(f"table {table_id} was not over after {plan.game_seconds:.0f} s")
    except Exception as failure:  # a connection the server broke: reported, not hidden
        problems.append(f"table {table_id}: {failure!r}")
    finally:
        poke.cancel()
    for kind in ("record", "replay"):
        served = await http.get(f"/api/tables/{table_id}/{kind}")
        frames.append(Frame(None, kind, served.json(), status=served.status_code))
    store = app.state.hub.store
    row = await asyncio.to_thread(store.table, table_id)
    rows = await asyncio.to_thread(store.log, table_id)
    facts = TableFacts(row.game, list(row.players), dict(row.variant), row.seed, rows)
    return facts, frames, problems


async def _ask_during_play(http: httpx.AsyncClient, table_id: str, frames: list[Frame],
                           rng: random.Random) -> None:
    """The record and the replay, asked for now and then while the game is on."""
    while True:
        await asyncio.sleep(rng.uniform(0.05, 1.0))
        for kind in ("record", "replay"):
            served = await http.get(f"/api/tables/{table_id}/{kind}")
            frames.append(Frame(None, kind, served.json(), status=served.status_code))


def _repeats(update: dict[str, Any], seen: int) -> bool:
    """Whether `update` repeats a game event of a version this connection has seen: an
    answer to a `hello`. The server answers messages in order, but the updates of other
    seats' decisions may come first, so which update answers a hello is told by what it
    holds, not by where it comes. (A hello since the version the connection has seen is
    answered by an update like any other: it stays pending, which only lets more pass.)"""
    return any(event["version"] <= seen for event in update["events"]
               if event.get("type") != "notice")


class Viewer:
    """A person at a seat (or a spectator, seat None) with a random streak: plays legal
    decisions, and sometimes sends what the server must refuse, asks for a hint, or
    leaves and comes back."""

    def __init__(self, url: str, seat: int | None, frames: list[Frame],
                 rng: random.Random) -> None:
        self.url = url
        self.seat = seat
        self.frames = frames
        self.rng = rng
        self.seen = 0
        self.sent: list[tuple[str, int]] = []
        self.texts: set[str] = set()
        """Every legal text this seat was ever offered: most are illegal later."""
        self.hints = 0
        self.acted = -1
        self.connections = 0

    async def run(self) -> None:
        from websockets.asyncio.client import connect  # noqa: PLC0415

        over = False
        while not over:
            self.connections += 1
            async with connect(self.url, max_size=2**24) as socket:
                over = await self._session(socket)
            await asyncio.sleep(self.rng.uniform(0, 0.3))  # away a moment

    async def _session(self, socket: Any) -> bool:
        """One connection: read and answer until the game is over (True) or this person
        leaves (False)."""
        kind = "reconnect" if self.connections > 1 else "update"
        starts: tuple[int, ...] = (0,)
        hellos: list[int] = []
        latest: dict[str, Any] | None = None
        while True:
            try:
                raw = await asyncio.wait_for(socket.recv(), 2.0)
            except TimeoutError:
                if latest is not None and latest["legal"]:
                    await self._decide(socket, latest)  # a lost turn: decide again
                continue
            body = json.loads(raw)
            if body.get("type") == "update":
                self.frames.append(Frame(self.seat, kind, body,
                                         starts=(*starts, *hellos)))
                if hellos and _repeats(body, starts[0]):
                    del hellos[0]  # the answer to the oldest hello still pending
                starts, kind, latest = (body["version"],), "update", body
                self.seen = body["version"]
                if body["status"] == "over":
                    return True
                if self.rng.random() < 0.03:  # ask to hear again what came after a version
                    since = self.rng.randint(0, self.seen)
                    hellos.append(since)
                    kind = "hello"
                    await self._send(socket, {"type": "hello", "since": since})
                if self.seat is None:
                    await self._watch(socket, body)
                elif body["legal"] and body["version"] != self.acted:
                    await self._decide(socket, body)
                elif self.rng.random() < 0.03 and self.texts:  # out of turn
                    await self._send(socket, {"type": "submit", "version": body["version"],
                                              "action": self.rng.choice(sorted(self.texts))})
                if self.rng.random() < 0.02:
                    return False  # leaves; comes back with a new connection
            elif body.get("type") == "error":
                self.frames.append(Frame(self.seat, "error", body, sent=tuple(self.sent[-8:])))
            else:
                self.frames.append(Frame(self.seat, str(body.get("type")), body))

    async def _send(self, socket: Any, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        self.sent = [*self.sent[-15:], (text, self.seen)]
        await socket.send(text)

    async def _decide(self, socket: Any, update: dict[str, Any]) -> None:
        """A legal decision, sometimes after something the server must refuse."""
        legal, version, roll = update["legal"], update["version"], self.rng.random()
        self.texts.update(legal)
        wrong = sorted(self.texts - set(legal)) or ["dance", "play 99", "take line 9"]
        if roll < 0.05:
            await self._send(socket, {"type": "submit", "version": version,
                                      "action": self.rng.choice(wrong)})
        elif roll < 0.09:
            await self._send(socket, {"type": "submit", "action": self.rng.choice(legal),
                                      "version": version - 1 if version else version + 7})
        elif roll < 0.11:
            await self._send(socket, self.rng.choice(MALFORMED))
        elif roll < 0.13 and self.hints < 2:
            self.hints += 1
            await self._send(socket, {"type": "hint"})
        elif roll < 0.14:
            await self._send(socket, {"type": "join", "name": f"fuzz {self.seat}"})
        decision = {"type": "submit", "action": self.rng.choice(legal), "version": version}
        await self._send(socket, decision)
        if update["status"] == "waiting":
            return  # refused `not_started`: decide again once the last seat opens
        self.acted = version
        if self.rng.random() < 0.04:
            await self._send(socket, decision)  # the same again: refused, changes nothing

    async def _watch(self, socket: Any, update: dict[str, Any]) -> None:
        """A spectator now and then tries what only seats may do."""
        roll = self.rng.random()
        if roll < 0.02:
            await self._send(socket, {"type": "submit", "action": "draw",
                                      "version": update["version"]})
        elif roll < 0.03:
            await self._send(socket, {"type": "hint"})
        elif roll < 0.04:
            await self._send(socket, {"type": "join", "name": "spy"})


def fuzz_table(result: FuzzResult) -> RichTable:
    """The games by game and player count, and the frames scanned by kind."""
    table = RichTable(title="Leak fuzz", show_header=True)
    table.add_column("scanned")
    table.add_column("count", justify="right")
    for setup, count in result.setups.items():
        table.add_row(f"games: {setup}", str(count))
    for kind, count in result.frames.items():
        table.add_row(f"frames: {FRAME_KINDS.get(kind, kind)}", str(count))
    table.add_row("canary twins compared", str(result.canaries))
    table.add_row("leaks found", str(len(result.leaks)), style="bold")
    return table


def describe(result: FuzzResult) -> str:
    lines = [f"{result.games} games through a real server in {result.seconds:.1f} s; "
             f"{result.versions} positions replayed, {result.canaries} canary twins "
             "compared",
             f"frames scanned: {result.frames_scanned}",
             f"leaks found: {len(result.leaks)}"]
    lines.extend(f"  {leak}" for leak in result.leaks[:20])
    lines.append(f"other problems: {len(result.problems)}")
    lines.extend(f"  {problem}" for problem in result.problems[:20])
    return "\n".join(lines)
