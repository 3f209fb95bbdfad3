"""A Diamoniak strategy in a few lines.

- Buy whenever a card of your colour can be bought (it is a sure castle card).
- Draw again while the expected gain of a card beats the witch's expected toll: the gain
  counts the chance of a card for your castle (or of a free colour to start one) and of a
  diamond; the toll is the three cards you would give up, cheapest first, times the chance
  of a witch — nothing if you hold a fairy.
- A witch takes the cheapest cards: other colours' castle cards, then diamonds, then your
  castle. A fairy is used when the toll would cost at least two diamonds' worth.
"""

from __future__ import annotations

import math
import random
from typing import Any

from albion.core.chance import pick_outcome
from albion.core.game import AnyState
from albion.core.state import CHANCE
from albion.games.diamoniak import Buy, Card, Choice, DiamoniakState, Lose, Phase
from albion.games.diamoniak.cards import CASTLE_SIZE, NO_COLOUR

CASTLE_VALUE, DIAMOND_VALUE, OTHER_VALUE = 3.0, 1.0, 0.4
FAIRY_WORTH = 2.0


def policy(state: AnyState, rng: random.Random) -> Any:
    """The strategy above, for the player to move in `state` (chance is sampled)."""
    assert isinstance(state, DiamoniakState)
    if state.current_player() == CHANCE:
        return pick_outcome(state.chance_outcomes(), rng.random())
    legal = state.legal_actions()
    phase = state.phase
    if phase is Phase.TURN_START:
        buys = [a for a in legal if isinstance(a, Buy) and a.colour == state.castle[state.seat]]
        if buys:
            return buys[0]
        return Choice.DRAW if Choice.DRAW in legal else legal[0]
    if phase is Phase.DRAW_OR_STOP:
        return Choice.DRAW if Choice.DRAW in legal and draw_gain(state) > 0 else Choice.STOP
    if phase is Phase.FAIRY_CHOICE:
        return Choice.USE_FAIRY if toll(state) >= FAIRY_WORTH else Choice.KEEP_FAIRY
    return min(legal, key=lambda action: loss_value(state, action))


def card_values(state: DiamoniakState) -> list[float]:
    """What each card at risk is worth to the drawer, cheapest first."""
    me = state.seat
    right = state.right[me]
    values = [CASTLE_VALUE] * state.castle_size[me] + [DIAMOND_VALUE] * right[Card.DIAMOND]
    values += [OTHER_VALUE] * sum(right[c] for c in range(4))
    return sorted(values)


def toll(state: DiamoniakState) -> float:
    """The witch's price without a fairy: the three cheapest cards."""
    return sum(card_values(state)[:3])


def draw_gain(state: DiamoniakState) -> float:
    """Expected value of one more card, minus the expected witch toll."""
    pile = state.pile if any(state.pile) else state.discard
    size = sum(pile)
    if not size:
        return -1.0
    me = state.seat
    colour = state.castle[me]
    if colour == NO_COLOUR:
        free = [c for c in range(4) if c not in state.castle]
        castle_cards = sum(pile[c] for c in free)
    else:
        castle_cards = pile[colour]
        if state.castle_size[me] == CASTLE_SIZE - 1 and castle_cards:
            return 1.0  # one card from winning
    gain = (castle_cards * CASTLE_VALUE + pile[Card.DIAMOND] * DIAMOND_VALUE) / size
    risk = 0.0 if state.right[me][Card.FAIRY] else pile[Card.WITCH] / size * toll(state)
    return gain - risk


def loss_value(state: DiamoniakState, action: Any) -> float:
    if action is Choice.LOSE_CASTLE:
        return CASTLE_VALUE
    assert isinstance(action, Lose)
    return DIAMOND_VALUE if action.card is Card.DIAMOND else OTHER_VALUE


PROGRESS_WEIGHT = 1.1


def progress(state: DiamoniakState, seat: int) -> float:
    """Castle cards, plus the purchases within reach (3 diamonds and a card of one's colour
    on an opponent's right), plus a little for a fairy's protection."""
    colour = state.castle[seat]
    size = float(state.castle_size[seat])
    if colour == NO_COLOUR:
        return 0.0
    on_sale = sum(state.right[other][colour] for other in range(state.n) if other != seat)
    buys = min(state.right[seat][Card.DIAMOND] // 3, on_sale, CASTLE_SIZE - state.castle_size[
        seat])
    return size + 0.8 * buys + 0.3 * min(state.right[seat][Card.FAIRY], 1)


def evaluate(state: AnyState) -> list[float]:
    """Rough win chances from castle progress (for cut-off rollouts)."""
    assert isinstance(state, DiamoniakState)
    if state.is_terminal():
        return state.returns()
    weights = [math.exp(PROGRESS_WEIGHT * progress(state, seat)) for seat in range(state.n)]
    total = sum(weights)
    return [weight / total for weight in weights]
