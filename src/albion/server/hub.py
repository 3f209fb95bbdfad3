"""A server process's tables: loaded from the database on demand (unfinished ones at
start), each one actor; bots in a process pool; with PostgreSQL, LISTEN/NOTIFY tells every
process of the decisions another one committed, so each pushes them to its own clients."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from albion.server.actor import TableActor
from albion.server.bots import BotPool
from albion.server.messages import Clock
from albion.server.settings import ServerSettings
from albion.server.store import CHANNEL, Store
from albion.table import Table

log = logging.getLogger("albion.server")


class Hub:
    def __init__(self, store: Store, settings: ServerSettings) -> None:
        self.store = store
        self.settings = settings
        self.bots = BotPool(settings.bot_workers)
        self.actors: dict[str, TableActor] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self.listener: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Resume every unfinished table (their bots play on) and, with PostgreSQL,
        listen for other processes' decisions."""
        for table_id in await asyncio.to_thread(self.store.unfinished):
            try:
                actor = await self.actor(table_id)
            except Exception:
                log.exception("table %s could not be resumed", table_id)
                continue
            if actor is not None:
                actor.schedule()
        if not self.store.is_sqlite:  # many tables wait on the database at once
            asyncio.get_running_loop().set_default_executor(
                ThreadPoolExecutor(32, thread_name_prefix="albion-database"))
            self.listener = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        if self.listener is not None:
            self.listener.cancel()
        for actor in self.actors.values():
            actor.close()
        for task in list(self.tasks):
            task.cancel()
        self.bots.close()
        self.store.close()

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table task failed", exc_info=task.exception())

    async def actor(self, table_id: str) -> TableActor | None:
        """The table's actor in this process, loaded from the database if need be."""
        if table_id in self.actors:
            return self.actors[table_id]
        lock = self.loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            if table_id in self.actors:
                return self.actors[table_id]
            row = await asyncio.to_thread(self.store.table, table_id)
            if row is None:
                return None
            table = await self.load_table(table_id)
            names = await asyncio.to_thread(self.store.names, table_id)
            actor = TableActor(self, table_id, table, row.seed, row.players,
                               Clock.model_validate(row.clock) if row.clock else None,
                               started=row.status != "waiting", names=names)
            if table.version > row.version:  # chance the writer had not stored: store it
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(
                        self.store.append, table_id, table.log(row.version),
                        [not table.is_human(s) for s in range(table.num_players)],
                        actor.status)
                actor.stored = table.version
            self.actors[table_id] = actor
            return actor

    async def load_table(self, table_id: str) -> Table:
        row = await asyncio.to_thread(self.store.table, table_id)
        assert row is not None
        rows = await asyncio.to_thread(self.store.log, table_id)
        return Table.from_log(row.game, row.players, row.variant, row.seed, rows,
                              autoplay=False)

    async def notify(self, table_id: str, version: int) -> None:
        """Tell the other processes (PostgreSQL) that `table_id` reached `version`."""
        if self.store.is_sqlite:
            return
        await asyncio.to_thread(self._notify, table_id, version)

    def _notify(self, table_id: str, version: int) -> None:
        with self.store.transaction() as db:
            self.store.notify_in(db, table_id, version)

    async def _listen(self) -> None:
        import psycopg  # noqa: PLC0415 - PostgreSQL only

        url = self.store.engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as db:
                    await db.execute(f"LISTEN {CHANNEL}")
                    async for note in db.notifies():
                        table_id, _, version = note.payload.partition(":")
                        actor = self.actors.get(table_id)
                        if actor is not None and (actor.table.version < int(version)
                                                  or not actor.started):
                            self.spawn(self._catch_up(actor))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("LISTEN connection lost; reconnecting")
                await asyncio.sleep(1)

    async def _catch_up(self, actor: TableActor) -> None:
        async with actor.lock:
            await actor.catch_up()
        actor.schedule()
