"""Super Camelot's decisions as a log tells them (issue 27): in words a player reads, with
the subject named ("P1 steps to r13c12", "P2 counts 1 Star as a Gem"), never the notation
("step north", "gems 1"), and with the turn they belong to, so a log groups them by turn.
The words of the game's things (cards, items, relics, enemies, dice faces) are in
`words`, for these, the chance events (`chance_events`) and the outcome events (`report`).

Every event of a turn carries `turn` (seat turns played before it) and `turn_seat` (the
active seat); while characters are chosen and the first player is rolled for, both are
null (before the first turn). SC-27: everyone reads the same account."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from albion.core.events import ActionTaken
from albion.core.words import Seat, Words, say, say_n
from albion.games.super_camelot.actions import (
    Activate,
    Attack,
    Bomb,
    Command,
    DropAt,
    GiveUp,
    KeepCard,
    Kill,
    LootFrom,
    PickCharacter,
    PickUp,
    PlaceOnCircle,
    Reroll,
    Shoot,
    Step,
    SuperCamelotAction,
    Target,
    UseStars,
)
from albion.games.super_camelot.board import SQUARES, name, slot_of
from albion.games.super_camelot.combat import ARC_NAMES
from albion.games.super_camelot.pieces import Phase
from albion.games.super_camelot.record import SuperCamelotRecord
from albion.games.super_camelot.words import (
    CARD,
    DIRECTION,
    FACE,
    ON_CIRCLE,
    ONTO_CIRCLE,
    SPECIAL,
)

Emphasis = Literal["damage", "pass_out", "loss"]
"""What a face makes stand out in a log: health lost, a character passing out, a treasure
taken by a Mimic."""

COMMAND_WORDS: dict[Command, Words] = {
    Command.STOP: say("{player} stops moving"),
    Command.OPEN_CHEST: say("{player} opens the chest"),
    Command.CLAIM: say("{player} claims the Holy Grail"),
    Command.DIG: say("{player} digs with the Shovel"),
    Command.END_TURN: say("{player} ends the turn"),
    Command.KEEP_ROLL: say("{player} keeps the dice")}


@dataclass(frozen=True, slots=True, kw_only=True)
class Acted(ActionTaken):
    """A seat's decision in turn `turn` (seat turns played before it) of `turn_seat`;
    both null before the first turn."""

    turn: int | None
    turn_seat: int | None


def turn_of(state: SuperCamelotRecord) -> tuple[int | None, int | None]:
    """(turn, turn_seat) of a decision taken in `state`: (None, None) before the first
    turn (SC-4, SC-34: characters chosen, the first player rolled for)."""
    if state.phase is Phase.CHOOSING:
        return None, None
    return state.turns, state.active


def decision_event(state: SuperCamelotRecord, actor: int, action: SuperCamelotAction,
                   text: str) -> Acted:
    """`actor`'s decision `action` (noted `text`) taken in `state`, in words."""
    turn, turn_seat = turn_of(state)
    return Acted(words=decision_words(state, actor, action), seat=actor,
                 action=text, turn=turn, turn_seat=turn_seat)


def decision_words(state: SuperCamelotRecord, actor: int,
                   action: SuperCamelotAction) -> Words:
    """What `actor` decided, in words ("P1 steps to r13c12")."""
    player = Seat(actor)
    if isinstance(action, Command):
        return COMMAND_WORDS[action].with_args(player=player)
    if isinstance(action, Step):
        if action.to >= SQUARES:
            return say("{player} steps {circle}", player=player,
                       circle=ONTO_CIRCLE[action.to - SQUARES])
        unexplored = state.slot_tile[slot_of(action.to)] < 0
        return say("{player} explores towards {square}", player=player,
                   square=name(action.to)) if unexplored \
            else say("{player} steps to {square}", player=player, square=name(action.to))
    if isinstance(action, Attack):
        arc = ARC_NAMES[action.arc]
        return (say("{player} attacks {direction}", player=player, direction=DIRECTION[arc])
                if action.arc < 4 else say("{player} sweeps the Greatsword {direction}",
                                           player=player, direction=DIRECTION[arc]))
    if isinstance(action, PickCharacter):
        return say("{player} plays {character}", player=player,
                   character=action.character.label.capitalize())
    if isinstance(action, PlaceOnCircle):
        return say("{player} enters {circle}", player=player,
                   circle=ON_CIRCLE[action.circle])
    if isinstance(action, Bomb):
        return say("{player} throws a bomb at {square}", player=player,
                   square=name(action.centre))
    if isinstance(action, Shoot):
        return say("{player} shoots the enemy on {square} with the Hunting Bow",
                   player=player, square=name(action.target))
    if isinstance(action, PickUp):
        return say("{player} picks up {special}", player=player,
                   special=SPECIAL[action.special])
    if isinstance(action, UseStars):
        return (say("{player} counts no Star as a Gem", player=player) if action.gems == 0
                else say_n("{player} counts {count} Star as a Gem",
                           "{player} counts {count} Stars as Gems", action.gems,
                           player=player))
    if isinstance(action, Reroll):
        return say("{player} re-rolls a {face} die", player=player, face=FACE[action.face])
    return _answer_words(player, action)


def _answer_words(player: Seat, action: SuperCamelotAction) -> Words:
    """The answers to a question (SC-5, SC-12, SC-16, SC-22, SC-24, SC-38) in words."""
    if isinstance(action, Kill):
        return say("{player} kills the enemy on {square}", player=player,
                   square=name(action.square))
    if isinstance(action, LootFrom):
        return say("{player} has the enemy killed on {square} draw Loot", player=player,
                   square=name(action.square))
    if isinstance(action, DropAt):
        return say("{player} drops it on {square}", player=player, square=name(action.square))
    if isinstance(action, Activate):
        return say("{player} has the enemy on {square} act next", player=player,
                   square=name(action.square))
    if isinstance(action, KeepCard):
        return say("{player} keeps {card}", player=player, card=CARD[action.card])
    if isinstance(action, Target):
        return say("{player} has the enemy attack {target}", player=player,
                   target=Seat(action.seat))
    if isinstance(action, GiveUp):
        return say("{player} gives the Mimic {card}", player=player, card=CARD[action.card])
    return say("{player} {action}", player=player, action=str(action))
