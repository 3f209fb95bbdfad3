"""A server process's tables: loaded from the database on demand (unfinished ones at
start), each one actor; bots in a process pool; with PostgreSQL, LISTEN/NOTIFY tells every
process of the decisions and notices another one committed, so each pushes them to its own
clients, and each table's bots and clock run in the one process that owns it
(`Ownership`), which hears of every process's connections (`presence`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from albion.server.account_seats import AccountSeats
from albion.server.accounts import Accounts
from albion.server.actor import TableActor
from albion.server.bots import BotPool, Chance
from albion.server.courier import Courier
from albion.server.credentials import is_table_id
from albion.server.finished import FinishedGames
from albion.server.mailer import SmtpSettings
from albion.server.messages import Clock
from albion.server.ownership import Ownership
from albion.server.pace import Pace
from albion.server.push import PushSettings
from albion.server.settings import ServerSettings
from albion.server.store import CHANNEL, Store, TableRow
from albion.server.usernames import DELETED_NAME
from albion.table import AnyTable, Table

log = logging.getLogger("albion.server")


class Hub:
    def __init__(self, store: Store, settings: ServerSettings) -> None:
        self.store = store
        self.settings = settings
        self.accounts = Accounts(store, settings.session_days)
        self.account_seats = AccountSeats(store)
        """Accounts, their sessions and seats (issue 30)."""
        self.bots = BotPool(settings)
        self.pace = Pace()
        """Places for moves in flight: bots queue for them, people never (issue 28)."""
        self.actors: dict[str, TableActor] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        """Tables being loaded now (each entry goes once its load ends)."""
        self.finished = FinishedGames(settings.replay_cache_bytes)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.listener: asyncio.Task[None] | None = None
        self.sweeper: asyncio.Task[None] | None = None
        self.evicter: asyncio.Task[None] | None = None
        self.waker: asyncio.Task[None] | None = None
        self.courier = Courier(store, smtp_of(settings), push_of(settings),
                               settings.notify_poll_seconds)
        """Delivers the notifications (issue 31)."""
        self.courier_task: asyncio.Task[None] | None = None
        self.process = secrets.token_hex(8)
        """This process among those sharing the database (its presence rows)."""
        self.ownership: Ownership | None = None if store.is_sqlite else Ownership(
            store.engine.url.set(drivername="postgresql").render_as_string(
                hide_password=False))

    @property
    def shared(self) -> bool:
        """Several processes may serve these tables (PostgreSQL)."""
        return self.ownership is not None

    async def start(self) -> None:
        """Resume every unfinished table (their bots play on) and, with PostgreSQL,
        listen for other processes' decisions and claim the tables nobody runs."""
        if self.ownership is not None:
            await self.ownership.connect()
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
            self.sweeper = asyncio.create_task(self._sweep())
        self.evicter = asyncio.create_task(self._evict_quiet_tables())
        self.waker = asyncio.create_task(self._wake_due_tables())
        if self.courier.push is not None:
            await asyncio.to_thread(self.courier.push.vapid)  # the key made on first start
        if self.store.is_sqlite:  # one process: the leases held are a dead one's
            await asyncio.to_thread(self.courier.notes.release_leases)
        self.courier_task = asyncio.create_task(self.courier.run())

    def notifications_due(self) -> None:
        self.courier.poke()

    async def stop(self) -> None:
        for task in (self.listener, self.sweeper, self.evicter, self.waker,
                     self.courier_task):
            if task is not None:
                task.cancel()
        if self.ownership is not None:
            await self.ownership.close()
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
        """The table's actor in this process, loaded from the database if need be (None
        for a table that does not exist: nothing is kept for it)."""
        if not is_table_id(table_id):
            return None
        actor = self.actors.get(table_id)
        if actor is None:
            lock = self.loading.setdefault(table_id, asyncio.Lock())
            try:
                async with lock:
                    actor = self.actors.get(table_id) or await self._load(table_id)
            finally:
                if not lock.locked() and self.loading.get(table_id) is lock:
                    del self.loading[table_id]
        if actor is not None:
            actor.idle_since = time.monotonic()  # in use: not unloaded under its caller
        return actor

    async def open_created(self, row: TableRow, table: AnyTable, chance: Chance,
                           clock: Clock | None) -> TableActor:
        """The actor of a table just created and stored (`row`), its bots and clock
        scheduled. Actors are made here and in `_load` only."""
        actor = TableActor(self, row.id, table, chance, row.players, clock,
                           started=row.status != "waiting", owner=await self.claim(row.id),
                           variant=row.variant, seed_chosen=row.seed_chosen)
        self.actors[row.id] = actor
        actor.schedule()
        return actor

    async def _load(self, table_id: str) -> TableActor | None:
        row = await asyncio.to_thread(self.store.table, table_id)
        if row is None:
            return None
        table = await self.load_table(table_id)
        names = await asyncio.to_thread(self.store.names, table_id)
        rematch = await asyncio.to_thread(self.store.rematch_of, table_id)
        actor = TableActor(self, table_id, table, Chance(row.seed, row.secret_bytes),
                           row.players,
                           Clock.model_validate(row.clock) if row.clock else None,
                           started=row.status != "waiting", names=names,
                           owner=await self.claim(table_id), variant=row.variant,
                           seed_chosen=row.seed_chosen, rematch=rematch)
        await self.learn_rematch(actor)
        actor.take_chat(await asyncio.to_thread(self.store.chat_lines, table_id))
        actor.take_notices(await asyncio.to_thread(self.store.notices, table_id))
        actor.stored = row.version
        if table.version > row.version:  # chance the writer had not stored: store it
            with contextlib.suppress(Exception):
                await asyncio.to_thread(
                    self.store.append, table_id, table.log(row.version),
                    [not table.is_human(s) for s in range(table.num_players)],
                    actor.status)
                actor.stored = table.version
        await actor.follow_stored_clock()  # issue 31: the clock survives a restart
        self.actors[table_id] = actor
        return actor

    async def learn_rematch(self, actor: TableActor) -> None:
        """The table's rematch, and who has accepted it, as stored."""
        actor.rematch = await asyncio.to_thread(self.store.rematch_of, actor.id)
        if actor.rematch is not None:
            actor.rematch_joined = await asyncio.to_thread(self.store.claimed_seats,
                                                           actor.rematch)

    async def load_table(self, table_id: str) -> AnyTable:
        row = await asyncio.to_thread(self.store.table, table_id)
        assert row is not None
        rows = await asyncio.to_thread(self.store.log, table_id)
        return Table.from_log(row.game, row.players, row.variant, row.seed, rows,
                              secret=row.secret_bytes, autoplay=False)

    async def claim(self, table_id: str) -> bool:
        """Whether this process runs the table's bots and clock (always with SQLite)."""
        if self.ownership is None:
            return True
        try:
            return await self.ownership.claim(table_id)
        except Exception:
            log.exception("table %s could not be claimed", table_id)
            return False

    async def set_presence(self, table_id: str, seat: int, connections: int) -> None:
        """Tell the other processes how many connections this one holds for a seat."""
        if self.shared:
            await asyncio.to_thread(self.store.set_presence, table_id, seat, self.process,
                                    connections)

    async def pauses_changed(self, table_ids: list[str]) -> None:
        """Accounts at these tables went on vacation or came back: the tables loaded here
        pause or restart their seats' time, and the other processes hear it."""
        for table_id in table_ids:
            actor = self.actors.get(table_id)
            if actor is not None:
                await actor.refresh_pauses()
            await self.announce(table_id, "pauses")

    async def announce(self, table_id: str, what: str) -> None:
        """Tell the other processes (PostgreSQL) something about a table that is not a
        decision: `revoke:SEAT` (a seat's token changed), `rematch`, `sessions:SEAT` (an
        account's sessions ended), `names` (a deleted account's seats renamed), `pauses`
        (an account at the table went on vacation or came back)."""
        if self.shared:
            await asyncio.to_thread(self._announce, table_id, what)

    async def drop_sessions(self, held: list[tuple[str, int]]) -> None:
        """Accounts' sessions ended (signed out, or the account deleted): at each of
        those seats, the connections opened by a session that no longer opens the seat
        close, on every process."""
        for table_id, seat in held:
            await self.close_dead_sessions(table_id, seat)
            await self.announce(table_id, f"sessions:{seat}")

    async def close_dead_sessions(self, table_id: str, seat: int) -> None:
        actor = self.actors.get(table_id)
        if actor is None:
            return
        for client in [c for c in list(actor.clients)
                       if c.seat == seat and c.session_hash is not None]:
            assert client.session_hash is not None
            if not await asyncio.to_thread(self.accounts.session_opens, client.session_hash,
                                           table_id, seat):
                await client.close(1008, "signed out: this account's session ended")
                actor.leave(client)

    async def renamed(self, held: list[tuple[str, int]]) -> None:
        """A deleted account's seats are called "deleted player" now: everyone at those
        tables hears it, on every process."""
        for table_id, seat in held:
            actor = self.actors.get(table_id)
            if actor is not None:
                actor.names[seat] = DELETED_NAME
                await actor.broadcast()
            await self.announce(table_id, "names")

    def _announce(self, table_id: str, what: str) -> None:
        with self.store.transaction() as db:
            self.store.notify_in(db, table_id, 0, what)

    async def _heard(self, actor: TableActor, what: list[str]) -> None:
        """Another process's word about a table loaded here."""
        if what[0] == "presence":
            counts = await asyncio.to_thread(self.store.presence_counts, actor.id,
                                             self.process,
                                             3 * self.settings.presence_seconds)
            changed = {seat for seat in set(counts) | set(actor.elsewhere)
                       if counts.get(seat, 0) != actor.elsewhere.get(seat, 0)}
            actor.elsewhere = counts
            for seat in changed:
                await actor.tell_seat(seat)
        elif what[0] == "revoke" and len(what) > 1 and what[1].isdigit():
            seat = int(what[1])
            await actor.sign_out(seat, await asyncio.to_thread(self.store.token_hash_of,
                                                               actor.id, seat))
        elif what[0] == "chat":
            await actor.catch_up_chat()
        elif what[0] == "pauses":
            await actor.refresh_pauses()
        elif what[0] == "sessions" and len(what) > 1 and what[1].isdigit():
            await self.close_dead_sessions(actor.id, int(what[1]))
        elif what[0] == "names":
            actor.names = await asyncio.to_thread(self.store.names, actor.id)
            await actor.broadcast()
        elif what[0] == "rematch":
            if len(what) > 1 and what[1].isdigit():  # `rematch:SEAT`: that seat said no
                actor.rematch_declined.add(int(what[1]))
            await self.learn_rematch(actor)
            await actor.broadcast()

    async def _evict_quiet_tables(self) -> None:
        """Unload the tables nobody is connected to and nothing runs for, once they have
        been quiet for `idle_seconds` (issue 25: every table ever touched stayed loaded).
        They are loaded again from the database when someone asks."""
        idle = self.settings.idle_seconds
        while True:
            await asyncio.sleep(max(0.05, min(5.0, idle / 4)))
            now = time.monotonic()
            for actor in list(self.actors.values()):
                if actor.is_quiet() and now - actor.idle_since >= idle and \
                        not actor.lock.locked():
                    await self.evict(actor)

    async def _wake_due_tables(self) -> None:
        """Every `due_sweep_seconds`: load the unloaded turn-based tables whose deadline
        falls within `due_ahead_seconds` (stored as `due_at`), so their clocks act in
        time though nobody opened them since a restart or an unload (issue 31)."""
        every = self.settings.due_sweep_seconds
        while True:
            await asyncio.sleep(every)
            try:
                due = await asyncio.to_thread(
                    self.store.due_tables, time.time() + self.settings.due_ahead_seconds)
                for table_id in due:
                    if table_id in self.actors:
                        continue
                    actor = await self.actor(table_id)
                    if actor is not None:
                        actor.schedule()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("deadline sweep failed; trying again")

    async def evict(self, actor: TableActor) -> None:
        """Unload `actor`'s table from this process (another may claim it then); a
        turn-based table's deadline is stored first, for the deadline sweep."""
        if self.actors.get(actor.id) is not actor:
            return
        if actor.owner:
            await actor.store_due()
            if actor.next_due() != actor.due_stored or self.actors.get(actor.id) is not actor:
                return  # not stored: it stays loaded, its timer runs
        del self.actors[actor.id]
        actor.close()
        if self.ownership is not None and actor.owner:
            try:
                await self.ownership.release(actor.id)
            except Exception:
                log.exception("table %s could not be released", actor.id)

    async def connected(self, seats: list[tuple[str, int]]) -> set[tuple[str, int]]:
        """Which of `seats` (table id, seat) have a connection open now, here or (with
        PostgreSQL) in another live process: a friend "at a table" (issue 30)."""
        here = {(table_id, seat) for table_id, seat in seats
                if (actor := self.actors.get(table_id)) is not None and actor.present[seat]}
        if not self.shared or len(here) == len(seats):
            return here
        return here | await asyncio.to_thread(
            self.store.connected_seats, [pair for pair in seats if pair not in here],
            3 * self.settings.presence_seconds)

    async def present_elsewhere(self, table_id: str) -> set[int]:
        """Seats of the table another live process holds a connection for."""
        if not self.shared:
            return set()
        return await asyncio.to_thread(self.store.present_elsewhere, table_id, self.process,
                                       3 * self.settings.presence_seconds)

    async def _sweep(self) -> None:
        """Every few seconds: claim the tables whose owner is gone (their bots and
        clocks move here), give up finished ones, keep this process's presence fresh,
        and let the owned tables' clocks see connections held elsewhere."""
        assert self.ownership is not None
        beat = 0.0
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                if not self.ownership.connected:
                    for actor in self.actors.values():
                        actor.disown()
                    await self.ownership.connect()
                for actor in list(self.actors.values()):
                    if actor.table.is_over():
                        await self.ownership.release(actor.id)
                    elif not actor.owner and await self.ownership.claim(actor.id):
                        self.spawn(self._adopt(actor))
                    elif actor.owner and actor.clock is not None:
                        actor.check_presence(await self.present_elsewhere(actor.id))
                if loop.time() - beat >= self.settings.presence_seconds:
                    beat = loop.time()
                    await asyncio.to_thread(self.store.heartbeat, self.process)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("ownership sweep failed; trying again")

    async def _adopt(self, actor: TableActor) -> None:
        """A table this process now owns: up to date first, then its bots and clock."""
        async with actor.lock:
            await actor.catch_up()
            await actor.follow_stored_clock()  # the clock as the dead owner ran it
        actor.adopt()

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
                        table_id, version, *what = note.payload.split(":")
                        actor = self.actors.get(table_id)
                        if actor is None:
                            continue
                        if what and what[0] in ("presence", "revoke", "rematch", "chat", "sessions",
                                               "names"):
                            self.spawn(self._heard(actor, what))
                        elif actor.table.version < int(version) or not actor.started \
                                or what:
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


def smtp_of(settings: ServerSettings) -> SmtpSettings | None:
    """The SMTP server notifications are mailed through, if one is set."""
    if settings.smtp_host is None:
        return None
    return SmtpSettings(settings.smtp_host, settings.smtp_port, settings.smtp_sender,
                        settings.smtp_username, settings.smtp_password,
                        settings.smtp_starttls)


def push_of(settings: ServerSettings) -> PushSettings | None:
    """The VAPID key Web Push is signed with, if one is set."""
    if settings.vapid_key is None:
        return None
    return PushSettings(settings.vapid_key, settings.vapid_contact)
