"""Raiding Stonehenge position text, read into the rules' state: `from_text(text)` is a
`RaidingState`; the text itself is `position_text`'s (written from a position's data
alone, so the rules can write it without importing this module)."""

from __future__ import annotations

from albion.games.raiding_stonehenge import position_text
from albion.games.raiding_stonehenge.position_text import GAME_ID, LETTERS, PLAYERS, to_text
from albion.games.raiding_stonehenge.state import RaidingState

__all__ = ["GAME_ID", "LETTERS", "PLAYERS", "from_text", "to_text"]


def from_text(text: str) -> RaidingState:
    """The position `text` describes; PositionError says what is wrong and where."""
    return position_text.from_text(text, RaidingState.initial)
