"""CSRF protection for signed-in browsers (issue 30): every state-changing request (any
method but GET, HEAD and OPTIONS) that carries a live session's cookie must carry the
session's own CSRF token in `X-CSRF-Token`, or it is refused (403 `bad_csrf`) before any
route sees it, and nothing changes. A cookie that opens no live session carries no
authority, and its request goes on as a guest's. The `Origin` checks of every route stay:
this is a second lock, for browsers that send no `Origin`."""

from __future__ import annotations

import asyncio
import hmac

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from albion.core.words import say
from albion.server.accounts import Accounts
from albion.server.errors import refusal_body
from albion.server.sessions import COOKIE, CSRF_HEADER, STATE_KEY

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
BAD_CSRF = refusal_body("bad_csrf", say(
    "a signed-in request that changes something needs the session's X-CSRF-Token (GET "
    "/api/account tells it)"))


class CsrfGuard:
    """ASGI middleware: refuses a state-changing request of a signed-in browser without
    its session's CSRF token."""

    def __init__(self, app: ASGIApp, accounts: Accounts) -> None:
        self.app = app
        self.accounts = accounts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        connection = HTTPConnection(scope)
        token = connection.cookies.get(COOKIE)
        if token and len(token) <= 200:
            session = await asyncio.to_thread(self.accounts.session, token)
            if session is not None:
                given = connection.headers.get(CSRF_HEADER, "")
                if not hmac.compare_digest(given.encode(), session.csrf.encode()):
                    await _refuse(send)
                    return
                scope.setdefault("state", {})[STATE_KEY] = session
        await self.app(scope, receive, send)


async def _refuse(send: Send) -> None:
    await send({"type": "http.response.start", "status": 403,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(BAD_CSRF)).encode())]})
    await send({"type": "http.response.body", "body": BAD_CSRF})
