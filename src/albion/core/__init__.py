"""The game contract: games, states, views, actions, errors, records and the registry.

Standard library only; no I/O; no random generator is ever held here.
"""

from albion.core.chance import pick_outcome
from albion.core.errors import (
    AlbionError,
    IllegalActionError,
    InvalidActionError,
    PlayerCountError,
    RecordError,
    UnknownGameError,
    VariantError,
)
from albion.core.game import AnyState, Game
from albion.core.record import GameRecord, replay
from albion.core.registry import all_games, get_game, register
from albion.core.rulings import Ruling, Source
from albion.core.state import CAP, CHANCE, TERMINAL, State
from albion.core.variants import Variant, VariantOption, VariantValue, parse_variant_pairs

__all__ = [
    "CAP",
    "CHANCE",
    "TERMINAL",
    "AlbionError",
    "AnyState",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "InvalidActionError",
    "PlayerCountError",
    "RecordError",
    "Ruling",
    "Source",
    "State",
    "UnknownGameError",
    "Variant",
    "VariantError",
    "VariantOption",
    "VariantValue",
    "all_games",
    "get_game",
    "parse_variant_pairs",
    "pick_outcome",
    "register",
    "replay",
]
