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


class NotStored(Exception):  # noqa: N818 - a refusal the caller answers
    """A decision the database did not take (a full disk, a connection lost): the table
    went back to what is stored, so nothing changed and nothing is acknowledged; the
    decision can be made again (a bot's is, by itself, once the database is back)."""

    MESSAGE = ("your decision could not be stored (the server's database did not answer): "
               "nothing changed; try again")

    def __init__(self) -> None:
        super().__init__(self.MESSAGE)


class StandInKeeps(Exception):  # noqa: N818 - a refusal the caller answers
    """An owner's decision while a stand-in plays their seat, at a table that has said
    `max_notices` things: the stand-in plays on to the end of this game."""

    MESSAGE = ("a stand-in plays your seat until this game ends: the seat changed hands "
               "too often")

    def __init__(self) -> None:
        super().__init__(self.MESSAGE)
