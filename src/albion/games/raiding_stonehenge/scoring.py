"""End of game: scores (RS-16) and winners (RS-17)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

SET_BONUS: Final = 10
"""RS-16: points per complete set of five colours."""


def score(disks: Sequence[int]) -> int:
    """RS-16: 10 per set (one disk of each colour), minus 1 per disk not in a set."""
    sets = min(disks)
    return SET_BONUS * sets - (sum(disks) - len(disks) * sets)


def winners(scores: Sequence[int], hands: Sequence[Sequence[int]]) -> list[int]:
    """RS-17: the highest score; among tied players the best hand, compared card by card
    from the highest down; identical hands share the win."""
    best = max(scores)
    tied = [seat for seat, value in enumerate(scores) if value == best]
    keys = {seat: sorted(hands[seat], reverse=True) for seat in tied}
    top = max(keys.values())
    return [seat for seat in tied if keys[seat] == top]
