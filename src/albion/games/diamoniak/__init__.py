"""Diamoniak: rules (DI-1 … DI-14), views, notation. `GAME` is the registered instance."""

from albion.games.diamoniak.actions import Buy, Choice, DiamoniakAction, FirstPlayer, Lose, Reveal
from albion.games.diamoniak.cards import Card
from albion.games.diamoniak.game import GAME, Diamoniak
from albion.games.diamoniak.phase import Phase
from albion.games.diamoniak.state import DiamoniakState
from albion.games.diamoniak.view import DiamoniakView

__all__ = [
    "GAME",
    "Buy",
    "Card",
    "Choice",
    "Diamoniak",
    "DiamoniakAction",
    "DiamoniakState",
    "DiamoniakView",
    "FirstPlayer",
    "Lose",
    "Phase",
    "Reveal",
]
