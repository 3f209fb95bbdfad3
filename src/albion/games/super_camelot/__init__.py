"""Super Camelot: tiles, exploration, movement, chests, relics, the Grail, gems, combat and
the enemy turn (SC-1 … SC-37). `GAME` is the registered instance."""

from albion.core.plugin import GamePlugin
from albion.games.super_camelot.actions import SuperCamelotAction
from albion.games.super_camelot.game import GAME, SuperCamelot
from albion.games.super_camelot.state import SuperCamelotState
from albion.games.super_camelot.view import SuperCamelotView

__all__ = ["GAME", "PLUGIN", "SuperCamelot", "SuperCamelotAction", "SuperCamelotState",
           "SuperCamelotView"]

PLUGIN = GamePlugin(
    GAME,
    strategy="albion.games.super_camelot.strategy",
    renderer="albion.games.super_camelot.render:render",
    wire="albion.games.super_camelot.wire",
    web="albion.games.super_camelot:web",
    rulebooks="albion.games.super_camelot:rulebooks",
    tutorial="albion.games.super_camelot:data/tutorial.toml",
    analysis="albion.games.super_camelot.analysis:facts",
    analysis_iterations=36,
    intro=("Three actions a turn (SC-6). A Move goes square by square: `step north`… then "
          "`stop` or another action (SC-36); your first step off a starting circle names a "
          "square (`step r11c13`). `attack ne` rolls the dice for an arc (SC-12). Win with 40 "
          "gems (SC-19) or by bringing the three relics back to a circle (SC-20)."),
    search_defaults={"iterations": 100, "c": 0.7, "rollout": "random", "cutoff": 20,
                     "bias": 0.5},
)
"""The game's plug-in (entry point `albion.games`). Search defaults: a move well under a
second on one core, tuned by measured play."""
