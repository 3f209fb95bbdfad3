"""Diamoniak's hand-written strategy (`albion.games.diamoniak.strategy`) over a whole
batch at once: the learner's sparring partner and yardstick during training. It decides
as `strategy.policy` does, rule for rule (tests/rl/test_learned.py compares the two on
the positions of seeded games)."""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from albion.games.diamoniak.strategy import (
    CASTLE_VALUE,
    DIAMOND_VALUE,
    FAIRY_WORTH,
    LAST_CARD,
    OTHER_VALUE,
    TOLLS,
)
from albion.rl.vector.diamoniak import (
    BUY0,
    DIAMOND,
    DRAW,
    DRAW_OR_STOP,
    FAIRY,
    FAIRY_CHOICE,
    KEEP_FAIRY,
    LOSE_CASTLE,
    PASS,
    STOP,
    TURN_START,
    USE_FAIRY,
    WITCH,
    WITCH_TOLL,
    DiamoniakBatch,
)

TOLL_TABLE: Final = np.array(TOLLS, dtype=np.float64)
"""`strategy.toll` by (others, diamonds, castle), each capped at 3."""
LOSE_DIAMOND: Final = LOSE_CASTLE + 1 + DIAMOND
COLOURS: Final = 4
del OTHER_VALUE  # the values are read through TOLLS


def toll(s: DiamoniakBatch, rows: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
    """The witch's price without a fairy: the three cheapest cards at risk."""
    me = s.seat[rows]
    right = s.right[rows, me].astype(np.int64)
    others = np.minimum(right[:, :COLOURS].sum(axis=1), 3)
    diamonds = np.minimum(right[:, DIAMOND], 3)
    castle = np.minimum(s.castle_size[rows, me].astype(np.int64), 3)
    toll_of: npt.NDArray[np.float64] = TOLL_TABLE[others, diamonds, castle]
    return toll_of


def draw_gain(s: DiamoniakBatch, rows: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
    """`strategy.draw_gain`: a card's expected value minus the witch's expected toll."""
    pile = s.pile[rows].astype(np.int64)
    size = pile.sum(axis=1)
    empty = size == 0  # DI-9: the discard is shuffled into the pile
    pile[empty] = s.discard[rows[empty]]
    size = pile.sum(axis=1)
    me = s.seat[rows]
    colour = s.castle[rows, me].astype(np.int64)
    castles = s.castle[rows]  # (R, n)
    taken = (castles[:, :, None] == np.arange(COLOURS)[None, None, :]).any(axis=1)
    free_cards = (pile[:, :COLOURS] * ~taken).sum(axis=1)
    own_cards = pile[np.arange(rows.size), np.maximum(colour, 0)]
    castle_cards = np.where(colour < 0, free_cards, own_cards)
    safe = np.maximum(size, 1)
    gain = (castle_cards * CASTLE_VALUE + pile[:, DIAMOND] * DIAMOND_VALUE) / safe
    fairy = s.right[rows, me, FAIRY] > 0
    risk = np.where(fairy, 0.0, pile[:, WITCH] / safe * toll(s, rows))
    result = gain - risk
    one_from_winning = (colour >= 0) & (s.castle_size[rows, me] == LAST_CARD) & (own_cards > 0)
    result = np.where(one_from_winning, 1.0, result)
    out: npt.NDArray[np.float64] = np.where(size == 0, -1.0, result)
    return out


def heuristic_actions(s: DiamoniakBatch) -> npt.NDArray[np.int64]:
    """The strategy's action (an index of the fixed space) in every game; a finished
    game gets 0 (ignored by the engine)."""
    mask = s.legal_action_mask
    first_legal = mask.argmax(axis=1).astype(np.int64)  # `legal[0]`: the space's order
    actions = first_legal.copy()
    phase = s.phase
    rows = np.flatnonzero(phase == DRAW_OR_STOP)
    if rows.size:
        actions[rows] = np.where(draw_gain(s, rows) > 0, DRAW, STOP)
    rows = np.flatnonzero(phase == FAIRY_CHOICE)
    if rows.size:
        actions[rows] = np.where(toll(s, rows) >= FAIRY_WORTH, USE_FAIRY, KEEP_FAIRY)
    rows = np.flatnonzero(phase == TURN_START)
    if rows.size:
        colour = s.castle[rows, s.seat[rows]].astype(np.int64)
        buys = mask[rows, BUY0:BUY0 + 16].reshape(rows.size, 4, COLOURS)  # seller, colour
        own = buys[np.arange(rows.size), :, np.maximum(colour, 0)] & (colour >= 0)[:, None]
        has_buy = own.any(axis=1)
        buy = BUY0 + 4 * own.argmax(axis=1) + np.maximum(colour, 0)
        any_buy = mask[rows, BUY0:BUY0 + 16]  # `legal`: draw, the purchases, pass
        first_buy = BUY0 + any_buy.argmax(axis=1)
        fallback = np.where(mask[rows, DRAW], DRAW,
                            np.where(any_buy.any(axis=1), first_buy, PASS))
        actions[rows] = np.where(has_buy, buy, fallback)
    rows = np.flatnonzero(phase == WITCH_TOLL)
    if rows.size:  # `cheapest_loss`: another colour's card, else a diamond, else the castle
        lose = mask[rows, LOSE_CASTLE + 1:LOSE_CASTLE + 1 + COLOURS]
        has_other = lose.any(axis=1)
        other = LOSE_CASTLE + 1 + lose.argmax(axis=1)
        diamond = mask[rows, LOSE_DIAMOND]
        actions[rows] = np.where(has_other, other,
                                 np.where(diamond, LOSE_DIAMOND, first_legal[rows]))
    result: npt.NDArray[np.int64] = actions
    return result
