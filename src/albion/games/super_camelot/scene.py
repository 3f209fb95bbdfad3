"""A compact text notation for Super Camelot positions, for tests and docs.

A scene gives the 7 rows of one or more tiles, north first, using the tile legend
(`data/tiles.txt`) plus:

    1-4  a character (seat 1-4)          x X  an opened small / big chest
    G U R  a green / blue / red gem       K O  a small key / a bomb lying there
    #    the Starting Tile (centre tiles' inner corners)

Every slot named in a scene is explored and populated exactly as drawn; the other centre
slots get unnamed tiles, not yet populated. Tokens come out of the supply.
"""

from __future__ import annotations

from collections.abc import Mapping

from albion.core.variants import VariantValue
from albion.games.super_camelot import world
from albion.games.super_camelot.board import CENTRE_SLOTS, SIDE, START_BLOCK, slot_squares
from albion.games.super_camelot.components import (
    ACTIONS_PER_TURN,
    STACK_SIZE,
    Character,
    Item,
    Token,
)
from albion.games.super_camelot.game import GAME
from albion.games.super_camelot.pieces import Adventurer, Phase, Thing
from albion.games.super_camelot.state import SuperCamelotState
from albion.games.super_camelot.tiles import TILE_SIZE, Mark

ITEM_MARKS = {"G": Item.GREEN_GEM, "U": Item.BLUE_GEM, "R": Item.RED_GEM,
              "K": Item.SMALL_KEY, "O": Item.BOMB}
THING_MARKS = {"b": Thing.BUSH, "r": Thing.ROCK, "c": Thing.SMALL_CHEST,
               "C": Thing.BIG_CHEST, "x": Thing.OPEN_SMALL_CHEST, "X": Thing.OPEN_BIG_CHEST}
ENEMY_MARKS = {"d": Token.DARK_KNIGHT, "m": Token.MIMIC, "p": Token.PLANT}
STACK_MARKS = {"k": Mark.BIG_KEY, "f": Mark.FIRE_RELIC, "w": Mark.WATER_RELIC,
               "a": Mark.WIND_RELIC}


def build(
    tiles: Mapping[int, str],
    *,
    players: int = 2,
    characters: tuple[Character, ...] = tuple(Character),
    active: int = 0,
    keys: Mapping[int, str] | None = None,
    **variant: VariantValue,
) -> SuperCamelotState:
    """A position in the middle of `active`'s turn (three actions left). `tiles` maps a
    slot (0-15; 5, 6, 9, 10 are the centre) to its 7 drawn rows; `keys` optionally names
    the tile (from the data file) that lies there, for later repopulation."""
    state = GAME.new_state(players, variant)
    assert isinstance(state, SuperCamelotState)
    state.pending.clear()
    state.phase = Phase.PLAYING
    state.players = [Adventurer(characters[seat]) for seat in range(players)]
    state.started = [True] * players
    state.active, state.actions_left = active, ACTIONS_PER_TURN
    chosen = dict(keys or {})
    for slot in sorted(set(tiles) | set(CENTRE_SLOTS), key=lambda s: (s not in chosen, s)):
        key = chosen.get(slot)
        tile = next(i for i in state.tile_stack
                    if (world.TILES[i].key == key if key else i in world.UNNAMED))
        state.slot_tile[slot] = tile
        state.tile_stack.remove(tile)
    for slot, text in tiles.items():
        _draw(state, slot, text)
    return state


def _draw(state: SuperCamelotState, slot: int, text: str) -> None:
    rows = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if len(rows) != TILE_SIZE or any(len(row) != TILE_SIZE for row in rows):
        raise ValueError(f"slot {slot}: a scene tile is 7 rows of 7 marks")
    state.visited[slot] = state.populated[slot] = True
    for square, mark in zip(slot_squares(slot), "".join(rows), strict=True):
        _place(state, square, mark)


def _place(state: SuperCamelotState, square: int, mark: str) -> None:
    if mark.isdigit():
        state.players[int(mark) - 1].position = square
    elif mark in ITEM_MARKS:
        world.drop_item(state, square, ITEM_MARKS[mark])
    elif mark in THING_MARKS:
        thing = THING_MARKS[mark]
        state.things[square] = thing
        if thing in (Thing.BUSH, Thing.ROCK):
            state.token_supply[Token.BUSH if thing is Thing.BUSH else Token.ROCK] -= 1
    elif mark in ENEMY_MARKS:
        state.enemies[square] = ENEMY_MARKS[mark]
        state.token_supply[ENEMY_MARKS[mark]] -= 1
        if ENEMY_MARKS[mark] is Token.PLANT:
            state.facing[square] = 0
    elif mark in STACK_MARKS:
        state.things[square] = Thing.STACK
        state.stacks[square] = (world.MARK_SPECIAL[STACK_MARKS[mark]], STACK_SIZE)
    elif mark not in ("#", ".", ",", "T"):
        raise ValueError(f"{mark!r} is not a scene mark")


def render(state: SuperCamelotState, slot: int) -> str:
    """The 7 rows of `slot` as a scene draws them."""
    marks = {thing: mark for mark, thing in THING_MARKS.items()}
    enemy_marks = {token: mark for mark, token in ENEMY_MARKS.items()}
    item_marks = {item: mark for mark, item in ITEM_MARKS.items()}
    stack_marks = {world.MARK_SPECIAL[m]: c for c, m in STACK_MARKS.items()}
    seats = {p.position: str(seat + 1) for seat, p in enumerate(state.players)}
    rows = []
    for row in range(TILE_SIZE):
        line = ""
        for col in range(TILE_SIZE):
            square = slot_squares(slot)[row * TILE_SIZE + col]
            if square in seats:
                line += seats[square]
            elif square in START_BLOCK:
                line += "#"
            elif square in state.enemies:
                line += enemy_marks[state.enemies[square]]
            elif square in state.stacks:
                line += stack_marks[state.stacks[square][0]]
            elif square in state.things:
                line += marks[state.things[square]]
            elif square in state.items:
                line += item_marks[state.items[square][0]]
            else:
                line += "T" if not world.is_open_ground(square) else "."
        rows.append(line)
    return "\n".join(rows)


def at(slot: int, row: int, col: int) -> int:
    """The square at (row, col) of a slot's tile."""
    return slot_squares(slot)[0] + row * SIDE + col

