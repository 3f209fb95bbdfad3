"""Resolving what is pending: chance outcomes (tiles, dice, cards) and the decisions asked
in the middle of an action (where an item drops…)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from albion.games.super_camelot import cards, combat, movement, turns
from albion.games.super_camelot.actions import (
    Draw,
    DropAt,
    PlaceTile,
    Roll,
    StarCount,
    SuperCamelotAction,
)
from albion.games.super_camelot.board import SQUARES
from albion.games.super_camelot.components import ROLLS, Card, Face
from albion.games.super_camelot.pieces import (
    AttackRoll,
    CardDraws,
    CentreDraw,
    DropChoice,
    StarRoll,
    TileDraw,
    TreasureDraw,
)
from albion.games.super_camelot.world import TILES, UNNAMED

if TYPE_CHECKING:
    from albion.games.super_camelot.state import SuperCamelotState

PLACE_TILES = tuple(PlaceTile(tile) for tile in range(len(TILES)))
STAR_COUNTS = tuple(StarCount(stars) for stars in range(turns.DICE + 1))
ROLL_OF: dict[tuple[Face, ...], Roll] = {faces: Roll(faces) for faces, _ in ROLLS[3]}
THREE_DICE = tuple((ROLL_OF[faces], p) for faces, p in ROLLS[3])
DRAWS = tuple(Draw(card) for card in Card)
DROP_AT = tuple(DropAt(square) for square in range(SQUARES))


def outcomes(state: SuperCamelotState) -> list[tuple[SuperCamelotAction, float]]:
    """The chance outcomes of the pending step on top, with their probabilities."""
    top = state.pending[-1]
    if isinstance(top, TileDraw):
        stack = state.tile_stack
        return [(PLACE_TILES[tile], 1 / len(stack)) for tile in stack]
    if isinstance(top, CentreDraw):
        unnamed = [tile for tile in state.tile_stack if tile in UNNAMED]
        return [(PLACE_TILES[tile], 1 / len(unnamed)) for tile in unnamed]
    if isinstance(top, AttackRoll):
        return list(THREE_DICE)
    if isinstance(top, CardDraws | TreasureDraw):
        counts = cards.pile(state, top.deck)
        total = sum(counts)
        return [(DRAWS[card], count / total) for card, count in enumerate(counts) if count]
    return [(STAR_COUNTS[k], p) for k, p in enumerate(turns.STAR_ODDS)]


def choices(state: SuperCamelotState) -> list[SuperCamelotAction]:
    """The decision asked by the pending step on top."""
    top = state.pending[-1]
    assert isinstance(top, DropChoice)
    return [DROP_AT[square] for square in top.sources]


def resolve(state: SuperCamelotState, action: SuperCamelotAction) -> None:
    """Apply a chance outcome or a decision to the pending step on top."""
    top = state.pending.pop()
    if isinstance(top, CentreDraw):
        assert isinstance(action, PlaceTile)
        state.slot_tile[top.slot] = action.tile
        state.tile_stack.remove(action.tile)
    elif isinstance(top, TileDraw):
        assert isinstance(action, PlaceTile)
        movement.place_explored_tile(state, top.target, action.tile)
    elif isinstance(top, AttackRoll):
        assert isinstance(action, Roll)
        combat.resolve_roll(state, top, action.faces)
    elif isinstance(top, CardDraws):
        assert isinstance(action, Draw)
        cards.draw_litter_or_loot(state, top, action.card)
    elif isinstance(top, DropChoice):
        assert isinstance(action, DropAt)
        cards.drop(state, top, action.square)
    elif isinstance(top, TreasureDraw):
        assert isinstance(action, Draw)
        cards.draw_treasure(state, top, action.card)
    elif isinstance(top, StarRoll):
        assert isinstance(action, StarCount)
        turns.roll_for_first(state, top, action.stars)
    settle(state)


def settle(state: SuperCamelotState) -> None:
    """Drop pending draws that cannot happen (an empty deck and discard)."""
    while state.pending:
        top = state.pending[-1]
        if isinstance(top, CardDraws | TreasureDraw) and not cards.has_cards(state, top.deck):
            state.pending.pop()
        else:
            return
