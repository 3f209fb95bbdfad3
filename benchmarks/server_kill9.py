"""kill -9 of `albion serve` while tables play, then a restart: is every acknowledged move
stored, and does every table resume? (issue 15; a benchmark, not a timed test)

    .venv/bin/python benchmarks/server_kill9.py --repeats 10 --tables 50

Each repeat: a fresh SQLite file (or `--db`, a PostgreSQL URL to an empty database),
`--tables` bot tables, a spectator on each recording the newest version it was sent (a
version is sent only after its decisions are committed: it is acknowledged); SIGKILL after
a random 1-3 s; restart on the same database; then every acknowledged version must be in
the stored log, and every unfinished table must move on within a few seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect

from albion.server.loadtest import ServerProcess


async def watch(port: int, table: str, seen: dict[str, int], stop: asyncio.Event) -> None:
    try:
        async with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}") as socket:
            while not stop.is_set():
                message = json.loads(await socket.recv())
                if message["type"] == "update":
                    seen[table] = max(seen.get(table, 0), message["version"])
    except Exception:  # the server was killed: what was seen stays
        return


async def play_then_kill(server: ServerProcess, tables: int, game: str,
                         rng: random.Random) -> dict[str, int]:
    seen: dict[str, int] = {}
    stop = asyncio.Event()
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as client:
        ids = []
        for _ in range(tables):
            answer = await client.post("/api/tables", json={"game": game,
                                                            "players": ["random", "random"]})
            answer.raise_for_status()
            ids.append(answer.json()["table"])
    watchers = [asyncio.create_task(watch(server.port, table, seen, stop)) for table in ids]
    await asyncio.sleep(rng.uniform(1, 3))
    server.process.kill()  # SIGKILL
    server.process.wait(10)
    stop.set()
    await asyncio.gather(*watchers, return_exceptions=True)
    return {table: seen.get(table, 0) for table in ids}


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


def one_repeat(index: int, tables: int, game: str, database: str | None,
               folder: Path) -> dict[str, Any]:
    rng = random.Random(index)
    url = database or f"sqlite:///{folder / f'kill{index}.db'}"
    server = ServerProcess(url, folder / f"server{index}.log", 0.05)
    server.wait_ready()
    seen = asyncio.run(play_then_kill(server, tables, game, rng))
    server.stop()
    after_kill = stored(url)
    lost = {table: (version, after_kill.get(table, (0, "", 0))[2])
            for table, version in seen.items()
            if after_kill.get(table, (0, "", 0))[2] < version}
    gaps = [table for table, (count, _, top) in after_kill.items() if count != top]
    restarted = ServerProcess(url, folder / f"server{index}b.log", 0.05)
    restarted.wait_ready()
    time.sleep(3)
    resumed = stored(url)
    restarted.stop()
    unfinished = [table for table, (_, status, _) in after_kill.items() if status != "over"]
    moved_on = [table for table in unfinished
                if resumed[table][2] > after_kill[table][2] or resumed[table][1] == "over"]
    return {"repeat": index, "tables": tables,
            "acknowledged_moves": sum(seen.values()),
            "stored_moves": sum(after_kill[table][2] for table in seen),
            "acknowledged_but_lost": len(lost), "log_gaps": len(gaps),
            "unfinished_at_kill": len(unfinished), "resumed": len(moved_on)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--game", default="diamoniak")
    parser.add_argument("--db", default=None, help="an empty PostgreSQL database URL "
                        "(default: a fresh SQLite file per repeat)")
    options = parser.parse_args()
    results = []
    with tempfile.TemporaryDirectory(prefix="albion-kill9-") as folder:
        for index in range(options.repeats):
            result = one_repeat(index, options.tables, options.game, options.db,
                                Path(folder))
            results.append(result)
            print(json.dumps(result), flush=True)
    print(json.dumps({
        "repeats": len(results),
        "acknowledged_moves": sum(r["acknowledged_moves"] for r in results),
        "acknowledged_but_lost": sum(r["acknowledged_but_lost"] for r in results),
        "log_gaps": sum(r["log_gaps"] for r in results),
        "unfinished_at_kill": sum(r["unfinished_at_kill"] for r in results),
        "resumed": sum(r["resumed"] for r in results)}))


if __name__ == "__main__":
    main()
