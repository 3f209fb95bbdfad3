"""Diamoniak's fixed action space (OpenSpiel's NumDistinctActions, PettingZoo's masks).

Every action any state can produce, chance outcomes included, has one index, the same in
every state, player count and variant; index and action read each other back exactly
(the actions are the prebuilt values of `actions`). Layout, 38 indices (docs/action-spaces.md):

    0–2     draw, stop, pass                                  DI-3, DI-9
    3–18    buy: 3 + 4 × seller + colour (red, blue, green, yellow)     DI-7
    19–20   use fairy, keep fairy                             DI-8
    21–26   lose castle, lose red, blue, green, yellow, diamond   DI-8, DI-14
    27–33   chance: reveal red, blue, green, yellow, diamond, witch, fairy   DI-3
    34–37   chance: first P1 … P4                             DI-2 (first=random)

A witch never takes a witch or a fairy (DI-8), so `Lose` has five values, not seven.

Game length (`max_game_length`). DI-10's cap ends the game after `max_turns` turns, and
before the first turn comes at most one chance outcome (first=random). A turn is a buy or
a pass (1 action), or draws: each draw is `draw` and its `reveal` (2 actions). Cards drawn
in a turn stay in the drawer's castle or right-hand pile until it ends (DI-4, DI-6; only a
witch, a fairy used or a purchase send cards to the discard, and each ends the turn), so
a turn draws at most the 47 cards that are not witches and then one witch: 48 draws, 96
actions. The turn then ends with `stop` (1 action), or after the witch with the fairy's
question and at most three losses (4 actions, DI-8). So a turn is at most 100 actions and
a game at most 1 + 100 × max_turns.
"""

from __future__ import annotations

from albion.core.action_space import ActionSpace
from albion.core.variants import Variant
from albion.games.diamoniak.actions import BUY, FIRST, LOSE, REVEAL, Choice, DiamoniakAction
from albion.games.diamoniak.cards import CARDS_LOST_TO_WITCH, COLOURS, DECK, DECK_SIZE, Card

SEGMENTS: tuple[tuple[str, tuple[DiamoniakAction, ...]], ...] = (
    ("draw, stop, pass (DI-3, DI-9)", (Choice.DRAW, Choice.STOP, Choice.PASS)),
    ("buy: 4 × seller + colour (DI-7)", tuple(buy for row in BUY for buy in row)),
    ("use fairy, keep fairy (DI-8)", (Choice.USE_FAIRY, Choice.KEEP_FAIRY)),
    ("lose castle, lose red … yellow, diamond (DI-8)",
     (Choice.LOSE_CASTLE, *(LOSE[colour] for colour in COLOURS), LOSE[Card.DIAMOND])),
    ("chance: reveal red … fairy (DI-3)", REVEAL),
    ("chance: first P1 … P4 (DI-2)", FIRST),
)
"""The ranges in index order: a label and the actions, each at base + position."""
SPACE: ActionSpace[DiamoniakAction] = ActionSpace("Diamoniak", SEGMENTS)

TURN_ACTIONS = 2 * (DECK_SIZE - DECK[Card.WITCH] + 1) + 1 + CARDS_LOST_TO_WITCH
"""The most actions of one turn: 48 draws (96), the fairy's question and three losses."""




def max_game_length(variant: Variant) -> int:
    """1 + 100 × max_turns (DI-2, DI-10: see the module's docstring)."""
    return 1 + TURN_ACTIONS * variant.number("max_turns")
