"""What happens at a Diamoniak table, as values a face can draw (issue 26): the card each
draw reveals and whose turn it was, who starts, what a witch took, every decision with
its turn, and a purchase's colour, seller and price. DI-11: everything but the pile's
order is public, so every viewer receives the same events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from albion.core.events import ActionTaken, ChanceResult, Event
from albion.games.diamoniak.actions import Buy, DiamoniakAction, FirstPlayer, Reveal
from albion.games.diamoniak.cards import BUY_PRICE, Card
from albion.games.diamoniak.record import DiamoniakRecord


@dataclass(frozen=True, slots=True, kw_only=True)
class CardRevealed(ChanceResult):
    """DI-3, DI-4: the card `seat` drew in turn `turn` (turns completed before it)."""

    card: str
    seat: int
    turn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstDrawn(ChanceResult):
    """DI-2 with `first=random`: the lots say `seat` starts."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Decided(ActionTaken):
    """A seat's decision in turn `turn` (turns completed before it)."""

    turn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Bought(Decided):
    """DI-7 (DI-12): a castle card of `colour` bought from `seller` for `price` diamonds."""

    colour: str
    seller: int
    price: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WitchToll(Event):
    """DI-8, DI-14: what a witch took from `seat` (card labels), or that a fairy
    countered it."""

    kind: ClassVar[str] = "witch_toll"
    seat: int
    lost: tuple[str, ...]
    countered: bool


def decision_event(state: DiamoniakRecord, actor: int, action: DiamoniakAction,
                   text: str, name: str) -> Event:
    """The decision (or chance outcome) `action`, written `text`, taken by `actor` (named
    `name`) in `state`, as every viewer receives it."""
    if isinstance(action, Reveal):
        return CardRevealed(text=text, outcome=text, card=action.card.label, seat=state.seat,
                            turn=state.turns)
    if isinstance(action, FirstPlayer):
        return FirstDrawn(text=text, outcome=text, seat=action.seat)
    if isinstance(action, Buy):
        return Bought(text=f"{name} {text}", seat=actor, action=text, turn=state.turns,
                      colour=action.colour.label, seller=action.seller, price=BUY_PRICE)
    return Decided(text=f"{name} {text}", seat=actor, action=text, turn=state.turns)


def witch_toll(before: DiamoniakRecord, after: DiamoniakRecord) -> WitchToll:
    """What the drawer gave up to a witch (DI-8), in words and card by card."""
    seat = before.seat
    if after.right[seat][Card.FAIRY] < before.right[seat][Card.FAIRY]:
        return WitchToll(text="a fairy counters it", seat=seat, lost=(), countered=True)
    castle_lost = before.castle_size[seat] - after.castle_size[seat]
    lost = [f"{Card(before.castle[seat]).label} from the castle"] * castle_lost \
        if castle_lost else []
    lost += [Card(card).label for card in range(len(Card))
             for _ in range(before.right[seat][card] - after.right[seat][card])]
    text = "the witch takes " + ", ".join(lost) if lost else "the witch finds nothing to take"
    return WitchToll(text=text, seat=seat, lost=tuple(lost), countered=False)
