"""Diamoniak position text, read into the rules' state: `from_text(text)` is a
`DiamoniakState`; the text itself is `position_text`'s (written from a position's data
alone, so the rules can write it without importing this module)."""

from __future__ import annotations

from albion.games.diamoniak import position_text
from albion.games.diamoniak.position_text import GAME_ID, LETTERS, PLAYERS, to_text
from albion.games.diamoniak.state import DiamoniakState

__all__ = ["GAME_ID", "LETTERS", "PLAYERS", "from_text", "to_text"]


def from_text(text: str) -> DiamoniakState:
    """The position `text` describes; PositionError says what is wrong and where."""
    return position_text.from_text(text, DiamoniakState.initial)
