"""The Enemy Turn (SC-22 … SC-25). Part 1 of Super Camelot: enemies are placed and block
movement, but do not act yet."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from albion.games.super_camelot.state import SuperCamelotState


def start_enemy_turn(state: SuperCamelotState) -> bool:
    """Queue the activations of the enemies on the active player's tile; False if none
    act (then the next turn starts at once)."""
    return False
