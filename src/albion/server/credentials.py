"""How a client proves it holds a seat: the seat's token, sent where no log or history
keeps it (issue 25).

- A page holds it in two HttpOnly, SameSite=Strict cookies scoped to the table's own
  paths (`/ws/tables/ID` and `/api/tables/ID`), set when it claims the seat: a script
  cannot read it, another site cannot send it, and it never appears in a URL. The page
  says which seat it plays with `?seat=S` (one browser may hold several seats of a table).
- Any other client sends `Authorization: Bearer TOKEN` (or, on the WebSocket only, the
  older `?token=TOKEN`, which proxies may log: avoid it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from starlette.responses import Response

COOKIE_PREFIX = "albion_seat_"
COOKIE_SECONDS = 30 * 24 * 3600
"""A seat's cookie lasts 30 days: its person can come back to a long game."""
TABLE_ID = re.compile(r"[A-Za-z0-9]{1,32}")
"""What a table id looks like; anything else names no table (and never reaches the
database: a NUL in an id made PostgreSQL fail)."""


def is_table_id(text: str) -> bool:
    return TABLE_ID.fullmatch(text) is not None


def cookie_name(seat: int) -> str:
    return f"{COOKIE_PREFIX}{seat}"


def table_paths(table_id: str) -> tuple[str, str]:
    """The paths a seat's cookies are sent to: the table's WebSocket and its API."""
    return f"/ws/tables/{table_id}", f"/api/tables/{table_id}"


def set_seat_cookies(response: Response, table_id: str, seat: int, token: str, *,
                     secure: bool) -> None:
    """The page's proof that it holds `seat`, on the table's paths only."""
    for path in table_paths(table_id):
        response.set_cookie(cookie_name(seat), token, max_age=COOKIE_SECONDS, path=path,
                            httponly=True, samesite="strict", secure=secure)


def offered_token(headers: Mapping[str, str], cookies: Mapping[str, str],
                  query: Mapping[str, str], *, allow_query: bool = False) -> str | None:
    """The token a request offers: its `Authorization: Bearer`, (`allow_query`) its
    `?token=`, or the cookie of the seat `?seat=` names (a page without `?seat=` watches,
    whatever cookies it holds)."""
    authorization = headers.get("authorization", "")
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    if allow_query and query.get("token"):
        return query["token"]
    seat = query.get("seat")
    if seat is not None and seat.isdigit() and len(seat) < 3:
        return cookies.get(cookie_name(int(seat)))
    return None


def asks_for_seat(query: Mapping[str, str], headers: Mapping[str, str]) -> bool:
    """Whether a connection means to open a seat (not to watch): it names one, or
    offers a token some way."""
    return "seat" in query or "token" in query or "authorization" in headers
