"""Super Camelot's fixed action space (OpenSpiel's NumDistinctActions, PettingZoo's masks).

Every action any state can produce, chance outcomes included, has one index, the same in
every state, player count and variant; index and action read each other back exactly
(the prebuilt values of `options` and `resolve`). A square argument is the square itself,
row × 28 + column (r1c1 is 0, r28c28 is 783), so `index − first` of its range names it;
kills and Loot are single enemies since 2.0 (SC-38). Layout, 5695 indices
(docs/action-spaces.md):

    0–5        stop, open chest, claim grail, dig, end turn, keep roll    (Command order)
    6–11       pick arthur, gwenivere, lancelot, merlin, percival, galahad   SC-34
    12–15      circle north, east, south, west                         SC-7
    16–803     step: 16 + square; 800–803 onto the north … west circle   SC-8, SC-20
    804–811    attack ne, se, sw, nw; sweep north, east, south, west     SC-12, SC-32
    812–1595   bomb: 812 + centre square                               SC-14
    1596–2379  shoot: 1596 + target square                             SC-15
    2380–2383  pick up big-key, fire-relic, water-relic, wind-relic      SC-18
    2384–3167  drop: 2384 + square                                     SC-16
    3168–3173  reroll shield, star, gem, two-hits, one-hit, blank        SC-5
    3174–3177  gems 0–3                                                SC-38
    3178–3961  kill: 3178 + square                                     SC-38
    3962–4745  loot: 3962 + square                                     SC-12
    4746–4763  keep <card> (Card order)                                SC-5
    4764–5547  activate: 4764 + square                                 SC-22
    5548–5551  target P1–P4                                            SC-22
    5552–5569  give up <card> (Card order)                             SC-24
    5570–5585  chance: tile <key> (tile-set order)                     SC-1, SC-10
    5586–5668  chance: roll of 1, 2 or 3 dice (sorted faces, in `ROLLS` order)
    5669–5672  chance: stars 0–3                                       SC-4
    5673–5690  chance: draw <card> (Card order)                        SC-16, SC-17
    5691–5694  chance: first P1–P4 (a roll-off among tied players)     SC-41

Game length (`max_game_length`): SC-37 caps a game at `max_turns` seat turns. Before them:
4 centre tiles (SC-1), N picks (SC-34), the first-player roll (SC-4: at most 20 rounds of
N rolls, then at most one draw among the tied, SC-41). One seat turn is
at most `TURN_ACTIONS` = 358:
- a strike (attack, bomb, or the free bow shot) is at most 26: itself, the roll, Arthur's
  re-roll question and die, the Stars, 3 kills (one per hit icon, SC-38), 2 Loot choices
  (when anything dies a die is a hit, so at most 2 Gems), and 4 cards (a Gem draws for one
  bush and one enemy, SC-12) of at most 4 steps each (draw, Merlin's second draw and
  choice, where it drops). A Move is at most 11 (5 steps, each exploring a tile, and stop);
  a dig 5, a chest 3, a pick up 1;
- a turn has 3 actions, and one more per Speed Potion (SC-16): the Small Loot deck holds
  the only one among its 10 cards, which comes back only through a reshuffle of at least 9
  cards, all drawn first; an action draws at most 4 Small Loot cards (2 Gems, Merlin
  doubling), the bow 2; so at most 6 potions, 9 actions;
- then end turn, and the Enemy Turn: at most 24 enemies, each activated, choosing a
  target, stealing and rolling a defence (4 each, SC-22 … SC-25). With the circle entered
  on a first turn: 1 + 26 + 9 × 26 + 1 + 96 = 358.
"""

from __future__ import annotations

from albion.core.action_space import ActionSpace
from albion.core.variants import Variant
from albion.games.super_camelot.actions import Command, SuperCamelotAction
from albion.games.super_camelot.board import CENTRE_SLOTS
from albion.games.super_camelot.components import ACTIONS_PER_TURN, TOKEN_SUPPLY, Token
from albion.games.super_camelot.options import (
    ATTACKS,
    BOMBS,
    PICK_UP,
    PICKS,
    PLACES,
    SHOTS,
    STEPS,
)
from albion.games.super_camelot.resolve import (
    ACTIVATE,
    DRAWS,
    DROP_AT,
    FIRST_SEATS,
    GIVE_UP,
    KEEP,
    KILLS,
    LOOT_FROM,
    PLACE_TILES,
    REROLL,
    ROLL_OF,
    STAR_COUNTS,
    TARGETS,
    USE_STARS,
)
from albion.games.super_camelot.turns import ROLL_OFF_ROUNDS

SEGMENTS: tuple[tuple[str, tuple[SuperCamelotAction, ...]], ...] = (
    ("stop, open chest, claim grail, dig, end turn, keep roll", tuple(Command)),
    ("pick <character> (SC-34)", PICKS),
    ("circle north … west (SC-7)", PLACES),
    ("step: square, then the 4 circles (SC-8)", STEPS),
    ("attack / sweep: arc 0–7 (SC-12)", ATTACKS),
    ("bomb: centre square (SC-14)", BOMBS),
    ("shoot: target square (SC-15)", SHOTS),
    ("pick up <special> (SC-18)", PICK_UP),
    ("drop: square (SC-16)", DROP_AT),
    ("reroll <face> (SC-5)", REROLL),
    ("gems 0–3 (SC-38)", USE_STARS),
    ("kill: square (SC-38)", KILLS),
    ("loot: square (SC-12)", LOOT_FROM),
    ("keep <card> (SC-5)", KEEP),
    ("activate: square (SC-22)", ACTIVATE),
    ("target P1–P4 (SC-22)", TARGETS),
    ("give up <card> (SC-24)", GIVE_UP),
    ("chance: tile (SC-1, SC-10)", PLACE_TILES),
    ("chance: roll of 1–3 dice (SC-12, SC-21)", tuple(ROLL_OF.values())),
    ("chance: stars 0–3 (SC-4)", STAR_COUNTS),
    ("chance: draw <card> (SC-16, SC-17)", DRAWS),
    ("chance: first P1–P4, a roll-off (SC-41)", FIRST_SEATS),
)
"""The ranges in index order: a label and the actions, each at first + position."""
SPACE: ActionSpace[SuperCamelotAction] = ActionSpace("Super Camelot", SEGMENTS)

STRIKE_ACTIONS = 1 + 1 + 2 + 1 + 3 + 2 + 4 * 4
"""A strike and what follows it (see the module's docstring): 26."""
MOVE_ACTIONS = 5 * 2 + 1
SPEED_POTIONS_PER_TURN = 6
ACTION_ACTIONS = max(STRIKE_ACTIONS, MOVE_ACTIONS, 1 + 4, 1 + 2, 1)
ENEMIES = sum(TOKEN_SUPPLY[token] for token in (Token.DARK_KNIGHT, Token.MIMIC, Token.PLANT))
TURN_ACTIONS = (1 + STRIKE_ACTIONS + (ACTIONS_PER_TURN + SPEED_POTIONS_PER_TURN) * ACTION_ACTIONS
                + 1 + 4 * ENEMIES)
"""The most actions of one seat turn, its Enemy Turn included: 358."""




def max_game_length(num_players: int, variant: Variant) -> int:
    """Setup (tiles, picks, the rolls and a roll-off draw) and `TURN_ACTIONS` per seat
    turn up to SC-37's cap: a true bound since SC-41 limits the re-rolls of ties."""
    setup = len(CENTRE_SLOTS) + num_players + ROLL_OFF_ROUNDS * num_players + 1
    return setup + TURN_ACTIONS * variant.number("max_turns")
