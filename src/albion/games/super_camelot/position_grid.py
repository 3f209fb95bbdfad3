"""The forest in a Super Camelot position text: each explored slot as a label line and 7
rows of 7 marks, north first (the legend of `data/tiles.txt` and of scene notation), then
a line for each square the grid cannot show alone:

    slot 5 meadow populated            (or `visited`: emptied since, SC-11; `unvisited`)
    T.....T
    ..1....
    ...
    r2c3: 1 m G loot P1:shovel         (everything on the square; the grid shows the first)

Marks: `1`-`4` a character; `d m p` an enemy (`p:ne` a Plant facing north-east, SC-25;
north is left out); `b r c C x X` a bush, rock, small / big chest, opened small / big chest
(SC-17); `k f w a` a special-item stack (`f:3`: three tokens left, SC-18); `G U R K O` a
green / blue / red gem, a small key, a bomb lying there. Empty squares are `T` (a tree
corner, SC-2), `#` (the Starting Tile, SC-3) or `.` (`,` is read as `.`). A square line
lists characters, the enemy, the object and the items in that order (items in the order
they fell), and `loot` the treasures a Mimic holds, as owner:card (SC-24, SC-40).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from albion.core.errors import PositionError
from albion.games.super_camelot import board
from albion.games.super_camelot.board import SIDE, SQUARES, START_BLOCK, slot_squares
from albion.games.super_camelot.components import STACK_SIZE, Card, Item, Token
from albion.games.super_camelot.pieces import Thing
from albion.games.super_camelot.record import SuperCamelotRecord
from albion.games.super_camelot.tiles import STACK_MARKS, TILE_SIZE, Mark
from albion.games.super_camelot.world import MARK_SPECIAL, MARK_TOKEN, TILES

ITEM_MARKS = {"G": Item.GREEN_GEM, "U": Item.BLUE_GEM, "R": Item.RED_GEM,
              "K": Item.SMALL_KEY, "O": Item.BOMB}
THING_MARKS = {Mark.BUSH.value: Thing.BUSH, Mark.ROCK.value: Thing.ROCK,
               Mark.SMALL_CHEST.value: Thing.SMALL_CHEST, Mark.BIG_CHEST.value: Thing.BIG_CHEST,
               "x": Thing.OPEN_SMALL_CHEST, "X": Thing.OPEN_BIG_CHEST}
ENEMY_MARKS = {mark.value: MARK_TOKEN[mark] for mark in (Mark.DARK_KNIGHT, Mark.MIMIC,
                                                         Mark.PLANT)}
SPECIAL_MARKS = {mark.value: MARK_SPECIAL[mark] for mark in STACK_MARKS}
FACINGS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
"""SC-25: a Plant's eight facings, clockwise from north (as in `enemies.EIGHT_WAYS`)."""
STATUS = {"populated": (True, True), "visited": (True, False), "unvisited": (False, False)}
"""Slot label word → (visited, populated), SC-11."""
TILE_KEYS = {tile.key: index for index, tile in enumerate(TILES)}
CARDS = {card.label: card for card in Card}
SQUARE_LINE = re.compile(r"r(\d+)c(\d+):(.*)$")


def empty_mark(square: int) -> str:
    """What an empty square shows: a tree, the Starting Tile, or open ground."""
    if square in START_BLOCK:
        return "#"
    return "T" if board.is_tree(square) else "."


EMPTY_MARKS = tuple(empty_mark(square) for square in range(SQUARES))
"""`empty_mark` of every square, worked out once: a position's text is a search's and a
test's key, and most squares of a tile are empty (issue 28)."""
ENEMY_MARK = {token: mark for mark, token in reversed(ENEMY_MARKS.items())}
THING_MARK = {thing: mark for mark, thing in reversed(THING_MARKS.items())}
SPECIAL_MARK = {special: mark for mark, special in reversed(SPECIAL_MARKS.items())}
ITEM_MARK = {item: mark for mark, item in reversed(ITEM_MARKS.items())}
"""The legend read backwards: each piece's mark (the first, where two marks name it)."""


def tile_lines(state: SuperCamelotRecord, slot: int,
               seats_at: dict[int, list[int]]) -> list[str]:
    """The label, the 7 rows and the square lines of `slot` (seats by square given)."""
    status = next(word for word, flags in STATUS.items()
                  if flags == (state.visited[slot], state.populated[slot]))
    tile = state.slot_tile[slot]
    lines = [f"slot {slot} {TILES[tile].key if tile >= 0 else '-'} {status}"]
    notes = []
    squares = slot_squares(slot)
    enemies, things, items, loot_at = state.enemies, state.things, state.items, state.loot
    for row in range(TILE_SIZE):
        marks = []
        for square in squares[row * TILE_SIZE:(row + 1) * TILE_SIZE]:
            if not (square in seats_at or square in enemies or square in things
                    or square in items or square in loot_at):
                marks.append(EMPTY_MARKS[square])
                continue
            pieces = list(_pieces(state, square, seats_at.get(square, [])))
            marks.append(pieces[0][0] if pieces else EMPTY_MARKS[square])
            loot = loot_at.get(square, ())
            if len(pieces) > 1 or any(len(piece) > 1 for piece in pieces) or loot:
                text = " ".join(pieces)
                if loot:
                    text += " loot " + " ".join(f"P{owner + 1}:{card.label}"
                                                for owner, card in loot)
                notes.append(f"{board.name(square)}: {text}")
        lines.append("".join(marks))
    return lines + notes


def _pieces(state: SuperCamelotRecord, square: int, seats: list[int]) -> Iterator[str]:
    for seat in seats:
        yield str(seat + 1)
    enemy = state.enemies.get(square)
    if enemy is not None:
        mark = ENEMY_MARK[enemy]
        facing = state.facing.get(square, 0) if enemy is Token.PLANT else 0
        yield mark + (f":{FACINGS[facing]}" if facing else "")
    thing = state.things.get(square)
    if thing is Thing.STACK:
        special, left = state.stacks[square]
        yield SPECIAL_MARK[special] + (f":{left}" if left != STACK_SIZE else "")
    elif thing is not None:
        yield THING_MARK[thing]
    for item in state.items.get(square, ()):
        yield ITEM_MARK[item]


def read_tile(state: SuperCamelotRecord, block: list[tuple[int, str]],
              positions: dict[int, int]) -> None:
    """Lay one slot's block (numbered lines: the label, 7 rows, square lines) on `state`;
    characters drawn go into `positions` (seat → square)."""
    number, label = block[0]
    words = label.split()
    if len(words) != 4 or not words[1].isdigit() or not 0 <= int(words[1]) < len(TILES):
        raise PositionError(f"line {number}: expected `slot <0-15> <tile key> <populated|"
                            f"visited|unvisited>`, got {label!r}")
    slot = int(words[1])
    if state.slot_tile[slot] >= 0:
        raise PositionError(f"line {number}: slot {slot} is drawn twice")
    if words[2] not in TILE_KEYS:
        raise PositionError(f"line {number}: {words[2]!r} is not a tile; tiles: "
                            f"{', '.join(TILE_KEYS)}")
    if words[3] not in STATUS:
        raise PositionError(f"line {number}: {words[3]!r} is not populated, visited or "
                            f"unvisited (SC-11)")
    state.slot_tile[slot] = TILE_KEYS[words[2]]
    state.visited[slot], state.populated[slot] = STATUS[words[3]]
    if len(block) < 1 + TILE_SIZE:
        raise PositionError(f"line {number}: slot {slot} has {len(block) - 1} rows, a tile "
                            f"has {TILE_SIZE}")
    squares = slot_squares(slot)
    marks: dict[int, str] = {}
    for row, (line, text) in enumerate(block[1:1 + TILE_SIZE]):
        if len(text) != TILE_SIZE:
            raise PositionError(f"line {line}: slot {slot} row {row + 1} is {text!r}; a row "
                                f"is {TILE_SIZE} marks")
        marks.update(zip(squares[row * TILE_SIZE:(row + 1) * TILE_SIZE], text, strict=True))
    notes: dict[int, tuple[int, str]] = {}
    for line, text in block[1 + TILE_SIZE:]:
        match = SQUARE_LINE.match(text)
        square = _square(match, line, text)
        if square not in marks:
            raise PositionError(f"line {line}: {board.name(square)} is not on slot {slot}")
        if square in notes:
            raise PositionError(f"line {line}: {board.name(square)} has two lines")
        notes[square] = (line, match[3])  # type: ignore[index]
    for square, mark in marks.items():
        line, note = notes.get(square, (block[0][0], None))
        _place(state, square, mark, line, note, positions)


def _square(match: re.Match[str] | None, line: int, text: str) -> int:
    if not match or not (1 <= int(match[1]) <= SIDE and 1 <= int(match[2]) <= SIDE):
        raise PositionError(f"line {line}: {text!r} is neither a row of the tile above nor a "
                            f"square line like `r3c4: 1 m`")
    return (int(match[1]) - 1) * SIDE + int(match[2]) - 1


def _place(state: SuperCamelotRecord, square: int, mark: str, line: int, note: str | None,
           positions: dict[int, int]) -> None:
    """Put the pieces of one square (its line, or its single mark) on the state."""
    where = f"line {line}: {board.name(square)}"
    empty = empty_mark(square)
    if note is None and (mark == empty or (mark == "," and empty == ".")):
        return
    if mark in ("T", "#", ".", ","):
        raise PositionError(f"{where}: {mark!r} cannot stand here; an empty square here is "
                            f"{empty!r}, and a square with a line shows its first piece")
    words = (note or mark).split()
    loot: list[str] = []
    if "loot" in words:
        loot = words[words.index("loot") + 1:]
        words = words[:words.index("loot")]
        if not loot:
            raise PositionError(f"{where}: `loot` lists owner:card pairs, like `P1:magnet`")
    if not words or words[0].partition(":")[0] != mark:
        raise PositionError(f"{where}: the grid shows {mark!r}, so its line must start "
                            f"with {mark!r}")
    for word in words:
        _piece(state, square, word, where, positions)
    if loot:
        if state.enemies.get(square) is not Token.MIMIC:
            raise PositionError(f"{where}: only a Mimic holds loot (SC-24)")
        state.loot[square] = tuple(_loot(word, where, len(state.players)) for word in loot)


def _piece(state: SuperCamelotRecord, square: int, word: str, where: str,
           positions: dict[int, int]) -> None:
    mark, _, extra = word.partition(":")
    if mark.isdigit() and len(mark) == 1 and not extra:
        seat = int(mark) - 1
        if not 0 <= seat < len(state.players):
            raise PositionError(f"{where}: no character {mark}; {len(state.players)} are "
                                f"listed as P1 …")
        if seat in positions:
            raise PositionError(f"{where}: character {mark} is drawn twice")
        positions[seat] = square
    elif mark in ENEMY_MARKS and (not extra or mark == "p"):
        if square in state.enemies:
            raise PositionError(f"{where}: two enemies on one square")
        state.enemies[square] = ENEMY_MARKS[mark]
        if mark == "p":
            if extra and extra not in FACINGS[1:]:
                raise PositionError(f"{where}: {extra!r} is not a facing "
                                    f"({' '.join(FACINGS[1:])}; north is left out)")
            state.facing[square] = FACINGS.index(extra) if extra else 0
    elif mark in THING_MARKS or mark in SPECIAL_MARKS:
        if square in state.things:
            raise PositionError(f"{where}: two objects on one square")
        if mark in THING_MARKS and not extra:
            state.things[square] = THING_MARKS[mark]
            return
        if mark not in SPECIAL_MARKS or (extra and extra not in "123") or len(extra) > 1:
            raise PositionError(f"{where}: {word!r} is not an object; a stack's tokens "
                                f"left are 1-3 (`f:2`) or left out for 4")
        state.things[square] = Thing.STACK
        state.stacks[square] = (SPECIAL_MARKS[mark], int(extra or STACK_SIZE))
    elif mark in ITEM_MARKS and not extra:
        state.items[square] = (*state.items.get(square, ()), ITEM_MARKS[mark])
    else:
        legend = " ".join([*ENEMY_MARKS, *THING_MARKS, *SPECIAL_MARKS, *ITEM_MARKS])
        raise PositionError(f"{where}: {word!r} is not a mark; marks: 1-4 {legend}")


def _loot(word: str, where: str, players: int) -> tuple[int, Card]:
    owner, _, card = word.partition(":")
    if not re.fullmatch(r"P[1-4]", owner) or int(owner[1]) > players or card not in CARDS:
        raise PositionError(f"{where}: loot {word!r} is not an owner and a card, like "
                            f"`P1:magnet`")
    return int(owner[1]) - 1, CARDS[card]
