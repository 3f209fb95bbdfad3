"""SC-1, SC-2: the 16 map tiles, read from `data/tiles.txt` (7 text rows per tile, one
character per square; the legend is below and at the top of the data file)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from importlib.resources import files
from typing import Final

from albion.core.pickling import picklable

TILE_SIZE: Final = 7
CORNERS: Final = ((0, 0), (0, TILE_SIZE - 1), (TILE_SIZE - 1, 0), (TILE_SIZE - 1, TILE_SIZE - 1))


class Mark(Enum):
    """What a character of a tile layout stands for."""

    # Members are singletons, so identity hashing is exact, and C-fast: the population
    # plan looks marks up in dicts (Enum's own hash hashes the name in Python).
    __hash__ = object.__hash__

    GRASS = "."
    FLOWERS = ","  # decorative tall grass or flowers: no effect
    TREE = "T"
    BUSH = "b"
    ROCK = "r"
    SMALL_CHEST = "c"
    BIG_CHEST = "C"
    BIG_KEY = "k"
    FIRE_RELIC = "f"
    WATER_RELIC = "w"
    WIND_RELIC = "a"
    DARK_KNIGHT = "d"
    MIMIC = "m"
    PLANT = "p"

    @property
    def is_token(self) -> bool:
        """Placed on the tile when it is populated (everything but grass and trees)."""
        return self not in (Mark.GRASS, Mark.FLOWERS, Mark.TREE)

    @property
    def is_persistent(self) -> bool:
        """SC-11: chests and special-item stacks stay when the tile empties."""
        return self in PERSISTENT


PERSISTENT: Final = frozenset({Mark.SMALL_CHEST, Mark.BIG_CHEST, Mark.BIG_KEY, Mark.FIRE_RELIC,
                               Mark.WATER_RELIC, Mark.WIND_RELIC})
ENEMY_MARKS: Final = frozenset({Mark.DARK_KNIGHT, Mark.MIMIC, Mark.PLANT})
STACK_MARKS: Final = frozenset({Mark.BIG_KEY, Mark.FIRE_RELIC, Mark.WATER_RELIC, Mark.WIND_RELIC})
MARK_BY_CHAR: Final = {mark.value: mark for mark in Mark}

NAMED_TILES: Final[dict[str, Mark]] = {
    "fire-shrine": Mark.FIRE_RELIC,
    "water-shrine": Mark.WATER_RELIC,
    "wind-shrine": Mark.WIND_RELIC,
    "big-chest": Mark.BIG_CHEST,
    "big-key": Mark.BIG_KEY,
}
"""SC-1: the five named tiles and the special token each one carries."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One map tile: its key (`fire-shrine`, `glade`…), name, and 7 rows north to south."""

    key: str
    name: str
    rows: tuple[str, ...]

    @property
    def is_named(self) -> bool:
        return self.key in NAMED_TILES

    def mark(self, row: int, col: int) -> Mark:
        return MARK_BY_CHAR[self.rows[row][col]]

    def tokens(self) -> list[tuple[int, int, Mark]]:
        """(row, col, mark) of every token, in reading order (SC-11 shortfalls)."""
        return [(r, c, self.mark(r, c)) for r in range(TILE_SIZE) for c in range(TILE_SIZE)
                if self.mark(r, c).is_token]

    def count(self, mark: Mark) -> int:
        return sum(row.count(mark.value) for row in self.rows)


class TileFormatError(ValueError):
    """The tile data file does not follow its format."""


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Read tiles: `= key` starts a tile, `name: …` names it, then 7 rows of 7 marks.
    Blank lines and lines starting with `#` are ignored."""
    tiles: list[Tile] = []
    key = name = ""
    rows: list[str] = []

    def finish() -> None:
        if not key:
            return
        if len(rows) != TILE_SIZE:
            raise TileFormatError(f"tile {key}: {len(rows)} rows, not {TILE_SIZE}")
        tiles.append(Tile(key, name or key, tuple(rows)))

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("="):
            finish()
            key, name, rows = line[1:].strip(), "", []
        elif line.startswith("name:"):
            name = line[5:].strip()
        else:
            if not key:
                raise TileFormatError(f"line {number}: a row before any `= key` line")
            if len(line) != TILE_SIZE or any(char not in MARK_BY_CHAR for char in line):
                raise TileFormatError(f"line {number}: {line!r} is not {TILE_SIZE} marks "
                                      f"from {''.join(MARK_BY_CHAR)}")
            rows.append(line)
    finish()
    return tuple(tiles)


def load_tiles() -> tuple[Tile, ...]:
    """The tiles shipped with Albion."""
    return parse_tiles(files(__package__).joinpath("data/tiles.txt").read_text("utf-8"))


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
