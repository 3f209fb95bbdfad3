"""A High Card strategy in two lines.

- Following: play the lowest card that beats the best card of the round, else your lowest.
- Leading: play your highest card.
"""

from __future__ import annotations

import random
from typing import Any

from albion.core.game import AnyState

from .rules import PLAY
from .state import HighCardState


def policy(state: AnyState, rng: random.Random) -> Any:
    """The strategy above, for the seat to move in `state` (not a chance node)."""
    assert isinstance(state, HighCardState)
    hand = state.hands[state.current_player()]
    round_cards = state.plays[len(state.plays) - len(state.plays) % state.n:]
    if not round_cards:
        return PLAY[hand[-1]]
    beating = [card for card in hand if card > max(round_cards)]
    return PLAY[beating[0] if beating else hand[0]]


def evaluate(state: AnyState) -> list[float]:
    """Rough win chances: the returns at the end, else points (plus one) shared out."""
    assert isinstance(state, HighCardState)
    if state.is_terminal():
        return state.returns()
    weights = [points + 1 for points in state.points()]
    return [weight / sum(weights) for weight in weights]
