"""Super Camelot: tiles, exploration, movement, chests, relics, the Grail, gems, combat and
the enemy turn (SC-1 … SC-37). `GAME` is the registered instance."""

from albion.games.super_camelot.actions import SuperCamelotAction
from albion.games.super_camelot.game import GAME, SuperCamelot
from albion.games.super_camelot.state import SuperCamelotState
from albion.games.super_camelot.view import SuperCamelotView

__all__ = ["GAME", "SuperCamelot", "SuperCamelotAction", "SuperCamelotState",
           "SuperCamelotView"]
