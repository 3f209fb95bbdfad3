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
from typing import Any, Final

from albion.core.game import AnyState
from albion.core.words import Words, say
from albion.games.diamoniak import Buy, Card, Choice, DiamoniakState, Phase
from albion.games.diamoniak.actions import LOSE
from albion.games.diamoniak.cards import CASTLE_SIZE, COLOURS, NO_COLOUR

SUMMARY: Final[tuple[Words, ...]] = (
    say("Buys whenever a card of its colour can be bought (a sure castle card)."),
    say("Draws again while a card's expected gain beats the witch's expected toll (nothing "
        "while it holds a fairy)."),
    say("Pays the witch with its cheapest cards: other colours' castle cards, then "
        "diamonds, then its castle; uses a fairy when the toll would cost at least two "
        "diamonds' worth."),
)
"""How it plays, to a player (`albion bots`, issue 29)."""

CASTLE_VALUE: Final = 3.0
DIAMOND_VALUE: Final = 1.0
OTHER_VALUE: Final = 0.4
FAIRY_WORTH: Final = 2.0
WITCH_TAKES: Final = 3
"""DI-8: cards a witch takes."""
LAST_CARD: Final = CASTLE_SIZE - 1
"""A castle this size wins with one more card."""

# Module names for enum members: the rollout path reads them at every step.
DRAW: Final = Choice.DRAW
STOP: Final = Choice.STOP
USE_FAIRY: Final = Choice.USE_FAIRY
KEEP_FAIRY: Final = Choice.KEEP_FAIRY
LOSE_CASTLE: Final = Choice.LOSE_CASTLE
LOSE_DIAMOND: Final = LOSE[Card.DIAMOND]
TURN_START: Final = Phase.TURN_START
DRAW_OR_STOP: Final = Phase.DRAW_OR_STOP
FAIRY_CHOICE: Final = Phase.FAIRY_CHOICE
DIAMOND: Final = int(Card.DIAMOND)
WITCH: Final = int(Card.WITCH)
FAIRY: Final = int(Card.FAIRY)
COLOUR_RANGE: Final = range(len(COLOURS))


def policy(state: AnyState, rng: random.Random) -> Any:
    """The strategy above, for the seat to move in `state` (not a chance node)."""
    assert isinstance(state, DiamoniakState)
    phase = state.phase
    if phase is DRAW_OR_STOP:
        # A positive gain needs a card to draw (DI-9), so DRAW is then legal.
        return DRAW if draw_gain(state) > 0 else STOP
    if phase is FAIRY_CHOICE:
        return USE_FAIRY if toll(state) >= FAIRY_WORTH else KEEP_FAIRY
    legal = state.legal_actions()
    if phase is TURN_START:
        colour = state.castle[state.seat]
        for action in legal:
            if action.__class__ is Buy and action.colour == colour:
                return action
        return DRAW if DRAW in legal else legal[0]
    return cheapest_loss(legal)


def cheapest_loss(legal: list[Any]) -> Any:
    """DI-8: what to give the witch: another colour's castle card, else a diamond, else
    a card of one's castle (the first offered of the cheapest kind)."""
    for action in legal:
        if action is not LOSE_CASTLE and action != LOSE_DIAMOND:
            return action
    return LOSE_DIAMOND if LOSE_DIAMOND in legal else legal[0]


def _cheapest_three(others: int, diamonds: int, castle: int) -> float:
    """The three cheapest of these cards, summed cheapest first."""
    total, left = 0.0, WITCH_TAKES
    for value, count in ((OTHER_VALUE, others), (DIAMOND_VALUE, diamonds),
                         (CASTLE_VALUE, castle)):
        taken = min(left, count)
        for _ in range(taken):
            total += value
        left -= taken
    return total


TOLLS: Final = [[[_cheapest_three(others, diamonds, castle) for castle in range(WITCH_TAKES + 1)]
                 for diamonds in range(WITCH_TAKES + 1)] for others in range(WITCH_TAKES + 1)]
"""`_cheapest_three` by counts, each capped at 3 (only three cards are taken)."""


def toll(state: DiamoniakState) -> float:
    """The witch's price without a fairy: the three cheapest cards at risk (other
    colours' cards, then diamonds, then castle cards)."""
    me = state.seat
    right = state.right[me]
    others = right[0] + right[1] + right[2] + right[3]
    diamonds, castle = right[DIAMOND], state.castle_size[me]
    cap = WITCH_TAKES  # each count capped, without min()'s call: rollouts ask at every draw
    return TOLLS[others if others < cap else cap][diamonds if diamonds < cap else cap][
        castle if castle < cap else cap]


def draw_gain(state: DiamoniakState) -> float:
    """Expected value of one more card, minus the expected witch toll."""
    pile = state.pile
    size = sum(pile)
    if not size:  # DI-9: the discard is shuffled into the pile
        pile = state.discard
        size = sum(pile)
        if not size:
            return -1.0
    me = state.seat
    colour = state.castle[me]
    if colour == NO_COLOUR:
        castles = state.castle
        castle_cards = 0
        for free in COLOUR_RANGE:
            if free not in castles:
                castle_cards += pile[free]
    else:
        castle_cards = pile[colour]
        if state.castle_size[me] == LAST_CARD and castle_cards:
            return 1.0  # one card from winning
    gain = (castle_cards * CASTLE_VALUE + pile[DIAMOND] * DIAMOND_VALUE) / size
    risk = 0.0 if state.right[me][FAIRY] else pile[WITCH] / size * toll(state)
    return gain - risk


PROGRESS_WEIGHT: Final = 1.1


def progress(state: DiamoniakState, seat: int) -> float:
    """Castle cards, plus the purchases within reach (3 diamonds and a card of one's colour
    on an opponent's right), plus a little for a fairy's protection."""
    colour = state.castle[seat]
    if colour == NO_COLOUR:
        return 0.0
    right = state.right
    own = right[seat]
    on_sale = -own[colour]
    for pile in right:
        on_sale += pile[colour]
    size = state.castle_size[seat]
    buys = min(own[DIAMOND] // 3, on_sale, CASTLE_SIZE - size)
    return float(size) + 0.8 * buys + (0.3 if own[FAIRY] else 0.0)


def evaluate(state: AnyState) -> list[float]:
    """Rough win chances from castle progress (for cut-off rollouts)."""
    assert isinstance(state, DiamoniakState)
    if state.is_terminal():
        return state.returns()
    exp = math.exp
    weights = [exp(PROGRESS_WEIGHT * progress(state, seat)) for seat in range(state.n)]
    total = sum(weights)
    return [weight / total for weight in weights]
