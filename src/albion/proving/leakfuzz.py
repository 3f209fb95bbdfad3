"""`albion fuzz-leaks`: random games through a real `albion serve` (uvicorn on a loopback
port, in this process, over real WebSockets and HTTP), every frame sent to every seat
and spectator kept and then scanned for secrets (`albion.proving.leakscan`).

Each table: a game and player count taken in turn (every game, every count), variant
values drawn from `GET /api/games`, people and bots mixed at random, sometimes a clock
whose stand-in plays for a seat that left. Most tables are dealt as online tables are,
from the secret only the server holds (issue 25): each person claims their seat's
invitation, as the people would, and plays with the token it gives; some have a seed
chosen by their creator, who is given every seat's token. Every person's seat and a
spectator connect (a seat's token sent as `?token=`, as `Authorization: Bearer` or as a
page's cookie with `?seat=`, or no token at all: the person signed up, and their
account's session opens the seat, issue 30 — and asks in vain for another seat); people
play random legal decisions and now and then send illegal, invalid, stale, out-of-turn,
repeated or malformed messages, ask for hints, choose names (blank, reordered by
bidirectional controls, another seat's label or name, padded with spaces), drop their
connection and come back with `hello`; the summary, the record and the replay are asked
for during play (409 for the last two). Once the game is over, the server's stored
decision log is replayed with the engine from the stored secret (or seed) and every
frame is checked against it; the server's log is searched for every table's secret."""

from __future__ import annotations

import asyncio
import json
import logging
import math
import multiprocessing
import random
import secrets
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import httpx
from rich.table import Table as RichTable

from albion.proving.leakscan import (
    Frame,
    ScanResult,
    SecretIndex,
    TableFacts,
    may_hold_a_form,
    scan,
)
from albion.proving.loadtest import free_port
from albion.server.app import create_app
from albion.server.credentials import cookie_name
from albion.server.http_guard import guarded_protocol
from albion.server.run import TRUSTED_PROXIES, connection_budget
from albion.server.settings import ServerSettings
from albion.table.undo import UNDO

MAX_GAMES = 10_000
BOTS = ("random", "heuristic")
WHY_NOT_AREAS = ("draw_pile", "right_pile", "castle", "line", "pile", "hand", "disks",
                 "square", "circle", "characters", "nowhere")
"""Areas a `why_not` names when it takes no legal action's place (issue 32)."""
MALFORMED = ('{', '[]', '"submit"', '{"type": "submit"}', '{"type": "wave"}',
             '{"type": "submit", "action": "x", "version": -1}',
             '{"type": "hello", "since": "zero"}', '{"type": "join", "name": ""}')
SEEDED = 0.25
"""Tables whose creator chooses the seed (and holds every seat); the others are dealt
from a secret, their seats taken by claiming invitations."""
CREDENTIALS = ("query", "bearer", "cookie", "account")
"""How a seat's connection offers its token: `?token=`, `Authorization: Bearer`, the
cookie a claim sets with `?seat=` (a page), or none at all: the seat's person signs up,
the seat becomes their account's (claimed while signed in, or kept by its token), and
the account's session cookie opens it with `?seat=` (issue 30). Such a person also asks,
with their session, for a seat of the table their account does not hold: the refusal is
a `probe` frame, and a session that opened it is a leak."""
OPEN_SECONDS = 120.0
"""How long a connection (or a claim) may take to be answered on a machine the fuzz keeps
busy: as long as any HTTP answer (a refusal comes at once; only a stalled server is
this slow)."""
HINT_SECONDS = 600.0
"""The fuzz server's time ceiling, which its hints' searches also stop at: far past a
hint's 400 iterations, so that every hint is the whole search the scanner repeats (one
cut short by a busy machine would differ from it)."""


def fuzz_settings(database_url: str) -> ServerSettings:
    """The server the fuzz plays on. Every person of every table is this one process on
    127.0.0.1, so the limits per client address and per seat that keep one person from
    stopping a server (issue 25) would refuse the fuzz's own people, who message, open
    connections and reconnect, name themselves and ask for hints far faster than people
    do: each is lifted. What stays is what a seat may do at all (a hint or two per seat
    stays within its own limit) and every check of a message, a credential and a host."""
    lifted = 10**6
    return ServerSettings(
        database_url=database_url, bot_workers=2,
        message_rate=lifted, message_burst=lifted,  # messages per connection
        table_rate=lifted, table_burst=lifted,  # tables per address
        connections_per_address=lifted, connect_rate=lifted, connect_burst=lifted,
        http_connections_per_address=lifted,
        seat_connect_rate=lifted, seat_connect_burst=lifted,  # reconnects per seat
        rename_rate=lifted, rename_burst=lifted,  # names per seat (and per address)
        hints_per_address=lifted,  # hints searched at once for this address
        signup_rate=lifted, signup_burst=lifted,  # accounts made (issue 30)
        password_time_cost=1, password_memory_kib=1024, password_lanes=1,  # cheap hashes
        max_seconds=HINT_SECONDS, decision_timeout=HINT_SECONDS)


FRAME_KINDS = {
    "update": "update", "reconnect": "update on reconnecting (replay from 0)",
    "hello": "update after a hello (replay from N)", "error": "error", "hint": "hint",
    "named": "named (the answer to a join)",
    "created 201": "HTTP new table (201)", "claim 200": "HTTP invitation claimed (200)",
    "summary 200": "HTTP table summary during play (200)",
    "record 409": "HTTP record during play (409)", "replay 409": "HTTP replay during play (409)",
    "probe": "another seat asked for with an account's session (refused)",
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
    take_backs: int = 0
    """Moves taken back (ALL-3) in the games scanned: undo is in play."""
    log_lines: int = 0
    """Lines the server logged, each searched for every table's secret."""
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
    """One random table: its creation body (`seed` None: dealt from the server's secret),
    and the rolls of its people."""

    game: str
    players: tuple[str, ...]
    variant: dict[str, str | int]
    seed: int | None
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
        seed = rng.randrange(10**17, 2**63 - 1)
        plans.append(TablePlan(game["id"], specs, _variant(game, rng),
                               seed if rng.random() < SEEDED else None, clock,
                               rng.getrandbits(32)))
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
    tap = LogTap()
    dealt: list[TableFacts] = []
    with tempfile.TemporaryDirectory(prefix="albion-fuzz-") as folder:
        settings = fuzz_settings(f"sqlite:///{Path(folder) / 'albion.db'}")
        app = create_app(settings)
        port = free_port()
        server = uvicorn.Server(uvicorn.Config(  # as `albion serve` runs it (`run.serve`)
            app, host="127.0.0.1", port=port, ws_max_size=16 * settings.frame_limit,
            ws_per_message_deflate=False, log_level="warning", timeout_keep_alive=5,
            http=guarded_protocol(settings.header_timeout,
                                  settings.http_connections_per_address,
                                  connection_budget(settings, 4096),
                                  proxies=TRUSTED_PROXIES.split(","))))
        serving = asyncio.create_task(server.serve())
        checker = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        try:
            for _ in range(600):
                if server.started or serving.done():
                    break
                await asyncio.sleep(0.05)
            if not server.started:
                raise FuzzError("the server did not start")
            tap.install()
            base = f"127.0.0.1:{port}"
            async with httpx.AsyncClient(base_url=f"http://{base}",
                                         timeout=OPEN_SECONDS) as http:
                games = (await http.get("/api/games")).json()
                plans = table_plans(games, plan.games, plan.seed)
                slots = asyncio.Semaphore(plan.at_once)
                kept = asyncio.Semaphore(2 * plan.at_once)
                """Tables whose frames are kept: playing, or played and waiting for the
                scan (slower than play for the longest games, which would otherwise pile
                up gigabytes of frames)."""
                loop = asyncio.get_running_loop()

                async def one(table: TablePlan) -> None:
                    async with kept:
                        async with slots:
                            facts, frames, problems = await _play(http, base, table, app,
                                                                  plan, settings)
                        scanned: ScanResult = await loop.run_in_executor(
                            checker, scan, facts, frames) if facts else ScanResult()
                    if facts is not None:
                        dealt.append(replace(facts, rows=[]))  # its secret, for the log
                    _add(result, table, facts, scanned, problems)
                    if progress is not None:
                        progress(result.games)

                await asyncio.gather(*(one(table) for table in plans))
        finally:
            checker.shutdown(cancel_futures=True)
            server.should_exit = True
            await serving
            tap.remove()
    _scan_log(result, tap, dealt)
    result.seconds = round(time.monotonic() - begin, 1)
    result.setups = dict(sorted(result.setups.items()))
    result.frames = dict(sorted(result.frames.items()))
    return result


class LogTap(logging.Handler):
    """Every line the server logs at INFO and above (more than `albion serve` shows: its
    access and WebSocket lines, its notices), kept to be searched for the tables'
    secrets. The handlers that printed the server's lines print what they printed
    before, no more."""

    LOGGERS = ("albion", "uvicorn.error", "uvicorn.access")

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []
        """The lines that could hold a secret (`leakscan.may_hold_a_form`)."""
        self.count = 0
        """Lines logged in all."""
        self.levels: dict[str, int] = {}
        self.handler_levels: dict[logging.Handler, int] = {}
        self.unhandled = False
        """Nothing handled albion's warnings but Python's last resort (which this tap
        would silence): the tap hands them on."""

    def emit(self, record: logging.LogRecord) -> None:
        line = self.format(record)
        self.count += 1
        if may_hold_a_form(line):  # only these could hold a secret: the rest is counted
            self.lines.append(line)
        if self.unhandled and record.name.startswith("albion") and \
                record.levelno >= logging.WARNING and logging.lastResort is not None:
            logging.lastResort.handle(record)

    def install(self) -> None:
        self.unhandled = not _handlers(logging.getLogger("albion"))
        for name in self.LOGGERS:
            logger = logging.getLogger(name)
            shown = logger.getEffectiveLevel()
            for handler in _handlers(logger):
                if handler not in self.handler_levels:
                    self.handler_levels[handler] = handler.level
                    handler.setLevel(max(handler.level, shown))
            self.levels[name] = logger.level
            logger.setLevel(min(shown, logging.INFO))
            logger.addHandler(self)

    def remove(self) -> None:
        for name, level in self.levels.items():
            logger = logging.getLogger(name)
            logger.removeHandler(self)
            logger.setLevel(level)
        for handler, level in self.handler_levels.items():
            handler.setLevel(level)


def _handlers(logger: logging.Logger) -> list[logging.Handler]:
    """The handlers a record of `logger` reaches (its own and its ancestors')."""
    found: list[logging.Handler] = []
    current: logging.Logger | None = logger
    while current is not None:
        found.extend(current.handlers)
        current = current.parent if current.propagate else None
    return found


def _scan_log(result: FuzzResult, tap: LogTap, tables: list[TableFacts]) -> None:
    """Every line the server logged, read once against every table's secret."""
    result.log_lines = tap.count
    index = SecretIndex()
    for number, facts in enumerate(tables):
        if facts.secret is not None:
            index.add(f"{facts.game} table {number}", facts.secret)
    for line in tap.lines:
        for label in sorted(index.find(line)):
            result.leaks.append(f"the server's log: the secret of {label} in {line[:200]!r}")


def _add(result: FuzzResult, table: TablePlan, facts: TableFacts | None,
         scanned: ScanResult, problems: list[str]) -> None:
    result.games += 1
    result.setups[table.setup] = result.setups.get(table.setup, 0) + 1
    frames = Counter(result.frames)
    frames.update(scanned.frames)
    result.frames = dict(frames)
    result.canaries += scanned.canaries
    result.versions += scanned.versions
    result.take_backs += sum(1 for row in facts.rows if row.action == UNDO) if facts else 0
    where = f"{table.setup} seed {table.seed}" if table.seed is not None else \
        f"{table.setup} dealt from a secret (rolls {table.rng_seed})"
    result.leaks.extend(f"{where}: {leak}" for leak in scanned.leaks)
    result.problems.extend(f"{where}: {problem}" for problem in problems + scanned.problems)


async def _play(http: httpx.AsyncClient, base: str, table: TablePlan, app: Any,
                plan: FuzzPlan, settings: ServerSettings
                ) -> tuple[TableFacts | None, list[Frame], list[str]]:
    """Create the table, play it to its end with every viewer connected (each person
    claims their invitation first), ask for the summary, the record and the replay; the
    server's stored facts and every frame received."""
    body: dict[str, Any] = {"game": table.game, "players": list(table.players),
                            "variant": table.variant}
    if table.seed is not None:
        body["seed"] = table.seed
    if table.clock is not None:
        body["clock"] = table.clock
    answer = await http.post("/api/tables", json=body)
    if answer.status_code != 201:
        return None, [], [f"create {body}: {answer.status_code} {answer.text[:200]}"]
    created = answer.json()
    table_id = created["table"]
    rng = random.Random(table.rng_seed)
    frames: list[Frame] = [Frame(None, "created", created, status=answer.status_code)]
    problems: list[str] = []
    people = list(created["seats"])
    if any(bool(seat["invite"]) == (table.seed is not None) or
           bool(seat["token"]) == (table.seed is None) for seat in people):
        problems.append(f"table {table_id}: seats {people} are not "
                        f"{'tokens' if table.seed is not None else 'invitations'}")
    viewers = [Viewer(base, table_id, seat["seat"], frames, random.Random(rng.random()),
                      Seat(http, seat.get("invite"), seat.get("token"),
                           rng.choice(CREDENTIALS)))
               for seat in people]
    viewers.append(Viewer(base, table_id, None, frames, random.Random(rng.random())))
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
    facts = TableFacts(row.game, list(row.players), dict(row.variant), row.seed, rows,
                       secret=row.secret_bytes, seed_chosen=row.seed_chosen,
                       max_seconds=settings.max_seconds)
    return facts, frames, problems


async def _ask_during_play(http: httpx.AsyncClient, table_id: str, frames: list[Frame],
                           rng: random.Random) -> None:
    """The summary, the record and the replay, asked for now and then while the game is
    on."""
    while True:
        await asyncio.sleep(rng.uniform(0.05, 1.0))
        for kind, path in (("summary", ""), ("record", "/record"), ("replay", "/replay")):
            served = await http.get(f"/api/tables/{table_id}{path}")
            frames.append(Frame(None, kind, served.json(), status=served.status_code))


@dataclass
class Seat:
    """How a person holds their seat: the invitation they were sent (claimed when they
    first open it, as a person opening the link would) or the token their creator was
    given, and the way their connections offer it."""

    http: httpx.AsyncClient
    invite: str | None
    token: str | None
    credential: str
    session: str | None = None
    """The account's session cookie (credential `account`)."""

    async def claimed(self, table_id: str, frames: list[Frame]) -> str:
        """The seat's token, claiming the invitation the first time (its answer is a
        frame like any other); for an account, signed up first, the seat the account's
        (claimed while signed in, or kept by the token the creator was given)."""
        async with httpx.AsyncClient(base_url=self.http.base_url,  # its own cookies
                                     timeout=self.http.timeout) as own:
            signed = await self._sign_up(own) if self.credential == "account" else {}
            if self.token is None:
                assert self.invite is not None
                answer = await own.post(f"/api/tables/{table_id}/claim",
                                        json={"invite": self.invite}, headers=signed)
                frames.append(Frame(None, "claim", answer.json(), status=answer.status_code))
                if answer.status_code != 200:
                    raise FuzzError(f"claim: {answer.status_code} {answer.text[:200]}")
                self.token = str(answer.json()["token"])
            elif signed:
                kept = await own.post("/api/account/seats", headers=signed, json={
                    "seats": [{"table": table_id, "token": self.token}]})
                if kept.status_code != 200 or not kept.json()["kept"]:
                    raise FuzzError(f"keep: {kept.status_code} {kept.text[:200]}")
        return self.token

    async def _sign_up(self, own: httpx.AsyncClient) -> dict[str, str]:
        """A new account, signed in on `own`: its CSRF header (the session is kept)."""
        answer = await own.post("/api/account/signup", json={
            "username": f"fuzz-{secrets.token_hex(8)}", "password": secrets.token_hex(8)})
        if answer.status_code != 201:
            raise FuzzError(f"sign-up: {answer.status_code} {answer.text[:200]}")
        self.session = own.cookies["albion_session"]
        return {"X-CSRF-Token": answer.json()["csrf"]}

    def offer(self, url: str, seat: int, token: str) -> tuple[str, dict[str, str]]:
        """The connection's address and headers that offer `token` (or the session)."""
        if self.credential == "bearer":
            return url, {"Authorization": f"Bearer {token}"}
        if self.credential == "cookie":
            return f"{url}?seat={seat}", {"Cookie": f"{cookie_name(seat)}={token}"}
        if self.credential == "account":
            return f"{url}?seat={seat}", {"Cookie": f"albion_session={self.session}"}
        return f"{url}?token={token}", {}


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

    def __init__(self, base: str, table_id: str, seat: int | None, frames: list[Frame],
                 rng: random.Random, holder: Seat | None = None) -> None:
        self.url = f"ws://{base}/ws/tables/{table_id}"
        self.table_id = table_id
        self.seat = seat
        self.holder = holder
        self.frames = frames
        self.rng = rng
        self.seen = 0
        self.sent: list[tuple[str, int]] = []
        self.texts: set[str] = set()
        """Every legal text this seat was ever offered: most are illegal later."""
        self.hints = 0
        self.acted = -1
        self.connections = 0
        self.undoing: int | None = None
        """The version at which this seat asked to take a move back, until answered."""

    async def run(self) -> None:
        from websockets.asyncio.client import connect  # noqa: PLC0415

        url, headers = self.url, dict[str, str]()
        if self.holder is not None:
            await asyncio.sleep(self.rng.uniform(0, 0.2))  # people open their links apart
            assert self.seat is not None
            token = await self.holder.claimed(self.table_id, self.frames)
            url, headers = self.holder.offer(url, self.seat, token)
            if self.holder.session is not None:
                await self._probe(url.partition("?")[0], headers)
        over = False
        while not over:
            self.connections += 1
            async with connect(url, max_size=2**24, additional_headers=headers,
                               open_timeout=OPEN_SECONDS) as socket:
                over = await self._session(socket)
            await asyncio.sleep(self.rng.uniform(0, 0.3))  # away a moment

    async def _probe(self, url: str, headers: dict[str, str]) -> None:
        """The account's session asks for a seat its account does not hold (another
        seat of the table): refused before the connection is accepted, a `probe` frame;
        one that opens, and what it was sent, is a frame the scanner flags."""
        from websockets.asyncio.client import connect  # noqa: PLC0415
        from websockets.exceptions import InvalidStatus  # noqa: PLC0415

        assert self.seat is not None
        other = (self.seat + 1 + self.rng.randrange(7)) % 8
        try:
            async with connect(f"{url}?seat={other}", additional_headers=headers,
                               open_timeout=OPEN_SECONDS) as socket:
                body = json.loads(await asyncio.wait_for(socket.recv(), OPEN_SECONDS))
                self.frames.append(Frame(self.seat, "probe", {"refused": False,
                                                              "seat": other, "sent": body}))
        except InvalidStatus as refused:
            self.frames.append(Frame(self.seat, "probe", {
                "refused": refused.response.status_code == 403, "seat": other}))

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
                self.undoing = None
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
                elif body.get("can_undo") and self.rng.random() < 0.3:  # ALL-3
                    self.undoing = body["version"]
                    await self._send(socket, {"type": "undo", "version": body["version"]})
                elif body["legal"] and body["version"] != self.acted:
                    await self._decide(socket, body)
                elif self.rng.random() < 0.03 and self.texts:  # out of turn
                    await self._send(socket, {"type": "submit", "version": body["version"],
                                              "action": self.rng.choice(sorted(self.texts))})
                if self.rng.random() < 0.02:
                    return False  # leaves; comes back with a new connection
            elif body.get("type") == "error":
                self.frames.append(Frame(self.seat, "error", body, sent=tuple(self.sent[-8:])))
                if hellos and body.get("code") == "rate_limited" and \
                        "hello" in str(body.get("message")):
                    del hellos[0]  # that hello is answered by this refusal
                elif self.undoing is not None and latest is not None and \
                        latest["version"] == self.undoing and latest["legal"]:
                    # the take-back refused (its own limit, ALL-3): the person plays on
                    # at once rather than after the 2 s a lost turn waits (most of a
                    # long game's time was these waits)
                    self.undoing = None
                    await self._decide(socket, latest)
            else:
                self.frames.append(Frame(self.seat, str(body.get("type")), body,
                                         sent=tuple(self.sent[-8:])))

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
            await self._send(socket, {"type": "join", "name": self._name()})
        elif roll < 0.17:
            await self._send(socket, self._chat())
        elif roll < 0.20:  # issue 32: "why not?" at a place, mostly one with no legal action
            await self._send(socket, {"type": "why_not", "place": self._place(update)})
        decision = {"type": "submit", "action": self.rng.choice(legal), "version": version}
        await self._send(socket, decision)
        if update["status"] == "waiting":
            return  # refused `not_started`: decide again once the last seat opens
        self.acted = version
        if self.rng.random() < 0.04:
            await self._send(socket, decision)  # the same again: refused, changes nothing

    def _place(self, update: dict[str, Any]) -> dict[str, Any]:
        """A place of the board: a legal action's, its seat, number or item changed, or
        any of the areas the games' drawings name."""
        placed = [action["at"] for action in update["view"]["legal"] if action.get("at")]
        if not placed or self.rng.random() < 0.3:
            return {"area": self.rng.choice(WHY_NOT_AREAS)}
        place = {key: value for key, value in self.rng.choice(placed).items()
                 if value is not None}
        if "seat" in place:
            place["seat"] = self.rng.randrange(len(update["view"]["seats"]))
        if "number" in place:
            place["number"] = self.rng.randint(0, 12)
        if "item" in place and self.rng.random() < 0.3:
            place["item"] = self.rng.choice(["red", "witch", "north", "arthur", "x"])
        return place

    def _chat(self) -> dict[str, Any]:
        """A chat line (sometimes one the server must refuse or trim), or letting the
        spectators write."""
        if self.rng.random() < 0.15:
            return {"type": "chat_spectators", "allow": self.rng.random() < 0.5}
        return {"type": "chat", "text": self.rng.choice(CHAT_LINES)}

    def _name(self) -> str:
        """A name to choose: mostly one's own, sometimes one the server must refuse
        (blank, a control or bidirectional character, another seat's label or name) or
        trim."""
        assert self.seat is not None
        other = self.seat + 1 + self.rng.randrange(7)
        return self.rng.choice([
            f"fuzz {self.seat}", f"fuzz {self.seat}", f"  fuzz   {self.seat} ", "   ",
            f"\u202efuzz {self.seat}", f"fuzz\u0000{self.seat}", f"P{other + 1}",
            f"fuzz {other % 8}", f"P{self.seat + 1}", f"\u200bfuzz {self.seat}"])

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
        elif roll < 0.07:
            await self._send(socket, {"type": "chat", "text": self.rng.choice(CHAT_LINES)})


CHAT_LINES = ("gg", "good luck!", "  nice   move ", "what is in your hand?", "x" * 300,
              "\u202ereversed", "bell\u0007", "", "<script>alert(1)</script>")
"""What fuzz clients say in the chat: lines to keep, trim and refuse."""


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
    table.add_row("moves taken back (ALL-3)", str(result.take_backs))
    table.add_row("server log lines searched for secrets", str(result.log_lines))
    table.add_row("leaks found", str(len(result.leaks)), style="bold")
    return table


def describe(result: FuzzResult) -> str:
    lines = [f"{result.games} games through a real server in {result.seconds:.1f} s; "
             f"{result.versions} positions replayed, {result.canaries} canary twins "
             f"compared, {result.take_backs} moves taken back",
             f"frames scanned: {result.frames_scanned}; server log lines searched: "
             f"{result.log_lines}",
             f"leaks found: {len(result.leaks)}"]
    lines.extend(f"  {leak}" for leak in result.leaks[:20])
    lines.append(f"other problems: {len(result.problems)}")
    lines.extend(f"  {problem}" for problem in result.problems[:20])
    return "\n".join(lines)
