"""What happens at a Raiding Stonehenge table, as values a face can draw (issue 26): each
card dealt (to which line or hand, and — to whoever may see it — which card), each card
taken, played, each pile chosen, the reveal and the disks taken and given back. RS-6,
RS-18: a card dealt to a hand and a committed card are told only to their owner; the
others hear that it happened."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from albion.core.events import ActionTaken, ChanceResult, Event
from albion.games.raiding_stonehenge.actions import Deal, Place, Play, RaidingAction, Take
from albion.games.raiding_stonehenge.components import BLACK, CARD_COLOUR, Colour
from albion.games.raiding_stonehenge.record import HAND_TARGET, RaidingRecord


def colour_word(number: int) -> str:
    """RS-1: a card's colour by its number, black for 6, 12, …"""
    colour = CARD_COLOUR[number]
    return "black" if colour == BLACK else Colour(colour).label


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDealt(ChanceResult):
    """RS-3, RS-13: a card dealt to line `line` (1–5) or to `seat`'s hand; `card` and
    `colour` are null for a viewer who may not see it (another seat's hand, RS-18)."""

    line: int | None
    seat: int | None
    card: int | None
    colour: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardTaken(ActionTaken):
    """RS-5: `seat` took the bottom card of line `line` (1–5), seen by everyone."""

    line: int
    card: int
    colour: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CardCommitted(ActionTaken):
    """RS-6: `seat` chose its card face down; `card` is told to that seat only."""

    card: int | None
    face_down: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PileChosen(ActionTaken):
    """RS-8: `seat`, with a black card, went to the pile of `pile`."""

    pile: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Reveal(Event):
    """RS-6: every committed card turned face up, by seat, with its colour (RS-1)."""

    kind: ClassVar[str] = "reveal"
    plays: tuple[int, ...]
    colours: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DiskMoved(Event):
    """RS-10, RS-11: `seat` takes a disk of `colour` from its pile (`taken`), or gives
    one back."""

    kind: ClassVar[str] = "disk"
    seat: int
    colour: str
    taken: bool


def decision_event(state: RaidingRecord, actor: int, action: RaidingAction, wording: str,
                   name: str, viewer: int | None) -> Event:
    """`action` (worded `wording` for `viewer`) as `viewer` receives it."""
    if isinstance(action, Deal):
        target = state.deal_queue[0] if state.deal_queue else 0
        seat = target - HAND_TARGET if target >= HAND_TARGET else None
        seen = seat is None or viewer == seat
        return CardDealt(text=wording, outcome=wording,
                         line=None if seat is not None else target + 1, seat=seat,
                         card=action.number if seen else None,
                         colour=colour_word(action.number) if seen else None)
    text = f"{name} {wording}"
    if isinstance(action, Take) and state.lines[action.line]:
        card = state.lines[action.line][-1]
        return CardTaken(text=text, seat=actor, action=wording, line=action.line + 1,
                         card=card, colour=colour_word(card))
    if isinstance(action, Play):
        return CardCommitted(text=text, seat=actor, action=wording, face_down=True,
                             card=action.number if viewer == actor else None)
    if isinstance(action, Place):
        return PileChosen(text=text, seat=actor, action=wording, pile=action.colour.label)
    return ActionTaken(text=text, seat=actor, action=wording)
