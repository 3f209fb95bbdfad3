"""A cap on an HTTP request's body: a larger one is answered 413 (`too_big`) and never
kept — when its `Content-Length` says so, before the app sees any of it, and as soon as a
body without one (chunked) passes the cap — so no request makes the server hold more than
the cap. A body within it is read here, then handed on whole.

A declared body of up to `DRAIN` bytes is read and dropped before the answer (nginx's
lingering close): the client is still sending it, and closing the connection on unread
bytes resets it, so the client would meet a reset instead of the 413. A longer one, a
chunked one (no browser sends those) and one the client holds back until it is told to
go on (`Expect: 100-continue`) are answered at once."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from albion.core.words import say_n
from albion.server.errors import refusal_body

DRAIN = 1 << 20
"""Bytes of a declared, refused body still read (and dropped) so the 413 is seen."""


class BodyLimit:
    """ASGI middleware: HTTP request bodies of at most `limit` bytes."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.limit:
            if declared <= DRAIN and not _expects_continue(scope):
                await _drain(receive, declared)  # (with 100-continue it is not yet sent)
            await self._refuse(send)
            return
        first: Message
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left: say so to the app
                first = message
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                first = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
                break
        await self.app(scope, _replay(first, receive), send)

    async def _refuse(self, send: Send) -> None:
        body = refusal_body("too_big", say_n("a request body is at most {count} byte",
                                             "a request body is at most {count} bytes",
                                             self.limit))
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


async def _drain(receive: Receive, budget: int) -> None:
    """Read the request body to its end, keeping none of it — or stop once `budget` bytes
    are passed (the client sent more than it declared)."""
    while budget >= 0:
        message = await receive()
        if message["type"] != "http.request" or not message.get("more_body", False):
            return
        budget -= len(message.get("body", b""))


def _expects_continue(scope: Scope) -> bool:
    """`Expect: 100-continue`: the client waits for a word before it sends the body (and
    reading it would give that word)."""
    return any(name == b"expect" and value.lower() == b"100-continue"
               for name, value in scope["headers"])


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # the HTTP layer refuses it; here it is read within the cap
    return None


def _replay(first: Message, receive: Receive) -> Receive:
    """`receive` for the app: the body read here, then the client's own messages."""
    pending = [first]

    async def replay() -> Message:
        return pending.pop() if pending else await receive()

    return replay
