"""The forest's contents: placing tiles (SC-10), populating and emptying them (SC-11),
and what stands on a square (SC-8)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Final

from albion.games.super_camelot.board import (
    OPEN_GROUND,
    SIDE,
    SLOT_OF,
    SQUARES,
    slot_of,
    slot_squares,
)
from albion.games.super_camelot.components import STACK_SIZE, Item, Special, Token
from albion.games.super_camelot.pieces import Thing, TreasureState
from albion.games.super_camelot.record import SuperCamelotRecord
from albion.games.super_camelot.tiles import Mark, load_tiles

TILES: Final = load_tiles()
"""The 16 tiles (SC-1, SC-2), indexed as in the data file."""
UNNAMED: Final = tuple(i for i, tile in enumerate(TILES) if not tile.is_named)
MARK_TOKEN: Final = {Mark.BUSH: Token.BUSH, Mark.ROCK: Token.ROCK, Mark.DARK_KNIGHT:
                     Token.DARK_KNIGHT, Mark.MIMIC: Token.MIMIC, Mark.PLANT: Token.PLANT}
MARK_THING: Final = {Mark.SMALL_CHEST: Thing.SMALL_CHEST, Mark.BIG_CHEST: Thing.BIG_CHEST,
                     Mark.BIG_KEY: Thing.STACK, Mark.FIRE_RELIC: Thing.STACK,
                     Mark.WATER_RELIC: Thing.STACK, Mark.WIND_RELIC: Thing.STACK}
MARK_SPECIAL: Final = {Mark.BIG_KEY: Special.BIG_KEY, Mark.FIRE_RELIC: Special.FIRE_RELIC,
                       Mark.WATER_RELIC: Special.WATER_RELIC, Mark.WIND_RELIC: Special.WIND_RELIC}
ENEMY_TOKENS: Final = (Token.DARK_KNIGHT, Token.MIMIC, Token.PLANT)
BUSH: Final = Thing.BUSH
ROCK: Final = Thing.ROCK
TOKEN_OF_THING: Final = {Thing.BUSH: Token.BUSH, Thing.ROCK: Token.ROCK}
NORTH_FACING: Final = 0


TILE_TOKENS: Final = tuple(tuple(tile.tokens()) for tile in TILES)


@cache
def placed_layout(tile: int, slot: int) -> tuple[tuple[int, Mark], ...]:
    """(square, mark) of every token of `tile` laid in `slot`, in reading order."""
    origin = slot_squares(slot)[0]
    return tuple((origin + row * SIDE + col, mark) for row, col, mark in TILE_TOKENS[tile])


def layout(state: SuperCamelotRecord, slot: int) -> tuple[tuple[int, Mark], ...]:
    """(square, mark) of every token of the tile in `slot`, in reading order."""
    return placed_layout(state.slot_tile[slot], slot)


def population_plan(state: SuperCamelotRecord, slot: int) -> Mapping[int, Token]:
    """SC-11: the bushes, rocks and enemies entering `slot` would place now: in reading
    order, each type until its supply runs out."""
    return _plan(state.slot_tile[slot], slot, tuple(state.token_supply))


@cache
def _plan(tile: int, slot: int, supply: tuple[int, ...]) -> Mapping[int, Token]:
    """Shared between calls (cached): read it, never change it."""
    left = list(supply)
    plan = {}
    for square, mark in placed_layout(tile, slot):
        token = MARK_TOKEN.get(mark)
        if token is not None and left[token]:
            left[token] -= 1
            plan[square] = token
    return plan


def populate(state: SuperCamelotRecord, slot: int) -> None:
    """SC-11: a first visit places the persistent tokens; every entry into an empty tile
    places its bushes, rocks and enemies (Plants face north, SC-31)."""
    if not state.visited[slot]:
        state.visited[slot] = True
        for square, mark in layout(state, slot):
            thing = MARK_THING.get(mark)
            if thing is not None:
                state.things[square] = thing
                if thing is Thing.STACK:
                    state.stacks[square] = (MARK_SPECIAL[mark], STACK_SIZE)
    for square, token in population_plan(state, slot).items():
        state.token_supply[token] -= 1
        if token is Token.BUSH:
            state.things[square] = Thing.BUSH
        elif token is Token.ROCK:
            state.things[square] = Thing.ROCK
        else:
            state.enemies[square] = token
            if token is Token.PLANT:
                state.facing[square] = NORTH_FACING
    state.populated[slot] = True


def depopulate(state: SuperCamelotRecord, slot: int) -> None:
    """SC-11: bushes, rocks and enemies return to the supply; items left lying are lost
    for good; a Mimic's stolen treasures stay face down for good (SC-24, SC-40)."""
    for square in [sq for sq, thing in state.things.items()
                   if SLOT_OF[sq] == slot and (thing is BUSH or thing is ROCK)]:
        state.token_supply[TOKEN_OF_THING[state.things.pop(square)]] += 1
    for square in [sq for sq in state.enemies if SLOT_OF[sq] == slot]:
        state.token_supply[state.enemies.pop(square)] += 1
        state.facing.pop(square, None)
        for owner, card in state.loot.pop(square, ()):
            treasures = state.players[owner].treasures
            treasures[treasures.index((card, TreasureState.STOLEN))] = (
                card, TreasureState.LOST)
    for square in [sq for sq in state.items if SLOT_OF[sq] == slot]:
        for item in state.items.pop(square):
            state.lost_items[item] += 1
    state.populated[slot] = False


def characters_on(state: SuperCamelotRecord, slot: int) -> list[int]:
    """Seats whose character stands on `slot` (passed-out ones included, SC-11)."""
    return [seat for seat, player in enumerate(state.players)
            if 0 <= player.position < SQUARES and slot_of(player.position) == slot]


def character_at(state: SuperCamelotRecord, position: int) -> int:
    """The seat standing on `position`, or -1."""
    for seat, player in enumerate(state.players):
        if player.position == position:
            return seat
    return -1


def is_open_ground(position: int) -> bool:
    """A square that can ever be stood on: on the map, not a tree, not the Starting Tile."""
    return position >= 0 and OPEN_GROUND[position]


def is_blocked(state: SuperCamelotRecord, square: int) -> bool:
    """SC-8: an object, an enemy or a character stands there (on a populated tile or a
    visited one's persistent tokens)."""
    return square in state.things or square in state.enemies or \
        character_at(state, square) >= 0


def drop_item(state: SuperCamelotRecord, square: int, item: Item) -> bool:
    """Lay a token from the supply on `square`; False when the supply has none (SC-35)."""
    if not state.item_supply[item]:
        return False
    state.item_supply[item] -= 1
    state.items[square] = (*state.items.get(square, ()), item)
    return True
