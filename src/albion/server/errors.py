"""The server's own refusals: the lobby's (a 4xx answer with a code, a message and its
words) and a table's before play begins; and the page a browser is shown for an address
that leads nowhere (issue 27: it was shown raw JSON).

Every refusal carries its sentence as words (issue 29, "words at the edge"): the answer
keeps `message`, their English, and gains `words`, which a page says in its reader's
language; a refusal that rests on a ruling names it in its words, as a game's do."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from html import escape
from importlib import resources

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse

from albion.core.errors import AlbionError
from albion.core.words import Words, say
from albion.i18n import translator

DATA_PATHS = ("/api/", "/ws/", "/openapi.json")
"""Addresses whose answers are data, never pages: their refusals stay JSON for everyone."""


class ApiError(HTTPException):
    """A 4xx answer: `{"error": CODE, "message": ENGLISH, "words": WORDS}` (and any
    `headers`). `said`: the sentence as words (a text: no words, for a refusal a face
    shows as it is); `ruling`: the ruling the words rest on, named after them."""

    def __init__(self, status: int, code: str, said: Words | str,
                 headers: Mapping[str, str] | None = None, *,
                 ruling: str | None = None) -> None:
        words = with_ruling(said, ruling) if isinstance(said, Words) else None
        super().__init__(status, str(said if words is None else words),
                         headers=dict(headers) if headers else None)
        self.code = code
        self.words = words

    @classmethod
    def of(cls, status: int, code: str, problem: AlbionError) -> ApiError:
        """The refusal of an error a person may read (a bad player, variant, game): its
        words and ruling, or its text where it was raised with one."""
        if problem.words is None:
            return cls(status, code, str(problem))
        return cls(status, code, problem.words, ruling=problem.ruling)


def with_ruling(words: Words, ruling: str | None) -> Words:
    """`words`, then the ruling they rest on in brackets: "… (RS-2)"."""
    return say("{problem} ({ruling})", problem=words, ruling=ruling) if ruling else words


def refusal_body(code: str, words: Words) -> bytes:
    """A refusal's JSON body for an answer sent below the app (a middleware's, a refused
    connection's): `{"error": CODE, "message": ENGLISH, "words": WORDS}`."""
    return json.dumps({"error": code, "message": str(words),
                       "words": words.to_json()}).encode()


class NotStarted(Exception):  # noqa: N818 - named like the core's NotYourTurn
    """A decision or a hint while the table is `waiting`: nobody plays until every person
    has opened their seat (docs/protocol/server.md, Statuses). Not an `AlbionError`: a
    bot, which retries on those, never meets it (bots start with play)."""

    WORDS = say("the game has not started: it begins once every player has opened their "
                "seat")
    MESSAGE = str(WORDS)

    def __init__(self) -> None:
        super().__init__(self.MESSAGE)
        self.words = self.WORDS


class NotStored(Exception):  # noqa: N818 - a refusal the caller answers
    """A decision the database did not take (a full disk, a connection lost): the table
    went back to what is stored, so nothing changed and nothing is acknowledged; the
    decision can be made again (a bot's is, by itself, once the database is back)."""

    WORDS = say("your decision could not be stored (the server's database did not answer): "
                "nothing changed; try again")
    MESSAGE = str(WORDS)

    def __init__(self) -> None:
        super().__init__(self.MESSAGE)
        self.words = self.WORDS


class StandInKeeps(Exception):  # noqa: N818 - a refusal the caller answers
    """An owner's decision while a stand-in plays their seat, at a table that has said
    `max_notices` things: the stand-in plays on to the end of this game."""

    WORDS = say("a stand-in plays your seat until this game ends: the seat changed hands "
                "too often")
    MESSAGE = str(WORDS)

    def __init__(self) -> None:
        super().__init__(self.MESSAGE)
        self.words = self.WORDS


def wants_page(request: Request) -> bool:
    """Whether a refusal of `request` is better shown as a page: a browser opening an
    address (it accepts text/html) that is not one of the API's."""
    if request.url.path.startswith(DATA_PATHS):
        return False
    return "text/html" in request.headers.get("accept", "").lower()


NOT_FOUND_WORDS = (say("Albion — not found"), say("Main"), say("Lobby"), say("Rules"),
                   say("Reports"), say("API"), say("Nothing here"),
                   say("No page of this server has this address: a link cut short, or a "
                       "table that was never made here."), say("Back to the lobby"))
"""The not-found page's words: it runs no script, so the server says them (issue 29)."""


def not_found_page(lang: str = "en") -> HTMLResponse:
    """404: a small page with the site's header and a way back to the lobby, in `lang`."""
    return HTMLResponse(_not_found_html(lang), status_code=404,
                        headers={"Vary": "Accept-Language, Cookie"})


@cache
def _not_found_html(lang: str) -> str:
    text = resources.files("albion.server").joinpath("web/not-found.html").read_text("utf-8")
    said = translator(lang)
    text = text.replace('<html lang="en">', f'<html lang="{lang}">', 1)
    for words in NOT_FOUND_WORDS:
        shown = escape(said.words(words))
        text = (text.replace(f">{words.message}<", f">{shown}<")
                .replace(f'aria-label="{words.message}"', f'aria-label="{shown}"'))
    return text
