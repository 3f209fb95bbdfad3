"""A Super Camelot strategy in a few lines: go for the Grail.

- Choosing (SC-34): a free character uniformly at random, from the policy's own `rng`
  (issue 14: always the first one left the other four out of every report); then the
  first free circle (SC-7).
- Inside an action: Stars become 2 Hits when an enemy is in reach, else Gems; the first
  maximal kill set still open (SC-38), named one enemy at a time; the first killed enemies
  draw Loot (SC-12); items drop nearest to oneself;
  Merlin keeps an item over a potion unless hurt; Arthur re-rolls a Blank; a Mimic gets
  the cheapest treasure; the first target or enemy offered.
- On the map, in order: claim the Grail on a circle; with all three relics, walk to a free
  circle; open a chest when standing south of it with its key; pick up a relic (or the Big
  Key) beside; strike an enemy in reach while healthy; walk (shortest path on what is
  known, every step one the engine allows: SC-8's blockers, SC-9's safe entry) to the
  nearest relic stack not yet held, else a chest one holds a key for, else an item lying
  on one's tile, else the nearest unexplored edge; with no known way there, a legal step
  nearer as the crow flies (off a circle, any: SC-7); else stop, cut, or end the turn.
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any

from albion.core.game import AnyState
from albion.core.words import Words, say
from albion.games.super_camelot import SuperCamelotState, movement, world
from albion.games.super_camelot.actions import (
    Attack,
    Command,
    DropAt,
    GiveUp,
    KeepCard,
    Kill,
    PickUp,
    PlaceOnCircle,
    Reroll,
    Step,
    UseStars,
)
from albion.games.super_camelot.board import (
    CIRCLE_EXITS,
    CIRCLE_OF_EXIT,
    CIRCLES,
    NEIGHBOURS,
    OPEN_GROUND,
    RING_SLOTS,
    SIDE,
    SLOT_OF,
    SQUARES,
)
from albion.games.super_camelot.combat import arc_squares, can_hit
from albion.games.super_camelot.components import (
    CARD_ITEM,
    GEM_ITEMS,
    GEM_VALUE,
    RELICS,
    Card,
    Face,
    Special,
)
from albion.games.super_camelot.pieces import (
    DropChoice,
    KeepChoice,
    KillChoice,
    Phase,
    RerollChoice,
    StarChoice,
    Thing,
    TreasureState,
)

SUMMARY: tuple[Words, ...] = (
    say("Goes for the Grail."),
    say("Chooses a free character at random, then the first free circle (SC-34, SC-7)."),
    say("In a fight: Stars become 2 Hits when an enemy is in reach, else Gems (SC-38); "
        "Merlin keeps an item over a potion unless hurt; Arthur re-rolls a Blank; a Mimic "
        "gets the cheapest treasure."),
    say("On the map, in order: claims the Grail on a circle; with all three relics, walks "
        "to a free circle; opens a chest it holds the key for; picks up a relic or the Big "
        "Key beside it; strikes an enemy in reach while healthy; else walks the shortest "
        "known way to the nearest relic, chest, item or unexplored edge."),
)
"""How it plays, to a player (`albion bots`, issue 29)."""
HEALTHY = 3
STACK, SMALL_CHEST, BIG_CHEST = Thing.STACK, Thing.SMALL_CHEST, Thing.BIG_CHEST


def policy(state: AnyState, rng: random.Random) -> Any:
    """The strategy above, for the seat to move in `state` (not a chance node)."""
    assert isinstance(state, SuperCamelotState)
    legal = state.legal_actions()
    if state.pending:
        return _answer(state, legal)
    if state.phase is Phase.CHOOSING:
        return rng.choice(legal)  # SC-34: any free character, so reports compare all six
    if isinstance(legal[0], PlaceOnCircle):
        return legal[0]
    return _act(state, legal)


def _answer(state: SuperCamelotState, legal: list[Any]) -> Any:
    top = state.pending[-1]
    seat = state.current_player()
    if isinstance(top, StarChoice):
        return min(legal, key=lambda a: a.gems if isinstance(a, UseStars) else 0)
    if isinstance(top, DropChoice):
        me = state.players[seat].position
        return min(legal, key=lambda a: _manhattan(me, a.square) if isinstance(a, DropAt)
                   else 0)
    if isinstance(top, KeepChoice):
        hurt = state.players[seat].health <= HEALTHY
        return max(legal, key=lambda a: _keep_value(a, hurt))
    if isinstance(top, KillChoice):
        return _next_kill(top, legal)
    if isinstance(top, RerollChoice):
        for action in legal:
            if isinstance(action, Reroll) and action.face is Face.BLANK:
                return action
        return Command.KEEP_ROLL
    gives = [a for a in legal if isinstance(a, GiveUp)]
    if gives:
        return gives[-1]
    return legal[0]


def _next_kill(top: KillChoice, legal: list[Any]) -> Any:
    """The lowest enemy of the first maximal set holding those named: named in turn, they
    reach that set (the one the bot chose whole before choices went one at a time)."""
    chosen = set(top.chosen)
    goal = next(kill for kill in top.kills if chosen.issubset(kill))
    return next(a for a in legal if isinstance(a, Kill) and a.square in goal)


def _keep_value(action: Any, hurt: bool) -> float:
    if not isinstance(action, KeepCard):
        return 0.0
    if action.card in (Card.HEALTH_POTION, Card.GRAIL_WATER):
        return 3.0 if hurt else 0.5
    if action.card in CARD_ITEM:
        item = CARD_ITEM[action.card]
        return 1.0 + GEM_VALUE.get(item, 2) / 5
    return 1.0


def _act(state: SuperCamelotState, legal: list[Any]) -> Any:
    player = state.players[state.active]
    if Command.CLAIM in legal:
        return Command.CLAIM
    if Command.OPEN_CHEST in legal:
        return Command.OPEN_CHEST
    pickups = [a for a in legal if isinstance(a, PickUp)]
    if pickups:
        return pickups[0]
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks and player.health >= HEALTHY and state.actions_left:
        for attack in attacks:
            if _arc_has_enemy(state, attack):
                return attack
    steps = {a.to: a for a in legal if isinstance(a, Step)}
    if steps:
        step = _step_towards_goal(state, steps)
        if step is not None:
            return step
    if Command.STOP in legal and state.move_left:
        return Command.STOP
    if attacks and state.actions_left:
        return attacks[0]  # cut a way through
    return Command.END_TURN


def _step_towards_goal(state: SuperCamelotState, steps: dict[int, Step]) -> Step | None:
    """The first step of a shortest legal path to a goal (issue 27: always one of
    `steps`); with no known path, a legal step nearer to a goal as the crow flies; on a
    circle, where only a Move may come first (SC-7), any legal step rather than ending the
    turn there again; else None."""
    seat = state.active
    planned = steps.get(next_step(state, seat))
    if planned is not None:
        return planned
    targets = goals(state, seat)
    position = state.players[seat].position
    if targets:
        nearest = min(steps, key=lambda to: _crow_distance(to, targets))
        if position >= SQUARES or \
                _crow_distance(nearest, targets) < _crow_distance(position, targets):
            return steps[nearest]
    return next(iter(steps.values())) if position >= SQUARES else None


def _crow_distance(position: int, targets: set[int] | frozenset[int]) -> int:
    """Squares to the nearest target, ignoring what stands between."""
    return min(_manhattan(position, target) for target in targets)


def _arc_has_enemy(state: SuperCamelotState, attack: Attack) -> bool:
    return any(can_hit(state, state.active, sq) for sq in
               arc_squares(state, state.active, attack.arc))


def goals(state: SuperCamelotState, seat: int) -> set[int] | frozenset[int]:
    """Squares worth reaching now, most important kind first."""
    player = state.players[seat]
    if player.has_all_relics():
        return {exit_square for k, exits in enumerate(CIRCLE_EXITS)
                if world.character_at(state, CIRCLES[k]) < 0 for exit_square in exits}
    wanted = {sq for sq, (special, _) in state.stacks.items()
              if special in RELICS and not player.specials[special]}
    if wanted:
        return {n for sq in wanted for n in NEIGHBOURS[sq]}
    chests = {sq + SIDE for sq, thing in state.things.items()
              if (thing is SMALL_CHEST and player.keys) or
              (thing is BIG_CHEST and player.specials[Special.BIG_KEY])}
    if chests:
        return chests
    if 0 <= player.position < SQUARES:
        slot = SLOT_OF[player.position]
        lying = {sq for sq in state.items if SLOT_OF[sq] == slot}
        if lying:
            return lying
    return frontier(state)


def frontier(state: SuperCamelotState) -> frozenset[int]:
    """Squares from which a step explores an empty ring slot."""
    if not state.tile_stack:
        return frozenset()
    return _frontier(tuple(tile >= 0 for tile in state.slot_tile))


@cache
def _frontier(placed: tuple[bool, ...]) -> frozenset[int]:
    empty = {slot for slot in RING_SLOTS if not placed[slot]}
    return frozenset(sq for sq in range(SQUARES) if OPEN_GROUND[sq] and placed[SLOT_OF[sq]]
                     and any(SLOT_OF[n] in empty for n in NEIGHBOURS[sq]))


def next_step(state: SuperCamelotState, seat: int) -> int:
    """The first square of a shortest legal path to a goal (a circle when on its exit
    with all relics; an empty slot's square when on the frontier), or -1."""
    player = state.players[seat]
    start = player.position
    targets = goals(state, seat)
    if player.has_all_relics() and start in CIRCLE_OF_EXIT and start in targets:
        return CIRCLE_OF_EXIT[start]
    if start in targets and start < SQUARES:
        for n in NEIGHBOURS[start]:
            if OPEN_GROUND[n] and state.slot_tile[SLOT_OF[n]] < 0:
                return n  # on the frontier: explore
    return shortest_path(state, seat, targets)[0]


OUT_OF_REACH = 30
"""The distance given to a goal no known path reaches."""



def shortest_path(state: SuperCamelotState, seat: int,
                  targets: set[int] | frozenset[int]) -> tuple[int, int]:
    """First step and length of a shortest path from `seat`'s position to one of
    `targets` over tiles in play, every step one the engine would allow (issue 27: the
    planner used to step where SC-9 forbids, and the bot then ended its turn): the first
    is one of `movement.step_targets` (SC-7 … SC-10, SC-20), each later one passes
    `movement.enter_refusal` (asked of `movement.map_entry_check`, its checks with a
    search's look-ups read once: SC-8's blockers and the Power Gauntlet, SC-26; SC-9: on a
    tile nobody stands on, no square that will hold a token once it is populated).
    Between two squares of the map that check does not depend on the side a square is
    entered from (SC-9's way out is the square left behind), so each square is asked
    once. Breadth first, level by level; (-1, OUT_OF_REACH) when no path is known."""
    if state.players[seat].position < 0:
        return -1, OUT_OF_REACH
    slot_tile = state.slot_tile
    first = {n: n for n in movement.step_targets(state, seat)
             if n < SQUARES and slot_tile[SLOT_OF[n]] >= 0}
    asked = set(first)
    can_enter = movement.map_entry_check(state, seat, {p.position for p in state.players})
    level = list(first)
    length = 1
    while level:
        reached: list[int] = []
        for here in level:
            if here in targets:
                return first[here], length
            for n in movement.OPEN_STEPS[here]:  # trees and the Starting Tile never open (SC-8)
                if n in asked:
                    continue
                asked.add(n)
                if slot_tile[SLOT_OF[n]] >= 0 and can_enter(n):
                    first[n] = first[here]
                    reached.append(n)
        level = reached
        length += 1
    return -1, OUT_OF_REACH


def _manhattan(a: int, b: int) -> int:
    if a >= SQUARES or b >= SQUARES or a < 0 or b < 0:
        return SIDE
    return abs(a // SIDE - b // SIDE) + abs(a % SIDE - b % SIDE)


STEP_VALUE = 0.15
"""Progress per square nearer to the next goal."""


def progress(state: SuperCamelotState, seat: int) -> float:
    """Relics held (standing on a circle with all three is nearly a win), how far the next
    goal is, gems, keys, health."""
    player = state.players[seat]
    relics = sum(player.specials[r] for r in RELICS)
    value = 2.5 * relics
    if relics == len(RELICS) and player.position >= SQUARES:
        value += 4.0
    elif player.position >= 0:
        value -= STEP_VALUE * min(goal_distance(state, seat), OUT_OF_REACH)
    gems = sum(GEM_VALUE[i] * player.gem_tokens(i) for i in GEM_ITEMS)
    gems += 5 * sum(1 for _, status in player.treasures if status is TreasureState.UP)
    return value + gems / 8 + 0.3 * player.keys + 0.1 * player.health


def goal_distance(state: SuperCamelotState, seat: int) -> int:
    """Squares to the nearest goal along known open ground (OUT_OF_REACH when none)."""
    start = state.players[seat].position
    targets = goals(state, seat)
    return 0 if start in targets else shortest_path(state, seat, targets)[1]


def evaluate(state: AnyState) -> list[float]:
    """Rough win chances from progress (for cut-off rollouts)."""
    assert isinstance(state, SuperCamelotState)
    if state.is_terminal():
        return state.returns()
    weights = [math.exp(progress(state, seat)) for seat in range(state.n)]
    total = sum(weights)
    return [weight / total for weight in weights]
