"""Turns shared fairly: a few places — worker processes (`bots.BotPool`), moves in flight
(`pace.Pace`) — handed out round-robin between keys (tables for bots, client addresses for
hints), so a key with many waiting requests is served once per round, like every other
(issue 25: one address's hints delayed an honest bot's move from 0.0 s to 34.8 s).

Keys asked for `first` — tables where a person is connected — are served before all the
others (issue 28, item 5: under overload a person waits least for the bots at their own
table; the bot-only tables take what is left, round-robin among themselves). A key may
have several requests waiting (seats deciding at once, RS-6): each is served in its own
round, and one that gives up (its seat's decision went stale, its task was cancelled)
leaves its place to the next."""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager

Line = OrderedDict[Hashable, deque[asyncio.Future[None]]]


class FairQueue:
    """`places` requests at once (a number a subclass may change); the others wait, keys
    served in turn, one request each per round, keys asked `first` before the rest."""

    def __init__(self, places: float) -> None:
        self.places = max(1.0, float(places))
        self.held = 0
        """Places held now (`at_once` requests may hold more than `places`)."""
        self.lines: tuple[Line, Line] = (OrderedDict(), OrderedDict())
        """The keys waiting: those asked first, then the others, each in its round's
        order with its requests in order of arrival."""

    @asynccontextmanager
    async def turn(self, key: Hashable, *, first: bool = False) -> AsyncIterator[None]:
        """Hold one place for the body of the `async with`."""
        await self.take(key, first=first)
        try:
            yield
        finally:
            self.give_back()

    async def take(self, key: Hashable, *, first: bool = False,
                   at_once: bool = False) -> None:
        """A place for one request of `key` (`at_once`: now, even past `places`); give it
        back with `give_back`. Cancelled while waiting: nothing is held."""
        if at_once or (self.held < self.places and not (self.lines[0] or self.lines[1])):
            self.held += 1
            return
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        line = self.lines[0 if first else 1]
        line.setdefault(key, deque()).append(granted)
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self.give_back()  # handed a place just as it was cancelled: passed on
            else:
                _forget(line, key, granted)
            raise

    def give_back(self) -> None:
        self.held -= 1
        self.admit()

    def admit(self) -> None:
        """Free places to the requests whose turn it is, held for them at once (nobody
        arriving meanwhile overtakes them): the first key of the first line that has
        one, which then goes to the back of its line if it has more."""
        while self.held < self.places:
            line = self.lines[0] or self.lines[1]
            if not line:
                return
            key, requests = next(iter(line.items()))
            granted = requests.popleft()
            if requests:
                line.move_to_end(key)
            else:
                del line[key]
            if not granted.done():
                self.held += 1
                granted.set_result(None)


def _forget(line: Line, key: Hashable, granted: asyncio.Future[None]) -> None:
    requests = line.get(key)
    if requests is not None and granted in requests:
        requests.remove(granted)
        if not requests:
            del line[key]
