"""SC-1, SC-3: the geometry of the forest. A 4×4 grid of 7×7 tiles (28×28 squares),
the Starting Tile over the shared corner of the four centre tiles, and its four circles.

Positions are integers: a square is `row * 28 + col` (north-west is 0); the circles are
`CIRCLES[0..3]` (north, east, south, west). Every table here is computed once.
"""

from __future__ import annotations

from typing import Final

from albion.games.super_camelot.tiles import TILE_SIZE

SLOTS_PER_SIDE: Final = 4
SIDE: Final = SLOTS_PER_SIDE * TILE_SIZE  # 28
SQUARES: Final = SIDE * SIDE
NORTH: Final = 0
EAST: Final = 1
SOUTH: Final = 2
WEST: Final = 3
DIRECTION_NAMES: Final = ("north", "east", "south", "west")
DELTAS: Final = ((-1, 0), (0, 1), (1, 0), (0, -1))
CIRCLES: Final = tuple(range(SQUARES, SQUARES + 4))
CIRCLE_NAMES: Final = DIRECTION_NAMES
OFF_BOARD: Final = -1
"""A character not yet placed (before its first turn)."""

CENTRE_SLOTS: Final = (5, 6, 9, 10)
RING_SLOTS: Final = tuple(slot for slot in range(SLOTS_PER_SIDE ** 2) if slot not in CENTRE_SLOTS)

_START: Final = SIDE // 2 - 2  # 12: the Starting Tile covers rows and columns 12..15
START_BLOCK: Final = frozenset(r * SIDE + c for r in range(_START, _START + 4)
                               for c in range(_START, _START + 4))
CASTLE: Final = frozenset(r * SIDE + c for r in range(_START + 1, _START + 3)
                          for c in range(_START + 1, _START + 3))
CIRCLE_EXITS: Final[tuple[tuple[int, ...], ...]] = (
    tuple((_START - 1) * SIDE + c for c in range(_START, _START + 4)),   # north
    tuple(r * SIDE + _START + 4 for r in range(_START, _START + 4)),     # east
    tuple((_START + 4) * SIDE + c for c in range(_START, _START + 4)),   # south
    tuple(r * SIDE + _START - 1 for r in range(_START, _START + 4)),     # west
)
"""SC-3: each circle is adjacent to the four squares bordering its side."""


def square(row: int, col: int) -> int:
    return row * SIDE + col


def row_col(position: int) -> tuple[int, int]:
    return divmod(position, SIDE)


def _slot_of(position: int) -> int:
    if position >= SQUARES:
        return -1
    row, col = divmod(position, SIDE)
    return (row // TILE_SIZE) * SLOTS_PER_SIDE + col // TILE_SIZE


SLOT_OF: Final[tuple[int, ...]] = tuple(_slot_of(p) for p in range(SQUARES + 4))


def slot_of(position: int) -> int:
    """The tile slot (0..15, reading order) of a square; -1 for a circle."""
    return SLOT_OF[position]


def slot_origin(slot: int) -> int:
    """The north-west square of a slot."""
    row, col = divmod(slot, SLOTS_PER_SIDE)
    return square(row * TILE_SIZE, col * TILE_SIZE)


def _squares_of(slot: int) -> tuple[int, ...]:
    origin = slot_origin(slot)
    return tuple(origin + r * SIDE + c for r in range(TILE_SIZE) for c in range(TILE_SIZE))


SLOT_SQUARES: Final = tuple(_squares_of(slot) for slot in range(SLOTS_PER_SIDE ** 2))


def slot_squares(slot: int) -> tuple[int, ...]:
    """A slot's 49 squares in reading order (worked out once, issue 28; a slot off the
    board is worked out as before, for its caller to refuse)."""
    return SLOT_SQUARES[slot] if 0 <= slot < len(SLOT_SQUARES) else _squares_of(slot)


def local(position: int) -> tuple[int, int]:
    """(row, col) of a square inside its tile."""
    row, col = divmod(position, SIDE)
    return row % TILE_SIZE, col % TILE_SIZE


def is_tree(position: int) -> bool:
    """SC-2: the four corners of every tile are trees."""
    row, col = local(position)
    return row in (0, TILE_SIZE - 1) and col in (0, TILE_SIZE - 1)


OPEN_GROUND: Final[tuple[bool, ...]] = tuple(
    p < SQUARES and p not in START_BLOCK and not is_tree(p) for p in range(SQUARES + 4))
"""Squares that can ever be stood on: on the map, not a tree, not the Starting Tile."""


def _neighbours(position: int) -> tuple[int, ...]:
    row, col = divmod(position, SIDE)
    return tuple(square(row + dr, col + dc) for dr, dc in DELTAS
                 if 0 <= row + dr < SIDE and 0 <= col + dc < SIDE)


NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(_neighbours(p) for p in range(SQUARES))
"""Orthogonal neighbours of each square, on the map (the Starting Tile included)."""

STEP_TO: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(t for t in NEIGHBOURS[p] if t not in START_BLOCK) for p in range(SQUARES)
) + CIRCLE_EXITS
"""Where a step can lead from each position, before anything on the map is considered;
steps onto circles are added in movement (they need the relics)."""

CIRCLE_OF_EXIT: Final[dict[int, int]] = {exit_square: CIRCLES[k]
                                         for k, exits in enumerate(CIRCLE_EXITS)
                                         for exit_square in exits}
"""The circle each square bordering the Starting Tile leads onto."""


def direction(origin: int, target: int) -> int | None:
    """NORTH…WEST if `target` is the orthogonal neighbour of square `origin`, else None."""
    if origin >= SQUARES or target >= SQUARES:
        return None
    for index, (dr, dc) in enumerate(DELTAS):
        row, col = divmod(origin, SIDE)
        if 0 <= row + dr < SIDE and 0 <= col + dc < SIDE and square(row + dr,
                                                                    col + dc) == target:
            return index
    return None


def name(position: int) -> str:
    """`r12c5` for squares (1-based), `north circle` for circles."""
    if position >= SQUARES:
        return f"{CIRCLE_NAMES[position - SQUARES]} circle"
    row, col = divmod(position, SIDE)
    return f"r{row + 1}c{col + 1}"


def reading_key(position: int) -> int:
    """SC-22, SC-30: reading order is the square index itself (north first, then west)."""
    return position
