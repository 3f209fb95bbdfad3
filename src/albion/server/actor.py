"""One table in a server process (lichess's one actor per game): commands are applied one
at a time, each on the version it was made on; a decision is committed to the database
before anyone hears of it; every seat and spectator is sent only its own view and events.

With a clock, a person's seat silent past its time (or disconnected past the grace period)
is played by a named fair bot until its owner returns (Board Game Arena's "zombie"); the
table's log says so, and the stored decisions mark the stand-in's as a bot's."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from albion.core.errors import AlbionError, RecordError, StaleVersion, UndoRefused
from albion.core.state import CHANCE
from albion.server.bots import Chance, Hint
from albion.server.chat import KEPT, ChatLine, chat_frame
from albion.server.clock_history import followed_banks
from albion.server.errors import NotStarted, NotStored, StandInKeeps
from albion.server.messages import Clock
from albion.server.notifications import Due, Kind, write_due
from albion.server.port import TablePort
from albion.server.ratelimit import TokenBucket
from albion.server.ratings import Ratings
from albion.server.store import Conflict, Notice
from albion.server.time_banks import Pause, TimeBanks
from albion.server.vacations import Vacations
from albion.table import AnyTable, Table, Update
from albion.table.undo import UNDO

log = logging.getLogger("albion.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]
CHAT_RATE = 0.2
"""Chat lines a seat (or a spectator's address) may send a second, on average."""
CHAT_BURST = 5
RETRY_FIRST, RETRY_MOST = 0.1, 5.0
"""Seconds a bot waits before deciding again after its decision could not be stored:
doubling from the first to the most, until the database answers."""


async def _never_closed(code: int, reason: str) -> None:
    """A client nobody can close (tests' and tools' own)."""


@dataclass(eq=False)
class Client:
    """One WebSocket: a seat (or a spectator, None), and the version it has seen."""

    seat: int | None
    send: Send
    seen: int = 0
    notices_sent: int = 0
    """How many of the table's notices this connection has been sent."""
    closed: bool = field(default=False)
    token_hash: str | None = None
    """The hash of the token it opened its seat with (revoked: the connection closes)."""
    close: Close = _never_closed
    address: str = ""
    """The client's address, as its limits count it."""
    greeted: bool = False
    """Whether it was sent the game's geometry (in its first update)."""
    session_hash: str | None = None
    """The hash of the account session that opened its seat (issue 30), when no token
    did: a renewed token leaves it open; the session's end closes it."""


class TableActor:
    """The table `table_id` in this process: its Table, its clients, its bots, its clock."""

    def __init__(self, port: TablePort, table_id: str, table: AnyTable, chance: Chance,
                 players: list[str], clock: Clock | None = None, *, started: bool = True,
                 names: dict[int, str] | None = None, owner: bool = True,
                 variant: dict[str, Any] | None = None, seed_chosen: bool = False,
                 rematch: str | None = None) -> None:
        self.port = port
        """The process it runs in, as far as a table needs it (`port.TablePort`)."""
        self.id = table_id
        self.table = table
        self.chance = chance
        """Where the table's chance and its bots' choices come from: never sent."""
        self.seed_chosen = seed_chosen
        """Its creator chose the seed: whoever knows it can compute the deal (shown)."""
        self.rematch = rematch
        """The table created as this one's rematch, once there is one."""
        self.rematch_by: int | None = None
        """The seat that offered the rematch (when this process saw it offered)."""
        self.rematch_joined: set[int] = set()
        """The seats that accepted the rematch (took their seat there)."""
        self.rematch_declined: set[int] = set()
        """The seats that said no to the rematch."""
        self.chat: list[ChatLine] = []
        """The table's chat, the newest `chat.KEPT` lines (stored with the table)."""
        self.spectators_chat = False
        """Whether spectators may write in the chat (a seat lets them)."""
        self.chatters: dict[int | str, TokenBucket] = {}
        self.players = players
        self.variant = dict(variant if variant is not None else table.variant.as_dict())
        self.clock = clock
        self.banks = None if clock is None else TimeBanks(clock, table.num_players)
        """Each seat's time (issue 31): followed from every decision, here or stored."""
        self.banks_version = table.version
        """The version the banks have followed the table to."""
        self._undo_known: dict[tuple[int, int], bool] = {}
        """Whether a seat may take back a move, by (version, seat): asked once a version."""
        self.turn_holders: set[int] = set(table.to_move())
        """The seats to move at the last stored version: a seat to move now and not then
        began a turn (its notification, issue 31)."""
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.stored = table.version
        """The last version committed to the database."""
        self.thinking: set[int] = set()
        self.last_commit = time.time()
        self.decided_at = self.last_commit
        """When the latest decision reached this actor (its update says so: a client
        measures decision-to-broadcast time with it, `albion loadtest`)."""
        self.present: Counter[int] = Counter()
        """How many connections each seat has open now."""
        self.away: dict[int, str] = {}
        """Seats a stand-in bot plays for, and why (out of time, disconnected)."""
        self.timers: dict[int, asyncio.Task[None]] = {}
        self.deadlines: dict[int, float] = {}
        """When each timer runs out (wall-clock seconds): a seat's countdown is sent."""
        self.notices: list[tuple[int, dict[str, Any]]] = []
        """(version, event) for what the table says beside the game: stand-ins. Stored,
        so they outlive a restart and reach every process."""
        self.owner = owner
        """This process runs the table's bots and clock (the only one that does)."""
        self.started = started
        """False while a person has not yet opened their seat: nobody plays, no clock."""
        self.names: dict[int, str] = dict(names or {})
        self.hints: dict[int, TokenBucket] = {}
        self.renames: dict[int, TokenBucket] = {}
        self.undos: dict[int, TokenBucket] = {}
        self.elsewhere: dict[int, int] = {}
        """Connections other processes hold per seat (PostgreSQL presence)."""
        self.idle_since = time.monotonic()
        """When the last connection left (or the table was loaded): a quiet table is
        unloaded after `idle_seconds` (`Hub.evict`)."""
        self.due_stored: float | None = None
        """The deadline last stored for this table (`store_due`)."""

    @property
    def status(self) -> str:
        return "over" if self.table.is_over() else "playing" if self.started else "waiting"

    async def start(self, opening: int | None = None) -> None:
        """Every person has opened their seat: bots and clocks start (in this process,
        and, through the database's notification, in the others)."""
        if not self.started:
            self.started = True
            self.turn_holders = set()  # every seat to move now begins its turn
            first = [due for due in self._due() if due.seat != opening]  # (at its page)
            self.turn_holders = set(self.table.to_move())
            if first:
                await asyncio.to_thread(self.port.store.write, partial(
                    write_due, table_id=self.id, due=first))
                self.port.notifications_due()
            if self.banks is not None:
                self.banks.step(time.time(), None, self.table.to_move())
                self.banks_version = self.table.version
            self.schedule()
            await self.broadcast()  # the seats already open hear that play begins
            await self.port.notify(self.id, self.table.version)

    async def refresh(self) -> None:
        """A waiting table may have started in another process."""
        if not self.started:
            row = await asyncio.to_thread(self.port.store.table, self.id)
            if row is not None and row.status != "waiting":
                self.started = True

    async def has_started(self) -> bool:
        """Under the lock: whether play has begun, here or (PostgreSQL) in another
        process (then this process catches up, and its connections hear it)."""
        if not self.started:
            await self.catch_up()
        return self.started

    async def name(self, seat: int, name: str) -> None:
        """The display name a person chose for their seat, told to everyone."""
        await asyncio.to_thread(self.port.store.set_name, self.id, seat, name)
        self.names[seat] = name
        await self.broadcast()

    def hint_allowance(self, seat: int) -> TokenBucket:
        """A seat's hints: a few a minute, however many connections it opens."""
        settings = self.port.settings
        return self.hints.setdefault(seat, TokenBucket(settings.hint_rate,
                                                       settings.hint_burst))

    def undo_allowance(self, seat: int) -> TokenBucket:
        """A seat's take-backs: a few a minute, however many connections it opens."""
        settings = self.port.settings
        return self.undos.setdefault(seat, TokenBucket(settings.undo_rate,
                                                       settings.undo_burst))

    def undos_spent(self) -> bool:
        """Whether the table has taken back `max_undos` moves already (each is a row)."""
        return sum(1 for row in self.table.log() if row.action == UNDO) >= \
            self.port.settings.max_undos

    def rename_allowance(self, seat: int) -> TokenBucket:
        """A seat's names: a few a minute (each is told to everyone at the table)."""
        settings = self.port.settings
        return self.renames.setdefault(seat, TokenBucket(settings.rename_rate,
                                                         settings.rename_burst))

    def is_quiet(self) -> bool:
        """Nobody is connected and nothing runs here or is about to: no bot thinks or has
        a decision to make, no clock ticks but a turn-based one whose deadline is far
        off (stored as `due_at`: the hub's deadline sweep loads the table again in time,
        issue 31)."""
        if self.clients or self.thinking:
            return False
        if self.timers and not self._waits_long():
            return False
        if not self.started or self.table.is_over() or not self.owner:
            return True
        return not any(self._played_by_bot(seat) for seat in self.table.to_move())

    # -- commands ----------------------------------------------------------------------

    async def submit(self, seat: int, action: Any, version: int, *,
                     by_owner: bool = True) -> None:
        """A seat's decision (notation text, or an action value from a bot): checked by
        the table, committed, then broadcast; the bots whose turn it now is start
        thinking. Refusals raise and change nothing: `NotStarted` first, while the
        table is waiting. A person who decides while a stand-in plays for them is back.
        A bot's decision (`by_owner` False) waits first for a place (`pace`): under
        overload bots slow down, people do not, and the bots at a person's table go
        first."""
        async with self.port.pace.move(self.id, by_person=by_owner,
                                       first=self.person_here()):
            received = time.time()
            async with self.lock:  # others' decisions arrive by NOTIFY (`catch_up`)
                if not by_owner and not (self.owner and self._played_by_bot(seat)):
                    return  # while the bot's move waited, its person came back (or the
                    # table went to another process): the move is no longer the bot's
                if not await self.has_started():
                    raise NotStarted
                if by_owner and seat in self.away and not self._may_come_back():
                    raise StandInKeeps
                if by_owner and seat in self.away:  # back, whatever they decided: the
                    await self._come_back(seat)  # clock counts it before the decision
                update = self.table.submit(seat, action, version)  # NotYourTurn, Stale…
                self.decided_at = received
                await self._commit(version, update)
        self.schedule()

    async def undo(self, seat: int, version: int) -> None:
        """ALL-3 (issue 31): the seat's person takes back its last decision, on
        `version` — refused, nothing changed, as the table refuses it (UndoRefused,
        StaleVersion), and for a move its stand-in made (stored as a bot's) or while one
        plays the seat. Committed and told to everyone like a decision."""
        async with self.lock:
            if not await self.has_started():
                raise NotStarted
            if seat in self.away:
                raise UndoRefused(seat, "stand_in")
            target = self.table.undo_target(seat)
            if target <= self.stored and await asyncio.to_thread(
                    self.port.store.by_bot, self.id, target):
                raise UndoRefused(seat, "stand_in")
            update = self.table.undo(seat, version)
            self.decided_at = time.time()
            await self._commit(version, update)
        self.schedule()

    def can_undo(self, seat: int | None) -> bool | None:
        """Whether the seat may take back a move now, for its page's button (None for a
        spectator); a stand-in's moves are refused when asked (`undo`)."""
        if seat is None or not self.started or seat in self.away or \
                not self.table.is_human(seat):
            return None if seat is None else False
        key = (self.table.version, seat)
        if key not in self._undo_known:
            self._undo_known = {k: v for k, v in self._undo_known.items()
                                if k[0] == self.table.version}
            self._undo_known[key] = self.table.undo_refusal(seat) is None
        return self._undo_known[key]

    async def catch_up(self) -> None:
        """Take the decisions and notices other processes committed since this one last
        looked (one process per SQLite file: nothing to take there)."""
        if self.port.store.is_sqlite:
            return
        was_waiting = not self.started
        await self.refresh()
        rows = await asyncio.to_thread(self.port.store.log, self.id, self.table.version)
        said = await asyncio.to_thread(self.port.store.notices, self.id, len(self.notices))
        self.take_notices(said)
        if rows:
            try:
                self.table.apply_log(rows)
            except RecordError:
                log.exception("table %s: stored log does not apply; reloading", self.id)
                self.table = await self.port.load_table(self.id)
            self.stored = self.table.version
            self.turn_holders = set(self.table.to_move())  # the writer notified them
            if sum(row.actor != CHANCE for row in rows) > 1:  # each turn's own moment
                await self.follow_stored_clock()
            else:
                self.follow_clock()
        if was_waiting and self.started:  # play began on another process: its clock
            self.turn_holders = set(self.table.to_move())  # from when it began there
            await self.follow_stored_clock()
        if rows or said or (was_waiting and self.started):
            await self.broadcast()

    async def _commit(self, submitted: int, update: Update | None = None) -> None:
        """Write the new decisions (one row per version). When another process wrote
        one of these versions first, the table is reloaded from the database, everyone
        gets the stored state, and the decision is refused as stale."""
        rows = self.table.log(self.stored)
        if not rows:
            return
        bots = [not self.table.is_human(seat) or seat in self.away
                for seat in range(self.table.num_players)]
        due = self._due()
        try:
            await self.port.store.append_async(
                self.id, rows, bots, self.status,
                partial(write_due, table_id=self.id, due=due) if due else None)
        except Conflict:
            await self._reload()
            raise StaleVersion(submitted, self.table.version) from None
        except Exception as problem:  # the disk is full, the database did not answer
            log.warning("table %s: decisions %d-%d not stored (%s); the table goes back "
                        "to version %d", self.id, rows[0].version, rows[-1].version,
                        str(problem).splitlines()[0] if str(problem) else
                        type(problem).__name__, self.stored)
            self._roll_back()
            raise NotStored from None
        self.stored = self.table.version  # the commit told the other processes
        self.turn_holders = set(self.table.to_move())
        if due:
            self.port.notifications_due()
        self.last_commit = time.time()
        self.follow_clock(self.last_commit)
        if self.table.is_over():  # before anyone hears of the end: the lobby agrees
            await self._store_winners()
            await self._rate()
        await self.broadcast(update)

    def _due(self) -> list[Due]:
        """What the decisions being stored notify (issue 31): a person's seat that began
        its turn, and the end of the game, to its account when nobody holds the seat's
        page open anywhere (a turn is notified once: a seat deciding again in its own
        turn began none)."""
        if not self.started:
            return []
        people = [seat for seat in range(self.table.num_players)
                  if self.table.is_human(seat) and not self._connected(seat)]
        if self.table.is_over():
            return [Due(Kind.ENDED, seat, self.table.version) for seat in people]
        began = set(self.table.to_move()) - self.turn_holders
        return [Due(Kind.TURN, seat, self.table.version) for seat in people
                if seat in began and seat not in self.away]

    def _connected(self, seat: int) -> bool:
        return self.present[seat] > 0 or self.elsewhere.get(seat, 0) > 0

    async def _store_winners(self) -> None:
        """The lobby lists a finished game's winners without loading it."""
        view, _ = self.table.update().view_for(None)
        result = view.get("result") or {}
        try:
            await asyncio.to_thread(self.port.store.set_winners, self.id,
                                    list(result.get("winners", [])))
        except Exception:  # the lobby then shows the game without its winners
            log.exception("table %s: its winners were not stored", self.id)

    async def _rate(self) -> None:
        """A rated table's end rates its seats, once (issue 30, `server.ratings`)."""
        returns = self.table.returns()
        if returns is None:
            return
        bots = [None if self.table.is_human(seat) else str(self.table.specs[seat])
                for seat in range(self.table.num_players)]
        try:
            await asyncio.to_thread(Ratings(self.port.store).rate_table, self.id,
                                    self.table.game.id, bots, returns)
        except Exception:  # the game stands; its rating can be done again later
            log.exception("table %s: its seats were not rated", self.id)

    async def _reload(self) -> None:
        self.table = await self.port.load_table(self.id)
        self.stored = self.table.version
        self.turn_holders = set(self.table.to_move())
        await self.broadcast()

    def _roll_back(self) -> None:
        """The table as it was stored (rebuilt from its own log, without the database):
        nobody was told of what was not stored, so nobody sees it go."""
        table = self.table
        rows = [row for row in table.log() if row.version <= self.stored]
        self.table = Table.from_log(table.game, self.players, self.variant,
                                    self.chance.seed, rows, secret=self.chance.secret)
        self.stored = len(rows)

    # -- the clock (issue 31) -------------------------------------------------------------

    def follow_clock(self, now: float | None = None) -> None:
        """The banks follow the table's new decisions, taken `now`."""
        if self.banks is None or not self.started:
            self.banks_version = self.table.version
            return
        at = time.time() if now is None else now
        to_move = self.table.to_move()
        for row in self.table.log(self.banks_version) if \
                self.table.version > self.banks_version else []:
            self.banks.step(at, row.actor, to_move, undo=row.action == UNDO)
        self.banks_version = self.table.version

    async def follow_stored_clock(self) -> None:
        """The banks computed again from what is stored (a table loaded or adopted):
        the decisions' moments, the owners' returns and when play began."""
        if self.clock is None or not self.started:
            return
        store = self.port.store
        row = await asyncio.to_thread(store.table, self.id)
        times = await asyncio.to_thread(store.decision_times, self.id)
        returns = await asyncio.to_thread(store.returns_of_owners, self.id)
        pauses = await self._pauses()
        if row is None or len(times) != self.table.version:
            if self.banks is not None:  # not all stored yet: the banks followed here stand
                self.banks.pauses = pauses
            return
        began = (row.started_at or row.created_at).timestamp()
        self.banks = await asyncio.to_thread(
            followed_banks, self.table, self.players, (self.chance.seed, self.chance.secret),
            self.clock, self.table.log(), times, returns, began, pauses)
        self.banks_version = self.table.version

    async def _pauses(self) -> dict[int, list[Pause]]:
        """The vacations of the accounts at a turn-based table, per seat: a real-time
        game waits for nobody's vacation (its players are at the table)."""
        if self.clock is None or not self.clock.turn_based:
            return {}
        return await asyncio.to_thread(Vacations(self.port.store).pauses_at, self.id)

    async def refresh_pauses(self) -> None:
        """An account at the table went on vacation or came back: its seat's time stands
        or runs again, and everyone sees it."""
        if self.banks is None:
            return
        self.banks.pauses = await self._pauses()
        self.schedule()
        await self.broadcast()

    # -- clients -------------------------------------------------------------------------

    async def join(self, client: Client, since: int = 0) -> None:
        """A connection opens: it gets its update; a person returning to a seat a
        stand-in plays takes it back."""
        self.clients.add(client)
        self.replay_from(client, since)
        if client.seat is not None:
            self.present[client.seat] += 1
            self._cancel_timer(-1 - client.seat)
            self.port.spawn(self.port.set_presence(self.id, client.seat,
                                                 self.present[client.seat]))
            if client.seat in self.away and self._may_come_back():
                async with self.lock:
                    if client.seat in self.away:
                        await self._come_back(client.seat)
                self.schedule()
            await self.tell_seat(client.seat, but=client)  # open elsewhere: they hear it
        await self.send_update(client)
        await self.send_chat(client)

    def leave(self, client: Client) -> None:
        if client.closed:
            return
        client.closed = True
        self.clients.discard(client)
        if not self.clients:
            self.idle_since = time.monotonic()
        seat = client.seat
        if seat is not None:
            self.present[seat] -= 1
            self.port.spawn(self.port.set_presence(self.id, seat, max(0, self.present[seat])))
            if self.present[seat] <= 0:
                self._start_grace(seat)
            else:
                self.port.spawn(self.tell_seat(seat))

    async def tell_seat(self, seat: int, but: Client | None = None) -> None:
        """The seat's connections hear how many places it is open in now."""
        await asyncio.gather(*(self.send_update(client) for client in list(self.clients)
                               if client.seat == seat and client is not but))

    def open_elsewhere(self, seat: int) -> int:
        """Connections holding `seat` besides one of them, on every process."""
        return max(0, self.present[seat] - 1) + self.elsewhere.get(seat, 0)

    async def sign_out(self, seat: int, token_hash: str | None) -> None:
        """The seat's owner took a new token: its connections opened with another one
        are closed (here; other processes hear it by notification). Those its account's
        session opened stay: the account holds the seat whatever its token."""
        for client in [c for c in list(self.clients) if c.seat == seat
                       and c.session_hash is None and c.token_hash != token_hash]:
            await client.close(1008, "signed out: this seat's owner opened it afresh")
            self.leave(client)

    def _start_grace(self, seat: int) -> None:
        """The seat's person has no connection here: after the grace period a stand-in
        plays for them, unless they are back (here or on another process) by then."""
        if self.owner and self.started and self.clock is not None and \
                not self.clock.turn_based and \
                self.table.is_human(seat) and not self.table.is_over() and \
                seat not in self.away and (-1 - seat) not in self.timers:
            self._start_timer(-1 - seat, self.clock.grace_seconds,
                              partial(self._take_over, seat, "disconnected"))

    def check_presence(self, elsewhere: set[int]) -> None:
        """The owner learns which seats other processes hold connections for: a seat
        connected nowhere gets its grace period, one connected elsewhere keeps its seat."""
        for seat in range(self.table.num_players):
            if seat in elsewhere:
                self._cancel_timer(-1 - seat)
            elif self.present[seat] <= 0:
                self._start_grace(seat)

    async def broadcast(self, update: Update | None = None) -> None:
        """Every connection's update: the table's `Update` (the one a decision made, or
        the table now), each distinct viewer's view and legal list built once however
        many connections it has; each connection only filters it."""
        if update is None or update.version != self.table.version:
            update = self.table.update()
        await asyncio.gather(*(self.send_update(client, update)
                               for client in list(self.clients)))

    def replay_from(self, client: Client, since: int) -> None:
        """The client's next update repeats what happened after version `since`: the
        events, and the notices stamped at `since` or later."""
        client.seen = min(since, self.table.version)
        client.notices_sent = next((index for index, (version, _) in enumerate(self.notices)
                                    if version >= since), len(self.notices))

    async def send_update(self, client: Client, update: Update | None = None) -> None:
        """The client's own view and legal actions (from `update`, built once per viewer
        for every connection), its events since what it saw, and the table's notices it
        has not been sent."""
        table = self.table
        if update is None or update.version != table.version:
            update = table.update()
        view, legal = update.view_for(client.seat)
        heard = update.events_for(client.seat, client.seen) if client.seen >= update.since \
            else table.events_for(client.seat, client.seen)
        events = [entry.to_json() for entry in heard]
        notices = [notice for _, notice in self.notices[client.notices_sent:]]
        message = {
            "type": "update",
            "table": self.id,
            "version": table.version,
            "view": view,
            "events": events + notices,
            "legal": legal,
            "status": self.status,
            "names": {str(seat): name for seat, name in sorted(self.names.items())},
            "away": {str(seat): reason for seat, reason in sorted(self.away.items())},
            "decided_at": self.decided_at,
            "committed_at": self.last_commit,
            "seed_chosen": self.seed_chosen,
            "elsewhere": None if client.seat is None else self.open_elsewhere(client.seat),
            "rematch": self.rematch,
            "rematch_offer": self.rematch_offer(),
            "clock": self.countdown(),
            "can_undo": self.can_undo(client.seat),
        }
        if not client.greeted:  # the static geometry, once per connection
            message["geometry"] = table.geometry()
            client.greeted = True
        client.seen = table.version
        client.notices_sent = len(self.notices)
        try:
            await client.send(message)
        except Exception:  # a closed socket
            self.leave(client)

    def countdown(self) -> dict[str, Any] | None:
        """The clock as every seat sees it (issue 31): its kind, a turn's time (or the
        starting bank) and the increment, and per person's seat to move the seconds left
        and when they run out (`due`, epoch seconds); `paused`: seats whose time stands
        (their account is on vacation). Every process computes it alike."""
        if self.clock is None or self.banks is None:
            return None
        now = time.time()
        people = [seat for seat in self.table.to_move() if self.table.is_human(seat)
                  and seat not in self.away] if self.started and not self.table.is_over() \
            else []
        left = {seat: self.banks.left(seat, now) for seat in people}
        return {"kind": self.clock.kind, "seconds_per_turn": self.clock.turn_seconds,
                "increment": self.clock.increment, "bot": self.clock.bot,
                "left": {str(seat): round(value, 1) for seat, value in sorted(left.items())
                         if value is not None},
                "due": {str(seat): round(now + value, 1) for seat, value in
                        sorted(left.items()) if value is not None},
                "banks": {str(seat): round(self.banks.banks[seat], 1)
                          for seat in range(self.table.num_players)
                          if self.table.is_human(seat)} if self.clock.banked else {},
                "paused": [seat for seat in people if self.banks.is_paused(seat, now)]}

    def rematch_offer(self) -> dict[str, Any] | None:
        """The rematch on offer: who offered it and which seats have accepted."""
        if self.rematch is None:
            return None
        joined = sorted(self.rematch_joined)
        return {"table": self.rematch, "by": self.rematch_by if self.rematch_by is not None
                else (joined[0] if joined else None), "joined": joined,
                "declined": sorted(self.rematch_declined)}

    # -- chat ----------------------------------------------------------------------------

    def chat_allowance(self, who: int | str) -> TokenBucket:
        """A seat's (or a spectator address's) chat lines: a few a minute."""
        return self.chatters.setdefault(who, TokenBucket(CHAT_RATE, CHAT_BURST))

    async def say(self, seat: int | None, text: str) -> None:
        """A chat line (already cleaned), stored, then sent to everyone at the table."""
        line = await asyncio.to_thread(self.port.store.add_chat, self.id, seat, text)
        self.take_chat([line])
        await self.tell_chat([line])  # other processes hear of it from the store

    def take_chat(self, lines: list[ChatLine]) -> None:
        known = self.chat[-1].seq if self.chat else 0
        self.chat.extend(line for line in lines if line.seq > known)
        del self.chat[:-KEPT]

    async def catch_up_chat(self) -> None:
        """The lines other processes stored since this one last looked."""
        after = self.chat[-1].seq if self.chat else 0
        lines = await asyncio.to_thread(self.port.store.chat_lines, self.id, after)
        self.take_chat(lines)
        if lines:
            await self.tell_chat(lines)

    async def let_spectators_chat(self, allow: bool) -> None:
        self.spectators_chat = allow
        await self.tell_chat([])

    async def tell_chat(self, lines: list[ChatLine]) -> None:
        frame = chat_frame(lines, self.spectators_chat, whole=False)
        for client in list(self.clients):
            try:
                await client.send(frame)
            except Exception:  # a closed socket
                self.leave(client)

    async def send_chat(self, client: Client) -> None:
        """A new connection's whole chat (nothing while nobody has written and the
        spectators may not: a client that never chats never sees a chat frame)."""
        if not self.chat and not self.spectators_chat:
            return
        with contextlib.suppress(Exception):
            await client.send(chat_frame(self.chat, self.spectators_chat, whole=True))

    # -- stand-ins -----------------------------------------------------------------------

    async def take_back(self, seat: int) -> bool:
        """The seat's person, at the screen, takes their seat back from the stand-in
        (one click); False when no stand-in plays it."""
        async with self.lock:
            if seat not in self.away:
                return False
            if not self._may_come_back():
                raise StandInKeeps
            await self._come_back(seat)
        self.schedule()
        return True

    async def _take_over(self, seat: int, reason: str) -> None:
        """The clock ran out (or the player left): a named fair bot plays the seat."""
        assert self.clock is not None
        if reason == "disconnected" and (self.present[seat] > 0 or seat in
                                         await self.port.present_elsewhere(self.id)):
            return  # they came back meanwhile
        async with self.lock:
            if not self.owner or seat in self.away or self.table.is_over():
                return
            self.away[seat] = reason
            await self._notice(seat, f"{self.table.game.seat_name(seat)} is {reason}: "
                               f"{self.clock.bot} plays for them until they return",
                               stand_in=self.clock.bot)
        self.schedule()

    def _may_come_back(self) -> bool:
        """Owners take their seats back until the table has said `max_notices` things
        (each hand-over is stored: a seat flipping between its owner and the stand-in
        could otherwise grow them without end)."""
        return len(self.notices) < self.port.settings.max_notices

    async def _come_back(self, seat: int) -> None:
        """Under the lock: the seat's owner decides again."""
        reason = self.away.pop(seat)
        if self.banks is not None:
            self.banks.taken_back(seat, time.time())
        await self._notice(seat, f"{self.table.game.seat_name(seat)} is back (was "
                           f"{reason})", stand_in=None)

    async def _notice(self, seat: int, text: str, stand_in: str | None) -> None:
        """Store what the table says (other processes hear of it), then say it here."""
        reason = self.away.get(seat) if stand_in is not None else None
        await self.catch_up_notices()
        notice = await asyncio.to_thread(self.port.store.add_notice, self.id,
                                         self.table.version, seat, text, stand_in, reason)
        self.take_notices([notice])
        log.info("table %s: %s", self.id, text)
        await self.broadcast()

    async def catch_up_notices(self) -> None:
        """The notices other processes stored since this one last looked."""
        if not self.port.store.is_sqlite:
            self.take_notices(await asyncio.to_thread(self.port.store.notices, self.id,
                                                      len(self.notices)))

    def take_notices(self, said: list[Notice]) -> None:
        """Stored notices, in order: each one also says who a stand-in plays for."""
        for notice in said:
            if notice.seq != len(self.notices) + 1:
                continue  # already heard
            self.notices.append((notice.version, notice.to_json()))
            if notice.stand_in is not None:
                self.away[notice.seat] = notice.reason or "away"
            else:
                self.away.pop(notice.seat, None)

    def disown(self) -> None:
        """Another process may run this table now: its bots and clock stop here."""
        self.owner = False
        for key in list(self.timers):
            self._cancel_timer(key)

    def adopt(self) -> None:
        """This process runs the table now (its owner is gone)."""
        self.owner = True
        self.schedule()

    # -- who decides next ----------------------------------------------------------------

    async def hint(self, address: str, seat: int) -> Hint:
        """The search's choice for `seat` from its own view, on the hint workers
        (`bots.BotPool.hint`: HintsBusy while `address` has its hints' worth searched)."""
        view, legal = self.table.decision_inputs(seat)
        return await self.port.bots.hint(address, self.table.game.id, seat, self.chance,
                                         self.table.version, view, legal)

    def _waits_long(self) -> bool:
        """Only turn-based seats' timers run, none due within twice the time before its
        deadline at which the deadline sweep loads a table again (`due_ahead_seconds`)."""
        if self.clock is None or not self.clock.turn_based:
            return False
        if any(key < 0 for key in self.timers):
            return False
        soon = time.time() + 2 * self.port.settings.due_ahead_seconds
        return all(self.deadlines.get(key, 0.0) > soon for key in self.timers)

    def next_due(self) -> float | None:
        """The earliest turn-based deadline this table's clock runs to (epoch seconds)."""
        if self.clock is None or not self.clock.turn_based or self.table.is_over():
            return None
        seats = [at for key, at in self.deadlines.items() if key >= 0]
        return round(min(seats), 1) if seats else None

    async def store_due(self) -> None:
        """Store `next_due` if it changed, so that the deadline sweep finds the table
        while no process has it loaded (after an unload, a restart, a crash)."""
        due = self.next_due()
        if due == self.due_stored:
            return
        try:
            await asyncio.to_thread(self.port.store.set_due, self.id, due)
        except Exception:  # the next schedule tries again; a loaded table's timer stands
            log.exception("table %s: its deadline was not stored", self.id)
            return
        self.due_stored = due

    def schedule(self) -> None:
        """Bots (and stand-ins) whose turn it is start thinking; a person to move gets
        the clock's time; clocks of seats no longer to move stop."""
        if not self.started or not self.owner:
            return
        self._schedule()
        if self.clock is not None and self.clock.turn_based and \
                self.next_due() != self.due_stored:
            self.port.spawn(self.store_due())

    def _schedule(self) -> None:
        to_move = set(self.table.to_move())
        for seat in to_move:
            if self._played_by_bot(seat):
                if seat not in self.thinking:
                    self.thinking.add(seat)
                    self.port.spawn(self._bot_turn(seat))
            elif self.banks is not None:
                self._time_turn(seat)
        for seat in [seat for seat in self.timers if seat >= 0 and seat not in to_move]:
            self._cancel_timer(seat)

    def _time_turn(self, seat: int) -> None:
        """The seat's timer runs out when its bank does; a paused seat (on vacation) is
        looked at again within the hour."""
        assert self.banks is not None
        now = time.time()
        left = self.banks.left(seat, now)
        if left is None:
            return
        wait = min(left, 3_600.0) if self.banks.is_paused(seat, now) else left
        if seat in self.timers and abs(self.deadlines[seat] - (now + wait)) < 0.5:
            return
        self._start_timer(seat, wait, partial(self._out_of_time, seat))

    async def _out_of_time(self, seat: int) -> None:
        """The seat's timer ran out: the stand-in plays it if its time has (a pause or
        a return may have given it more meanwhile)."""
        left = self.banks.left(seat, time.time()) if self.banks is not None else 0.0
        if left is not None and left > 0.05:
            self.schedule()
        else:
            await self._take_over(seat, "out of time")

    def person_here(self) -> bool:
        """Whether a person holds a seat's connection open, in this process or (shared
        tables) another: the table's bots then wait least (`fair`)."""
        return any(count > 0 for count in self.present.values()) or \
            any(count > 0 for count in self.elsewhere.values())

    def _played_by_bot(self, seat: int) -> bool:
        return not self.table.is_human(seat) or seat in self.away

    def _start_timer(self, key: int, seconds: float,
                     then: Callable[[], Awaitable[None]]) -> None:
        """A timer per seat to move (key = seat) and per absent seat (key = -1 - seat)."""
        self._cancel_timer(key)

        async def run() -> None:
            await asyncio.sleep(seconds)
            self.timers.pop(key, None)
            self.deadlines.pop(key, None)
            await then()

        self.deadlines[key] = time.time() + seconds
        self.timers[key] = asyncio.get_running_loop().create_task(run())

    def _cancel_timer(self, key: int) -> None:
        self.deadlines.pop(key, None)
        timer = self.timers.pop(key, None)
        if timer is not None:
            timer.cancel()

    def close(self) -> None:
        for key in list(self.timers):
            self._cancel_timer(key)

    async def _bot_turn(self, seat: int) -> None:
        """The bot at `seat` (or the stand-in) decides in the pool from the seat's view,
        and submits like anyone; if the table moved on meanwhile it decides again."""
        retry = RETRY_FIRST
        try:
            while seat in self.table.to_move() and self._played_by_bot(seat):
                version = self.table.version
                spec = self.players[seat] if not self.table.is_human(seat) else \
                    self.clock.bot if self.clock is not None else "heuristic"
                view, legal = self.table.decision_inputs(seat)
                began = time.monotonic()
                try:
                    action = await self.port.bots.decide(self.id, self.table.game.id, spec,
                                                        seat, self.chance, version, view,
                                                        legal, first=self.person_here())
                except Exception:  # the pool itself failed: try again, later
                    log.exception("table %s: the bot at seat %d could not decide",
                                  self.id, seat)
                    await asyncio.sleep(retry)
                    retry = min(2 * retry, RETRY_MOST)
                    continue
                pause = self.port.settings.bot_delay * random.uniform(0.75, 1.25) - (
                    time.monotonic() - began)  # about the delay: tables do not move in step
                if pause > 0:
                    await asyncio.sleep(pause)  # people can follow a bot's moves
                if not self._played_by_bot(seat):
                    return  # the owner came back while the stand-in thought
                try:
                    await self.submit(seat, action, version, by_owner=False)
                except AlbionError:
                    continue  # stale: another decision came first; look again
                except NotStored:  # the database failed: the same again, once it is back
                    await asyncio.sleep(retry)
                    retry = min(2 * retry, RETRY_MOST)
                    continue
                except Exception:
                    log.exception("table %s: the bot's decision at seat %d failed",
                                  self.id, seat)
                    await asyncio.sleep(retry)
                    retry = min(2 * retry, RETRY_MOST)
                    continue
                break
        finally:
            self.thinking.discard(seat)
        self.schedule()  # the same seat may decide again (another draw)
