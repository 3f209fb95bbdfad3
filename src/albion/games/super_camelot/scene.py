"""A compact text notation for Super Camelot positions, for tests and docs.

A scene gives the 7 rows of one or more tiles, north first, using the tile legend
(`data/tiles.txt`) plus:

    1-4  a character (seat 1-4)          x X  an opened small / big chest
    G U R  a green / blue / red gem       K O  a small key / a bomb lying there
    #    the Starting Tile (centre tiles' inner corners)

Every slot named in a scene is explored and populated exactly as drawn; the other centre
slots get unnamed tiles, not yet populated. Tokens come out of the supply. `build` writes
the scene as a position text (`position`, docs/position-text.md) and reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping

from albion.core.errors import PositionError
from albion.core.variants import VariantValue, resolve_variant
from albion.games.super_camelot import world
from albion.games.super_camelot.board import CENTRE_SLOTS, SIDE, START_BLOCK, slot_squares
from albion.games.super_camelot.components import (
    DECK_CONTENTS,
    ITEM_SUPPLY,
    TOKEN_SUPPLY,
    Character,
    Deck,
    Item,
    Token,
)
from albion.games.super_camelot.position import from_text
from albion.games.super_camelot.position_grid import (
    ENEMY_MARKS,
    ITEM_MARKS,
    THING_MARKS,
    empty_mark,
)
from albion.games.super_camelot.rulings import VARIANTS
from albion.games.super_camelot.state import SuperCamelotState
from albion.games.super_camelot.tiles import TILE_SIZE, Mark

STACK_MARKS = {"k": Mark.BIG_KEY, "f": Mark.FIRE_RELIC, "w": Mark.WATER_RELIC,
               "a": Mark.WIND_RELIC}
TOKEN_MARKS = {"b": Token.BUSH, "r": Token.ROCK} | ENEMY_MARKS


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
    the tile (from the data file) that lies there, for later repopulation. A scene
    drawing more bushes, rocks or enemies than the box holds is refused (PositionError);
    an item the supply lacks is not placed (SC-35)."""
    chosen = dict(keys or {})
    stack = list(range(len(world.TILES)))
    slot_tile = {}
    for slot in sorted(set(tiles) | set(CENTRE_SLOTS), key=lambda s: (s not in chosen, s)):
        key = chosen.get(slot)
        slot_tile[slot] = next(i for i in stack
                               if (world.TILES[i].key == key if key else i in world.UNNAMED))
        stack.remove(slot_tile[slot])
    tokens, items = dict(TOKEN_SUPPLY), dict(ITEM_SUPPLY)
    drawn = {slot: _rows(slot, text, tokens, items) for slot, text in tiles.items()}
    seats = {int(mark) - 1 for rows in drawn.values() for mark in "".join(rows)
             if mark.isdigit()}
    settings = " ".join(f"{k}={v}" for k, v in resolve_variant(VARIANTS, variant).items())
    everyone = ",".join(f"P{seat + 1}" for seat in range(players))
    lines = [
        f"super-camelot {players}p {settings}",
        f"turn phase=playing active=P{active + 1} actions=3 move=0 turns=0 started={everyone}"
        f" bow_used=no reroll_used=no winner=- end=-",
        *(f"P{seat + 1} {characters[seat].label} health=6 passed_out=no keys=0 bombs=0 "
          f"green=0 blue=0 red=0 specials=- treasures=-{'' if seat in seats else ' at=off'}"
          for seat in range(players)),
        "supply " + " ".join([f"{_name(t)}={tokens[t]}" for t in Token]
                             + [f"{_name(i)}={items[i]}" for i in Item]),
        "lost -",
        *(f"deck {_name(deck)} " + " ".join(f"{card.label}={count}"
                                            for card, count in DECK_CONTENTS[deck].items())
          for deck in Deck),
        *(f"discard {_name(deck)} -" for deck in Deck),
        "tile-stack " + (" ".join(world.TILES[tile].key for tile in stack) or "-"),
        "pending -",
    ]
    for slot, tile in sorted(slot_tile.items()):
        status = "populated" if slot in drawn else "unvisited"
        rows = drawn.get(slot) or _rows(slot, "", tokens, items)
        lines += [f"slot {slot} {world.TILES[tile].key} {status}", *rows]
    return from_text("\n".join(lines))


def _rows(slot: int, text: str, tokens: dict[Token, int],
          items: dict[Item, int]) -> list[str]:
    """A scene tile as position grid rows: tokens taken from the supply (an item the
    supply lacks is not placed, SC-35), empty squares written as the grid writes them."""
    rows = [line.strip() for line in text.strip().splitlines() if line.strip()] or \
        ["." * TILE_SIZE] * TILE_SIZE
    if len(rows) != TILE_SIZE or any(len(row) != TILE_SIZE for row in rows):
        raise ValueError(f"slot {slot}: a scene tile is 7 rows of 7 marks")
    marks = []
    for square, mark in zip(slot_squares(slot), "".join(rows), strict=True):
        if mark in ITEM_MARKS and items[ITEM_MARKS[mark]]:
            items[ITEM_MARKS[mark]] -= 1
        elif mark in TOKEN_MARKS:
            tokens[TOKEN_MARKS[mark]] -= 1
            if tokens[TOKEN_MARKS[mark]] < 0:
                raise PositionError(f"slot {slot}: the scene draws more {mark!r} than the "
                                    f"box holds ({TOKEN_SUPPLY[TOKEN_MARKS[mark]]})")
        elif not (mark.isdigit() or mark in THING_MARKS or mark in STACK_MARKS):
            if mark not in ("#", ".", ",", "T") and mark not in ITEM_MARKS:
                raise ValueError(f"{mark!r} is not a scene mark")
            marks.append(empty_mark(square))
            continue
        marks.append(mark)
    return ["".join(marks[row * TILE_SIZE:(row + 1) * TILE_SIZE]) for row in range(TILE_SIZE)]


def _name(kind: Token | Item | Deck) -> str:
    return kind.name.lower().replace("_", "-")


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

