"""Turns shared fairly (issue 25: one address's hints delayed an honest bot's move from
0.0 s to 34.8 s): a few slots — the worker processes — handed out round-robin between
keys (tables for bots, client addresses for hints), so a key with many waiting requests
is served once per round, like every other."""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager


class FairQueue:
    """`slots` turns at once; waiting keys are served in turn, one request each."""

    def __init__(self, slots: int) -> None:
        self.free = max(1, slots)
        self.waiting: OrderedDict[Hashable, deque[asyncio.Future[None]]] = OrderedDict()

    def waiting_for(self, key: Hashable) -> int:
        """Requests of `key` waiting for a turn."""
        return len(self.waiting.get(key, ()))

    @asynccontextmanager
    async def turn(self, key: Hashable) -> AsyncIterator[None]:
        """Hold one slot for the body of the `async with`."""
        if self.free > 0 and not self.waiting:
            self.free -= 1
        else:
            granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.waiting.setdefault(key, deque()).append(granted)
            try:
                await granted
            except asyncio.CancelledError:
                if granted.done() and not granted.cancelled():
                    self._release()  # handed a slot just as it was cancelled
                else:
                    self._forget(key, granted)
                raise
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        """Hand the slot to the key first in line (which then goes to the back)."""
        while self.waiting:
            key, line = next(iter(self.waiting.items()))
            granted = line.popleft()
            if line:
                self.waiting.move_to_end(key)
            else:
                del self.waiting[key]
            if not granted.done():
                granted.set_result(None)
                return
        self.free += 1

    def _forget(self, key: Hashable, granted: asyncio.Future[None]) -> None:
        line = self.waiting.get(key)
        if line is not None and granted in line:
            line.remove(granted)
            if not line:
                del self.waiting[key]
