"""kill -9 of `albion serve` while tables play, then a restart: is every acknowledged move
stored, is the database sound, and does every table resume with the same seats?
(issues 15 and 18; a benchmark, not a timed test)

    .venv/bin/python benchmarks/server_kill9.py --repeats 30 --tables 50
    .venv/bin/python benchmarks/server_kill9.py --repeats 30 --tables 50 \\
        --db postgresql+psycopg://postgres@127.0.0.1:5432/test

Each repeat: a fresh SQLite file (or, with `--db`, a fresh PostgreSQL database created
beside the one named, dropped afterwards), `--tables` tables: most bot against bot, some
(`--people`) with a person's seat that this script claims (its single-claim invitation,
issue 25) and plays over the seat token the claim gave. A client on
each table records the newest version it was sent: a version is sent only after its
decisions are committed, so it is acknowledged (the person's move once an update after
it arrives, a bot's once it is broadcast). SIGKILL at a random moment (uniform in
`--kill-after`, seeded by `--seed` and the repeat; printed); then, before the restart,
every acknowledged version must be in the stored log, with no gap, and SQLite's `PRAGMA
integrity_check` must say ok; after the restart on the same database, every table must
keep its players, each seat token must open the same seat, and every unfinished table
must move on (its version grows, or it ends) within `--resume-seconds`.

The servers run with the limits per client address and per seat lifted
(`loadtest.ONE_ADDRESS`): every table's clients are this script, on one address.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import secrets
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, make_url, text
from websockets.asyncio.client import connect

from albion.proving.loadtest import ONE_ADDRESS, ServerProcess


@dataclass
class Created:
    """A table as this script created it: its players and its people's tokens (each
    invitation claimed, as the person it was sent to would)."""

    players: list[str]
    tokens: dict[int, str] = field(default_factory=dict)


async def watch(port: int, table: str, seen: dict[str, int], stop: asyncio.Event,
                token: str | None = None, rng: random.Random | None = None) -> None:
    """A spectator (or, with a token, a person playing random legal moves): the newest
    version it was sent is acknowledged."""
    suffix = f"?token={token}" if token else ""
    try:
        async with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}{suffix}",
                           max_size=2**24, proxy=None) as socket:
            while not stop.is_set():
                message = json.loads(await socket.recv())
                if message["type"] != "update":
                    continue
                seen[table] = max(seen.get(table, 0), message["version"])
                if rng is not None and message["legal"] and message["status"] == "playing":
                    await socket.send(json.dumps({"type": "submit",
                                                  "action": rng.choice(message["legal"]),
                                                  "version": message["version"]}))
    except Exception:  # the server was killed: what was seen stays
        return


async def claim(client: httpx.AsyncClient, table: str, seat: dict[str, Any]) -> str:
    """The token of a new table's seat: its invitation claimed (a seat whose creator
    chose the seed has its token already)."""
    if seat.get("token"):
        return str(seat["token"])
    answer = await client.post(f"/api/tables/{table}/claim", json={"invite": seat["invite"]})
    answer.raise_for_status()
    client.cookies.clear()  # the claim's cookies are the page's: this script uses tokens
    return str(answer.json()["token"])


async def play_then_kill(server: ServerProcess, tables: int, people: int, game: str,
                         rng: random.Random, kill_after: float
                         ) -> tuple[dict[str, int], dict[str, Created]]:
    seen: dict[str, int] = {}
    stop = asyncio.Event()
    created: dict[str, Created] = {}
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as client:
        for index in range(tables):
            players = ["human", "random"] if index < people else ["random", "random"]
            answer = await client.post("/api/tables", json={"game": game,
                                                            "players": players})
            answer.raise_for_status()
            body = answer.json()
            created[body["table"]] = Created(players, {
                seat["seat"]: await claim(client, body["table"], seat)
                for seat in body["seats"]})
    watchers = [asyncio.create_task(watch(server.port, table, seen, stop))
                for table in created]
    watchers += [asyncio.create_task(watch(server.port, table, seen, stop, token,
                                           random.Random(rng.random())))
                 for table, made in created.items() for token in made.tokens.values()]
    await asyncio.sleep(kill_after)
    server.process.kill()  # SIGKILL
    server.process.wait(10)
    stop.set()
    await asyncio.gather(*watchers, return_exceptions=True)
    return {table: seen.get(table, 0) for table in created}, created


def stored(database: str) -> dict[str, tuple[int, str, int]]:
    """table → (rows in its log, status, highest stored version)."""
    engine = create_engine(database)
    with engine.connect() as db:
        rows = db.execute(text(
            "SELECT t.id, t.status, COUNT(d.version), COALESCE(MAX(d.version), 0) "
            "FROM tables t LEFT JOIN decisions d ON d.table_id = t.id GROUP BY t.id, t.status"))
        found = {row[0]: (int(row[2]), row[1], int(row[3])) for row in rows}
    engine.dispose()
    return found


def integrity(database: str) -> str:
    """SQLite's own check of the file as the kill left it (its WAL replayed); "n/a" on
    PostgreSQL, whose crash recovery is its own."""
    if not database.startswith("sqlite"):
        return "n/a"
    with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
        return "; ".join(row[0] for row in db.execute("PRAGMA integrity_check"))


async def resumed(port: int, created: dict[str, Created], after_kill: dict[str, int],
                  over: set[str], seconds: float) -> tuple[set[str], set[str]]:
    """(tables whose players and seats are the same, unfinished tables that moved on),
    after the restart. A person's seat is reopened with its token and played."""
    same: set[str] = set()
    moved: set[str] = set()
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
        for table, made in created.items():
            summary = (await http.get(f"/api/tables/{table}")).json()
            if summary.get("players") == made.players:
                same.add(table)

    async def follow(table: str, made: Created) -> None:
        seats_ok = True
        rng = random.Random(table)
        token = next(iter(made.tokens.values()), None)
        suffix = f"?token={token}" if token else ""
        deadline = time.monotonic() + seconds
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}{suffix}",
                               max_size=2**24, proxy=None) as socket:
                for seat, other in made.tokens.items():  # every token, its own seat
                    async with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}"
                                       f"?token={other}", proxy=None) as check:
                        seats_ok &= json.loads(await check.recv())["view"]["viewer"] == seat
                while time.monotonic() < deadline:
                    message = json.loads(await asyncio.wait_for(
                        socket.recv(), deadline - time.monotonic()))
                    if message["type"] != "update":
                        continue
                    if message["version"] > after_kill[table] or message["status"] == "over":
                        moved.add(table)
                        break
                    if token and message["legal"] and message["status"] == "playing":
                        await socket.send(json.dumps({
                            "type": "submit", "action": rng.choice(message["legal"]),
                            "version": message["version"]}))
        except Exception:
            seats_ok = False
        if not seats_ok:
            same.discard(table)

    await asyncio.gather(*(follow(table, made) for table, made in created.items()
                           if table not in over))
    await asyncio.gather(*(_seats_of_finished(port, table, made, same)
                           for table, made in created.items() if table in over))
    return same, moved


async def _seats_of_finished(port: int, table: str, made: Created, same: set[str]) -> None:
    for seat, token in made.tokens.items():
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}?token={token}",
                               proxy=None) as check:
                if json.loads(await check.recv())["view"]["viewer"] != seat:
                    same.discard(table)
        except Exception:
            same.discard(table)


@contextmanager
def fresh_database(base: str | None, folder: Path, index: int) -> Iterator[str]:
    """A new SQLite file, or a new PostgreSQL database beside `base` (dropped after)."""
    if base is None:
        yield f"sqlite:///{folder / f'kill{index}.db'}"
        return
    import psycopg  # noqa: PLC0415 - PostgreSQL only

    url = make_url(base)
    admin = url.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"albion_kill9_{secrets.token_hex(4)}"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True) as db:
            db.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def one_repeat(index: int, options: argparse.Namespace, folder: Path) -> dict[str, Any]:
    rng = random.Random(f"{options.seed}:{index}")
    kill_after = round(rng.uniform(*options.kill_after), 3)
    with fresh_database(options.db, folder, index) as url:
        server = ServerProcess(url, folder / f"server{index}.log", options.bot_delay,
                               settings=ONE_ADDRESS)
        server.wait_ready()
        seen, created = asyncio.run(play_then_kill(server, options.tables, options.people,
                                                   options.game, rng, kill_after))
        server.stop()
        after_kill = stored(url)
        check = integrity(url)
        lost = [table for table, version in seen.items()
                if after_kill.get(table, (0, "", 0))[2] < version]
        gaps = [table for table, (count, _, top) in after_kill.items() if count != top]
        over = {table for table, (_, status, _) in after_kill.items() if status == "over"}
        restarted = ServerProcess(url, folder / f"server{index}b.log", options.bot_delay,
                                  settings=ONE_ADDRESS)
        restarted.wait_ready()
        try:
            same, moved = asyncio.run(resumed(
                restarted.port, created, {t: v[2] for t, v in after_kill.items()}, over,
                options.resume_seconds))
        finally:
            restarted.stop()
    unfinished = len(created) - len(over)
    return {"repeat": index, "kill_after_s": kill_after, "tables": len(created),
            "acknowledged_moves": sum(seen.values()),
            "stored_moves": sum(after_kill[table][2] for table in seen),
            "acknowledged_but_lost": len(lost), "log_gaps": len(gaps),
            "integrity_check": check, "unfinished_at_kill": unfinished,
            "resumed": len(moved), "same_seats": len(same),
            "ok": not lost and not gaps and check in ("ok", "n/a")
            and len(moved) == unfinished and len(same) == len(created)}


COLUMNS = [("repeat", 6), ("kill_after_s", 12), ("acknowledged_moves", 18),
           ("stored_moves", 12), ("acknowledged_but_lost", 21), ("log_gaps", 8),
           ("integrity_check", 15), ("unfinished_at_kill", 18), ("resumed", 7),
           ("same_seats", 10), ("ok", 5)]


def row(result: dict[str, Any]) -> str:
    return "  ".join(f"{result[name]!s:>{width}}" for name, width in COLUMNS)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--people", type=int, default=10, help="tables (of --tables) "
                        "with a person's seat, played by this script over its token")
    parser.add_argument("--game", default="diamoniak")
    parser.add_argument("--db", default=None, help="a PostgreSQL URL: each repeat "
                        "creates a fresh database on that server (default: a fresh "
                        "SQLite file per repeat)")
    parser.add_argument("--kill-after", type=float, nargs=2, default=(2.0, 6.0),
                        metavar=("MIN", "MAX"), help="seconds of play before SIGKILL "
                        "(uniform between them, seeded)")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--bot-delay", type=float, default=0.05)
    parser.add_argument("--resume-seconds", type=float, default=30.0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args()
    database = "SQLite" if options.db is None else \
        f"PostgreSQL ({make_url(options.db).render_as_string(hide_password=True)})"
    results = []
    if not options.json:
        print(f"kill -9 × {options.repeats} on {database}, {options.tables} tables "
              f"({options.people} with a person's seat), seed {options.seed}")
        print("  ".join(f"{name:>{width}}" for name, width in COLUMNS), flush=True)
    with tempfile.TemporaryDirectory(prefix="albion-kill9-") as folder:
        for index in range(options.repeats):
            results.append(one_repeat(index, options, Path(folder)))
            if not options.json:
                print(row(results[-1]), flush=True)
    totals = {"database": database, "repeats": len(results), "seed": options.seed,
              "tables_per_repeat": options.tables, "people_tables": options.people,
              **{name: sum(r[name] for r in results) for name in (
                  "acknowledged_moves", "acknowledged_but_lost", "log_gaps",
                  "unfinished_at_kill", "resumed", "same_seats")},
              "integrity_ok": sum(r["integrity_check"] == "ok" for r in results),
              "repeats_ok": sum(r["ok"] for r in results)}
    if options.json:
        print(json.dumps({"totals": totals, "repeats": results}))
    else:
        print(json.dumps(totals))
    raise SystemExit(0 if totals["repeats_ok"] == len(results) else 1)


if __name__ == "__main__":
    main()
