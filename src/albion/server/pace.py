"""Slower bots, not slower people (issue 28, item 5: at 1,000 bot tables a server took
every bot move it was offered and each waited up to 2.3 s to be heard). A process accepts
only as many moves at once as it can commit and broadcast within `TARGET_SECONDS`; a
person's move is always accepted at once, a bot's waits in line for a free place.

The number of places adapts to the moves' own times, measured from acceptance to their
broadcast being queued to every connection (additive increase, multiplicative decrease,
as TCP and Netflix's concurrency limits do): a move over the target takes a quarter of the
places away (once per target's time: the moves accepted together are late together), a
move on time adds one place per `limit` moves. The line holds at most one move per bot
seat to move in the process — bounded by its tables — and its bots meanwhile think no
more (each decides again only after its move was heard), so the work waiting is bounded
too; its order is first come, first served."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

TARGET_SECONDS = 0.05
"""The time from a move's acceptance to its broadcast that the limit steers to: half of
the 100 ms promised at the 99th percentile (the client reading it adds its own)."""
FIRST_LIMIT = 32
LEAST_LIMIT = 2
"""Two moves in flight keep a commit being written while the next is prepared."""
MOST_LIMIT = 1024
CUT = 0.75


class Pace:
    """Places for moves in flight in one server process; bots queue for them."""

    def __init__(self, target: float = TARGET_SECONDS, limit: float = FIRST_LIMIT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.target = target
        self.limit = float(limit)
        self.clock = clock
        self.in_flight = 0
        """Moves accepted and not yet broadcast (people's and bots')."""
        self.line: deque[asyncio.Future[None]] = deque()
        """Bots' moves waiting for a place, in order of arrival."""
        self.last_cut = float("-inf")
        self.bots_waited = 0
        """Bot moves that found no free place and waited (for the server's log)."""

    @property
    def waiting(self) -> int:
        return len(self.line)

    @asynccontextmanager
    async def move(self, *, by_person: bool) -> AsyncIterator[None]:
        """Hold a place while a move is committed and broadcast: a person's at once
        (even past the limit), a bot's once the bots before it have theirs and a place
        is free."""
        if by_person or (not self.line and self.in_flight < self.limit):
            self.in_flight += 1
        else:
            await self._wait_in_line()
        began = self.clock()
        try:
            yield
        finally:
            self.record(self.clock() - began)
            self._release()

    def record(self, seconds: float) -> None:
        """A move took `seconds` from acceptance to broadcast: the limit follows."""
        now = self.clock()
        if seconds > self.target:
            if now - self.last_cut >= self.target:
                self.limit = max(LEAST_LIMIT, self.limit * CUT)
                self.last_cut = now
        else:
            self.limit = min(MOST_LIMIT, self.limit + 1 / self.limit)

    async def _wait_in_line(self) -> None:
        """Until a place is held for this bot's move (`_admit`)."""
        self.bots_waited += 1
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.line.append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release()  # given a place just as it was cancelled: passed on
            elif turn in self.line:
                self.line.remove(turn)
            raise

    def _release(self) -> None:
        self.in_flight -= 1
        self._admit()

    def _admit(self) -> None:
        """Free places go to the bots first in line, held for them at once (nobody
        arriving meanwhile overtakes them)."""
        while self.line and self.in_flight < self.limit:
            turn = self.line.popleft()
            if not turn.done():
                self.in_flight += 1
                turn.set_result(None)
