"""A connection's messages out, queued and written by a task of its own: a table never
waits for a client that reads slowly or not at all (before, one such spectator stalled the
whole table, its bots included, while its socket's buffers were full). A client that falls
`limit` messages behind is closed (1008); it reconnects and catches up from the table."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from starlette.websockets import WebSocket


class Outbox:
    """The messages waiting for one WebSocket, in order."""

    def __init__(self, socket: WebSocket, limit: int) -> None:
        self.socket = socket
        self.limit = limit
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.stopped = asyncio.Event()
        """Nothing more will be written: the socket closed, or the client fell behind."""
        self.behind = False
        """The client fell `limit` messages behind."""
        self.writer = asyncio.create_task(self._write())

    async def send(self, message: dict[str, Any]) -> None:
        """Queue `message` for the socket; never waits for the client."""
        if self.stopped.is_set():
            return
        if self.queue.qsize() >= self.limit:
            self.behind = True
            self.stopped.set()
            return
        self.queue.put_nowait(message)

    async def flush(self, seconds: float) -> None:
        """Wait until every queued message is written (at most `seconds`)."""
        written = asyncio.ensure_future(self.queue.join())
        stopped = asyncio.ensure_future(self.stopped.wait())
        await asyncio.wait({written, stopped}, timeout=seconds,
                           return_when=asyncio.FIRST_COMPLETED)
        written.cancel()
        stopped.cancel()

    async def close(self, code: int, reason: str = "", seconds: float = 5.0) -> None:
        """Stop writing, then close the socket (a client that never reads cannot hold
        this up longer than `seconds`)."""
        self.stop()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.close(code=code, reason=reason), seconds)

    def stop(self) -> None:
        self.stopped.set()
        self.writer.cancel()

    async def _write(self) -> None:
        try:
            while True:
                message = await self.queue.get()
                await self.socket.send_json(message)
                self.queue.task_done()
        except Exception:  # the socket closed
            self.stopped.set()
