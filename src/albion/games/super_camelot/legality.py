"""Super Camelot legality: why an action is refused, from the same checks that build the
legal actions (`options.options`, `resolve.choices`, `resolve.outcomes`): movement's
`step_refusal`, combat's `arc_refusal`, `bomb_refusal` and `bow_refusal`, the chests'
refusals, the strikes' `kill_refusal` and `loot_refusal` (SC-38: one enemy at a time).
A refusal always names the rule that actually forbids the action."""

from __future__ import annotations

from typing import Final

from albion.core.errors import InvalidActionError, Refusal
from albion.core.words import say
from albion.games.super_camelot import chests, combat, movement, resolve, strikes, world
from albion.games.super_camelot.actions import (
    Activate,
    Attack,
    Bomb,
    Command,
    Draw,
    DropAt,
    FirstSeat,
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
from albion.games.super_camelot.board import CIRCLES, OFF_BOARD, SQUARES
from albion.games.super_camelot.pieces import (
    CHANCE_TYPES,
    AttackRoll,
    CardDraws,
    CentreDraw,
    Defence,
    DropChoice,
    EnemyTurn,
    KeepChoice,
    KillChoice,
    LootChoice,
    Phase,
    RerollChoice,
    RerollDie,
    RollOff,
    SecondDraw,
    StarChoice,
    StarRoll,
    StealChoice,
    TargetChoice,
    TileDraw,
    TreasureDraw,
)
from albion.games.super_camelot.record import SuperCamelotRecord

ACTIONS: Final = (Command, Step, Attack, Bomb, Shoot, PickCharacter, PlaceOnCircle, PickUp, DropAt,
                  Reroll, UseStars, Kill, LootFrom, KeepCard, Activate, Target, GiveUp, PlaceTile,
                  Roll, StarCount, FirstSeat, Draw)
CHANCE_ACTIONS: Final = {PlaceTile: "SC-10", Roll: "SC-12", StarCount: "SC-4", FirstSeat: "SC-41",
                         Draw: "SC-16"}
"""Chance outcomes, with the ruling of the draw or roll each belongs to."""
CHANCE_STEPS: Final = {CentreDraw: "SC-1", TileDraw: "SC-10", StarRoll: "SC-4", RollOff: "SC-41",
                       AttackRoll: "SC-12",
                       RerollDie: "SC-5", CardDraws: "SC-16", SecondDraw: "SC-5",
                       TreasureDraw: "SC-17", Defence: "SC-21"}
QUESTIONS: Final = {
    DropChoice: (DropAt, "SC-16", say("choose where the item drops"),
                 say("first choose where the item drops")),
    StarChoice: (UseStars, "SC-12", say("say how many Stars become Gems"),
                 say("first say how many Stars become Gems")),
    KillChoice: (Kill, "SC-38", say("choose the enemies the hits kill, one at a time"),
                 say("first choose the enemies the hits kill, one at a time")),
    LootChoice: (LootFrom, "SC-12", say("choose the killed enemies that draw Loot, one at a "
                                        "time"),
                 say("first choose the killed enemies that draw Loot, one at a time")),
    KeepChoice: (KeepCard, "SC-5", say("choose which of the two cards Merlin keeps"),
                 say("first choose which of the two cards Merlin keeps")),
    RerollChoice: (Reroll, "SC-5", say("re-roll a die or keep the roll"),
                   say("first re-roll a die or keep the roll")),
    TargetChoice: (Target, "SC-22", say("choose which character the enemy attacks"),
                   say("first choose which character the enemy attacks")),
    StealChoice: (GiveUp, "SC-24", say("choose the treasure the Mimic takes"),
                  say("first choose the treasure the Mimic takes")),
    EnemyTurn: (Activate, "SC-22", say("choose the next enemy to act"),
                say("first choose the next enemy to act")),
}
"""Decisions asked mid-action: (the answer's kind, its ruling, the question, and the
question as a refusal of anything else: "first …", one message each, issue 29)."""
ANSWER_RULING: Final = {kind: ruling for kind, ruling, _, _ in QUESTIONS.values()}
ANSWER_THE_QUESTION: Final = (None, "SC-33", say("answer the question"),
                              say("first answer the question"))
"""A question no row above names (a step type added later)."""
END_BY: Final = {"grail": "SC-20", "gems": "SC-19", "cap": "SC-37"}


def refusal(state: SuperCamelotRecord, action: object) -> Refusal | None:
    """Why `action` is not legal now, or None if it is. Raises InvalidActionError for a
    value that is not a Super Camelot action at all."""
    if not isinstance(action, ACTIONS):
        raise InvalidActionError(f"{action!r} is not a Super Camelot action")
    if state.phase is Phase.OVER:
        return Refusal(END_BY.get(state.end or "", "SC-37"), say("the game is over"))
    if type(action) in CHANCE_ACTIONS:
        return _chance_refusal(state, action)
    if state.pending:
        return _answer_refusal(state, action)
    if type(action) in ANSWER_RULING or action is Command.KEEP_ROLL:
        ruling = ANSWER_RULING.get(type(action), "SC-5")
        return Refusal(ruling, say("nothing is being asked now"))
    if state.phase is Phase.CHOOSING:
        return _choosing_refusal(state, action)
    if isinstance(action, PickCharacter):
        return Refusal("SC-34", say("characters are chosen before the game starts"))
    return _turn_refusal(state, action)


def _chance_refusal(state: SuperCamelotRecord, action: object) -> Refusal | None:
    """Outcomes are drawn by chance, only those the step on top can have."""
    top = state.pending[-1] if state.pending else None
    if top is None or type(top) not in CHANCE_TYPES:
        return Refusal(CHANCE_ACTIONS[type(action)], say("chance decides that, not a player"))
    if any(action == outcome for outcome, _ in resolve.outcomes(state)):
        return None
    return Refusal(CHANCE_STEPS[type(top)], say("that outcome cannot happen here"))


def _answer_refusal(state: SuperCamelotRecord, action: object) -> Refusal | None:
    """The question on top of the pending steps must be answered first, by one of its
    choices."""
    top = state.pending[-1]
    if type(top) in CHANCE_TYPES:
        return Refusal(CHANCE_STEPS[type(top)],
                       say("waiting for chance (a tile, dice or a card)"))
    if isinstance(top, KillChoice) and isinstance(action, Kill):
        return strikes.kill_refusal(top, action.square)  # the check `choices` applies
    if isinstance(top, LootChoice) and isinstance(action, LootFrom):
        return strikes.loot_refusal(top, action.square)
    if action in resolve.choices(state):
        return None
    kind, ruling, question, first = QUESTIONS.get(type(top), ANSWER_THE_QUESTION)
    if isinstance(action, kind or ()) or (action is Command.KEEP_ROLL and
                                          type(top) is RerollChoice):
        return Refusal(ruling, say("not one of the choices: {question}", question=question))
    return Refusal(ruling, first)


def _choosing_refusal(state: SuperCamelotRecord, action: object) -> Refusal | None:
    """SC-4, SC-34: seats choose different characters, in seat order."""
    if not isinstance(action, PickCharacter):
        return Refusal("SC-34", say("first pick a character"))
    taken = {player.character for player in state.players}
    return Refusal("SC-4", say("each player picks a different character")) \
        if action.character in taken else None


def _turn_refusal(state: SuperCamelotRecord, action: object) -> Refusal | None:
    """SC-6 … SC-39 for the active player, in the order `options` builds its list."""
    seat = state.active
    player = state.players[seat]
    if player.position == OFF_BOARD:
        if isinstance(action, PlaceOnCircle):
            return Refusal("SC-7", say("that starting circle is taken")) \
                if world.character_at(state, CIRCLES[action.circle]) >= 0 else None
        return None if action is Command.END_TURN else Refusal(
            "SC-7", say("first stand on a free starting circle"))
    if isinstance(action, PlaceOnCircle):
        return Refusal("SC-7", say("only a first turn starts on a circle"))
    if action is Command.END_TURN:
        return None  # SC-33: always available
    if player.passed_out:
        return Refusal("SC-39", say("you have passed out: end your turn"))
    if isinstance(action, Step):
        return movement.step_refusal(state, seat, action.to)
    if player.position >= SQUARES and not player.has_all_relics():
        return Refusal("SC-7", say("the first action must be a Move off the circle"))
    if action is Command.STOP:
        return None if state.move_left > 0 else Refusal("SC-8", say("you are not moving"))
    if isinstance(action, Shoot):  # SC-15: free, needs no action
        return combat.bow_refusal(state, seat, action.target)
    if state.actions_left <= 0:
        return Refusal("SC-6", say("no actions left this turn: end your turn"))
    return _action_refusal(state, seat, action)


def _action_refusal(state: SuperCamelotRecord, seat: int, action: object) -> Refusal | None:
    """SC-6: the actions that spend one of the turn's three."""
    if isinstance(action, Attack):
        return combat.arc_refusal(state, seat, action.arc)
    if isinstance(action, Bomb):
        return combat.bomb_refusal(state, seat, action.centre)
    if isinstance(action, PickUp):
        return chests.pick_up_refusal(state, seat, action.special)
    if action is Command.OPEN_CHEST:
        return chests.open_refusal(state, seat)
    if action is Command.CLAIM:
        return chests.claim_refusal(state, seat)
    assert action is Command.DIG, f"{action!r} has a check of its own above"
    return chests.dig_refusal(state, seat)
