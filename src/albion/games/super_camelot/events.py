"""Super Camelot's decisions as a log tells them (issue 27): in words a player reads, with
the subject named ("P1 steps to r13c12", "P2 counts 1 Star as a Gem"), never the notation
("step north", "gems 1"), and with the turn they belong to, so a log groups them by turn.
The words of the game's things (cards, items, relics, enemies, dice faces) are here too,
for the chance events (`chance_events`) and the outcome events (`report`).

Every event of a turn carries `turn` (seat turns played before it) and `turn_seat` (the
active seat); while characters are chosen and the first player is rolled for, both are
null (before the first turn). SC-27: everyone reads the same account."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from albion.core.events import ActionTaken
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
from albion.games.super_camelot.board import CIRCLE_NAMES, SQUARES, name, slot_of
from albion.games.super_camelot.combat import ARC_NAMES
from albion.games.super_camelot.components import Card, Deck, Face, Item, Special, Token
from albion.games.super_camelot.pieces import Phase
from albion.games.super_camelot.record import SuperCamelotRecord

Emphasis = Literal["damage", "pass_out", "loss"]
"""What a face makes stand out in a log: health lost, a character passing out, a treasure
taken by a Mimic."""

CARD_WORDS: dict[Card, str] = {
    Card.HEALTH_POTION: "a Health Potion", Card.GRAIL_WATER: "Grail Water",
    Card.SPEED_POTION: "a Speed Potion", Card.GREEN_GEM: "a green gem",
    Card.BLUE_GEM: "a blue gem", Card.BOMB: "a bomb", Card.SMALL_KEY: "a small key",
    Card.DARK_KNIGHT: "a Dark Knight", Card.MAGNET: "the Magnet",
    Card.ROYAL_SHIELD: "the Royal Shield", Card.RACING_BOOTS: "the Racing Boots",
    Card.POWER_GAUNTLET: "the Power Gauntlet", Card.HUNTING_BOW: "the Hunting Bow",
    Card.GREATSWORD: "the Greatsword", Card.SHOVEL: "the Shovel",
    Card.BLUE_GEMS_15: "15 in blue gems", Card.BLUE_GEMS_10_AND_TREASURE:
    "10 in blue gems and a Small Treasure", Card.RED_GEMS_20: "20 in red gems"}
"""Each card in words, with its article (SC-16, SC-17, SC-26)."""
ITEM_WORDS: dict[Item, str] = {Item.SMALL_KEY: "a small key", Item.BOMB: "a bomb",
                               Item.GREEN_GEM: "a green gem", Item.BLUE_GEM: "a blue gem",
                               Item.RED_GEM: "a red gem"}
SPECIAL_WORDS: dict[Special, str] = {Special.BIG_KEY: "the Big Key",
                                     Special.FIRE_RELIC: "the Fire Relic",
                                     Special.WATER_RELIC: "the Water Relic",
                                     Special.WIND_RELIC: "the Wind Relic"}
DECK_WORDS: dict[Deck, str] = {Deck.LITTER: "Litter", Deck.SMALL_LOOT: "Small Loot",
                               Deck.BIG_LOOT: "Big Loot", Deck.SMALL_TREASURE: "Small Treasure",
                               Deck.BIG_TREASURE: "Big Treasure"}
TOKEN_WORDS: dict[Token, str] = {Token.BUSH: "bush", Token.ROCK: "rock",
                                 Token.DARK_KNIGHT: "Dark Knight", Token.MIMIC: "Mimic",
                                 Token.PLANT: "Carnivorous Plant"}
FACE_WORDS: dict[Face, str] = {Face.SHIELD: "shield", Face.STAR: "star", Face.GEM: "gem",
                               Face.TWO_HITS: "2 hits", Face.ONE_HIT: "1 hit",
                               Face.BLANK: "blank"}
ARC_WORDS: dict[str, str] = {"ne": "north-east", "se": "south-east", "sw": "south-west",
                             "nw": "north-west"}
COMMAND_WORDS: dict[Command, str] = {
    Command.STOP: "stops moving", Command.OPEN_CHEST: "opens the chest",
    Command.CLAIM: "claims the Holy Grail", Command.DIG: "digs with the Shovel",
    Command.END_TURN: "ends the turn", Command.KEEP_ROLL: "keeps the dice"}


def bare(words: str) -> str:
    """A thing's words without their article ("Health Potion", "green gem")."""
    for article in ("a ", "the "):
        if words.startswith(article):
            return words[len(article):]
    return words


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
    return Acted(text=f"P{actor + 1} {decision_words(state, actor, action)}", seat=actor,
                 action=text, turn=turn, turn_seat=turn_seat)


def decision_words(state: SuperCamelotRecord, actor: int,
                   action: SuperCamelotAction) -> str:
    """What `actor` decided, its subject left out ("steps to r13c12")."""
    if isinstance(action, Command):
        return COMMAND_WORDS[action]
    if isinstance(action, Step):
        if action.to >= SQUARES:
            return f"steps onto the {CIRCLE_NAMES[action.to - SQUARES]} circle"
        unexplored = state.slot_tile[slot_of(action.to)] < 0
        return f"{'explores towards' if unexplored else 'steps to'} {name(action.to)}"
    if isinstance(action, Attack):
        arc = ARC_NAMES[action.arc]
        return (f"attacks {ARC_WORDS[arc]}" if action.arc < 4
                else f"sweeps the Greatsword {arc}")
    if isinstance(action, PickCharacter):
        return f"plays {action.character.label.capitalize()}"
    if isinstance(action, PlaceOnCircle):
        return f"enters on the {CIRCLE_NAMES[action.circle]} circle"
    if isinstance(action, Bomb):
        return f"throws a bomb at {name(action.centre)}"
    if isinstance(action, Shoot):
        return f"shoots the enemy on {name(action.target)} with the Hunting Bow"
    if isinstance(action, PickUp):
        return f"picks up {SPECIAL_WORDS[action.special]}"
    if isinstance(action, UseStars):
        return ("counts no Star as a Gem" if action.gems == 0 else
                "counts 1 Star as a Gem" if action.gems == 1 else
                f"counts {action.gems} Stars as Gems")
    if isinstance(action, Reroll):
        return f"re-rolls a {FACE_WORDS[action.face]} die"
    return _answer_words(action)


def _answer_words(action: SuperCamelotAction) -> str:
    """The answers to a question (SC-5, SC-12, SC-16, SC-22, SC-24, SC-38) in words."""
    if isinstance(action, Kill):
        return f"kills the enemy on {name(action.square)}"
    if isinstance(action, LootFrom):
        return f"has the enemy killed on {name(action.square)} draw Loot"
    if isinstance(action, DropAt):
        return f"drops it on {name(action.square)}"
    if isinstance(action, Activate):
        return f"has the enemy on {name(action.square)} act next"
    if isinstance(action, KeepCard):
        return f"keeps {CARD_WORDS[action.card]}"
    if isinstance(action, Target):
        return f"has the enemy attack P{action.seat + 1}"
    if isinstance(action, GiveUp):
        return f"gives the Mimic {CARD_WORDS[action.card]}"
    return str(action)
