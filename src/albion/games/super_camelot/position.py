"""Super Camelot position text, read into the rules' state: `from_text(text)` is a
`SuperCamelotState`; the text itself is `position_text`'s (written from a position's data
alone, so the rules can write it without importing this module)."""

from __future__ import annotations

from albion.games.super_camelot import position_text
from albion.games.super_camelot.position_text import GAME_ID, PLAYERS, to_text
from albion.games.super_camelot.state import SuperCamelotState

__all__ = ["GAME_ID", "PLAYERS", "from_text", "to_text"]


def from_text(text: str) -> SuperCamelotState:
    """The position `text` describes; PositionError says what is wrong and on which line."""
    return position_text.from_text(text, SuperCamelotState.initial)
