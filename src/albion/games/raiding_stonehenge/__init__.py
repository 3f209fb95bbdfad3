"""Raiding Stonehenge: rules (RS-1 … RS-21), views, notation. `GAME` is the registered
instance."""

from albion.core.plugin import GamePlugin
from albion.games.raiding_stonehenge.actions import (
    Deal,
    Place,
    Play,
    RaidingAction,
    SetAside,
    Take,
)
from albion.games.raiding_stonehenge.components import Colour, card_colour
from albion.games.raiding_stonehenge.game import GAME, RaidingStonehenge
from albion.games.raiding_stonehenge.phase import Phase
from albion.games.raiding_stonehenge.state import RaidingState
from albion.games.raiding_stonehenge.view import RaidingView

__all__ = [
    "GAME",
    "PLUGIN",
    "Colour",
    "Deal",
    "Phase",
    "Place",
    "Play",
    "RaidingAction",
    "RaidingState",
    "RaidingStonehenge",
    "RaidingView",
    "SetAside",
    "Take",
    "card_colour",
]

PLUGIN = GamePlugin(
    GAME,
    strategy="albion.games.raiding_stonehenge.strategy",
    renderer="albion.games.raiding_stonehenge.render:render",
    wire="albion.games.raiding_stonehenge.wire",
    search_defaults={"iterations": 400, "c": 0.7, "rollout": "heuristic", "cutoff": 0,
                     "bias": 0.0},
)
"""The game's plug-in (entry point `albion.games`). Search defaults: a move well under a
second on one core, tuned by measured play."""
