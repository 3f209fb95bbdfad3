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
    web="albion.games.raiding_stonehenge:web",
    rulebooks="albion.games.raiding_stonehenge:rulebooks",
    tutorial="albion.games.raiding_stonehenge:data/tutorial.toml",
    analysis="albion.games.raiding_stonehenge.analysis:facts",
    analysis_iterations=200,
    intro=("Each round everyone takes a bottom card from a line (RS-5), then all play a card "
          "face down at once (RS-6). Cards send their players to the pile of their colour, "
          "highest first; black cards (K) choose a pile (RS-8). Sets of five colours score 10 "
          "(RS-16). Card letters: W white, B blue, G green, Y yellow, R red, K black."),
    search_defaults={"iterations": 2000, "c": 0.7, "rollout": "heuristic", "cutoff": 20,
                     "bias": 0.0},
)
"""The game's plug-in (entry point `albion.games`). Search defaults: a move well under a
second on one core, tuned by measured play (issue 17): heuristic rollouts cut off after 20
actions and scored by the fitted evaluation (`strategy.evaluate`) run 2-6 times as many
iterations a second as rollouts to the end (the more of the game is left, the more). 2000
of them won 98 of 100 rotated games against `heuristic` where 400 rollouts to the end won
94, and take 1.4 times as long (six 2-player games against `random` on one core: 69 s
against 49 s)."""
