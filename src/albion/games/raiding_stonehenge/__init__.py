"""Raiding Stonehenge: rules (RS-1 … RS-21), views, notation. `GAME` is the registered
instance."""

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
