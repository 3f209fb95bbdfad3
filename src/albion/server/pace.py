"""Slower bots, not slower people (issue 28, item 5: at 1,000 bot tables a server took
every bot move it was offered and each waited up to 2.3 s to be heard). A process accepts
only as many moves at once as it can commit and broadcast within `TARGET_SECONDS`; a
person's move is always accepted at once, a bot's waits for a free place (`fair`): first
the bots at tables where a person is connected, then the others, round-robin between
tables.

The number of places adapts to the moves' own times, measured from acceptance to their
broadcast being queued to every connection (additive increase, multiplicative decrease,
as TCP and Netflix's concurrency limits do): a move over the target takes a quarter of the
places away (once per target's time: the moves accepted together are late together), a
move on time adds one place per `places` moves. The line holds at most one move per bot
seat to move in the process — bounded by its tables — and its bots meanwhile think no
more (each decides again only after its move was heard), so the work waiting is bounded
too."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Hashable
from contextlib import asynccontextmanager

from albion.server.fair import FairQueue

TARGET_SECONDS = 0.035
"""The time from a move's acceptance to its broadcast that the limit steers to: about a
third of the 100 ms promised at the 99th percentile, leaving the rest to the moves that
arrive while the limit is cut and to the client reading it (at 50 ms the load test's
p99 at 1,000 tables read 88, 95 and 106 ms on a quiet machine; at 35 ms, 81, 84, 78)."""
FIRST_PLACES = 32
LEAST_PLACES = 2
"""Two moves in flight keep a commit being written while the next is prepared."""
MOST_PLACES = 1024
CUT = 0.75


class Pace(FairQueue):
    """Places for moves in flight in one server process; bots queue for them."""

    def __init__(self, target: float = TARGET_SECONDS, places: float = FIRST_PLACES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(places)
        self.target = target
        self.clock = clock
        self.last_cut = float("-inf")
        self.waits: list[tuple[float, float]] | None = None
        """When a load test asks for it (`albion loadtest`), each bot move's wait for its
        place: (when it was accepted, Unix time; seconds it waited)."""

    @asynccontextmanager
    async def move(self, key: Hashable, *, by_person: bool,
                   first: bool = False) -> AsyncIterator[None]:
        """Hold a place while a move at table `key` is committed and broadcast: a
        person's at once (even past the limit), a bot's in its turn (`first`: a person is
        at its table)."""
        offered = self.clock()
        await self.take(key, first=first, at_once=by_person)
        began = self.clock()
        if self.waits is not None and not by_person:
            self.waits.append((time.time(), began - offered))
        try:
            yield
        finally:
            self.record(self.clock() - began)
            self.give_back()

    def record(self, seconds: float) -> None:
        """A move took `seconds` from acceptance to broadcast: the limit follows."""
        now = self.clock()
        if seconds > self.target:
            if now - self.last_cut >= self.target:
                self.places = max(LEAST_PLACES, self.places * CUT)
                self.last_cut = now
        else:
            self.places = min(MOST_PLACES, self.places + 1 / self.places)
