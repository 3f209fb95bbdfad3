"""The game contract: games, states, views, actions, errors, records and the registry.

Standard library only; no I/O; no random generator is ever held here.
"""

from albion.core.chance import pick_outcome
from albion.core.errors import (
    AlbionError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurn,
    PlayerCountError,
    PositionError,
    RecordError,
    Refusal,
    StaleVersion,
    UndoRefused,
    UnknownGameError,
    VariantError,
)
from albion.core.events import ActionTaken, ChanceResult, Event, GameOver, MoveTakenBack
from albion.core.game import AnyGame, AnyState, Game, GameInfo
from albion.core.library import load_game, play_chance
from albion.core.observation import ObservationLayout, Slice
from albion.core.record import GameRecord, replay
from albion.core.registry import (
    all_games,
    all_plugins,
    game_ids,
    get_game,
    get_plugin,
    plugin_of,
    register,
    unregister,
)
from albion.core.rulings import Ruling, Source
from albion.core.state import CAP, CHANCE, TERMINAL, State
from albion.core.variants import Variant, VariantOption, VariantValue, parse_variant_pairs

__all__ = [
    "CAP",
    "CHANCE",
    "TERMINAL",
    "ActionTaken",
    "AlbionError",
    "AnyGame",
    "AnyState",
    "ChanceResult",
    "Event",
    "Game",
    "GameInfo",
    "GameOver",
    "GameRecord",
    "IllegalActionError",
    "InvalidActionError",
    "MoveTakenBack",
    "NotYourTurn",
    "ObservationLayout",
    "PlayerCountError",
    "PositionError",
    "RecordError",
    "Refusal",
    "Ruling",
    "Slice",
    "Source",
    "StaleVersion",
    "State",
    "UndoRefused",
    "UnknownGameError",
    "Variant",
    "VariantError",
    "VariantOption",
    "VariantValue",
    "all_games",
    "all_plugins",
    "game_ids",
    "get_game",
    "get_plugin",
    "load_game",
    "parse_variant_pairs",
    "pick_outcome",
    "play_chance",
    "plugin_of",
    "register",
    "replay",
    "unregister",
]
