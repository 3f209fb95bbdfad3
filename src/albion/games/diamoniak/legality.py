"""Why a Diamoniak action is refused: the ruling it breaks, in words a player understands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from albion.core.errors import AlbionError, IllegalActionError, InvalidActionError
from albion.games.diamoniak.actions import Buy, Choice, FirstPlayer, Lose, Reveal
from albion.games.diamoniak.cards import BUY_PRICE, COLOURS, NO_COLOUR, Card
from albion.games.diamoniak.phase import Phase

if TYPE_CHECKING:
    from albion.games.diamoniak.state import DiamoniakState


def why_illegal(state: DiamoniakState, action: object) -> AlbionError:
    """The error for `action`, which `state.legal_actions()` does not hold."""
    if not isinstance(action, Choice | Buy | Lose | Reveal | FirstPlayer) or not _well_formed(
            action):
        return InvalidActionError(f"{action!r} is not a Diamoniak action")
    phase = state.phase
    if phase == Phase.OVER:
        return IllegalActionError("DI-10", "the game is over")
    if isinstance(action, Reveal):
        if phase == Phase.DRAWING:
            return IllegalActionError("DI-1", f"the draw pile holds no "
                                      f"{Card(action.card).label} card")
        return IllegalActionError("DI-2", "a card is revealed only when one is drawn")
    if isinstance(action, FirstPlayer):
        if phase == Phase.FIRST_PLAYER:
            return IllegalActionError("DI-2", f"there is no seat P{action.seat + 1}")
        return IllegalActionError("DI-2", "the first player is drawn only at the start")
    if phase in (Phase.DRAWING, Phase.FIRST_PLAYER):
        return IllegalActionError("DI-2", "waiting for chance (a card or the first player)")
    if phase == Phase.FAIRY_CHOICE:
        return IllegalActionError("DI-8", "a witch came: first decide whether to use your fairy")
    if phase == Phase.WITCH_TOLL:
        return _toll_refusal(state, action)
    if isinstance(action, Buy):
        return _buy_refusal(state, action, phase == Phase.TURN_START)
    if action is Choice.DRAW:
        return IllegalActionError("DI-9", "the draw pile and the discard are both empty")
    if action is Choice.STOP:
        return IllegalActionError("DI-3", "the first draw of a turn is mandatory: draw or buy")
    if action is Choice.PASS:
        return IllegalActionError(
            "DI-9", "you may pass only when nothing can be drawn; draw or stop"
            if phase == Phase.DRAW_OR_STOP else
            "you may pass only when nothing can be drawn; draw or buy")
    return IllegalActionError("DI-8", "only a witch calls for that")


def _well_formed(action: object) -> bool:
    """Arguments of the right kind and range (a plain int is taken for a Card)."""
    try:
        if isinstance(action, Buy):
            return Card(action.colour).is_castle and isinstance(action.seller, int)
        if isinstance(action, Lose | Reveal):
            Card(action.card)
        if isinstance(action, FirstPlayer):
            return isinstance(action.seat, int) and action.seat >= 0
    except (ValueError, TypeError):
        return False
    return True


def _toll_refusal(state: DiamoniakState, action: object) -> AlbionError:
    if action is Choice.LOSE_CASTLE:
        return IllegalActionError("DI-8", "your castle is empty")
    if isinstance(action, Lose):
        card = Card(action.card)
        if card is Card.FAIRY:
            return IllegalActionError("DI-8", "fairies are never lost to a witch")
        if card is Card.WITCH:
            return IllegalActionError("DI-8", "the witch is not one of the three cards")
        return IllegalActionError("DI-8", f"you have no {card.label} card on your right")
    return IllegalActionError(
        "DI-8", f"the witch takes {state.toll_left} more card(s): choose what to lose")


def _buy_refusal(state: DiamoniakState, action: Buy, at_turn_start: bool) -> AlbionError:
    if not at_turn_start:
        return IllegalActionError("DI-3", "a turn is a buy or a draw, never both")
    me = state.seat
    colour = state.castle[me]
    if colour == NO_COLOUR:
        return IllegalActionError("DI-7", "only a player with a castle may buy")
    diamonds = state.right[me][Card.DIAMOND]
    if diamonds < BUY_PRICE:
        return IllegalActionError(
            "DI-7", f"a castle card costs {BUY_PRICE} diamonds; you have {diamonds}")
    if not 0 <= action.seller < state.n or action.seller == me:
        return IllegalActionError("DI-7", "buy from an opponent at the table")
    if action.colour != colour and not state.rules.buy_any:
        return IllegalActionError(
            "DI-7", f"you may buy only your own colour ({COLOURS[colour].label}); "
            "buying others is the variant buy=any")
    return IllegalActionError(
        "DI-7", f"P{action.seller + 1} has no {Card(action.colour).label} card on their right")
