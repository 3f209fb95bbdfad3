"""Does `albion serve` keep memory for the finished tables it serves? Replays and records
of finished tables, then requests for tables that do not exist, and the server's
resident memory before and after (a benchmark, not a timed test).

    .venv/bin/python benchmarks/server_memory.py
    .venv/bin/python benchmarks/server_memory.py --tables 20 --requests 100 --unknown 2000
    .venv/bin/python benchmarks/server_memory.py --json

Targets: `--requests` (1000) GETs of `/api/tables/{id}/replay` and `/record` over
`--tables` (200) finished tables grow the server by less than `--limit-mib` (50 MiB);
`--unknown` (20 000) GETs of `/api/tables/{id}/replay`, `/record` and `/api/tables/{id}`
for ids that do not exist (404) grow it by less than `--unknown-limit-mib` (5 MiB).
`--unknown-kinds` chooses what the unknown ids are asked for (`ws`: a spectator's
WebSocket, refused with HTTP 403); `--unknown-first` asks for them before the replays, on a
heap that the replays' freed buffers have not padded (freed memory stays resident and
hides small leaks).

One `albion serve` on a free loopback port, a temporary SQLite file, `--bot-delay 0` and
the per-client-address limits raised (every request comes from this machine). The
tables have bot seats only, so they play by themselves at once: spread over every game
and player count the server lists (`GET /api/games`), a share of the seats `heuristic`,
the rest `random`, each with a seeded deal. Once all are over: a warm-up (a few requests
of each kind), a settle, then the measured requests in a seeded random order (every
table's record and replay once before any twice), `Accept-Encoding: gzip` like a browser,
a few at once; each answer must be 200 and well formed (a record has `actions`, a replay
`steps` with one spectator's view per version, `steps[v]["version"] == v`). Memory is the
main server process's VmRSS (/proc/PID/status), after a settle: its bot worker processes
are not counted.

Exit status: 0 when both targets are met, 1 when one is missed (or an answer is wrong), 2
when the run could not be made (the server did not start, a table was refused or did not
end in time).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import re
import shutil
import string
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus, WebSocketException

if TYPE_CHECKING:
    from albion.proving.loadtest import ServerProcess

RAISED_LIMITS = {"--table-rate": "1000", "--table-burst": "100000",
                 "--connections-per-address": "10000",
                 # limits a newer `albion serve` may have: passed only when it lists them
                 "--connect-rate": "100000", "--connect-burst": "100000",
                 "--http-connections-per-address": "10000"}
"""`albion serve` options lifting the limits per client address (all of this script's
requests come from one address); an option this server does not list is left out."""
REQUIRED_LIMITS = ("--table-rate", "--table-burst", "--connections-per-address")
ID_ALPHABET = string.ascii_letters + string.digits + "-_"
UNKNOWN_PATHS = {"replay": "/api/tables/{}/replay", "record": "/api/tables/{}/record",
                 "summary": "/api/tables/{}", "ws": "/ws/tables/{}"}
"""What an unknown id is asked for with (`--unknown-kinds`); `ws` opens a spectator's
WebSocket, which the server refuses before accepting (HTTP 403)."""
HEADERS = {"Accept-Encoding": "gzip", "Accept": "application/json"}


class SetupError(Exception):
    """The run could not be made: the server, a table, the games list."""


@dataclass
class Made:
    """A table this script created: its game and players, and its last version once over."""

    game: str
    players: list[str]
    version: int = -1


@dataclass
class Phase:
    """One batch of requests: how many, how long, what went wrong."""

    requests: int = 0
    seconds: float = 0.0
    gzipped: dict[str, int] = field(default_factory=dict)
    bad: int = 0
    wire_bytes: int = 0
    json_bytes: int = 0
    problems: list[str] = field(default_factory=list)

    def fault(self, text: str) -> None:
        self.bad += 1
        if len(self.problems) < 5:
            self.problems.append(text)

    def summary(self) -> dict[str, Any]:
        return {"requests": self.requests, "seconds": round(self.seconds, 2),
                "per_second": round(self.requests / self.seconds) if self.seconds else None,
                "gzipped": self.gzipped, "wire_mib": round(self.wire_bytes / 2**20, 1),
                "json_mib": round(self.json_bytes / 2**20, 1), "bad_answers": self.bad,
                "problems": self.problems}


def serve_options(extra: Sequence[str]) -> list[str]:
    """The limit-raising options this `albion serve` has (read from its --help), then
    `extra` as given."""
    albion = shutil.which("albion", path=str(Path(sys.executable).parent)) or "albion"
    shown = subprocess.run([albion, "serve", "--help"], capture_output=True, text=True,
                           env={**os.environ, "COLUMNS": "400", "NO_COLOR": "1"},
                           timeout=60, check=False).stdout
    flags = set(re.findall(r"--[a-z][a-z0-9-]*", shown))
    missing = [flag for flag in REQUIRED_LIMITS if flag not in flags]
    if missing:
        print(f"warning: albion serve has no {', '.join(missing)}: left at the default",
              file=sys.stderr)
    options = [item for flag, value in RAISED_LIMITS.items() if flag in flags
               for item in (flag, value)]
    return options + list(extra)


def plan_tables(games: list[dict[str, Any]], count: int, heuristic: float,
                rng: random.Random) -> list[dict[str, Any]]:
    """`count` bodies for POST /api/tables: the games in turn, each game's player counts
    in turn, each seat `heuristic` with probability `heuristic` (else `random`)."""
    bodies = []
    for index in range(count):
        game = games[index % len(games)]
        counts = range(game["min_players"], game["max_players"] + 1)
        seats = counts[(index // len(games)) % len(counts)]
        players = ["heuristic" if rng.random() < heuristic else "random"
                   for _ in range(seats)]
        bodies.append({"game": game["id"], "players": players,
                       "seed": rng.randrange(2**63)})
    return bodies


async def create_and_finish(client: httpx.AsyncClient, bodies: list[dict[str, Any]],
                            timeout: float) -> dict[str, Made]:
    """Create the tables, then wait until every one is over (a progress line on stderr)."""
    made: dict[str, Made] = {}
    for body in bodies:
        answer = await client.post("/api/tables", json=body)
        if answer.status_code != 201:
            raise SetupError(f"POST /api/tables {body}: {answer.status_code} {answer.text}")
        made[answer.json()["table"]] = Made(body["game"], body["players"])
    start = time.monotonic()
    playing = set(made)
    last_line = 0.0
    while playing:
        for table, summary in zip(sorted(playing), await asyncio.gather(*(
                client.get(f"/api/tables/{table}") for table in sorted(playing))),
                strict=True):
            if summary.status_code != 200:
                raise SetupError(f"GET /api/tables/{table}: {summary.status_code}")
            if summary.json()["status"] == "over":
                made[table].version = summary.json()["version"]
                playing.discard(table)
        elapsed = time.monotonic() - start
        if sys.stderr.isatty() or elapsed - last_line >= 10 or not playing:
            end = "\n" if not playing or not sys.stderr.isatty() else ""
            print(f"\r  tables over: {len(made) - len(playing)}/{len(made)} "
                  f"({elapsed:.0f} s)", end=end, file=sys.stderr, flush=True)
            last_line = elapsed
        if playing and elapsed > timeout:
            print(file=sys.stderr)
            raise SetupError(f"{len(playing)} tables not over after {timeout:.0f} s")
        if playing:
            await asyncio.sleep(0.5)
    return made


def check(kind: str, answer: httpx.Response, made: Made | None, phase: Phase) -> None:
    """Whether the answer is what `kind` should give (`made` None: an unknown id, 404)."""
    where = f"{kind} {answer.request.url.path}"
    encoding = answer.headers.get("content-encoding")
    if encoding:
        phase.gzipped[kind] = phase.gzipped.get(kind, 0) + 1
    expected = 404 if made is None else 200
    if kind == "unknown ws":  # the handshake's answer, with no body to read
        if answer.status_code != 403:
            phase.fault(f"{where}: {answer.status_code}, not 403")
        return
    if answer.status_code != expected:
        phase.fault(f"{where}: {answer.status_code}, not {expected}")
        return
    try:
        body = answer.json()
    except ValueError:
        phase.fault(f"{where}: not JSON")
        return
    if made is None:
        if not isinstance(body, dict) or body.get("error") != "not_found":
            phase.fault(f"{where}: not a not_found error: {str(body)[:80]}")
    elif kind == "record":
        if not isinstance(body, dict) or not isinstance(body.get("actions"), list):
            phase.fault(f"{where}: no actions")
    else:
        steps = body.get("steps") if isinstance(body, dict) else None
        if not isinstance(steps, list) or len(steps) != made.version + 1:
            phase.fault(f"{where}: {len(steps) if isinstance(steps, list) else 'no'} "
                        f"steps for version {made.version}")
        elif any(not isinstance(step, dict) or step.get("version") != version
                 for version, step in enumerate(steps)):
            phase.fault(f"{where}: a step that is not the view of its version")
        elif not isinstance(body.get("events"), list):
            phase.fault(f"{where}: no events")


async def issue(client: httpx.AsyncClient, work: Iterable[tuple[str, str, Made | None]],
                concurrency: int) -> Phase:
    """Each (kind, path, table) of `work`, `concurrency` at once, checked."""
    phase = Phase()
    items = iter(work)
    start = time.monotonic()

    async def worker() -> None:
        for kind, path, made in items:  # one shared iterator: each item once
            try:
                answer = await (refused_socket(client, path) if kind == "unknown ws"
                                else client.get(path))
            except (httpx.HTTPError, OSError, WebSocketException) as problem:
                phase.fault(f"{kind} {path}: {type(problem).__name__} {problem}")
                continue
            phase.requests += 1
            phase.wire_bytes += answer.num_bytes_downloaded
            phase.json_bytes += len(answer.content)
            check(kind, answer, made, phase)

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    phase.seconds = time.monotonic() - start
    return phase


async def refused_socket(client: httpx.AsyncClient, path: str) -> httpx.Response:
    """Open a WebSocket at `path`; the handshake's refusal as a response (a socket that
    opens is a 101, closed again at once)."""
    url = str(client.base_url.copy_with(scheme="ws", path=path))
    try:
        async with connect(url, proxy=None, open_timeout=30):
            return httpx.Response(101, request=httpx.Request("GET", url))
    except InvalidStatus as refusal:
        return httpx.Response(refusal.response.status_code,
                              request=httpx.Request("GET", url))


def served_work(made: dict[str, Made], count: int, rng: random.Random
                ) -> list[tuple[str, str, Made | None]]:
    """`count` record and replay requests: every (table, kind) in a shuffled round, then
    another round, and so on."""
    pairs = [(kind, table) for table in made for kind in ("record", "replay")]
    work: list[tuple[str, str, Made | None]] = []
    for _ in range(math.ceil(count / len(pairs))):
        rng.shuffle(pairs)
        work += [(kind, f"/api/tables/{table}/{kind}", made[table]) for kind, table in pairs]
    return work[:count]


def unknown_work(made: dict[str, Made], count: int, kinds: Sequence[str],
                 rng: random.Random) -> list[tuple[str, str, Made | None]]:
    """`count` requests, each for a fresh id that is no table's (the kinds in turn)."""
    work: list[tuple[str, str, Made | None]] = []
    for index in range(count):
        table = "".join(rng.choices(ID_ALPHABET, k=12))
        while table in made:
            table = "".join(rng.choices(ID_ALPHABET, k=12))
        kind = kinds[index % len(kinds)]
        work.append((f"unknown {kind}", UNKNOWN_PATHS[kind].format(table), None))
    return work


def resident(server: ServerProcess) -> float:
    """The server process's VmRSS in MiB (its own, not its bot workers')."""
    if server.process.poll() is not None:
        raise SetupError(f"the server exited ({server.process.returncode})")
    return server.rss_mib()


async def measure(server: ServerProcess, options: argparse.Namespace) -> dict[str, Any]:
    """The whole run on a ready server; the figures."""
    rng = random.Random(options.seed)
    rss: dict[str, float] = {"ready": resident(server)}
    limits = httpx.Limits(max_connections=options.concurrency,
                          max_keepalive_connections=options.concurrency)
    async with httpx.AsyncClient(base_url=server.base, timeout=60, limits=limits,
                                 headers=HEADERS) as client:
        listed = await client.get("/api/games")
        if listed.status_code != 200:
            raise SetupError(f"GET /api/games: {listed.status_code}")
        games = listed.json()
        bodies = plan_tables(games, options.tables, options.heuristic, rng)
        started = time.monotonic()
        made = await create_and_finish(client, bodies, options.play_timeout)
        play_seconds = time.monotonic() - started
        rss["tables_over"] = resident(server)
        some = sorted(made, key=lambda table: -made[table].version)[:options.warmup]
        warm = [(kind, f"/api/tables/{table}/{kind}", made[table])
                for table in some for kind in ("record", "replay")]
        warm += unknown_work(made, options.warmup * len(options.unknown_kinds),
                             options.unknown_kinds, random.Random(-1))
        warmup = await issue(client, warm, options.concurrency)
        await asyncio.sleep(options.settle)
        rss["warm"] = resident(server)
        served_list = served_work(made, options.requests, rng)
        unknown_list = unknown_work(made, options.unknown, options.unknown_kinds, rng)
        phases: dict[str, Phase] = {}
        growths: dict[str, float] = {}
        order = ("unknown", "requests") if options.unknown_first else ("requests", "unknown")
        for name in order:
            before = resident(server)
            phases[name] = await issue(client, served_list if name == "requests"
                                       else unknown_list, options.concurrency)
            await asyncio.sleep(options.settle)
            rss[f"after_{name}"] = resident(server)
            growths[name] = round(rss[f"after_{name}"] - before, 1)
    served, unknown = phases["requests"], phases["unknown"]
    growth, unknown_growth = growths["requests"], growths["unknown"]
    per_game: dict[str, int] = {}
    for table in made.values():
        key = f"{table.game} {len(table.players)}p"
        per_game[key] = per_game.get(key, 0) + 1
    return {
        "tables": len(made), "requests": options.requests, "unknown": options.unknown,
        "seed": options.seed, "concurrency": options.concurrency,
        "tables_by_game": dict(sorted(per_game.items())),
        "heuristic_seats": sum(p == "heuristic" for t in made.values() for p in t.players),
        "seats": sum(len(t.players) for t in made.values()),
        "versions": sum(t.version for t in made.values()),
        "play_seconds": round(play_seconds, 1),
        "rss_measured": "VmRSS of the main server process only (not its bot workers)",
        "rss_mib": {point: round(value, 1) for point, value in rss.items()},
        "order": list(order), "unknown_kinds": list(options.unknown_kinds),
        "growth_mib": growth, "unknown_growth_mib": unknown_growth,
        "unknown_growth_bytes_per_id": round(unknown_growth * 2**20 / options.unknown)
        if options.unknown else None,
        "target_mib": options.limit_mib, "unknown_target_mib": options.unknown_limit_mib,
        "requests_pass": growth < options.limit_mib and served.bad == 0,
        "unknown_pass": unknown_growth < options.unknown_limit_mib and unknown.bad == 0,
        "phases": {"warmup": warmup.summary(), "requests": served.summary(),
                   "unknown": unknown.summary()},
    }


def human(result: dict[str, Any]) -> str:
    """The figures in words."""
    rss = result["rss_mib"]
    phases = result["phases"]
    verdict = {True: "pass", False: "FAIL"}
    lines = [
        f"{result['tables']} finished tables ({result['versions']} versions, "
        f"{result['heuristic_seats']}/{result['seats']} seats heuristic), played in "
        f"{result['play_seconds']} s: "
        + ", ".join(f"{key} ×{n}" for key, n in result["tables_by_game"].items()),
        f"server RSS ({result['rss_measured']}), MiB: "
        + ", ".join(f"{point} {value}" for point, value in rss.items()),
        f"{result['requests']} record/replay requests "
        f"({phases['requests']['per_second']}/s, gzipped {phases['requests']['gzipped']}, "
        f"{phases['requests']['bad_answers']} bad): grew {result['growth_mib']} MiB, "
        f"target < {result['target_mib']} MiB: {verdict[result['requests_pass']]}",
        f"{result['unknown']} requests for unknown ids "
        f"({', '.join(result['unknown_kinds'])}) "
        f"({phases['unknown']['per_second']}/s, {phases['unknown']['bad_answers']} bad): "
        f"grew {result['unknown_growth_mib']} MiB "
        f"({result['unknown_growth_bytes_per_id']} bytes an id), target < "
        f"{result['unknown_target_mib']} MiB: {verdict[result['unknown_pass']]}",
    ]
    for name, phase in phases.items():
        lines += [f"  {name}: {problem}" for problem in phase["problems"]]
    return "\n".join(lines)


def log_tail(log: Path, lines: int = 20) -> str:
    if not log.exists():
        return ""
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--requests", type=int, default=1000,
                        help="record and replay requests over the finished tables")
    parser.add_argument("--unknown", type=int, default=20000,
                        help="requests for table ids that do not exist")
    parser.add_argument("--limit-mib", type=float, default=50.0,
                        help="the most the requests may grow the server (less than)")
    parser.add_argument("--unknown-limit-mib", type=float, default=5.0,
                        help="the most the unknown ids may grow the server (less than)")
    parser.add_argument("--heuristic", type=float, default=0.25,
                        help="the share of seats played by `heuristic` (else `random`)")
    parser.add_argument("--concurrency", type=int, default=4, help="requests at once")
    parser.add_argument("--warmup", type=int, default=3,
                        help="tables (the longest games) whose record and replay, and "
                        "unknown ids of each kind, are asked for before the first measure")
    parser.add_argument("--settle", type=float, default=2.0,
                        help="seconds to wait before each measure")
    parser.add_argument("--play-timeout", type=float, default=1800.0,
                        help="seconds the tables have to end")
    parser.add_argument("--unknown-kinds", default="replay,record,summary",
                        type=lambda text: [kind.strip() for kind in text.split(",")],
                        help="what the unknown ids are asked for, in turn: "
                        f"{', '.join(UNKNOWN_PATHS)} (default: replay,record,summary)")
    parser.add_argument("--unknown-first", action="store_true",
                        help="the unknown ids before the replays and records")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--serve-option", action="append", default=[], metavar="ARG",
                        help="one more argument for `albion serve` (repeatable; "
                        "--serve-option=--flag)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args()
    if options.tables < 1 or options.requests < 0 or options.unknown < 0 \
            or options.concurrency < 1:
        parser.error("--tables and --concurrency are at least 1, the counts at least 0")
    if not options.unknown_kinds or not set(options.unknown_kinds) <= set(UNKNOWN_PATHS):
        parser.error(f"--unknown-kinds: some of {', '.join(UNKNOWN_PATHS)}")
    try:  # here, so that a server that cannot even be imported is a setup error
        from albion.proving.loadtest import LoadTestError, ServerProcess  # noqa: PLC0415
    except ImportError as problem:
        print(f"setup error: albion.server cannot be imported: {problem}", file=sys.stderr)
        raise SystemExit(2) from None
    with tempfile.TemporaryDirectory(prefix="albion-memory-") as folder:
        log = Path(folder) / "server.log"
        server = None
        try:
            server = ServerProcess(f"sqlite:///{Path(folder) / 'albion.db'}", log, 0.0,
                                   serve_options(options.serve_option))
            server.wait_ready()
            result = asyncio.run(measure(server, options))
        except (LoadTestError, SetupError, httpx.HTTPError) as problem:
            print(f"setup error: {problem}\n{log_tail(log)}", file=sys.stderr)
            raise SystemExit(2) from None
        except KeyboardInterrupt:
            print("\ninterrupted: the server is stopped", file=sys.stderr)
            raise SystemExit(130) from None
        finally:
            if server is not None:
                server.stop()
    print(json.dumps(result) if options.json else human(result))
    raise SystemExit(0 if result["requests_pass"] and result["unknown_pass"] else 1)


if __name__ == "__main__":
    main()
