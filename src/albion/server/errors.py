"""The server's own refusals: the lobby's (a 4xx answer with a code and a message) and a
table's before play begins."""

from __future__ import annotations

from collections.abc import Mapping

from starlette.exceptions import HTTPException


class ApiError(HTTPException):
    """A 4xx answer: `{"error": CODE, "message": TEXT}` (and any `headers`)."""

    def __init__(self, status: int, code: str, message: str,
                 headers: Mapping[str, str] | None = None) -> None:
        super().__init__(status, message, headers=dict(headers) if headers else None)
        self.code = code


class NotStarted(Exception):  # noqa: N818 - named like the core's NotYourTurn
    """A decision or a hint while the table is `waiting`: nobody plays until every person
    has opened their seat (docs/protocol/server.md, Statuses). Not an `AlbionError`: a
    bot, which retries on those, never meets it (bots start with play)."""

    MESSAGE = "the game has not started: it begins once every player has opened their seat"

    def __init__(self) -> None:
        super().__init__(self.MESSAGE)
