"""`albion hostile`: hostile input against a real `albion serve` while an honest
bot-against-bot table plays on it (issue 18). Thousands of bad frames over many connections
— invalid UTF-8, bad JSON, frames over 4 KiB and over 64 KiB, JSON nested 100,000 deep,
binary frames, floods past the rate limit, clients that never read, wrong tokens, foreign
origins, unknown tables, bad HTTP bodies — and issue 25's: a `Host` the server does not
answer to, a DNS-rebinding `Origin` and `Host` pair, a NUL in a table id, a rematch without
the seat's credential, an invitation claimed twice, bot budgets over the server's
ceilings, names that are blank, reordered by bidirectional controls or another seat's
label. Each one's answer is classified: an `error` frame with its code, a close code, or
an HTTP status (with the lobby's error code). Checks: every answer is one the contract
allows (never a `server_error`, a 500, silence or a traceback in the server's log), no
rematch was made without a credential, the server is still up, its memory grew less than
10 % (measured after a warm-up round of every kind, `WARM_UP` frames), and the honest
table's decision-to-broadcast p99 stayed under 100 ms. Loopback only, bounded in frames.

The server is `albion serve`'s with the limits on what one client address opens lifted
(WebSocket connections a second, a seat's reconnects: `SETTINGS`): every hostile client
is this one address, and the attack is on what each connection sends. Every limit on
what is sent stays — messages a second (the flood is closed by it), hints (one searched
at a time per address, a few a minute per seat), names — and is an answer the contract
allows."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import struct
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from albion.proving.loadtest import LIFTED, ServerProcess

MIN_FRAMES = 100
MAX_FRAMES = 1_000_000
BATCH = 20
"""Frames one connection sends at once: under the rate limit's burst (30)."""
FLOOD = 45
"""Frames a flooding connection sends at once: past the burst, so it is closed (1008)."""
MEMORY_GROWTH = 0.10
P99_LIMIT_MS = 100.0
WARM_UP = MIN_FRAMES
"""Hostile frames of every kind sent before memory is first measured (their answers are
checked too): the first of each kind loads code and fills caches once, which is not
growth under attack."""

SETTINGS: dict[str, float | int] = {
    "connect_rate": LIFTED, "connect_burst": LIFTED,  # WebSockets one address opens
    "seat_connect_rate": LIFTED, "seat_connect_burst": LIFTED}  # … and a seat opens
"""The limits lifted for the hostile clients, all on one address (see the docstring)."""
EVIL = "evil.example"
"""A host name this server does not answer to (a rebound DNS name, a foreign site)."""

# Each kind: its share of the frames, and the answers the contract allows for it.
KINDS: dict[str, tuple[float, frozenset[str]]] = {
    "bad_utf8": (0.06, frozenset({"close:1007"})),
    "bad_json": (0.15, frozenset({"error:bad_message"})),
    "over_4k": (0.04, frozenset({"close:1009"})),
    "over_64k": (0.02, frozenset({"close:1009"})),
    "nested_100k": (0.02, frozenset({"close:1009"})),
    "nested_4k": (0.04, frozenset({"error:bad_message"})),
    "binary": (0.10, frozenset({"error:bad_message"})),
    "flood": (0.18, frozenset({"error:not_a_seat", "close:1008"})),
    "spectator": (0.06, frozenset({"error:not_your_turn", "error:not_a_seat"})),
    "bad_submit": (0.06, frozenset({"error:invalid", "error:stale", "error:illegal",
                                    "error:not_your_turn", "error:rate_limited",
                                    "error:busy", "hint"})),
    "wrong_token": (0.03, frozenset({"http:403"})),
    "bad_origin": (0.03, frozenset({"http:403"})),
    "unknown_table": (0.02, frozenset({"http:403"})),
    "http_body": (0.02, frozenset({"http:400", "http:413", "http:422"})),
    "slow_reader": (0.02, frozenset({"update", "close:1008", "dropped"})),
    # issue 25
    "bad_host": (0.02, frozenset({"http:400 bad_host", "http:403"})),
    "rebinding": (0.02, frozenset({"http:400 bad_host", "http:403"})),
    "nul_id": (0.02, frozenset({"http:404 not_found", "http:401 no_credential",
                                "http:403 bad_credential", "http:403"})),
    "rematch": (0.02, frozenset({"http:401 no_credential", "http:403 bad_credential",
                                 "http:403 bad_origin"})),
    "reclaim": (0.02, frozenset({"http:410 invite_used", "http:403 bad_invite"})),
    "over_budget": (0.02, frozenset({"http:400 bad_players", "http:400 bad_clock"})),
    "bad_name": (0.03, frozenset({"error:bad_name"})),
}
HTTP_KINDS = ("bad_host", "rebinding", "nul_id", "rematch", "reclaim", "over_budget")
"""issue 25's kinds answered over HTTP, or refused at the WebSocket handshake."""
BAD_NAMES = ["   ", "\u202eevil", "a\u0000b", "\u200b", "P2", "p 2", "Ｐ２", "\u2066P1",
             "line\nbreak", "\t", "\u0007bell", "..."]
"""Names refused `bad_name` at seat 0 of a two-seat table: blank, a control, format or
bidirectional character, another seat's label (folded: `Ｐ２` reads `P2`), no letter."""
OVER_BUDGET = [["human", "ismcts:iterations=1000000000000"], ["human", "ismcts:seconds=3600"],
               ["random", "ismcts:cutoff=1000000000"], ["human", "ismcts:c=1e308"],
               ["human", "ismcts:iterations=5001"], ["human", "ismcts:bias=1e9"]]
"""Bot budgets over the server's default ceilings (5,000 iterations, 5 s a move)."""
OVER_CLOCKS = [{"seconds_per_move": 1e-300}, {"seconds_per_move": 0.5},
               {"seconds_per_move": 60, "bot": "ismcts:iterations=1000000000000"},
               {"seconds_per_move": 60, "bot": "ismcts:seconds=3600"}]
"""Clocks the server refuses: too short a move, a stand-in over the ceilings."""
BAD_JSON = ['{"type":', "not json", "[]", "null", "42", '{"type": "fly"}',
            '{"type": "submit", "action": 5, "version": 0}',
            '{"type": "submit", "action": "stop", "version": -1}',
            '{"type": "hello", "since": "x"}', '{"type": "join", "name": ""}',
            '{"type": "join", "name": "' + "n" * 101 + '"}',
            '{"type": "hello", "since": 0, "extra": 1}', '{"type": "submit"}',
            '{"type": "submit", "action": "' + "a" * 201 + '", "version": 0}', '\ufeff{}',
            '{"type": "hello", "since": 1e999}', '{"a": NaN}']


class HostileError(Exception):
    """The run could not be made (a server that does not start)."""


@dataclass
class HostileResult:
    frames: int
    connections: int
    seconds: float
    answers: dict[str, dict[str, int]]
    unexpected: list[str]
    tracebacks: int
    server_alive: bool
    rss_before_mib: float
    rss_after_mib: float
    rss_peak_mib: float
    rss_growth: float
    rematches_made: int
    """Rematches of the attacked table that exist after the attack (none was asked for
    with a credential)."""
    honest_moves: int
    honest_ms_p50: float
    honest_ms_p99: float
    honest_ms_max: float
    checks: dict[str, bool] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return all(self.checks.values())

    def to_json_dict(self) -> dict[str, Any]:
        return {**asdict(self), "passed": self.passed}


@dataclass
class Tally:
    answers: dict[str, Counter[str]] = field(default_factory=dict)
    unexpected: list[str] = field(default_factory=list)
    connections: int = 0

    def add(self, kind: str, answer: str, count: int = 1) -> None:
        self.answers.setdefault(kind, Counter())[answer] += count
        if answer not in KINDS[kind][1] and len(self.unexpected) < 50:
            self.unexpected.append(f"{kind}: {answer} (×{count})")


@dataclass(frozen=True)
class Target:
    port: int
    honest: Callable[[], str]
    """The honest table now being played (spectators and slow readers go there)."""
    seats: list[tuple[str, str]]
    """(table, token) of tables with a person's seat (claimed invitations, and a seeded
    table's own tokens): bad submissions, hints and names."""
    finished: str = ""
    """A finished table with a person's seat: rematches asked for without its token."""
    invites: tuple[str, ...] = ()
    """`table:invite` of invitations claimed already."""


def plan(frames: int) -> dict[str, int]:
    """How many frames of each kind: shares of `frames`, at least one each."""
    counts = {kind: max(1, int(frames * share)) for kind, (share, _) in KINDS.items()}
    counts["bad_json"] += frames - sum(counts.values())
    return counts


def run(frames: int = 10_000, game: str = "diamoniak", concurrency: int = 16,
        progress: Callable[[int], None] | None = None) -> HostileResult:
    """Start a server on a temporary SQLite file, play an honest table in another
    process, send `frames` hostile frames, and check the answers."""
    if not MIN_FRAMES <= frames <= MAX_FRAMES:
        raise HostileError(f"--frames is {MIN_FRAMES} to {MAX_FRAMES}")
    with tempfile.TemporaryDirectory(prefix="albion-hostile-") as folder:
        log = Path(folder) / "server.log"
        server = ServerProcess(f"sqlite:///{Path(folder) / 'albion.db'}", log, 0.1,
                               settings=SETTINGS)
        try:
            try:
                server.wait_ready()
            except Exception as problem:
                raise HostileError(str(problem)) from None
            context = multiprocessing.get_context("spawn")
            stop = context.Event()
            receiving, sending = context.Pipe(duplex=False)
            honest = context.Process(target=_honest_process,
                                     args=(server.port, game, stop, sending), daemon=True)
            honest.start()
            current = receiving.recv()  # the first honest table is open
            seats = asyncio.run(_prepare(server, game))  # not hostile: before the baseline
            honest_table = {"honest": current}
            warm, _, warm_rematches = asyncio.run(_attack(
                server, plan(WARM_UP), concurrency, receiving, honest_table, seats, None))
            time.sleep(2)  # the server has warmed up: imports, pools, first updates
            rss_before = server.rss_mib()
            began = time.monotonic()
            tally, peak, rematches = asyncio.run(_attack(server, plan(frames), concurrency,
                                                         receiving, honest_table, seats,
                                                         progress))
            tally.unexpected[:0] = [f"(warm-up) {line}" for line in warm.unexpected]
            rematches += warm_rematches
            seconds = time.monotonic() - began
            time.sleep(1)
            alive = server.process.poll() is None
            rss_after = server.rss_mib() if alive else 0.0
            stop.set()
            latencies: list[float] = []
            while receiving.poll(60):  # table ids, then the latencies
                item = receiving.recv()
                if isinstance(item, list):
                    latencies = item
                    break
            honest.join(10)
        finally:
            server.stop()
        tracebacks = log.read_text(errors="replace").count("Traceback")
    return _result(frames, tally, seconds, alive, tracebacks, rss_before, rss_after,
                   max(peak, rss_after), latencies, rematches)


def _result(frames: int, tally: Tally, seconds: float, alive: bool, tracebacks: int,
            rss_before: float, rss_after: float, peak: float,
            latencies: list[float], rematches: int = 0) -> HostileResult:
    ordered = sorted(latencies) or [float("nan")]
    growth = (rss_after - rss_before) / rss_before if rss_before else float("inf")
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000
    result = HostileResult(
        frames=frames, connections=tally.connections, seconds=round(seconds, 1),
        answers={kind: dict(counts.most_common()) for kind, counts in tally.answers.items()},
        unexpected=tally.unexpected, tracebacks=tracebacks, server_alive=alive,
        rss_before_mib=round(rss_before, 1), rss_after_mib=round(rss_after, 1),
        rss_peak_mib=round(peak, 1), rss_growth=round(growth, 4),
        rematches_made=rematches, honest_moves=len(latencies),
        honest_ms_p50=round(statistics.median(ordered) * 1000, 2),
        honest_ms_p99=round(p99, 2), honest_ms_max=round(ordered[-1] * 1000, 2))
    answered = sum(sum(counts.values()) for counts in tally.answers.values())
    result.checks = {
        "every frame answered as the contract allows": not tally.unexpected
        and answered >= frames,
        "no traceback in the server's log": tracebacks == 0,
        "no rematch made without a credential": rematches == 0,
        "the server is still up": alive,
        f"memory grew < {MEMORY_GROWTH:.0%}": growth < MEMORY_GROWTH,
        f"honest p99 < {P99_LIMIT_MS:.0f} ms (≥ 50 moves)": p99 < P99_LIMIT_MS
        and len(latencies) >= 50,
    }
    return result


# -- the honest table (a process of its own: the attack's CPU does not delay its reads) --

def _honest_process(port: int, game: str, stop: Any, results: Connection) -> None:
    latencies = asyncio.run(_honest(port, game, stop, results))
    results.send(latencies)


async def _honest(port: int, game: str, stop: Any, results: Connection) -> list[float]:
    """Bot tables one after another, watched by a spectator like `albion loadtest`: the
    time from a decision reaching the server to its update reaching this client."""
    latencies: list[float] = []
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        while not stop.is_set():
            answer = await client.post("/api/tables", json={"game": game,
                                                            "players": ["random", "random"]})
            table = answer.json()["table"]
            results.send(table)
            async with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}",
                               max_size=2**24, proxy=None) as watcher:
                seen = 0
                while not stop.is_set():
                    with contextlib.suppress(TimeoutError):
                        raw = await asyncio.wait_for(watcher.recv(), 0.5)
                        arrived = time.time()
                        message = json.loads(raw)
                        if message["version"] > seen > 0:
                            latencies.append(arrived - message["decided_at"])
                        seen = message["version"]
                        if message["status"] == "over":
                            break
    return latencies


# -- the attack -------------------------------------------------------------------------

@dataclass(frozen=True)
class Seats:
    """The tables the attack uses that are not the honest one (see `Target`)."""

    seats: list[tuple[str, str]]
    finished: str
    invites: tuple[str, ...]


async def _prepare(server: ServerProcess, game: str) -> Seats:
    """Tables with a person's seat, as people hold them: three claimed from their
    invitations, one whose creator chose the seed (and holds its token); and a finished
    table with people, whose rematch needs one of their credentials."""
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as client:
        seats, invites = [], []
        for index in range(4):
            body: dict[str, Any] = {"game": game, "players": ["human", "random"]}
            if index == 3:
                body["seed"] = 25
            created = (await client.post("/api/tables", json=body)).json()
            seat = created["seats"][0]
            if seat["invite"]:
                invites.append(f"{created['table']}:{seat['invite']}")
            seats.append((created["table"], seat["token"] or await _claim(
                server.base, created["table"], seat["invite"])))
        finished = await _finished_table(server, client, game)
    return Seats(seats, finished, tuple(invites))


async def _attack(server: ServerProcess, counts: dict[str, int], concurrency: int,
                  honest: Connection, state: dict[str, str], prepared: Seats,
                  progress: Callable[[int], None] | None) -> tuple[Tally, float, int]:
    tally = Tally()

    def current() -> str:
        while honest.poll():
            state["honest"] = honest.recv()
        return state["honest"]

    finished = prepared.finished
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as client:
        target = Target(server.port, current, prepared.seats, finished, prepared.invites)
        jobs = _jobs(counts, target, tally, client)
        peak = server.rss_mib()
        slow_stop = asyncio.Event()
        slow = [asyncio.create_task(_slow_reader(target, tally, share, slow_stop))
                for share in _split(counts["slow_reader"], 4)]
        gate = asyncio.Semaphore(concurrency)
        done = 0

        async def one(job: Callable[[], Awaitable[int]]) -> None:
            nonlocal done, peak
            async with gate:
                done += await job()
                tally.connections += 1
                if progress is not None:
                    progress(done)
                if tally.connections % 20 == 0:
                    peak = max(peak, server.rss_mib())

        await asyncio.gather(*(one(job) for job in jobs))
        slow_stop.set()
        await asyncio.gather(*slow)
        listed = (await client.get("/api/tables", params={"status": "waiting"})).json()
        rematches = sum(summary["rematch_of"] == finished for summary in listed)
    return tally, peak, rematches


async def _claim(base: str, table: str, invite: str) -> str:
    """A seat's token, its invitation claimed by a client of its own (the claim's
    cookies stay there)."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as own:
        answer = await own.post(f"/api/tables/{table}/claim", json={"invite": invite})
        answer.raise_for_status()
        return str(answer.json()["token"])


async def _finished_table(server: ServerProcess, client: httpx.AsyncClient,
                          game: str) -> str:
    """A short table of two people (four turns) played to its end, both seats this
    client's (its creator chose the seed, so holds their tokens), each stopping whenever
    they may."""
    body: dict[str, Any] = {"game": game, "players": ["human", "human"], "seed": 7}
    if any(option["key"] == "max_turns" for found in (await client.get("/api/games")).json()
           if found["id"] == game for option in found["variants"]):
        body["variant"] = {"max_turns": 4}
    created = (await client.post("/api/tables", json=body)).json()
    table = str(created["table"])
    choose = random.Random(25)
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"

    async def play(token: str) -> None:
        acted = -1  # once a version: a refused decision waits for the next update
        async with connect(url, proxy=None, max_size=2**24, additional_headers={
                "Authorization": f"Bearer {token}"}) as ws:
            while True:
                message = json.loads(await ws.recv())
                if message["type"] != "update":
                    continue
                if message["status"] == "over":
                    return
                legal = message["legal"]
                if legal and message["status"] == "playing" and message["version"] != acted:
                    acted = message["version"]
                    await ws.send(json.dumps({
                        "type": "submit", "version": message["version"],
                        "action": "stop" if "stop" in legal else choose.choice(legal)}))

    async with asyncio.timeout(300):
        await asyncio.gather(*(play(seat["token"]) for seat in created["seats"]))
    return table


def _split(total: int, parts: int) -> list[int]:
    return [n for n in (total // parts + (1 if index < total % parts else 0)
                        for index in range(parts)) if n]


def _jobs(counts: dict[str, int], target: Target, tally: Tally,
          client: httpx.AsyncClient) -> list[Callable[[], Awaitable[int]]]:
    """One job per connection (or HTTP request), shuffled so kinds mix."""
    jobs: list[Callable[[], Awaitable[int]]] = []
    rng = random.Random(18)
    for kind, count in counts.items():
        if kind == "slow_reader":
            continue
        size = {"bad_json": BATCH, "binary": BATCH, "nested_4k": 5, "spectator": BATCH,
                "bad_submit": 10, "flood": FLOOD, "bad_name": 3}.get(kind, 1)
        for part in _split(count, max(1, count // size)):
            jobs.append(_job(kind, part, target, tally, client, rng.random()))
    rng.shuffle(jobs)
    return jobs


def _job(kind: str, frames: int, target: Target, tally: Tally, client: httpx.AsyncClient,
         salt: float) -> Callable[[], Awaitable[int]]:
    async def job() -> int:
        if kind == "http_body":
            await _http_body(client, tally, frames, salt)
        elif kind in ("wrong_token", "bad_origin", "unknown_table"):
            for _ in range(frames):
                await _refused(kind, target, tally)
        elif kind in HTTP_KINDS:
            rng = random.Random(salt)
            for _ in range(frames):
                tally.add(kind, await ISSUE_25[kind](client, target, rng))
        else:
            await _socket(kind, frames, target, tally, salt)
        return frames
    return job


def _payloads(kind: str, frames: int, salt: float) -> list[str | bytes]:
    rng = random.Random(salt)
    if kind == "bad_json":
        return [rng.choice(BAD_JSON) for _ in range(frames)]
    if kind == "binary":
        return [rng.randbytes(rng.randint(1, 2048)) for _ in range(frames)]
    if kind == "nested_4k":
        return ["[" * 4000] * frames
    if kind == "spectator":
        return [rng.choice(['{"type": "submit", "action": "stop", "version": 1}',
                            '{"type": "join", "name": "Eve"}', '{"type": "hint"}'])
                for _ in range(frames)]
    if kind == "flood":
        return ['{"type": "hint"}'] * frames
    if kind == "bad_submit":
        return [rng.choice(['{"type": "submit", "action": "xyzzy", "version": 0}',
                            '{"type": "submit", "action": "stop", "version": 99999}',
                            '{"type": "hint"}']) for _ in range(frames)]
    if kind == "bad_name":
        return [json.dumps({"type": "join", "name": rng.choice(BAD_NAMES)})
                for _ in range(frames)]
    if kind == "over_4k":
        return [json.dumps({"type": "join", "name": "x" * rng.randint(4100, 60_000)})]
    if kind == "over_64k":
        return ["x" * rng.randint(70_000, 1_000_000)]
    if kind == "nested_100k":
        return ["[" * 100_000]
    return [b"\xc3\x28 \xff\xfe invalid"]  # bad_utf8: sent as a text frame


async def _socket(kind: str, frames: int, target: Target, tally: Tally, salt: float) -> None:
    """One connection: its frames at once, then one answer per frame (updates aside)."""
    if kind in ("bad_submit", "bad_name"):
        table, token = target.seats[int(salt * len(target.seats))]
        url = f"ws://127.0.0.1:{target.port}/ws/tables/{table}?token={token}"
    else:
        url = f"ws://127.0.0.1:{target.port}/ws/tables/{target.honest()}"
    payloads = _payloads(kind, frames, salt)
    answered = 0
    try:
        async with connect(url, max_size=2**24, proxy=None, open_timeout=30,
                           close_timeout=5) as ws:
            await _first_update(ws)
            for payload in payloads:
                await ws.send(payload, text=True if kind == "bad_utf8" else None)
            while answered < len(payloads):
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if message["type"] == "update":
                    continue
                answer = f"error:{message['code']}" if message["type"] == "error" \
                    else message["type"]
                if message.get("code") == "too_big":
                    continue  # the close follows
                tally.add(kind, answer)
                answered += 1
    except ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd is not None else 1006
        tally.add(kind, f"close:{code}", len(payloads) - answered)
        return
    except TimeoutError:
        tally.add(kind, "no answer", len(payloads) - answered)
    except InvalidStatus as refused:
        tally.add(kind, f"http:{refused.response.status_code}", len(payloads) - answered)


async def _first_update(ws: ClientConnection) -> None:
    message = json.loads(await asyncio.wait_for(ws.recv(), 30))
    assert message["type"] == "update", message


async def _refused(kind: str, target: Target, tally: Tally) -> None:
    """A handshake the server must refuse (HTTP 403): a token that opens no seat, a
    page of another site, no such table."""
    table = target.honest() if kind != "unknown_table" else \
        base64.urlsafe_b64encode(os.urandom(9)).decode()
    token = "?token=" + base64.urlsafe_b64encode(os.urandom(24)).decode() \
        if kind == "wrong_token" else ""
    origin = "http://evil.example" if kind == "bad_origin" else None
    try:
        async with connect(f"ws://127.0.0.1:{target.port}/ws/tables/{table}{token}",
                           origin=origin, proxy=None, open_timeout=30) as ws:  # type: ignore[arg-type]
            await ws.recv()
            tally.add(kind, "accepted")
    except InvalidStatus as refused:
        tally.add(kind, f"http:{refused.response.status_code}")
    except ConnectionClosed as closed:
        tally.add(kind, f"close:{closed.rcvd.code if closed.rcvd else 1006}")


async def _http_body(client: httpx.AsyncClient, tally: Tally, frames: int,
                     salt: float) -> None:
    rng = random.Random(salt)
    bodies = [b"\xff\xfe{", b"[" * 100_000, b'{"game": "diamoniak", "players": ["human"], '
              b'"x": "' + b"y" * 1_000_000 + b'"}', b'{"game": 7}', b"",
              b'{"game": "diamoniak", "players": ["human"], "seed": 99999999999999999999999}']
    for _ in range(frames):
        try:
            answer = await client.post("/api/tables", content=rng.choice(bodies),
                                       headers={"content-type": "application/json"})
        except httpx.TransportError:  # no answer at all: a reset counts against the server
            tally.add("http_body", "http:reset")
            continue
        tally.add("http_body", f"http:{answer.status_code}")


async def _slow_reader(target: Target, tally: Tally, frames: int,
                       stop: asyncio.Event) -> None:
    """A spectator that asks for the whole game again and again (`hello` since 0) and
    never reads: the server must neither wait for it nor buffer without bound. At the
    end it reads what came: an update per hello, or (if it fell too far behind) close 1008."""
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.setblocking(False)
    loop = asyncio.get_running_loop()
    await loop.sock_connect(raw, ("127.0.0.1", target.port))
    key = base64.b64encode(os.urandom(16)).decode()
    await loop.sock_sendall(raw, (
        f"GET /ws/tables/{target.honest()} HTTP/1.1\r\nHost: 127.0.0.1:{target.port}\r\n"
        f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    hello = _masked(json.dumps({"type": "hello", "since": 0}).encode())
    sent = blocked = 0
    closed = False
    while sent < frames and blocked < 100:  # all its frames, however soon the others end
        try:
            raw.send(hello)
            sent += 1
        except BlockingIOError:
            blocked += 1
        except OSError:  # the server has closed it (too slow): the rest meet the close
            closed = True
            break
        await asyncio.sleep(0.12)  # under the rate limit
    while not stop.is_set():  # the others go on: it still does not read
        await asyncio.sleep(0.2)
    # an update for its opening and one per hello is all the tally below counts: past
    # them a close code changes nothing (unless its own sends met the close), so reading
    # on until the server's keepalive gives up on it (about 40 s) told nothing more
    updates, close = await _drain(raw, enough=None if closed else sent + 1)
    raw.close()
    tally.connections += 1
    tally.add("slow_reader", "update", min(sent, max(0, updates - 1)))
    rest = sent - min(sent, max(0, updates - 1)) + (frames - sent if closed else 0)
    if rest:
        tally.add("slow_reader", f"close:{close}" if close else "dropped", rest)
    if frames > sent and not closed:
        tally.add("slow_reader", "not sent", frames - sent)


def _masked(payload: bytes) -> bytes:
    """A client's text frame (masked, as a client must)."""
    mask = os.urandom(4)
    header = bytes([0x81, 0x80 | len(payload)]) if len(payload) < 126 else \
        bytes([0x81, 0x80 | 126]) + struct.pack("!H", len(payload))
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def _drain(raw: socket.socket, seconds: float = 60,
                 enough: int | None = None) -> tuple[int, int | None]:
    """Read a raw WebSocket's backlog: how many text frames, and the close code (read
    until the close, `seconds` or, given `enough`, that many text frames)."""
    loop = asyncio.get_running_loop()
    data = bytearray()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = await asyncio.wait_for(loop.sock_recv(raw, 1 << 20),
                                           deadline - time.monotonic())
        except (TimeoutError, OSError):
            break
        if not chunk:
            break
        data += chunk
        updates, close = _frames(bytes(data))
        if close is not None or (enough is not None and updates >= enough):
            return updates, close
    return _frames(bytes(data))


def _frames(data: bytes) -> tuple[int, int | None]:
    """Count the server's text frames after the handshake; the close code if any."""
    start = data.find(b"\r\n\r\n")
    if start < 0:
        return 0, None
    at, texts = start + 4, 0
    while at + 2 <= len(data):
        opcode, length = data[at] & 0x0F, data[at + 1] & 0x7F
        at += 2
        if length == 126:
            if at + 2 > len(data):
                break
            length, at = struct.unpack("!H", data[at:at + 2])[0], at + 2
        elif length == 127:
            if at + 8 > len(data):
                break
            length, at = struct.unpack("!Q", data[at:at + 8])[0], at + 8
        if at + length > len(data):
            break
        if opcode == 0x1:
            texts += 1
        elif opcode == 0x8:
            return texts, struct.unpack("!H", data[at:at + 2])[0] if length >= 2 else 1005
        at += length
    return texts, None


# -- issue 25: hosts, ids, credentials, invitations, budgets ---------------------------

def _answer(response: httpx.Response) -> str:
    """An HTTP answer: its status and the lobby's error code (`http:404 not_found`)."""
    try:
        code = response.json().get("error")
    except ValueError:
        code = None
    return f"http:{response.status_code}" + (f" {code}" if code else "")


async def _handshake(port: int, path: str, headers: dict[str, str]) -> str:
    """A WebSocket opening with exactly these headers (`Host` too): refused before it
    is accepted (`http:403`), or accepted (`accepted`)."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET {path} HTTP/1.1", *(f"{name}: {value}" for name, value in headers.items()),
             "Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {key}",
             "Sec-WebSocket-Version: 13"]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        await writer.drain()
        status = await asyncio.wait_for(reader.readline(), 30)
    except (OSError, TimeoutError):
        return "no answer"
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    parts = status.decode("latin-1").split()
    if len(parts) < 2:
        return "no answer"
    return "accepted" if parts[1] == "101" else f"http:{parts[1]}"


async def _bad_host(client: httpx.AsyncClient, target: Target, rng: random.Random) -> str:
    """A request for a host this server does not answer to: the lobby (400 `bad_host`)
    or a table's WebSocket (refused before it is accepted)."""
    host = rng.choice([EVIL, f"{EVIL}:{target.port}", "127.0.0.1.nip.io", "localhost.evil"])
    if rng.random() < 0.5:
        path = rng.choice(["/api/games", "/api/tables", f"/api/tables/{target.honest()}",
                           "/", f"/play/{target.honest()}"])
        return _answer(await client.get(path, headers={"Host": host}))
    return await _handshake(target.port, f"/ws/tables/{target.honest()}", {"Host": host})


async def _rebinding(client: httpx.AsyncClient, target: Target, rng: random.Random) -> str:
    """DNS rebinding: a page on a name that now points here, its `Origin` and `Host`
    the same foreign name (they match each other, so an Origin check alone passes)."""
    host = f"{EVIL}:{target.port}"
    origin = {"Host": host, "Origin": f"http://{host}"}
    if rng.random() < 0.3:
        return _answer(await client.post("/api/tables", headers=origin, json={
            "game": "diamoniak", "players": ["human", "random"]}))
    table, token = rng.choice(target.seats)
    path = f"/ws/tables/{table}" + (f"?token={token}" if rng.random() < 0.5 else "")
    return await _handshake(target.port, path, origin)


async def _nul_id(client: httpx.AsyncClient, target: Target, rng: random.Random) -> str:
    """A NUL (or another character no id has) in a table id: nothing found, never a 500
    (PostgreSQL refuses NUL in a string)."""
    table = rng.choice(["ab\x00cd", f"{target.honest()}\x00", "\x00", "a\x00' OR '1'='1",
                        f"{target.honest()[:6]}\x00{target.honest()[6:]}", "é\x00"])
    quoted = f"/api/tables/{quote(table, safe='')}"
    where = rng.randrange(7)
    if where == 0:
        return await _handshake(target.port, quoted.replace("/api/", "/ws/"),
                                {"Host": f"127.0.0.1:{target.port}"})
    bearer = {"Authorization": f"Bearer {rng.choice(target.seats)[1]}"}
    if where == 1:
        return _answer(await client.get(quoted))
    if where in (2, 3):
        return _answer(await client.get(f"{quoted}/{rng.choice(['record', 'replay'])}"))
    if where == 4:
        return _answer(await client.post(f"{quoted}/claim", json={"invite": "x" * 32}))
    return _answer(await client.post(f"{quoted}/{rng.choice(['rematch', 'session', 'revoke'])}",
                                     headers=bearer if rng.random() < 0.5 else None))


async def _rematch(client: httpx.AsyncClient, target: Target, rng: random.Random) -> str:
    """A rematch of a finished table with a person's seat, asked for without that seat's
    credential: none, a made-up one, another table's, or cross-site with it."""
    path = f"/api/tables/{target.finished}/rematch"
    roll = rng.randrange(4)
    if roll == 0:
        return _answer(await client.post(path))
    if roll == 1:
        made_up = base64.urlsafe_b64encode(os.urandom(24)).decode()
        return _answer(await client.post(path, headers={"Authorization": f"Bearer {made_up}"}))
    if roll == 2:
        return _answer(await client.post(path, headers={
            "Authorization": f"Bearer {rng.choice(target.seats)[1]}"}))
    return _answer(await client.post(path, headers={"Origin": f"http://{EVIL}"}))


async def _reclaim(client: httpx.AsyncClient, target: Target, rng: random.Random) -> str:
    """An invitation claimed a second time (a link that leaked, or was forwarded), or
    one that opens nothing here; from a client without the claimer's cookie."""
    table, _, invite = rng.choice(target.invites).partition(":")
    if rng.random() < 0.25:
        invite = base64.urlsafe_b64encode(os.urandom(24)).decode()
    client.cookies.clear()
    return _answer(await client.post(f"/api/tables/{table}/claim", json={"invite": invite}))


async def _over_budget(client: httpx.AsyncClient, target: Target, rng: random.Random) -> str:
    """A table whose bots (or clock stand-in) would think past the server's ceilings, or
    whose clock gives a move no time: refused, and no table is made."""
    body: dict[str, Any] = {"game": "diamoniak"}
    if rng.random() < 0.6:
        body["players"] = rng.choice(OVER_BUDGET)
    else:
        body["players"] = ["human", "random"]
        body["clock"] = rng.choice(OVER_CLOCKS)
    return _answer(await client.post("/api/tables", json=body))


ISSUE_25: dict[str, Callable[[httpx.AsyncClient, Target, random.Random], Awaitable[str]]] = {
    "bad_host": _bad_host, "rebinding": _rebinding, "nul_id": _nul_id,
    "rematch": _rematch, "reclaim": _reclaim, "over_budget": _over_budget}


def describe(result: HostileResult) -> str:
    lines = [f"{result.frames} hostile frames over {result.connections} connections "
             f"in {result.seconds:.1f} s"]
    lines.append(f"{'kind':<14} answers")
    for kind, answers in result.answers.items():
        lines.append(f"{kind:<14} " + ", ".join(f"{answer} ×{count}"
                                                for answer, count in answers.items()))
    lines += [
        f"unexpected answers: {len(result.unexpected)}" + "".join(
            f"\n  {line}" for line in result.unexpected),
        f"tracebacks in the server's log: {result.tracebacks}; server up: "
        f"{result.server_alive}; rematches made without a credential: "
        f"{result.rematches_made}",
        f"server memory: {result.rss_before_mib:.1f} MiB before, {result.rss_after_mib:.1f}"
        f" MiB after ({result.rss_growth:+.1%}), peak {result.rss_peak_mib:.1f} MiB",
        f"honest table: {result.honest_moves} moves, decision → broadcast p50 "
        f"{result.honest_ms_p50:.1f} ms, p99 {result.honest_ms_p99:.1f} ms, max "
        f"{result.honest_ms_max:.1f} ms",
    ]
    lines += [f"{'ok  ' if passed else 'FAIL'} {check}"
              for check, passed in result.checks.items()]
    return "\n".join(lines)
