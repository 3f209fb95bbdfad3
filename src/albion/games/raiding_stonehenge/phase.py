"""Where a round of Raiding Stonehenge stands."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    DEALING = 0
    """Chance: the next card of the deal queue (setup RS-3, refill RS-13)."""
    PICK = 1
    """RS-5: a seat takes a bottom card."""
    PLAY = 2
    """RS-6: a seat commits a card face down."""
    PLACE = 3
    """RS-8: a black card's player chooses a pile."""
    SET_ASIDE = 4
    """RS-11: a player at a contested pile chooses a disk to give back."""
    OVER = 5
