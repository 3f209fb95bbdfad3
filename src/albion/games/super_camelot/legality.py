"""Why a Super Camelot action is refused: the ruling it breaks, in plain words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from albion.core.errors import AlbionError, IllegalActionError, InvalidActionError
from albion.games.super_camelot import world
from albion.games.super_camelot.actions import (
    Activate,
    Attack,
    Bomb,
    Command,
    Draw,
    DropAt,
    GiveUp,
    KeepCard,
    Kill,
    LootFrom,
    PickCharacter,
    PickUp,
    PlaceOnCircle,
    PlaceTile,
    Reroll,
    Roll,
    Shoot,
    StarCount,
    Step,
    Target,
    UseStars,
)
from albion.games.super_camelot.board import CIRCLES, OFF_BOARD, SQUARES, START_BLOCK, slot_of
from albion.games.super_camelot.pieces import (
    CHANCE_PENDING,
    DropChoice,
    EnemyTurn,
    KeepChoice,
    KillChoice,
    LootChoice,
    Phase,
    RerollChoice,
    StarChoice,
    StealChoice,
    TargetChoice,
)

if TYPE_CHECKING:
    from albion.games.super_camelot.state import SuperCamelotState

ACTIONS = (Command, Step, Attack, Bomb, Shoot, PickCharacter, PlaceOnCircle, PickUp, DropAt,
           Reroll, UseStars, Kill, LootFrom, KeepCard, Activate, Target, GiveUp, PlaceTile,
           Roll, StarCount, Draw)
DECISIONS = (DropAt, Reroll, UseStars, Kill, LootFrom, KeepCard, Activate, Target, GiveUp)
CHANCE_ACTIONS = (PlaceTile, Roll, StarCount, Draw)


QUESTIONS = {
    DropChoice: ("SC-16", "first choose where the item drops"),
    StarChoice: ("SC-12", "first say how many Stars become Gems"),
    KillChoice: ("SC-12", "first choose which enemies the hits kill"),
    LootChoice: ("SC-12", "first choose which killed enemies draw Loot"),
    KeepChoice: ("SC-5", "first choose which of the two cards Merlin keeps"),
    RerollChoice: ("SC-5", "first re-roll a die or keep the roll"),
    TargetChoice: ("SC-22", "first choose which character the enemy attacks"),
    StealChoice: ("SC-24", "first choose the treasure the Mimic takes"),
    EnemyTurn: ("SC-22", "first choose the next enemy to act"),
}


def why_illegal(state: SuperCamelotState, action: object) -> AlbionError:
    """The error for `action`, which `state.legal_actions()` does not hold."""
    if not isinstance(action, ACTIONS):
        return InvalidActionError(f"{action!r} is not a Super Camelot action")
    if state.phase is Phase.OVER:
        return IllegalActionError("SC-19", "the game is over")
    if isinstance(action, CHANCE_ACTIONS):
        if state.pending and isinstance(state.pending[-1], CHANCE_PENDING):
            return IllegalActionError("SC-27", "that outcome cannot happen here")
        return IllegalActionError("SC-27", "chance decides that, not a player")
    if state.pending:
        top = state.pending[-1]
        if isinstance(top, CHANCE_PENDING):
            return IllegalActionError("SC-27", "waiting for chance (a tile, dice or a card)")
        ruling, question = QUESTIONS.get(type(top), ("SC-33", "answer the question first"))
        return IllegalActionError(ruling, question)
    if isinstance(action, DECISIONS) or action is Command.KEEP_ROLL:
        return IllegalActionError("SC-33", "nothing is being asked now")
    if state.phase is Phase.CHOOSING:
        if isinstance(action, PickCharacter):
            return IllegalActionError("SC-4", "each player picks a different character")
        return IllegalActionError("SC-34", "first pick a character")
    if isinstance(action, PickCharacter):
        return IllegalActionError("SC-34", "characters are chosen before the game starts")
    player = state.players[state.active]
    if player.position == OFF_BOARD:
        if isinstance(action, PlaceOnCircle):
            return IllegalActionError("SC-7", "that starting circle is taken")
        return IllegalActionError("SC-7", "first stand on a free starting circle")
    if isinstance(action, PlaceOnCircle):
        return IllegalActionError("SC-7", "only a first turn starts on a circle")
    if player.position >= SQUARES and not player.has_all_relics() and \
            not isinstance(action, Step):
        return IllegalActionError("SC-7", "the first action must be a Move off the circle")
    if player.passed_out:
        return IllegalActionError("SC-39", "you have passed out: end your turn")
    if isinstance(action, Shoot):
        return IllegalActionError("SC-15", "the Hunting Bow shoots once per turn at an enemy "
                                  "on your tile (not a Mimic on your own square)")
    if isinstance(action, Step):
        return _step_refusal(state, action.to)
    if action is Command.STOP:
        return IllegalActionError("SC-8", "you are not moving")
    if state.actions_left <= 0:
        return IllegalActionError("SC-6", "no actions left this turn: end your turn")
    if isinstance(action, Attack):
        return IllegalActionError("SC-12", "nothing to cut or fight in that arc" if action.arc
                                  < 4 else "only a Greatsword sweeps five squares")
    if action is Command.OPEN_CHEST:
        return IllegalActionError("SC-17", "open a chest from the square directly south of "
                                  "it, holding the right key")
    if isinstance(action, PickUp):
        if player.specials[action.special]:
            return IllegalActionError("SC-18", f"you already hold a {action.special.label}")
        return IllegalActionError("SC-18", f"no {action.special.label} stack beside you")
    if action is Command.CLAIM:
        return IllegalActionError("SC-20", "claim the Grail on a starting circle with all "
                                  "three relics")
    if action is Command.DIG:
        return IllegalActionError("SC-26", "digging needs the Shovel (and Small Loot left)")
    if isinstance(action, Bomb):
        return IllegalActionError("SC-14", "a bomb needs a Bomb token and a 3x3 block inside "
                                  "your tile with something to hit")
    if isinstance(action, Shoot):
        return IllegalActionError("SC-15", "the Hunting Bow shoots once per turn at an enemy "
                                  "on your tile (not a Mimic on your own square)")
    return IllegalActionError("SC-33", "that cannot be done now")


def _step_refusal(state: SuperCamelotState, target: int) -> AlbionError:
    if state.move_left <= 0 and state.actions_left <= 0:
        return IllegalActionError("SC-6", "no actions left this turn: end your turn")
    if not 0 <= target < SQUARES + len(CIRCLES):
        return InvalidActionError(f"no square {target}")
    if target >= SQUARES or target in START_BLOCK:
        return IllegalActionError("SC-8", "the Starting Tile is closed until you hold all "
                                  "three relics (SC-20), and only its free circles open")
    if not world.is_open_ground(target):
        return IllegalActionError("SC-8", "trees block the way")
    slot = slot_of(target)
    slot_known = state.slot_tile[slot] >= 0
    if slot_known and state.populated[slot]:
        return IllegalActionError("SC-8", "not an open neighbouring square: objects, "
                                  "characters, enemies and stacks block the way")
    if slot_known:
        return IllegalActionError("SC-9", "entering there would land on a token or leave no "
                                  "way out")
    return IllegalActionError("SC-10", "you can explore only from a square beside that "
                              "edge")
