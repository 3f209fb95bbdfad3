"""Moving square by square (SC-8), safe entry into tiles nobody stands on (SC-9), and
exploring the ring (SC-10)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from albion.core.errors import Refusal
from albion.core.words import say
from albion.games.super_camelot import belongings, world
from albion.games.super_camelot.board import (
    CASTLE,
    CIRCLE_OF_EXIT,
    CIRCLES,
    NEIGHBOURS,
    OPEN_GROUND,
    SLOT_OF,
    SQUARES,
    START_BLOCK,
    STEP_TO,
    slot_of,
)
from albion.games.super_camelot.components import MOVE_SQUARES, Card, Character, Token
from albion.games.super_camelot.pieces import Thing, TileDraw
from albion.games.super_camelot.record import SuperCamelotRecord

ROCK: Final = Thing.ROCK  # module names: Enum attribute access is slow
GAUNTLET: Final = Card.POWER_GAUNTLET


def allowance(state: SuperCamelotRecord, seat: int) -> int:
    """SC-8: 3 squares per Move; Racing Boots +1 (SC-26); Percival +1 (SC-5)."""
    player = state.players[seat]
    squares = MOVE_SQUARES + player.has(Card.RACING_BOOTS)
    if state.rules.abilities and player.character is Character.PERCIVAL:
        squares += 1
    return squares


NO_ACTIONS: Final = Refusal("SC-6", say("no actions left this turn: end your turn"))
TREES: Final = Refusal("SC-8", say("trees block the way"))
ENEMY_THERE: Final = Refusal("SC-8", say("an enemy stands there"))
CHARACTER_THERE: Final = Refusal("SC-8", say("another character stands there"))
ROCK_THERE: Final = Refusal(
    "SC-8", say("a rock blocks the way (the Power Gauntlet moves through rocks)"))
OBJECT_THERE: Final = Refusal(
    "SC-8", say("an object blocks the way (a bush, a rock, a chest or a stack)"))
NO_TILE_LEFT: Final = Refusal("SC-10", say("no tile is left to explore"))
EXPLORE_FROM_MAP: Final = Refusal("SC-10", say("you can explore only from a square of the map"))
TOKEN_ON_ENTRY: Final = Refusal("SC-9", say("entering there would land on a token once the "
                                            "tile is populated"))
NO_WAY_OUT: Final = Refusal("SC-9", say("entering there would leave no free way out"))
RELICS_NEEDED: Final = Refusal("SC-8", say("the Starting Tile cannot be re-entered without all "
                                           "three relics (SC-20)"))
CIRCLE_TAKEN: Final = Refusal("SC-20", say("another character stands on that circle: only a "
                                           "free circle opens"))


OPEN_STEPS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(t for t in targets if OPEN_GROUND[t]) for targets in STEP_TO)
"""`STEP_TO` without the trees (SC-8: never entered), in the same order."""


def step_targets(state: SuperCamelotRecord, seat: int) -> list[int]:
    """Where `seat` may step now, in a fixed order: the candidates `step_refusal` passes.
    A square of a populated tile is checked here as `enter_refusal` checks it (its most
    common case, once a call each was 13 % of a random playout, issue 28); the rest are
    asked of `enter_refusal`."""
    player = state.players[seat]
    origin = player.position
    occupied = {p.position for p in state.players}
    slot_tile, populated, enemies, things = (state.slot_tile, state.populated, state.enemies,
                                             state.things)
    targets = []
    for target in OPEN_STEPS[origin]:
        slot = SLOT_OF[target]
        if slot_tile[slot] < 0 or not populated[slot]:
            if enter_refusal(state, seat, origin, target, occupied) is None:
                targets.append(target)
        elif target not in enemies and target not in occupied:
            thing = things.get(target)
            if thing is None or (thing is ROCK and player.has(GAUNTLET)):
                targets.append(target)
    circle = CIRCLE_OF_EXIT.get(origin) if origin < SQUARES else None
    if circle is not None and player.has_all_relics() and \
            circle_refusal(state, seat, circle) is None:
        targets.append(circle)
    return targets


def step_refusal(state: SuperCamelotRecord, seat: int, target: int) -> Refusal | None:
    """SC-6, SC-8 … SC-10, SC-20: why `seat` may not step onto `target` now, or None."""
    if state.move_left <= 0 and state.actions_left <= 0:
        return NO_ACTIONS
    origin = state.players[seat].position
    if target >= SQUARES:
        if CIRCLE_OF_EXIT.get(origin) != target:
            return Refusal("SC-8", say("a step goes to a square orthogonally next to you"))
        return circle_refusal(state, seat, target)
    if target not in STEP_TO[origin]:
        if origin < SQUARES and target in START_BLOCK and target in NEIGHBOURS[origin]:
            if target in CASTLE:
                return Refusal("SC-8", say("the Castle blocks the way"))
            if state.players[seat].has_all_relics():
                return Refusal("SC-20", say("with all three relics, step onto the starting "
                                   "circle itself: the Starting Tile's other squares stay closed"))
            return RELICS_NEEDED
        if origin >= SQUARES:
            return Refusal("SC-8", say("from a circle, step onto one of the four squares "
                               "bordering its side of the Starting Tile"))
        return Refusal("SC-8", say("a step goes to a square orthogonally next to you"))
    return enter_refusal(state, seat, origin, target)


def circle_refusal(state: SuperCamelotRecord, seat: int, circle: int) -> Refusal | None:
    """SC-20: with all three relics, onto a free starting circle."""
    if not state.players[seat].has_all_relics():
        return RELICS_NEEDED
    return CIRCLE_TAKEN if world.character_at(state, circle) >= 0 else None


def enter_refusal(state: SuperCamelotRecord, seat: int, origin: int, target: int,
                  occupied: set[int] | None = None) -> Refusal | None:
    """SC-8 (blockers, Power Gauntlet), SC-9 (safe entry), SC-10 (exploring), for a
    target next to `origin`."""
    if not OPEN_GROUND[target]:
        return TREES
    slot = SLOT_OF[target]
    if state.slot_tile[slot] < 0:  # SC-10: explore the ring
        if origin >= SQUARES:
            return EXPLORE_FROM_MAP
        return None if state.tile_stack else NO_TILE_LEFT
    if state.populated[slot]:
        if target in state.enemies:
            return ENEMY_THERE
        if target in occupied if occupied is not None else \
                world.character_at(state, target) >= 0:
            return CHARACTER_THERE
        thing = state.things.get(target)
        if thing is None or (thing is ROCK and state.players[seat].has(GAUNTLET)):
            return None
        return ROCK_THERE if thing is ROCK else OBJECT_THERE
    if target in state.things:
        return OBJECT_THERE
    plan = world.population_plan(state, slot)
    if target in plan and not (plan[target] is Token.ROCK and
                               state.players[seat].has(GAUNTLET)):
        return TOKEN_ON_ENTRY
    return None if has_free_exit(state, origin, target, plan) else NO_WAY_OUT


def map_entry_check(state: SuperCamelotRecord, seat: int,
                    occupied: set[int]) -> Callable[[int], bool]:
    """Whether `enter_refusal(state, seat, origin, target, occupied) is None` for a
    `target` next to an `origin` on the map — the same for every such origin, SC-9's way
    out being the square left behind — as a predicate for the planner's searches (issue
    28): the same checks, with the Power Gauntlet and each tile's population plan read
    once per search, not once per square."""
    gauntlet = state.players[seat].has(GAUNTLET)
    slot_tile, populated, enemies, things = (state.slot_tile, state.populated, state.enemies,
                                             state.things)
    plans: dict[int, Mapping[int, Token]] = {}

    def can_enter(target: int) -> bool:
        if not OPEN_GROUND[target]:
            return False  # TREES
        slot = SLOT_OF[target]
        if slot_tile[slot] < 0:
            return bool(state.tile_stack)  # SC-10: explore, if a tile is left
        if populated[slot]:
            if target in enemies or target in occupied:
                return False
            thing = things.get(target)
            return thing is None or (thing is ROCK and gauntlet)
        if target in things:
            return False
        plan = plans.get(slot)
        if plan is None:
            plan = plans[slot] = world.population_plan(state, slot)
        token = plan.get(target)
        return token is None or (token is Token.ROCK and gauntlet)

    return can_enter


def has_free_exit(state: SuperCamelotRecord, origin: int, target: int,
                  plan: Mapping[int, Token]) -> bool:
    """SC-9, SC-33: a square beside `target`, on any tile in play, free once the tile is
    populated; the square left behind counts unless it is a starting circle. So a step
    between two squares of the map always has one: only a step off a circle looks."""
    exits = NEIGHBOURS[target]
    if origin in exits:
        return True
    target_slot = SLOT_OF[target]
    for exit_square in exits:
        if not OPEN_GROUND[exit_square]:
            continue
        slot = SLOT_OF[exit_square]
        if state.slot_tile[slot] < 0:
            continue
        if slot == target_slot:
            if exit_square not in state.things and exit_square not in plan:
                return True
        elif state.populated[slot]:
            if not world.is_blocked(state, exit_square):
                return True
        elif exit_square not in state.things and \
                exit_square not in world.population_plan(state, slot):
            return True
    return False


def step(state: SuperCamelotRecord, target: int) -> None:
    """One square: the first of a Move spends an action (SC-6, SC-8); a step into an
    unexplored slot draws its tile first (SC-10)."""
    seat = state.active
    if state.move_left == 0:
        state.actions_left -= 1
        state.move_left = allowance(state, seat)
    if target < SQUARES and state.slot_tile[slot_of(target)] < 0:
        state.pending.append(TileDraw(target))
        return
    enter(state, seat, target)


def place_explored_tile(state: SuperCamelotRecord, target: int, tile: int) -> None:
    """SC-10: the drawn tile takes the slot; the mover enters it."""
    state.slot_tile[slot_of(target)] = tile
    state.tile_stack.remove(tile)
    enter(state, state.active, target)


def enter(state: SuperCamelotRecord, seat: int, target: int) -> None:
    """SC-11: the tile left empty is emptied before the tile entered is populated; then
    items are collected (SC-8; the Magnet gathers the whole tile, SC-32)."""
    player = state.players[seat]
    old_slot = slot_of(player.position) if 0 <= player.position < SQUARES else -1
    new_slot = slot_of(target) if target < SQUARES else -1
    player.position = target
    state.move_left -= 1
    if old_slot >= 0 and old_slot != new_slot and not world.characters_on(state, old_slot):
        world.depopulate(state, old_slot)
    if new_slot < 0:
        return
    if not state.populated[new_slot]:
        world.populate(state, new_slot)
    if state.things.get(target) is ROCK:  # SC-26: the Power Gauntlet lifts it
        del state.things[target]
        state.token_supply[Token.ROCK] += 1
    belongings.collect(state, seat, target)
    if new_slot != old_slot and player.has(Card.MAGNET) and state.winner < 0:
        belongings.collect_on_tile(state, seat)


def place_on_circle(state: SuperCamelotRecord, circle: int) -> None:
    """SC-7: a first turn begins on a free starting circle."""
    state.players[state.active].position = CIRCLES[circle]
