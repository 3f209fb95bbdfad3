"""Super Camelot's data, on the package's ground floor (issue 26): a position's fields
(`SuperCamelotRecord`), with the questions and the one step that only read or set them
(who decides, the end of the game, the safety cap). The concept modules (world, movement,
cards, chests, combat, enemies, turns), their checks (`legality`), the views and the
position text import this module, and it imports none of them: no import circle. The
variant read into flags is `config.Rules`, the same floor."""

from __future__ import annotations

from typing import Any, Final

from albion.core.state import CHANCE, TERMINAL, State
from albion.games.super_camelot.actions import SuperCamelotAction
from albion.games.super_camelot.components import Card, Item, Special, Token
from albion.games.super_camelot.config import Rules
from albion.games.super_camelot.pieces import (
    CHANCE_TYPES,
    Adventurer,
    Pending,
    Phase,
    StealChoice,
    Thing,
)

OVER: Final = Phase.OVER  # a module name: Enum attribute access is slow on the per-step path


FIELDS: Final = (
    "rules", "n", "phase", "active", "actions_left", "move_left", "started", "turns",
    "bow_used", "reroll_used", "winner", "end", "players", "slot_tile", "tile_stack",
    "populated", "visited", "things", "stacks", "enemies", "facing", "loot", "items",
    "token_supply", "item_supply", "lost_items", "decks", "discards", "pending",
)
"""Every field of a position (what equal positions agree on): the record's slots, named
here because a compiled class has no `__slots__` to read (issue 28, item 4)."""


class SuperCamelotRecord(State[SuperCamelotAction, Any]):
    """A Super Camelot position's fields: the forest, the characters, the decks and
    supply, whose turn it is, and the steps still to resolve. (Its view type is bound by
    `state.SuperCamelotState`: the view reads the record, so the record does not name it
    — no import circle, issue 26.)"""

    __slots__ = FIELDS

    rules: Rules
    n: int
    phase: Phase
    active: int  # whose turn (during CHOOSING: who picks)
    actions_left: int
    move_left: int  # squares left in the current Move; 0 when not moving
    started: list[bool]  # per seat: has had a first turn (SC-7)
    turns: int  # seat turns played (the safety cap)
    bow_used: bool  # SC-15 this turn
    reroll_used: bool  # SC-5 (Arthur) this turn
    winner: int
    end: str | None  # "gems", "grail", or CAP
    players: list[Adventurer]
    slot_tile: list[int]  # tile index per slot, -1 while unexplored
    tile_stack: list[int]  # tile indices still in the stack (SC-1)
    populated: list[bool]  # per slot (SC-11)
    visited: list[bool]  # per slot: persistent tokens placed (SC-11)
    things: dict[int, Thing]  # objects by square
    stacks: dict[int, tuple[Special, int]]  # stack square -> (special, tokens left)
    enemies: dict[int, Token]  # enemies by square
    facing: dict[int, int]  # Carnivorous Plant facing by square (0 north, clockwise 8)
    loot: dict[int, tuple[tuple[int, Card], ...]]  # Mimic square -> (owner, card) stolen
    items: dict[int, tuple[Item, ...]]  # items lying on squares
    token_supply: list[int]  # by Token
    item_supply: list[int]  # by Item
    lost_items: list[int]  # by Item: left on a tile when it emptied (SC-11)
    decks: list[list[int]]  # by Deck, counts by Card
    discards: list[list[int]]
    pending: list[Pending]  # steps to resolve, the next one last

    def current_player(self) -> int:
        """Who decides: nobody once the game is over, chance for a chance step, a Mimic's
        victim for its steal (SC-24), else the active seat."""
        if self.phase is OVER:
            return TERMINAL
        if self.pending:
            top = self.pending[-1]
            if type(top) in CHANCE_TYPES:
                return CHANCE
            return top.victim if type(top) is StealChoice else self.active
        return self.active

    def end_game(self, winner: int, reason: str) -> None:
        self.phase, self.winner, self.end = Phase.OVER, winner, reason
        self.pending.clear()

    def cap_reached(self) -> bool:
        return self.turns >= self.rules.max_turns
