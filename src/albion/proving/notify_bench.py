"""The notification benchmark (issue 31, `albion notify-bench`): turn-based tables between
simulated players on one `albion serve`, each player an account that asked for e-mail,
its mail going to an SMTP server this benchmark runs. Players come to a table whose turn
is theirs at random, make one move and leave, so the next player's turn begins while they
are away and is mailed to them. Halfway, the server is killed (SIGKILL) and started again.

Measured: the notifications the server stored against the mails received — every one
delivered, none twice (by Message-ID, the row's id) — and the time from the move that
began a turn (its update back to the mover, i.e. its commit) to that turn's mail."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from email import message_from_bytes
from pathlib import Path
from typing import Any

import httpx
from aiosmtpd.controller import Controller
from sqlalchemy import select

from albion.proving.loadtest import ONE_ADDRESS, ServerProcess, free_port
from albion.server.accounts import Accounts
from albion.server.notifications import account_emails, notifications
from albion.server.store import Store
from albion.server.upsert import upsert


class NotifyBenchError(Exception):
    """The benchmark could not run (a server that does not start)."""


@dataclass(frozen=True)
class NotifyPlan:
    tables: int = 1000
    moves: int = 3000
    at_once: int = 32
    """Players at a table at the same moment."""
    kill: bool = True
    seed: int = 0
    days_per_move: float = 1.0


@dataclass
class NotifyResult:
    tables: int = 0
    moves: int = 0
    seconds: float = 0.0
    killed: bool = False
    stored: int = 0
    """Notifications the server stored (turns, invitations, ends)."""
    turns_expected: int = 0
    """Turns the players saw begin while their player was away."""
    turns_stored: int = 0
    mails: int = 0
    delivered: int = 0
    """Stored notifications whose mail came (by Message-ID)."""
    duplicates: int = 0
    lost: int = 0
    missing_turns: int = 0
    """Turns seen to begin with no stored notification."""
    latency_p50: float = 0.0
    latency_p99: float = 0.0
    latency_max: float = 0.0
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.lost and not self.duplicates and not self.missing_turns and \
            self.latency_p99 <= 60.0 and not self.problems

    def to_json_dict(self) -> dict[str, Any]:
        return {**asdict(self), "passed": self.passed}


class Mailbox:
    """The SMTP server's side: each mail's Message-ID and when it came."""

    def __init__(self) -> None:
        self.received: list[tuple[str, float]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        mail = message_from_bytes(envelope.content)
        self.received.append((str(mail["Message-ID"]), time.time()))
        return "250 OK"


@dataclass
class Player:
    account_id: str
    cookie: str
    csrf: str


@dataclass
class Seat:
    table: str
    players: list[Player]
    to_move: list[int] = field(default_factory=list)
    over: bool = False


@contextlib.contextmanager
def mail_server() -> Iterator[tuple[Mailbox, int]]:
    box, port = Mailbox(), free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield box, port
    finally:
        controller.stop()


def run(plan: NotifyPlan, progress: Callable[[str, float], None] | None = None
        ) -> NotifyResult:
    """Play `plan` and measure; `progress(phase, fraction)`."""
    rng = random.Random(plan.seed)
    result = NotifyResult(tables=plan.tables)
    begin = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="albion-notify-") as folder, \
            mail_server() as (box, smtp_port):
        database = f"sqlite:///{Path(folder) / 'albion.db'}"
        players = _accounts(database, plan.tables * 2)
        settings = {**ONE_ADDRESS, "smtp_host": "127.0.0.1", "smtp_port": smtp_port,
                    "notify_poll_seconds": 1.0, "message_rate": 1000, "message_burst": 1000}

        def start() -> ServerProcess:
            server = ServerProcess(database, Path(folder) / "server.log", 0.0,
                                   settings=settings)
            try:
                server.wait_ready()
            except Exception as problem:
                raise NotifyBenchError(str(problem)) from None
            return server

        server = start()
        commits: dict[tuple[str, int], float] = {}
        try:
            seats = asyncio.run(_open_tables(server.base, players, plan, progress))
            half = plan.moves // 2 if plan.kill else plan.moves
            done = asyncio.run(_play(server.base, seats, half, plan, rng, commits, result,
                                     progress, 0))
            if plan.kill:
                server.process.send_signal(signal.SIGKILL)
                server.process.wait()
                result.killed = True
                server.log.close()
                server = start()
                done += asyncio.run(_play(server.base, seats, plan.moves - half, plan, rng,
                                          commits, result, progress, done))
            result.moves = done
            _wait_delivered(database, progress)
        finally:
            server.stop()
        time.sleep(0.5)  # the last mails' SMTP sessions end
        _count(database, box, commits, result)
    result.seconds = round(time.monotonic() - begin, 1)
    return result


def _accounts(database: str, count: int) -> list[Player]:
    """`count` accounts made in the database (as sign-up would, without its pace limit),
    each with a session and e-mail asked for."""
    store = Store(database)
    store.migrate()
    accounts = Accounts(store, session_days=30)
    made = []
    for index in range(count):
        account = accounts.create(f"bench{index}", "not-a-password-hash")
        assert account is not None
        token, session = accounts.open_session(account.id)
        upsert(store, account_emails, {"account_id": account.id,
                                       "address": f"bench{index}@bench.invalid",
                                       "notify": True, "lang": "en",
                                       "base": "http://127.0.0.1", "confirmed": True},
               ["account_id"])
        made.append(Player(account.id, token, session.csrf))
    store.close()
    return made


def _headers(player: Player) -> dict[str, str]:
    return {"Cookie": f"albion_session={player.cookie}", "X-CSRF-Token": player.csrf}


async def _open_tables(base: str, players: list[Player], plan: NotifyPlan,
                       progress: Callable[[str, float], None] | None) -> list[Seat]:
    """Each pair of players' turn-based table, both seats claimed by their accounts and
    opened once (play begins)."""
    limit = asyncio.Semaphore(plan.at_once)
    made: list[Seat] = []

    async def one(http: httpx.AsyncClient, pair: list[Player]) -> None:
        async with limit:
            answer = await http.post("/api/tables", headers=_headers(pair[0]), json={
                "game": "diamoniak", "players": ["human", "human"],
                "clock": {"kind": "days", "days_per_move": plan.days_per_move}})
            answer.raise_for_status()
            created = answer.json()
            for player, link in zip(pair, created["seats"], strict=True):
                claim = await http.post(f"/api/tables/{created['table']}/claim",
                                        headers=_headers(player),
                                        json={"invite": link["invite"]})
                claim.raise_for_status()
            seat = Seat(created["table"], pair)
            for index, player in enumerate(pair):
                update = await _visit(base, seat, index, player, None)
                seat.to_move = update["view"]["to_move"]
            made.append(seat)
            if progress is not None:
                progress("tables", len(made) / plan.tables)

    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        await asyncio.gather(*(one(http, players[2 * i:2 * i + 2])
                               for i in range(plan.tables)))
    return made


async def _visit(base: str, seat: Seat, index: int, player: Player,
                 choose: random.Random | None) -> dict[str, Any]:
    """The player opens its seat's page, decides once if `choose` and it may, and
    leaves; the last update it saw (after its decision: the committed one)."""
    from websockets.asyncio.client import connect  # noqa: PLC0415

    url = base.replace("http", "ws") + f"/ws/tables/{seat.table}?seat={index}"
    async with connect(url, additional_headers={
            "Cookie": f"albion_session={player.cookie}",
            "Origin": base}) as socket:
        update = await _next_update(socket)
        if choose is None or not update["legal"] or update["status"] != "playing":
            return update
        await socket.send(json.dumps({"type": "submit", "version": update["version"],
                                      "action": choose.choice(update["legal"])}))
        version = update["version"]
        while True:
            answer = json.loads(await asyncio.wait_for(socket.recv(), 30))
            if answer.get("type") == "error":
                return update
            if answer.get("type") == "update" and answer["version"] > version:
                return dict(answer)


async def _next_update(socket: Any) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(socket.recv(), 30))
        if message.get("type") == "update":
            return dict(message)


async def _play(base: str, seats: list[Seat], moves: int, plan: NotifyPlan,
                rng: random.Random, commits: dict[tuple[str, int], float],
                result: NotifyResult, progress: Callable[[str, float], None] | None,
                before: int) -> int:
    """`moves` moves at tables picked at random, `plan.at_once` at a time (never two at
    one table); each commit's moment kept by (table, version) for the turn it began."""
    busy: set[str] = set()
    done = 0
    limit = asyncio.Semaphore(plan.at_once)

    async def one() -> None:
        nonlocal done
        async with limit:
            free = [seat for seat in seats if not seat.over and seat.table not in busy
                    and seat.to_move]
            if not free:
                return
            seat = rng.choice(free)
            busy.add(seat.table)
            try:
                index = seat.to_move[0]
                with contextlib.suppress(Exception):  # a killed server: try elsewhere
                    update = await _visit(base, seat, index, seat.players[index],
                                          random.Random(rng.random()))
                    committed = time.time()
                    seat.to_move = update["view"]["to_move"]
                    seat.over = update["status"] == "over"
                    if not seat.over and any(other != index for other in seat.to_move):
                        commits[(seat.table, update["version"])] = committed
                        result.turns_expected += 1
                    done += 1
                    if progress is not None:
                        progress("moves", (before + done) / plan.moves)
            finally:
                busy.discard(seat.table)

    pending: set[asyncio.Task[None]] = set()
    started = 0
    while done < moves and started < moves * 3:
        while len(pending) < plan.at_once and started < moves * 3 and \
                done + len(pending) < moves:
            pending.add(asyncio.create_task(one()))
            started += 1
        finished, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
        for task in finished:
            task.result()
    await asyncio.gather(*pending)
    return done


def _wait_delivered(database: str, progress: Callable[[str, float], None] | None,
                    seconds: float = 180) -> None:
    store = Store(database)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            with store.engine.connect() as db:
                rows = db.execute(select(notifications.c.delivered_at)).all()
            left = sum(1 for row in rows if row.delivered_at is None)
            if progress is not None and rows:
                progress("delivery", 1 - left / len(rows))
            if not left:
                return
            time.sleep(0.5)
    finally:
        store.close()


def _count(database: str, box: Mailbox, commits: dict[tuple[str, int], float],
           result: NotifyResult) -> None:
    store = Store(database)
    with store.engine.connect() as db:
        rows = db.execute(select(notifications.c.id, notifications.c.kind,
                                 notifications.c.table_id, notifications.c.turn)).all()
    store.close()
    result.stored = len(rows)
    result.mails = len(box.received)
    first: dict[str, float] = {}
    for message_id, at in box.received:
        if message_id in first:
            result.duplicates += 1
        else:
            first[message_id] = at
    turns = {(row.table_id, row.turn): row.id for row in rows if row.kind == "turn"}
    result.turns_stored = len(turns)
    result.delivered = sum(1 for row in rows if f"<notification-{row.id}@albion>" in first)
    result.lost = result.stored - result.delivered
    result.missing_turns = sum(1 for key in commits if key not in turns)
    waits = sorted(first[f"<notification-{turns[key]}@albion>"] - at
                   for key, at in commits.items()
                   if key in turns and f"<notification-{turns[key]}@albion>" in first)
    if waits:
        result.latency_p50 = round(statistics.median(waits), 3)
        result.latency_p99 = round(waits[min(len(waits) - 1, int(0.99 * len(waits)))], 3)
        result.latency_max = round(waits[-1], 3)


def describe(result: NotifyResult) -> str:
    return "\n".join([
        f"{result.tables} turn-based tables, {result.moves} moves in {result.seconds} s"
        + (" (the server killed with SIGKILL halfway and started again)"
           if result.killed else ""),
        f"notifications stored: {result.stored} ({result.turns_stored} turns; "
        f"{result.turns_expected} turns seen to begin while their player was away, "
        f"{result.missing_turns} of them not stored)",
        f"mails received: {result.mails}; delivered: {result.delivered}; lost: "
        f"{result.lost}; sent twice: {result.duplicates}",
        f"move to mail: p50 {result.latency_p50:.3f} s, p99 {result.latency_p99:.3f} s, "
        f"max {result.latency_max:.3f} s (target p99 ≤ 60 s)",
        "passed" if result.passed else "FAILED"])
