"""The Super Camelot state: the forest, the characters, the decks and supply, whose turn
it is, and the steps still to resolve. The data is `record`'s (on the package's ground
floor); the rules live in the concept modules (world, movement, cards, chests, combat,
turns), which import the record, never this module; this class dispatches to them.
"""

from __future__ import annotations

from typing import Self

from albion.core.errors import Refusal
from albion.core.state import State, check_viewer, shared_returns
from albion.games.super_camelot import legality, options, resolve
from albion.games.super_camelot.actions import SuperCamelotAction
from albion.games.super_camelot.board import CENTRE_SLOTS, SLOTS_PER_SIDE
from albion.games.super_camelot.components import (
    DECK_CONTENTS,
    ITEM_SUPPLY,
    TOKEN_SUPPLY,
    Card,
    Deck,
    Item,
    Token,
)
from albion.games.super_camelot.config import Rules
from albion.games.super_camelot.pieces import CHANCE_TYPES, CentreDraw, Phase
from albion.games.super_camelot.record import FIELDS, OVER, SuperCamelotRecord
from albion.games.super_camelot.view import SuperCamelotView, observe
from albion.games.super_camelot.world import TILES


class SuperCamelotState(SuperCamelotRecord, State[SuperCamelotAction, SuperCamelotView]):
    """A Super Camelot position: its data (`record.SuperCamelotRecord`) and the rules that
    move it."""

    __slots__ = ()

    @classmethod
    def initial(cls, num_players: int, rules: Rules) -> SuperCamelotState:
        """SC-1: the four centre tiles are drawn (chance) from the unnamed ones, the rest
        form the stack; then characters are chosen (SC-34)."""
        state = cls()
        state.rules, state.n = rules, num_players
        state.phase, state.active = Phase.CHOOSING, 0
        state.actions_left = state.move_left = 0
        state.started = [False] * num_players
        state.turns, state.bow_used, state.winner, state.end = 0, False, -1, None
        state.reroll_used = False
        state.players = []
        state.slot_tile = [-1] * SLOTS_PER_SIDE**2
        state.tile_stack = list(range(len(TILES)))
        state.populated = [False] * SLOTS_PER_SIDE**2
        state.visited = [False] * SLOTS_PER_SIDE**2
        state.things, state.stacks, state.enemies = {}, {}, {}
        state.facing, state.loot, state.items = {}, {}, {}
        state.token_supply = [TOKEN_SUPPLY[token] for token in Token]
        state.item_supply = [ITEM_SUPPLY[item] for item in Item]
        state.lost_items = [0] * len(Item)
        state.decks = [[DECK_CONTENTS[deck].get(card, 0) for card in Card] for deck in Deck]
        state.discards = [[0] * len(Card) for _ in Deck]
        state.pending = [CentreDraw(slot) for slot in reversed(CENTRE_SLOTS)]
        return state

    # -- the contract ------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    def legal_actions(self) -> list[SuperCamelotAction]:
        if self.phase is OVER:
            return []
        if self.pending:
            return [action for action, _ in resolve.outcomes(self)] \
                if type(self.pending[-1]) in CHANCE_TYPES else resolve.choices(self)
        return options.options(self)

    def chance_outcomes(self) -> list[tuple[SuperCamelotAction, float]]:
        if self.phase is OVER or not self.pending or type(self.pending[-1]) not in CHANCE_TYPES:
            return []
        return resolve.outcomes(self)

    def sample_chance(self, uniform: float) -> SuperCamelotAction:
        """Drawn from the counts (`resolve.draw`): the outcome `pick_outcome` would pick
        from `chance_outcomes()`, without building them."""
        if self.phase is OVER or not self.pending or type(self.pending[-1]) not in CHANCE_TYPES:
            return super().sample_chance(uniform)
        return resolve.draw(self, uniform)

    def apply_legal(self, action: SuperCamelotAction) -> None:
        if self.pending:
            resolve.resolve(self, action)
        else:
            options.perform(self, action)
            if self.pending:
                resolve.settle(self)

    def refusal(self, action: object) -> Refusal | None:
        return legality.refusal(self, action)

    def is_terminal(self) -> bool:
        return self.phase is OVER

    def returns(self) -> list[float]:
        """ALL-1: the winner 1; the safety cap a draw."""
        if self.phase is not OVER:
            return [0.0] * self.n
        return shared_returns(self.n, [self.winner] if self.winner >= 0 else [])

    def end_reason(self) -> str | None:
        return self.end if self.phase is OVER else None

    def observe(self, seat: int | None) -> SuperCamelotView:
        check_viewer(seat, self.n)
        return observe(self, seat)

    def to_text(self) -> str:
        from albion.games.super_camelot.position_text import to_text  # noqa: PLC0415 - beside

        return to_text(self)

    def __str__(self) -> str:
        from albion.games.picture import picture  # noqa: PLC0415
        from albion.games.super_camelot.render import render  # noqa: PLC0415 - rich, when printed

        return picture(self, render)

    def clone(self) -> Self:
        other = type(self)()
        other.rules, other.n, other.phase = self.rules, self.n, self.phase
        other.active, other.actions_left, other.move_left = (self.active, self.actions_left,
                                                             self.move_left)
        other.started = self.started[:]
        other.turns, other.bow_used = self.turns, self.bow_used
        other.reroll_used = self.reroll_used
        other.winner, other.end = self.winner, self.end
        other.players = [player.clone() for player in self.players]
        other.slot_tile = self.slot_tile[:]
        other.tile_stack = self.tile_stack[:]
        other.populated = self.populated[:]
        other.visited = self.visited[:]
        other.things = self.things.copy()
        other.stacks = self.stacks.copy()
        other.enemies = self.enemies.copy()
        other.facing = self.facing.copy()
        other.loot = self.loot.copy()
        other.items = self.items.copy()
        other.token_supply = self.token_supply[:]
        other.item_supply = self.item_supply[:]
        other.lost_items = self.lost_items[:]
        other.decks = [deck[:] for deck in self.decks]
        other.discards = [discard[:] for discard in self.discards]
        other.pending = self.pending[:]
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SuperCamelotState):
            return NotImplemented
        return all(
            [p.key() for p in self.players] == [p.key() for p in other.players]
            if name == "players" else getattr(self, name) == getattr(other, name)
            for name in FIELDS
        )

    def __repr__(self) -> str:
        return (f"<SuperCamelotState {self.phase.name} P{self.active + 1} "
                f"turn={self.turns} actions_left={self.actions_left}>")
