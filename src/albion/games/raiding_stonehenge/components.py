"""RS-1: the 60 number cards (1–30, a day and a night copy of each), their colours, and the
50 disks (10 in each of the 5 colours)."""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Colour(IntEnum):
    """A disk colour, which is also the index of its pile and of a player's disk counts."""

    WHITE = 0
    BLUE = 1
    GREEN = 2
    YELLOW = 3
    RED = 4

    @property
    def label(self) -> str:
        return self.name.lower()


COLOURS: Final[tuple[Colour, ...]] = tuple(Colour)
HIGHEST_CARD: Final = 30
COPIES: Final = 2
"""RS-1: each number has a day and a night copy; they differ in nothing but the picture."""
DECK_SIZE: Final = HIGHEST_CARD * COPIES
DISKS_PER_COLOUR: Final = 10
LINES: Final = 5
"""RS-3: five face-up lines."""
HAND_SIZE: Final = 5
BLACK: Final = -1
"""`card_colour` of a black card (6, 12, …, 30): its player chooses a pile (RS-8)."""


def card_colour(number: int) -> int:
    """RS-1: `n % 6` → 1 white, 2 blue, 3 green, 4 yellow, 5 red, 0 black (BLACK)."""
    rest = number % 6
    return rest - 1 if rest else BLACK


CARD_COLOUR: Final[tuple[int, ...]] = tuple(card_colour(n) for n in range(HIGHEST_CARD + 1))
"""`card_colour` as a table, for the per-step path (index 0 unused)."""


def full_deck() -> list[int]:
    """Counts indexed by number (index 0 unused): two of each of 1–30."""
    return [0] + [COPIES] * HIGHEST_CARD
