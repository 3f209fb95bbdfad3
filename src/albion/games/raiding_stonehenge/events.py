"""What happens at a Raiding Stonehenge table, as values a face can draw (issue 26): each
card dealt (to which line or hand, and — to whoever may see it — which card), each card
taken, played, each pile chosen, the reveal and the disks taken and given back. RS-6,
RS-18: a card dealt to a hand and a committed card are told only to their owner; the
others hear that it happened.

Every event of a round carries `turn` (rounds completed before it) and no `turn_seat`
(every seat plays in a round), so a log groups it under its round; the first deal comes
before any round (`turn` null). `words` says it with its subject named (issue 27: "P1
takes the 6 (black) from line 5", never the notation; issue 29: as catalogue messages,
`text` their English, the nouns from `words`), and a disk given back is marked
`emphasis="loss"` so a face can make it stand out."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar, Literal

from albion.core.events import ActionTaken, ChanceResult, Event
from albion.core.words import Seat, Words, listing, say
from albion.games.raiding_stonehenge.actions import (
    Deal,
    Place,
    Play,
    RaidingAction,
    SetAside,
    Take,
)
from albion.games.raiding_stonehenge.components import BLACK, CARD_COLOUR, Colour
from albion.games.raiding_stonehenge.phase import Phase
from albion.games.raiding_stonehenge.record import HAND_TARGET, RaidingRecord
from albion.games.raiding_stonehenge.words import DISK, TO_THE_PILE, card_name, the_card

Emphasis = Literal["loss"]
"""What a face makes stand out in a log: a loss (a disk given back)."""


def colour_word(number: int) -> str:
    """RS-1: a card's colour by its number, black for 6, 12, …"""
    colour = CARD_COLOUR[number]
    return "black" if colour == BLACK else Colour(colour).label


def card_words(number: int) -> Words:
    """A card in words: "the 6 (black)"."""
    return the_card(number)


def round_of(state: RaidingRecord) -> int | None:
    """Rounds completed before `state`'s decision; None while the first deal is dealt."""
    if state.round == 1 and state.phase is Phase.DEALING:
        return None
    return state.round - 1


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundDecided(ActionTaken):
    """A seat's decision in round `turn` (rounds completed before it; every seat plays in
    a round, so no seat's turn is named)."""

    turn: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDealt(ChanceResult):
    """RS-3, RS-13: a card dealt to line `line` (1–5) or to `seat`'s hand; `card` and
    `colour` are null for a viewer who may not see it (another seat's hand, RS-18)."""

    line: int | None
    seat: int | None
    card: int | None
    colour: str | None
    turn: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardTaken(RoundDecided):
    """RS-5: `seat` took the bottom card of line `line` (1–5), seen by everyone."""

    line: int
    card: int
    colour: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CardCommitted(RoundDecided):
    """RS-6: `seat` chose its card face down; `card` is told to that seat only."""

    card: int | None
    face_down: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PileChosen(RoundDecided):
    """RS-8: `seat`, with a black card, went to the pile of `pile`."""

    pile: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Reveal(Event):
    """RS-6: every committed card turned face up, by seat, with its colour (RS-1)."""

    kind: ClassVar[str] = "reveal"
    reveals: ClassVar[bool] = True  # ALL-3: no move is taken back across it
    plays: tuple[int, ...]
    colours: tuple[str, ...]
    turn: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class DiskMoved(Event):
    """RS-10, RS-11: `seat` takes a disk of `colour` from its pile (`taken`), or gives
    one back."""

    kind: ClassVar[str] = "disk"
    seat: int
    colour: str
    taken: bool
    turn: int | None
    emphasis: Emphasis | None = None


def decision_event(state: RaidingRecord, actor: int, action: RaidingAction, wording: str,
                   name: str, viewer: int | None) -> Event:
    """`action` (worded `wording` for `viewer`, as the notation may be read) as `viewer`
    receives it, in words."""
    turn = round_of(state)
    if isinstance(action, Deal):
        target = state.deal_queue[0] if state.deal_queue else 0
        seat = target - HAND_TARGET if target >= HAND_TARGET else None
        seen = seat is None or viewer == seat
        words = say("{card} goes to line {line}", card=card_words(action.number),
                    line=target + 1) if seat is None \
            else say("{player} is dealt {card}", player=Seat(seat),
                     card=card_words(action.number)) if seen \
            else say("{player} is dealt a card", player=Seat(seat))
        return CardDealt(words=words,
                         outcome=wording, line=None if seat is not None else target + 1,
                         seat=seat, card=action.number if seen else None,
                         colour=colour_word(action.number) if seen else None, turn=turn)
    if isinstance(action, Take) and state.lines[action.line]:
        card = state.lines[action.line][-1]
        return CardTaken(words=say("{player} takes {card} from line {line}",
                                   player=Seat(actor), card=card_words(card),
                                   line=action.line + 1),
                         seat=actor, action=wording, line=action.line + 1, card=card,
                         colour=colour_word(card), turn=turn)
    if isinstance(action, Play):
        seen = viewer == actor
        played = say("{player} plays {card} face down", player=Seat(actor),
                     card=card_words(action.number)) if seen \
            else say("{player} plays a card face down", player=Seat(actor))
        return CardCommitted(words=played, seat=actor,
                             action=wording, face_down=True,
                             card=action.number if seen else None, turn=turn)
    if isinstance(action, Place):
        colour = action.colour.label
        return PileChosen(words=say("{player} takes the black card {pile}", player=Seat(actor),
                                    pile=TO_THE_PILE[action.colour]), seat=actor,
                          action=wording, pile=colour, turn=turn)
    if isinstance(action, SetAside):
        return RoundDecided(words=say("{player} sets aside a {disk}", player=Seat(actor),
                                      disk=DISK[action.colour]), seat=actor,
                       action=wording, turn=turn)
    return RoundDecided(words=say("{player} {action}", player=Seat(actor), action=wording),
                        seat=actor, action=wording, turn=turn)


def outcome_events(before: RaidingRecord, after: RaidingRecord) -> list[Event]:
    """RS-6 to RS-11: the reveal once the last card is committed, then who took and who
    gave back which disks (all public by then)."""
    turn = round_of(before)
    events: list[Event] = []
    if before.phase is Phase.PLAY and after.phase is not Phase.PLAY:
        plays = before.plays[:]
        last = Counter(before.hands[before.seat]) - Counter(after.hands[before.seat])
        plays[before.seat] = next(iter(last))
        words = say("the cards are revealed: {plays}", plays=listing(
            [say("{player} {card}", player=Seat(seat), card=card_name(card))
             for seat, card in enumerate(plays)]))
        events.append(Reveal(words=words, plays=tuple(plays),
                             colours=tuple(colour_word(card) for card in plays), turn=turn))
    for seat in range(before.n):
        for colour in Colour:
            change = after.disks[seat][colour] - before.disks[seat][colour]
            if change > 0:
                events.append(DiskMoved(words=say("{player} takes a {disk}",
                                                  player=Seat(seat), disk=DISK[colour]),
                                        seat=seat, colour=colour.label, taken=True,
                                        turn=turn))
            elif change < 0:
                events.append(DiskMoved(words=say("{player} gives back a {disk}",
                                                  player=Seat(seat), disk=DISK[colour]),
                                        seat=seat, colour=colour.label, taken=False,
                                        turn=turn, emphasis="loss"))
    return events
