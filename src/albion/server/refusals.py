"""The server's refusals of a client's message, in one place: the code, the words and the
ruling each is sent with (docs/protocol/server.md). The socket handler (`app`) sends
them; the leak scanner (`albion.proving.leakscan`) checks a frame against the same ones,
so the two never drift."""

from __future__ import annotations

from typing import Any

from albion.core.errors import (
    AlbionError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurn,
    StaleVersion,
    UndoRefused,
)
from albion.core.words import Words, say
from albion.server.errors import NotStarted, NotStored, StandInKeeps
from albion.server.messages import error

Said = tuple[str, ...]
"""A refusal: its code, its message, and the ruling it breaks if it breaks one. A refusal
of the server's own exceptions is sent with their words too (`refusal_words`)."""
SAID_WORDS: dict[Said, Words] = {}
"""The words of each refusal below, for a face to say in its reader's language (issue
29); the frame's `message` stays their English."""


def _said(code: str, words: Words) -> Said:
    said = (code, str(words))
    SAID_WORDS[said] = words
    return said


HELLO_LIMITED: Said = _said("rate_limited", say("hello at most once a second"))
HINT_LIMITED: Said = _said("rate_limited", say("hints are limited to a few a minute"))
HINT_BUSY: Said = _said("busy", say("a hint of yours is being searched: ask again once it "
                                    "has come"))
HINT_NOT_NOW: Said = _said("not_your_turn",
                           say("a hint is for a decision you have to make now"))
HINT_FOR_SPECTATOR: Said = _said("not_a_seat", say("spectators get no hints"))
NAME_LIMITED: Said = _said("rate_limited", say("names are limited to a few a minute"))
NAMES_OVER: Said = _said("over", say("the game is over: names stay as they were"))
NAME_FOR_SPECTATOR: Said = _said("not_a_seat", say("spectators have no seat to name"))
SPECTATOR_DECIDES: Said = _said("not_your_turn", say("a spectator cannot decide"))
NOT_STARTED: Said = ("not_started", NotStarted.MESSAGE)
STAND_IN: Said = ("stand_in", StandInKeeps.MESSAGE)
NOT_STORED: Said = ("not_stored", NotStored.MESSAGE)
NOT_AWAY: Said = _said("not_away", say("no stand-in plays your seat now: it is yours"))
CHAT_LIMITED: Said = _said("rate_limited", say("chat lines are limited to a few a minute"))
CHAT_CLOSED: Said = _said("not_a_seat", say("spectators may not write in this table's chat: "
                                            "a seat has not let them"))
CHAT_SETTING_FOR_SPECTATOR: Said = _said("not_a_seat", say("only a seat lets spectators chat"))
BACK_FOR_SPECTATOR: Said = _said("not_a_seat", say("a spectator has no seat to take back"))
WHY_NOT_LIMITED: Said = _said("rate_limited", say("“why not?” is limited to a few a second"))
WHY_NOT_FOR_SPECTATOR: Said = _said("not_a_seat", say("a spectator has no move to explain"))
UNDO_FOR_SPECTATOR: Said = _said("not_a_seat", say("a spectator has no move to take back"))
UNDO_LIMITED: Said = _said("rate_limited", say("take-backs are limited to a few a minute"))
UNDOS_SPENT: Said = _said("rate_limited", say("this table has taken back all the moves it "
                                              "may: no more take-backs in this game"))

CODES: tuple[tuple[type[Exception], str], ...] = (
    (NotStarted, "not_started"), (NotStored, "not_stored"), (StandInKeeps, "stand_in"),
    (NotYourTurn, "not_your_turn"), (StaleVersion, "stale"), (InvalidActionError, "invalid"))
DECISION_REFUSALS: tuple[type[Exception], ...] = (IllegalActionError, UndoRefused,
                                                 *(kind for kind, _ in CODES))
"""What a seat's decision may be refused with, by the table or the server."""


def refusal_words(refusal: Exception) -> Words | None:
    """A refused decision's words (issue 29), for a face to say in its reader's language:
    the rules' and the table's (`AlbionError.words`), or the server's own (`NotStarted`,
    `NotStored`, `StandInKeeps`); None for a refusal said in a text only."""
    if isinstance(refusal, AlbionError):
        return refusal.words
    if isinstance(refusal, NotStarted | NotStored | StandInKeeps):
        return refusal.words
    return None


def decision_refused(refusal: Exception) -> Said:
    """What a refused decision is sent as (one of `DECISION_REFUSALS`): the rules'
    refusals carry their ruling (IllegalActionError), the others their own words."""
    if isinstance(refusal, IllegalActionError):
        return ("illegal", refusal.reason, refusal.ruling)
    if isinstance(refusal, UndoRefused):  # ALL-3, and which barrier stands
        return ("undo_refused", str(refusal), "ALL-3")
    for kind, code in CODES:
        if isinstance(refusal, kind):
            return (code, str(refusal))
    raise TypeError(f"{type(refusal).__name__} is not a refusal of a decision")


def refused(said: Said) -> dict[str, Any]:
    """The error frame of one of the refusals above, with its words."""
    return error(*said, words=SAID_WORDS.get(said))
