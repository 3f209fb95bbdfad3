"""Albion: play, simulate and study Diamoniak, Raiding Stonehenge and Super Camelot.

`import albion` gives the game contract and the Table — the one authority every face
drives (see the README's "Library use")."""

from albion.core import (
    CHANCE,
    TERMINAL,
    ActionTaken,
    AlbionError,
    ChanceResult,
    Event,
    GameOver,
    GameRecord,
    IllegalActionError,
    InvalidActionError,
    NotYourTurn,
    PlayerCountError,
    PositionError,
    RecordError,
    Refusal,
    StaleVersion,
    UnknownGameError,
    VariantError,
    game_ids,
    get_game,
)
from albion.table import Entry, Table

__version__ = "0.2.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "ActionTaken",
    "AlbionError",
    "ChanceResult",
    "Entry",
    "Event",
    "GameOver",
    "GameRecord",
    "IllegalActionError",
    "InvalidActionError",
    "NotYourTurn",
    "PlayerCountError",
    "PositionError",
    "RecordError",
    "Refusal",
    "StaleVersion",
    "Table",
    "UnknownGameError",
    "VariantError",
    "__version__",
    "game_ids",
    "get_game",
]
