"""What the active player may do when nothing is pending (SC-6, SC-7, SC-33), and doing it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from albion.games.super_camelot import chests, combat, movement, turns, world
from albion.games.super_camelot.actions import (
    Attack,
    Command,
    PickCharacter,
    PickUp,
    PlaceOnCircle,
    Step,
    SuperCamelotAction,
)
from albion.games.super_camelot.board import CIRCLES, OFF_BOARD, SQUARES
from albion.games.super_camelot.components import Character
from albion.games.super_camelot.pieces import Phase

if TYPE_CHECKING:
    from albion.games.super_camelot.state import SuperCamelotState

STEPS = tuple(Step(position) for position in range(SQUARES + len(CIRCLES)))
ATTACKS = tuple(Attack(arc) for arc in range(8))
PLACES = tuple(PlaceOnCircle(circle) for circle in range(len(CIRCLES)))
PICKS = tuple(PickCharacter(character) for character in Character)
STOP, OPEN_CHEST, CLAIM, DIG, END_TURN = Command


def options(state: SuperCamelotState) -> list[SuperCamelotAction]:
    """The active player's choices, in a fixed order."""
    if state.phase is Phase.CHOOSING:
        taken = {player.character for player in state.players}
        return [PICKS[c] for c in Character if c not in taken]
    seat = state.active
    player = state.players[seat]
    if player.position == OFF_BOARD:
        return [PLACES[k] for k, circle in enumerate(CIRCLES)
                if world.character_at(state, circle) < 0]
    moving = state.move_left > 0
    acting = state.actions_left > 0
    found: list[SuperCamelotAction] = []
    if moving or acting:
        found += [STEPS[t] for t in movement.step_targets(state, seat)]
    if player.position >= SQUARES and not player.has_all_relics():
        found.append(END_TURN)  # SC-7: the first action is a Move off the circle
        return found
    if moving:
        found.append(STOP)
    if acting:
        found += [ATTACKS[arc] for arc in combat.attack_arcs(state, seat)]
        if chests.chest_to_open(state, seat) >= 0:
            found.append(OPEN_CHEST)
        found += [PickUp(special) for special in chests.stacks_beside(state, seat)]
        if chests.can_claim(state, seat):
            found.append(CLAIM)
        if chests.can_dig(state, seat):
            found.append(DIG)
    found.append(END_TURN)
    return found


def perform(state: SuperCamelotState, action: SuperCamelotAction) -> None:
    """Apply one of `options(state)`."""
    if isinstance(action, Step):
        movement.step(state, action.to)
        return
    if isinstance(action, PickCharacter):
        turns.pick_character(state, action.character)
        return
    if isinstance(action, PlaceOnCircle):
        movement.place_on_circle(state, action.circle)
        return
    if action is STOP:
        state.move_left = 0
        return
    if action is END_TURN:
        turns.end_turn(state)
        return
    state.move_left = 0  # any other action ends a Move (SC-6)
    state.actions_left -= 1
    if isinstance(action, Attack):
        combat.attack(state, action.arc)
    elif isinstance(action, PickUp):
        chests.pick_up(state, action.special)
    elif action is OPEN_CHEST:
        chests.open_chest(state)
    elif action is CLAIM:
        state.end_game(state.active, "grail")
    elif action is DIG:
        chests.dig(state)
