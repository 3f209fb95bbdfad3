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
    intro=("Each round everyone takes a bottom card from a line (RS-5), then all play a card "
          "face down at once (RS-6). Cards send their players to the pile of their colour, "
          "highest first; black cards (K) choose a pile (RS-8). Sets of five colours score 10 "
          "(RS-16). Card letters: W white, B blue, G green, Y yellow, R red, K black."),
    search_defaults={"iterations": 400, "c": 0.7, "rollout": "heuristic", "cutoff": 0,
                     "bias": 0.0},
)
"""The game's plug-in (entry point `albion.games`). Search defaults: a move well under a
second on one core, tuned by measured play."""
