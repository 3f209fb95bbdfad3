"""High Card: a tiny game with a chance deal and a secret hand (HC-1 … HC-3), living only
in the tests. `PLUGIN` is what the `albion.games` entry point names."""

from albion.core.plugin import GamePlugin

from .game import GAME, HighCard
from .rules import RULINGS, Deal, HighCardAction, Play
from .state import HighCardState, HighCardView

__all__ = ["GAME", "PLUGIN", "RULINGS", "Deal", "HighCard", "HighCardAction", "HighCardState",
           "HighCardView", "Play"]

PLUGIN = GamePlugin(
    GAME,
    strategy=f"{__name__}.strategy",
    renderer=f"{__name__}.render:render",
    wire=f"{__name__}.wire",
    search_defaults={"iterations": 200, "c": 0.7, "rollout": "heuristic", "cutoff": 0,
                     "bias": 0.0},
)
"""The game's plug-in. Its modules are named from this package's own name, so it works
whether imported as `highcard` (the entry point) or `tests.plugin_game.highcard`."""
