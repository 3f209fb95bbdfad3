"""What happens at a Diamoniak table, as values a face can draw (issue 26): the card each
draw reveals and whose turn it was, who starts, what a witch took, every decision with
its turn, and a purchase's colour, seller and price. DI-11: everything but the pile's
order is public, so every viewer receives the same events.

Every event of a turn carries `turn` (turns completed before it) and `turn_seat` (whose
turn it is), so a log groups it under its turn; the lots for the first player come before
any turn (`turn` null). `text` says it in words with its subject named (issue 27: "P1
reveals a red card", never the notation), and a loss to a witch is marked
`emphasis="loss"` so a face can make it stand out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from albion.core.events import ActionTaken, ChanceResult, Event
from albion.games.diamoniak.actions import (
    Buy,
    Choice,
    DiamoniakAction,
    FirstPlayer,
    Lose,
    Reveal,
)
from albion.games.diamoniak.cards import BUY_PRICE, Card
from albion.games.diamoniak.record import DiamoniakRecord

Emphasis = Literal["loss"]
"""What a face makes stand out in a log: a loss (cards given to a witch)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardRevealed(ChanceResult):
    """DI-3, DI-4: the card `seat` drew in turn `turn` (turns completed before it)."""

    card: str
    seat: int
    turn: int
    turn_seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstDrawn(ChanceResult):
    """DI-2 with `first=random`: the lots say `seat` starts (before any turn)."""

    seat: int
    turn: None = None
    turn_seat: None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Decided(ActionTaken):
    """A seat's decision in turn `turn` (turns completed before it), `turn_seat`'s;
    a card given to a witch is a loss (DI-8)."""

    turn: int
    turn_seat: int
    emphasis: Emphasis | None = None


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
    turn: int
    turn_seat: int
    emphasis: Emphasis | None


def decision_event(state: DiamoniakRecord, actor: int, action: DiamoniakAction,
                   text: str, name: str) -> Event:
    """The decision (or chance outcome) `action`, noted `text`, taken by `actor` (named
    `name`) in `state`, as every viewer receives it, in words."""
    turn, seat = state.turns, state.seat
    if isinstance(action, Reveal):
        return CardRevealed(text=f"P{seat + 1} reveals {a_card(action.card)}", outcome=text,
                            card=action.card.label, seat=seat, turn=turn, turn_seat=seat)
    if isinstance(action, FirstPlayer):
        return FirstDrawn(text=f"the lots say P{action.seat + 1} starts", outcome=text,
                          seat=action.seat)
    if isinstance(action, Buy):
        colour = action.colour.label
        return Bought(text=f"{name} buys a {colour} card from P{action.seller + 1} for "
                      f"{BUY_PRICE} diamonds", seat=actor, action=text, turn=turn,
                      turn_seat=seat, colour=colour, seller=action.seller, price=BUY_PRICE)
    lost = isinstance(action, Lose) or action is Choice.LOSE_CASTLE
    return Decided(text=f"{name} {decision_words(state, action)}", seat=actor, action=text,
                   turn=turn, turn_seat=seat, emphasis="loss" if lost else None)


CHOICE_WORDS: dict[Choice, str] = {
    Choice.DRAW: "draws a card",
    Choice.STOP: "stops and keeps the cards",
    Choice.PASS: "passes: nothing is left to draw",
    Choice.USE_FAIRY: "uses a fairy against the witch",
    Choice.KEEP_FAIRY: "keeps the fairy and pays the witch",
}


def decision_words(state: DiamoniakRecord, action: DiamoniakAction) -> str:
    """A seat's decision in words, its subject left out ("draws a card")."""
    if action is Choice.LOSE_CASTLE:
        return f"gives the witch {a_card(Card(state.castle[state.seat]))} from the castle"
    if isinstance(action, Choice):
        return CHOICE_WORDS[action]
    if isinstance(action, Lose):
        return f"gives the witch {a_card(action.card)}"
    return str(action)


def a_card(card: Card) -> str:
    """A card in words: "a red card", "a diamond", "a witch", "a fairy"."""
    return f"a {card.label} card" if card.is_castle else f"a {card.label}"


def witch_toll(before: DiamoniakRecord, after: DiamoniakRecord) -> WitchToll:
    """What the drawer gave up to a witch (DI-8), in words and card by card. When the
    drawer chose a card (each choice is told as a decision), the witch leaves with it and
    with any card that was then forced (DI-14)."""
    seat, turn = before.seat, before.turns
    who = f"P{seat + 1}"
    if after.right[seat][Card.FAIRY] < before.right[seat][Card.FAIRY]:
        return WitchToll(text=f"{who}'s fairy sends the witch away", seat=seat, lost=(),
                         countered=True, turn=turn, turn_seat=seat, emphasis=None)
    castle_lost = before.castle_size[seat] - after.castle_size[seat]
    from_right = [Card(card) for card in range(len(Card))
                  for _ in range(before.right[seat][card] - after.right[seat][card])]
    castle = Card(before.castle[seat]) if castle_lost else None
    lost = [f"{castle.label} from the castle"] * castle_lost if castle else []
    lost += [card.label for card in from_right]
    forced = len(lost) - 1 if before.toll_left else len(lost)
    if before.toll_left:
        more = f"takes {forced} more card{'s' if forced > 1 else ''} from {who} and " \
            if forced else ""
        text = f"the witch {more}leaves {who}" if not more else f"the witch {more}leaves"
    elif lost:
        given = [f"{a_card(castle)} from the castle"] * castle_lost if castle else []
        text = f"the witch takes from {who}: " + ", ".join(
            given + [a_card(card) for card in from_right])
    else:
        text = f"the witch finds nothing to take from {who}"
    return WitchToll(text=text, seat=seat, lost=tuple(lost), countered=False, turn=turn,
                     turn_seat=seat, emphasis="loss" if forced else None)
