"""SC-2: the constraints every tile set must meet, checked in the tests (and by anyone
designing new tiles: `check_tiles(parse_tiles(text))` lists what is wrong)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from albion.games.super_camelot.tiles import (
    CORNERS,
    NAMED_TILES,
    STACK_MARKS,
    TILE_SIZE,
    Mark,
    Tile,
)

UNNAMED_TILES = 11
SUPPLY_LIMITS = {
    Mark.BUSH: 22,
    Mark.ROCK: 12,
    Mark.DARK_KNIGHT: 6,  # 8 in the box, 2 kept for "Dark Knight" Litter spawns
    Mark.MIMIC: 8,
    Mark.PLANT: 8,
}
"""SC-2: the four largest per-tile counts must fit the supply (at most four tiles are
populated at once: one per character)."""
TOTALS = {Mark.SMALL_CHEST: 10, Mark.BIG_CHEST: 1, Mark.BIG_KEY: 1, Mark.FIRE_RELIC: 1,
          Mark.WATER_RELIC: 1, Mark.WIND_RELIC: 1}
WALLS = frozenset({Mark.TREE, Mark.ROCK, Mark.SMALL_CHEST, Mark.BIG_CHEST}) | STACK_MARKS
"""What a path cannot cross, even with time: bushes are cut and enemies killed."""
EDGE_NAMES = ("north", "east", "south", "west")


def is_edge(row: int, col: int) -> bool:
    return row in (0, TILE_SIZE - 1) or col in (0, TILE_SIZE - 1)


def edge_squares(side: int) -> list[tuple[int, int]]:
    """The non-corner squares of one edge: 0 north, 1 east, 2 south, 3 west."""
    inner = range(1, TILE_SIZE - 1)
    last = TILE_SIZE - 1
    return [[(0, i) for i in inner], [(i, last) for i in inner],
            [(last, i) for i in inner], [(i, 0) for i in inner]][side]


def _reachable(tile: Tile, starts: list[tuple[int, int]]) -> set[tuple[int, int]]:
    seen = set(starts)
    todo = list(starts)
    while todo:
        row, col = todo.pop()
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < TILE_SIZE and 0 <= c < TILE_SIZE and (r, c) not in seen \
                    and tile.mark(r, c) not in WALLS:
                seen.add((r, c))
                todo.append((r, c))
    return seen


def check_tile(tile: Tile) -> list[str]:
    """Problems with one tile (SC-2), each a sentence naming the tile and the square."""
    problems = []
    where = f"tile {tile.key}"
    for row in range(TILE_SIZE):
        for col in range(TILE_SIZE):
            mark = tile.mark(row, col)
            at = f"{where} ({row},{col})"
            if ((row, col) in CORNERS) != (mark is Mark.TREE):
                problems.append(f"{at}: trees stand on the four corners and nowhere else")
            elif is_edge(row, col) and mark.is_token:
                problems.append(f"{at}: no token on an edge square")
            if mark in (Mark.SMALL_CHEST, Mark.BIG_CHEST) and row + 1 < TILE_SIZE \
                    and tile.mark(row + 1, col).is_token:
                problems.append(f"{at}: a chest needs a free square directly south")
            if mark in STACK_MARKS and not any(
                    0 <= r < TILE_SIZE and 0 <= c < TILE_SIZE and not tile.mark(r, c).is_token
                    and tile.mark(r, c) is not Mark.TREE
                    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1),
                                 (row, col + 1))):
                problems.append(f"{at}: a stack needs a free square beside it")
    if not tile.is_named:
        for corner_row, corner_col in CORNERS:
            rows = range(0, 2) if corner_row == 0 else range(TILE_SIZE - 2, TILE_SIZE)
            cols = range(0, 2) if corner_col == 0 else range(TILE_SIZE - 2, TILE_SIZE)
            if any(tile.mark(r, c).is_token for r in rows for c in cols):
                problems.append(f"{where}: an unnamed tile keeps each corner 2x2 free")
                break
    free = {(r, c) for r in range(TILE_SIZE) for c in range(TILE_SIZE)
            if not tile.mark(r, c).is_token and tile.mark(r, c) is not Mark.TREE}
    for side in range(4):
        missing = free - _reachable(tile, edge_squares(side))
        if missing:
            problems.append(f"{where}: {sorted(missing)} unreachable from the "
                            f"{EDGE_NAMES[side]} edge")
    for key, special in NAMED_TILES.items():
        if tile.key == key and tile.count(special) != 1:
            problems.append(f"{where}: the {tile.key} tile carries one {special.name}")
    return problems


def check_tiles(tiles: Sequence[Tile]) -> list[str]:
    """Problems with the whole set (SC-1, SC-2); an empty list means it is valid."""
    problems = [problem for tile in tiles for problem in check_tile(tile)]
    keys = Counter(tile.key for tile in tiles)
    problems += [f"tile key {key} is used {n} times" for key, n in keys.items() if n > 1]
    if len(tiles) != UNNAMED_TILES + len(NAMED_TILES):
        problems.append(f"{len(tiles)} tiles, not {UNNAMED_TILES + len(NAMED_TILES)}")
    missing = set(NAMED_TILES) - set(keys)
    if missing:
        problems.append(f"named tiles missing: {sorted(missing)}")
    for mark, total in TOTALS.items():
        count = sum(tile.count(mark) for tile in tiles)
        if count != total:
            problems.append(f"{count} {mark.name} in all, not {total}")
    for mark, limit in SUPPLY_LIMITS.items():
        largest = sum(sorted((tile.count(mark) for tile in tiles), reverse=True)[:4])
        if largest > limit:
            problems.append(f"the four tiles with most {mark.name} need {largest}; "
                            f"the supply holds {limit}")
    for tile in tiles:
        if tile.count(Mark.BIG_CHEST) and tile.key != "big-chest":
            problems.append(f"tile {tile.key}: the big chest belongs on the big-chest tile")
        for special in STACK_MARKS:
            owner = next(k for k, v in NAMED_TILES.items() if v is special)
            if tile.count(special) and tile.key != owner:
                problems.append(f"tile {tile.key}: the {special.name} stack belongs on "
                                f"{owner}")
    return problems
