"""Where a Diamoniak game stands; decides who acts and what is legal."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    FIRST_PLAYER = 0
    """Chance: DI-2 with first=random."""
    TURN_START = 1
    """DI-3: the seat draws or buys (or, DI-9, passes)."""
    DRAWING = 2
    """Chance: the top card is revealed."""
    DRAW_OR_STOP = 3
    """DI-3: after a card that is not a witch."""
    FAIRY_CHOICE = 4
    """DI-8 with fairy=choose."""
    WITCH_TOLL = 5
    """DI-8: the drawer gives up cards one at a time."""
    OVER = 6
