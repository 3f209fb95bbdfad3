"""What a seat sees of a Diamoniak game (DI-11: everything but the draw pile's order)."""

from __future__ import annotations

from dataclasses import dataclass

from albion.core.pickling import picklable
from albion.core.variants import Variant


@dataclass(frozen=True, slots=True)
class DiamoniakView:
    """A seat's (or, with `seat=None`, a spectator's) view. Counts are indexed by `Card`.

    The pile's composition is public: it is the deck minus every visible card.
    """

    seat: int | None
    variant: Variant
    num_players: int
    current_player: int
    turn_seat: int
    phase: str
    draw_pile: tuple[int, ...]
    discard: tuple[int, ...]
    castles: tuple[tuple[int, int], ...]
    """(colour or -1, number of cards) per seat."""
    right_piles: tuple[tuple[int, ...], ...]
    toll_left: int
    turns: int
    winner: int


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
