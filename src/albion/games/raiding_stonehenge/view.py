"""What a seat sees of Raiding Stonehenge (RS-18, RS-20): its own hand and committed card;
of others only hand sizes and whether they have committed; everything public."""

from __future__ import annotations

from dataclasses import dataclass

from albion.core.pickling import picklable
from albion.core.variants import Variant


@dataclass(frozen=True, slots=True)
class RaidingView:
    """A seat's view (`seat=None`: a spectator, who sees no hand at all)."""

    seat: int | None
    variant: Variant
    num_players: int
    current_player: int
    phase: str
    round: int
    start: int
    lines: tuple[tuple[int, ...], ...]
    """Each line top to bottom; the last card is the bottom, the one that can be taken."""
    deck_size: int
    deal_queue: tuple[int, ...]
    """Who gets the next cards: 0–4 a line, 5 + seat a hand."""
    hand: tuple[int, ...] | None
    """This seat's hand, sorted (None for a spectator)."""
    hand_sizes: tuple[int, ...]
    committed: tuple[bool, ...]
    own_play: int
    """This seat's committed card, 0 if none."""
    revealed: tuple[int, ...]
    """Every seat's card once revealed (RS-6), else 0s."""
    at_pile: tuple[int, ...]
    pending: tuple[int, ...]
    piles: tuple[int, ...]
    disks: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    """Counts of played cards by number (index 0 unused)."""
    final_hands: tuple[tuple[int, ...], ...] | None = None
    """Every hand, shown once the game is over (RS-17 compares them)."""
    taken: tuple[tuple[int, ...], ...] = ()
    """Per seat, the cards everyone saw it take from a line and not play since (RS-18)."""
    last_plays: tuple[int, ...] = ()
    """The cards revealed in the previous round."""


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
