"""Diamoniak: rules (DI-1 … DI-14), views, notation. `GAME` is the registered instance."""

from albion.core.plugin import GamePlugin
from albion.games.diamoniak.actions import Buy, Choice, DiamoniakAction, FirstPlayer, Lose, Reveal
from albion.games.diamoniak.cards import Card
from albion.games.diamoniak.game import GAME, Diamoniak
from albion.games.diamoniak.phase import Phase
from albion.games.diamoniak.state import DiamoniakState
from albion.games.diamoniak.view import DiamoniakView

__all__ = [
    "GAME",
    "PLUGIN",
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

PLUGIN = GamePlugin(
    GAME,
    strategy="albion.games.diamoniak.strategy",
    renderer="albion.games.diamoniak.render:render",
    wire="albion.games.diamoniak.wire",
    web="albion.games.diamoniak:web",
    rulebooks="albion.games.diamoniak:rulebooks",
    tutorial="albion.games.diamoniak:data/tutorial.toml",
    analysis="albion.games.diamoniak.analysis:facts",
    analysis_iterations=1000,
    intro=("Your colour is set by the first castle card you draw (DI-4): until then you have no "
          "castle and cannot buy. Draw until you stop or a witch comes (DI-3, DI-8); three "
          "diamonds buy a card of your colour from an opponent's right-hand pile (DI-7)."),
    search_defaults={"iterations": 3000, "c": 0.7, "rollout": "heuristic", "cutoff": 25,
                     "bias": 0.0},
)
"""The game's plug-in (entry point `albion.games`). Search defaults: a move well under a
second on one core, tuned by measured play."""
