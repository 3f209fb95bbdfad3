"""Diamoniak legality: one check per kind of action, each returning the ruling it breaks
and why (a `Refusal`) or None. `DiamoniakState.legal_actions` is built from these same
checks, so a refusal always names the rule that actually forbids the action."""

from __future__ import annotations

from typing import Any, Final

from albion.core.errors import InvalidActionError, Refusal
from albion.core.words import Seat, say, say_n
from albion.games.diamoniak.actions import Buy, Choice, FirstPlayer, Lose, Reveal
from albion.games.diamoniak.cards import BUY_PRICE, COLOURS, NO_COLOUR, Card
from albion.games.diamoniak.phase import Phase
from albion.games.diamoniak.record import DiamoniakRecord
from albion.games.diamoniak.words import CARD_NAMES, CARDS

DIAMOND: Final = Card.DIAMOND
WITCH: Final = Card.WITCH
FAIRY: Final = Card.FAIRY
LOSABLE_RIGHT: Final = (*COLOURS, DIAMOND)
"""DI-8: right-hand cards a witch can take (never a fairy)."""

GAME_OVER: Final = Refusal("DI-10", say("the game is over"))
BEING_DRAWN: Final = Refusal("DI-3", say("a card is being drawn: chance decides it, not a player"))
FIRST_PLAYER_BY_CHANCE: Final = Refusal("DI-2", say("the first player is being chosen by chance"))
NO_CARD_TO_DRAW: Final = Refusal("DI-9", say("the draw pile and the discard are both empty"))
FIRST_DRAW: Final = Refusal("DI-3", say("the first draw of a turn is mandatory: draw or buy"))
BUY_OR_DRAW: Final = Refusal("DI-3", say("a turn is a buy or a draw, never both"))
FAIRY_FIRST: Final = Refusal(
    "DI-8", say("a witch came: first decide whether to use your fairy"))
ONLY_A_WITCH: Final = Refusal("DI-8", say("only a witch calls for that"))


def refusal(state: DiamoniakRecord, action: object) -> Refusal | None:
    """Why `action` is not legal now, or None if it is. Raises InvalidActionError for a
    value that is not a Diamoniak action at all."""
    if not _well_formed(action):
        raise InvalidActionError(f"{action!r} is not a Diamoniak action")
    phase = state.phase
    if phase is Phase.OVER:
        return GAME_OVER
    if isinstance(action, Reveal):
        return reveal_refusal(state, Card(action.card))
    if isinstance(action, FirstPlayer):
        return first_player_refusal(state, action.seat)
    if phase is Phase.DRAWING:  # a draw (DI-3), from the pile or the reshuffle (DI-9)
        return BEING_DRAWN
    if phase is Phase.FIRST_PLAYER:
        return FIRST_PLAYER_BY_CHANCE
    if phase is Phase.FAIRY_CHOICE:
        return None if action is Choice.USE_FAIRY or action is Choice.KEEP_FAIRY \
            else FAIRY_FIRST
    if phase is Phase.WITCH_TOLL:
        return toll_refusal(state, action)
    if action is Choice.DRAW:
        return draw_refusal(state)
    if action is Choice.STOP:
        return None if phase is Phase.DRAW_OR_STOP else FIRST_DRAW
    if action is Choice.PASS:
        return pass_refusal(state)
    if isinstance(action, Buy):
        return buy_refusal(state, action) if phase is Phase.TURN_START else BUY_OR_DRAW
    return ONLY_A_WITCH


def _well_formed(action: object) -> bool:
    """A Diamoniak action with arguments of the right kind and range (a plain int is taken
    for a Card)."""
    given: Any = action  # its fields as given, not as declared (compiled code checks those)
    try:
        if isinstance(action, Buy):
            return Card(given.colour).is_castle and isinstance(given.seller, int)
        if isinstance(action, Lose | Reveal):
            Card(given.card)
            return True
        if isinstance(action, FirstPlayer):
            return isinstance(given.seat, int) and given.seat >= 0
    except (ValueError, TypeError):
        return False
    return isinstance(action, Choice)


def reveal_refusal(state: DiamoniakRecord, card: Card) -> Refusal | None:
    """DI-1, DI-2: a card turns up only when one is drawn, and only one the pile holds."""
    if state.phase is not Phase.DRAWING:
        return Refusal("DI-2", say("a card is revealed only when one is drawn"))
    return None if state.pile[card] else Refusal(
        "DI-1", say("the draw pile holds no {card}", card=CARDS[card]))


def first_player_refusal(state: DiamoniakRecord, seat: int) -> Refusal | None:
    """DI-2 with first=random: a seat at the table, drawn at the start."""
    if state.phase is not Phase.FIRST_PLAYER:
        return Refusal("DI-2", say("the first player is drawn only at the start"))
    return None if seat < state.n else Refusal("DI-2", say("there is no seat {seat}",
                                                          seat=Seat(seat)))


def draw_refusal(state: DiamoniakRecord) -> Refusal | None:
    """DI-9: a card can be drawn while the pile or the discard holds one."""
    return None if state.can_draw() else NO_CARD_TO_DRAW


def pass_refusal(state: DiamoniakRecord) -> Refusal | None:
    """DI-9: a turn is passed only at its start, when nothing can be drawn."""
    if state.phase is not Phase.TURN_START:
        return Refusal("DI-9", say("you may pass only when nothing can be drawn; draw or stop"))
    return None if not state.can_draw() else Refusal(
        "DI-9", say("you may pass only when nothing can be drawn; draw or buy"))


def buyer_refusal(state: DiamoniakRecord) -> Refusal | None:
    """DI-7: only a player with a castle and three diamonds may buy."""
    me = state.seat
    if state.castle[me] == NO_COLOUR:
        return Refusal("DI-7", say("only a player with a castle may buy"))
    diamonds = state.right[me][DIAMOND]
    if diamonds < BUY_PRICE:
        return Refusal("DI-7", say_n("a castle card costs {price} diamonds; you have {count}",
                                     "a castle card costs {price} diamonds; you have {count}",
                                     diamonds, price=BUY_PRICE))
    return None


def buy_refusal(state: DiamoniakRecord, action: Buy) -> Refusal | None:
    """DI-7, DI-12: an opponent's right-hand card of the buyer's colour (any colour with
    buy=any)."""
    found = buyer_refusal(state)
    if found is not None:
        return found
    given: Any = action  # a plain int colour as given (compiled code checks the declared Card)
    return offer_refusal(state, given.seller, given.colour)


def offer_refusal(state: DiamoniakRecord, seller: int, colour: int) -> Refusal | None:
    """DI-7: what a buyer may take from `seller` (the buyer's own checks done)."""
    me = state.seat
    if not 0 <= seller < state.n or seller == me:
        return Refusal("DI-7", say("buy from an opponent at the table"))
    own = state.castle[me]
    if colour != own and not state.rules.buy_any:
        return Refusal("DI-7", say("you may buy only your own colour ({colour}); buying "
                                   "others is the variant buy=any",
                                   colour=CARD_NAMES[COLOURS[own]]))
    if not state.right[seller][colour]:
        return Refusal("DI-7", say("{seller} has no {card} on their right",
                                   seller=Seat(seller), card=CARDS[Card(colour)]))
    return None


def toll_refusal(state: DiamoniakRecord, action: object) -> Refusal | None:
    """DI-8: the witch takes cards of one's castle, right-hand castle cards or diamonds;
    never a fairy."""
    me = state.seat
    if action is Choice.LOSE_CASTLE:
        return None if state.castle_size[me] else Refusal("DI-8", say("your castle is empty"))
    if isinstance(action, Lose):
        card = Card(action.card)
        if card is FAIRY:
            return Refusal("DI-8", say("fairies are never lost to a witch"))
        if card is WITCH:
            return Refusal("DI-8", say("the witch is not one of the three cards"))
        return None if state.right[me][card] else Refusal(
            "DI-8", say("you have no {card} on your right", card=CARDS[card]))
    return Refusal("DI-8", say_n("the witch takes {count} more card: choose what to lose",
                                 "the witch takes {count} more cards: choose what to lose",
                                 state.toll_left))
