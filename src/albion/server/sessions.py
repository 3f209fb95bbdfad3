"""How a browser stays signed in (issue 30): the cookie `albion_session` holds the
session's token — HttpOnly (no script reads it), SameSite=Lax (another site's page does
not send it with its requests, only a link followed to this server), Path=/, and Secure
when the request came over HTTPS (as uvicorn reads it, `X-Forwarded-Proto` from a trusted
proxy included: docs/protocol/server.md, Behind a proxy). It lasts as long as the
session (`ServerSettings.session_days`).

Every state-changing request that carries a live session's cookie must also carry the
session's CSRF token in `X-CSRF-Token` (`csrf.CsrfGuard`); the token is told by sign-in
and by `GET /api/account`, to the page only."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from albion.server.accounts import Accounts, Session, session_hash

COOKIE = "albion_session"
CSRF_HEADER = "x-csrf-token"
STATE_KEY = "albion_session"
"""Where the CSRF guard leaves the session it found, for the route (one look-up)."""


def is_secure(request: HTTPConnection) -> bool:
    """The request came over HTTPS (or through a trusted proxy that says so)."""
    return request.url.scheme in ("https", "wss")


def set_session_cookie(response: Response, request: Request, token: str,
                       seconds: int) -> None:
    response.set_cookie(COOKIE, token, max_age=seconds, path="/", httponly=True,
                        samesite="lax", secure=is_secure(request))


def clear_session_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                           secure=is_secure(request))


async def session_of(request: HTTPConnection, accounts: Accounts) -> Session | None:
    """The live session the request's cookie opens, if any (the guard's, when it looked
    already)."""
    known = request.scope.get("state", {}).get(STATE_KEY)
    if isinstance(known, Session):
        return known
    token = request.cookies.get(COOKIE)
    if not token or len(token) > 200:
        return None
    return await asyncio.to_thread(accounts.session, token)


@dataclass(frozen=True)
class SessionSeat:
    """A seat an account's session opens: the seat, and the session's hash (its end
    closes the connection)."""

    seat: int
    session_hash: str


async def session_seat(request: HTTPConnection, accounts: Accounts,
                       table_id: str) -> SessionSeat | None:
    """The seat `?seat=S` names, when the request offers no token of its own (no
    `Authorization`, no `?token=`) and its live session's account holds that seat: a
    session never opens a seat its account does not hold."""
    if "authorization" in request.headers or "token" in request.query_params:
        return None
    seat = request.query_params.get("seat", "")
    token = request.cookies.get(COOKIE)
    if not (seat.isdigit() and len(seat) < 3) or not token or len(token) > 200:
        return None
    digest = session_hash(token)
    if not await asyncio.to_thread(accounts.session_opens, digest, table_id, int(seat)):
        return None
    return SessionSeat(int(seat), digest)
