"""DI-1: the 54 cards, counted by kind (DI-13: castle pieces are told apart only by colour)."""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Card(IntEnum):
    """A kind of card. The first four are the castle colours; values index count lists."""

    RED = 0
    BLUE = 1
    GREEN = 2
    YELLOW = 3
    DIAMOND = 4
    WITCH = 5
    FAIRY = 6

    @property
    def label(self) -> str:
        return self.name.lower()

    @property
    def is_castle(self) -> bool:
        return self <= Card.YELLOW


COLOURS: Final[tuple[Card, ...]] = (Card.RED, Card.BLUE, Card.GREEN, Card.YELLOW)
"""DI-1: the four castle colours."""

CASTLE_SIZE: Final = 6
"""DI-10: a castle of six cards wins."""

DECK: Final[tuple[int, ...]] = (6, 6, 6, 6, 20, 7, 3)
"""DI-1: how many cards of each kind, indexed by Card: 24 castle, 20 diamond, 7 witch, 3 fairy."""

DECK_SIZE: Final = sum(DECK)

BUY_PRICE: Final = 3
"""DI-7: diamonds paid for one castle card."""

CARDS_LOST_TO_WITCH: Final = 3
"""DI-8: cards lost to a witch without a fairy."""

NO_COLOUR: Final = -1
"""A seat with no castle."""
