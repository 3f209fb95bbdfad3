"""What the active player may do when nothing is pending (SC-6, SC-7, SC-33), and doing it."""

from __future__ import annotations

from typing import Final

from albion.games.super_camelot import chests, combat, movement, turns, world
from albion.games.super_camelot.actions import (
    Attack,
    Bomb,
    Command,
    PickCharacter,
    PickUp,
    PlaceOnCircle,
    Shoot,
    Step,
    SuperCamelotAction,
)
from albion.games.super_camelot.board import CIRCLES, OFF_BOARD, SQUARES
from albion.games.super_camelot.components import Character, Special
from albion.games.super_camelot.pieces import Phase
from albion.games.super_camelot.record import SuperCamelotRecord

STEPS: Final = tuple(Step(position) for position in range(SQUARES + len(CIRCLES)))
ATTACKS: Final = tuple(Attack(arc) for arc in range(8))
PLACES: Final = tuple(PlaceOnCircle(circle) for circle in range(len(CIRCLES)))
PICKS: Final = tuple(PickCharacter(character) for character in Character)
BOMBS: Final = tuple(Bomb(square) for square in range(SQUARES))
SHOTS: Final = tuple(Shoot(square) for square in range(SQUARES))
PICK_UP: Final = tuple(PickUp(special) for special in Special)
STOP: Final = Command.STOP
OPEN_CHEST: Final = Command.OPEN_CHEST
CLAIM: Final = Command.CLAIM
DIG: Final = Command.DIG
END_TURN: Final = Command.END_TURN
CHOOSING: Final = Phase.CHOOSING
BIG_KEY: Final = Special.BIG_KEY


def options(state: SuperCamelotRecord) -> list[SuperCamelotAction]:
    """The active player's choices, in a fixed order."""
    if state.phase is CHOOSING:
        taken = {player.character for player in state.players}
        return [PICKS[c] for c in Character if c not in taken]
    seat = state.active
    player = state.players[seat]
    if player.position == OFF_BOARD:  # SC-7; SC-33: the turn may always be ended
        return [*(PLACES[k] for k, circle in enumerate(CIRCLES)
                  if world.character_at(state, circle) < 0), END_TURN]
    # the checks below are those of `legality.refusal`, in its order
    if player.passed_out:
        return [END_TURN]  # SC-39
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
    treasures = player.treasures  # cheap tests first: most players hold nothing yet
    if acting:
        found += [ATTACKS[arc] for arc in combat.attack_arcs(state, seat)]
        if (player.keys or player.specials[BIG_KEY]) and \
                chests.chest_to_open(state, seat) >= 0:  # open_refusal's test, no words
            found.append(OPEN_CHEST)
        if state.stacks:
            found += [PICK_UP[special] for special in chests.stacks_beside(state, seat)]
        if player.position >= SQUARES and chests.can_claim(state, seat):
            found.append(CLAIM)
        if treasures and chests.can_dig(state, seat):
            found.append(DIG)
        if player.bombs:
            found += [BOMBS[centre] for centre in combat.bomb_centres(state, seat)]
    if treasures:
        found += [SHOTS[target] for target in combat.bow_targets(state, seat)]
    found.append(END_TURN)
    return found


def perform(state: SuperCamelotRecord, action: SuperCamelotAction) -> None:
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
    state.move_left = 0  # any other action ends a Move (SC-36)
    if isinstance(action, Shoot):  # SC-15: free
        combat.shoot(state, action.target)
        return
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
    elif isinstance(action, Bomb):
        combat.bomb(state, action.centre)
