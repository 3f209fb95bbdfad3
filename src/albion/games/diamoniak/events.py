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
from albion.core.words import Seat, Words, listing, say, say_n
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
from albion.games.diamoniak.words import A_CARD

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
    """The decision (or chance outcome) `action`, noted `text`, taken by `actor` in
    `state`, as every viewer receives it, in words (the actor is named as each face names
    its seat; `name` is the game's default name for it)."""
    turn, seat = state.turns, state.seat
    if isinstance(action, Reveal):
        return CardRevealed(words=say("{player} reveals {card}", player=Seat(seat),
                                      card=a_card(Card(action.card))),
                            outcome=text, card=Card(action.card).label, seat=seat, turn=turn,
                            turn_seat=seat)
    if isinstance(action, FirstPlayer):
        return FirstDrawn(words=say("the lots say {player} starts", player=Seat(action.seat)),
                          outcome=text, seat=action.seat)
    if isinstance(action, Buy):
        colour = Card(action.colour)
        return Bought(words=say("{player} buys {card} from {seller} for {price} diamonds",
                                player=Seat(actor), card=a_card(colour),
                                seller=Seat(action.seller), price=BUY_PRICE),
                      seat=actor, action=text, turn=turn, turn_seat=seat,
                      colour=colour.label, seller=action.seller, price=BUY_PRICE)
    lost = isinstance(action, Lose) or action is Choice.LOSE_CASTLE
    return Decided(words=decision_words(state, actor, action), seat=actor, action=text,
                   turn=turn, turn_seat=seat, emphasis="loss" if lost else None)


CHOICE_WORDS: dict[Choice, Words] = {
    Choice.DRAW: say("{player} draws a card"),
    Choice.STOP: say("{player} stops and keeps the cards"),
    Choice.PASS: say("{player} passes: nothing is left to draw"),
    Choice.USE_FAIRY: say("{player} uses a fairy against the witch"),
    Choice.KEEP_FAIRY: say("{player} keeps the fairy and pays the witch"),
}


def decision_words(state: DiamoniakRecord, actor: int, action: DiamoniakAction) -> Words:
    """`actor`'s decision in words ("P1 draws a card")."""
    player = Seat(actor)
    if action is Choice.LOSE_CASTLE:
        return say("{player} gives the witch {card} from the castle", player=player,
                   card=a_card(Card(state.castle[state.seat])))
    if isinstance(action, Choice):
        return CHOICE_WORDS[action].with_args(player=player)
    if isinstance(action, Lose):
        return say("{player} gives the witch {card}", player=player,
                   card=a_card(Card(action.card)))
    return say("{player} plays {action}", player=player, action=str(action))


def a_card(card: Card) -> Words:
    """A card in words: "a red card", "a diamond", "a witch", "a fairy"."""
    return A_CARD[card]


def witch_toll(before: DiamoniakRecord, after: DiamoniakRecord) -> WitchToll:
    """What the drawer gave up to a witch (DI-8), in words and card by card. When the
    drawer chose a card (each choice is told as a decision), the witch leaves with it and
    with any card that was then forced (DI-14)."""
    seat, turn = before.seat, before.turns
    player = Seat(seat)
    if after.right[seat][Card.FAIRY] < before.right[seat][Card.FAIRY]:
        return WitchToll(words=say("{player}'s fairy sends the witch away", player=player),
                         seat=seat, lost=(), countered=True, turn=turn, turn_seat=seat,
                         emphasis=None)
    castle_lost = before.castle_size[seat] - after.castle_size[seat]
    from_right = [Card(card) for card in range(len(Card))
                  for _ in range(before.right[seat][card] - after.right[seat][card])]
    castle = Card(before.castle[seat]) if castle_lost else None
    lost = [f"{castle.label} from the castle"] * castle_lost if castle else []
    lost += [card.label for card in from_right]
    forced = max(0, len(lost) - 1) if before.toll_left else len(lost)
    """Cards the witch took beyond the one chosen (DI-14), none when the choice was the
    last card the drawer had (it was never "-1 more")."""
    words: Words
    if before.toll_left:
        words = say_n("the witch takes {count} more card from {player} and leaves",
                      "the witch takes {count} more cards from {player} and leaves",
                      forced, player=player) if forced else \
            say("the witch leaves {player}", player=player)
    elif lost:
        given = [say("{card} from the castle", card=a_card(castle))] * castle_lost \
            if castle else []
        words = say("the witch takes from {player}: {cards}", player=player,
                    cards=listing([*given, *(a_card(card) for card in from_right)]))
    else:
        words = say("the witch finds nothing to take from {player}", player=player)
    return WitchToll(words=words, seat=seat, lost=tuple(lost), countered=False, turn=turn,
                     turn_seat=seat, emphasis="loss" if forced else None)
