"""Events: small typed values saying what happened at a table, each worded for one
audience. A table gives every seat (and spectators) only the events meant for it, so a
secret never reaches a seat by this channel either (RS-6, RS-18, SC-19).

Games add their own kinds (a witch's toll, a reveal, a payout, an enemy's step) by
subclassing `Event`; every field is a plain int, str, bool or a tuple of them, so an event
turns into JSON without knowing its game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from albion.core.words import Words, say

Audience = frozenset[int | None] | None
"""Who may receive an event: None for everyone, else the seats (and None for spectators)
it is meant for."""
EVERYONE: Audience = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened, for `audience` (None: everyone; else a set of seats, with
    None in it for spectators). `words` says it as a value each face puts into its reader's
    language (issue 29); `text` is its English wording (given, or made from `words`)."""

    kind: ClassVar[str] = "event"
    reveals: ClassVar[bool] = False
    """Whether this kind turns up a secret: something some viewer could not see before (a
    card played face down, a hidden hand). No one takes back a move across it (ALL-3)."""
    text: str = ""
    words: Words | None = None
    audience: Audience = EVERYONE

    def __post_init__(self) -> None:
        if self.words is not None and not self.text:
            object.__setattr__(self, "text", str(self.words))

    def is_for(self, viewer: int | None) -> bool:
        """Whether `viewer` (a seat, or None for a spectator) may receive this event."""
        return self.audience is None or viewer in self.audience

    def to_json(self) -> dict[str, Any]:
        """`{"type": kind, "text": …, "words": …, <fields>}`; the audience is the table's
        business."""
        data: dict[str, Any] = {"type": self.kind}
        for field in fields(self):
            if field.name == "words" and self.words is None:
                continue
            if field.name != "audience":
                data[field.name] = _plain(getattr(self, field.name))
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, Words):
        return value.to_json()
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionTaken(Event):
    """A seat decided: `action` is the notation as this audience may read it."""

    kind: ClassVar[str] = "action"
    seat: int
    action: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChanceResult(Event):
    """Chance decided (a card drawn, dice rolled, a tile placed), as this audience may
    read it."""

    kind: ClassVar[str] = "chance"
    outcome: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GameOver(Event):
    """The game ended: returns per seat (ALL-1), the winners, and how it ended."""

    kind: ClassVar[str] = "game_over"
    reveals: ClassVar[bool] = True  # ALL-2: once over, every hand is shown
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveTakenBack(Event):
    """ALL-3: `seat` took back its last decision (never saying what it was: it may have
    been a secret)."""

    kind: ClassVar[str] = "undo"
    seat: int


def public_words(events: Iterable[Event]) -> Words | None:
    """The public events' words on one line, one after another as the reader's language
    parts them ("a; b", French "a ; b"; issue 29); None if there are none."""
    said = [event.words or Words(event.text) for event in events if event.audience is None]
    if not said:
        return None
    line = said[-1]
    for first in reversed(said[:-1]):
        line = say("{first}; {rest}", first=first, rest=line)
    return line


def public_text(events: Iterable[Event]) -> str | None:
    """The public events on one line in English (for logs); None if there are none."""
    line = public_words(events)
    return str(line) or None if line is not None else None
