"""A game's guided first game (issue 32), as data: a TOML file in the game's package
(`data/tutorial.toml`, named by its plug-in) holding a short sequence of steps. Each step
is a position in the game's position text, a few sentences (English catalogue keys, put
into the reader's language where shown), the actions it expects in notation, what to
point at on the board (a `Place` of the presentation model) and the rulings it teaches.
The format is documented in `docs/tutorials.md`; `albion.table.tutorial` plays it on a
real Table. Reading the text is pure (no I/O): the plug-in hands over the file's text."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from typing import Any

from albion.core.errors import AlbionError
from albion.core.presentation import Place

STEP_KEYS = {"title", "position", "text", "expect", "hint", "point", "teaches", "after",
             "seed", "later"}
"""A step's keys: `after` (what the move brought about, said once it is made), `seed` (the
chance seed of the step's table, chosen so its draw is the one the next step shows) and
`later` (the step jumps ahead of the previous step's outcome, and its text says so) are
optional."""
PLACE_KEYS = {"area", "seat", "square", "item", "number"}
HEADER = re.compile(r"\s*(?P<game>[a-z0-9-]+)\s+(?P<players>\d{1,3})p\b(?P<pairs>[^|\n]*)")
"""A position text's first words: `GAME Np key=value …` (`albion.core.position`)."""


class TutorialError(AlbionError, ValueError):
    """A tutorial file that does not follow the format (says the step and the key)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step: the learner decides at `position` (position text) for the seat to move
    there; `expect` holds the canonical notation of the actions that advance (any one);
    `point` is where on the board to look; `teaches` the ruling ids it shows. The step's
    position follows from the previous step's expected move (bots and chance played on to
    the learner's next decision, chance from the previous step's `seed`) unless `later`
    says it jumps ahead ("A few turns later…" in its text)."""

    title: str
    position: str
    text: str
    expect: tuple[str, ...]
    hint: str
    point: Place
    teaches: tuple[str, ...]
    after: str = ""
    seed: int | None = None
    later: bool = False

    @property
    def players(self) -> int:
        """The number of players the position is for (its header)."""
        return int(_header(self.position).group("players"))

    @property
    def variant_pairs(self) -> dict[str, str]:
        """The variant the position names (its header's `key=value` words)."""
        pairs = _header(self.position).group("pairs").split()
        return dict(pair.partition("=")[::2] for pair in pairs)

    def words(self) -> tuple[str, ...]:
        """Every text of the step a person reads (for the catalogue)."""
        return tuple(text for text in (self.title, self.text, self.hint, self.after) if text)


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A game's tutorial: its title, a line said before the first step, and its steps."""

    game: str
    title: str
    intro: str
    steps: tuple[Step, ...]

    def taught(self) -> set[str]:
        """The ruling ids some step teaches."""
        return {ruling for step in self.steps for ruling in step.teaches}

    def words(self) -> tuple[str, ...]:
        """Every text of the tutorial a person reads, in order (for the catalogue)."""
        own = tuple(text for text in (self.title, self.intro) if text)
        return own + tuple(text for step in self.steps for text in step.words())


def parse_tutorial(text: str, where: str = "tutorial") -> Tutorial:
    """The tutorial written in `text` (TOML); TutorialError naming what is wrong."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TutorialError(f"{where}: not TOML: {error}") from None
    unknown = set(data) - {"game", "title", "intro", "step"}
    if unknown:
        raise TutorialError(f"{where}: unknown keys {sorted(unknown)}")
    steps = data.get("step")
    if not isinstance(steps, list) or not steps:
        raise TutorialError(f"{where}: no [[step]]")
    return Tutorial(_text(data, "game", where), _text(data, "title", where),
                    _sentences(data, "intro", where) if "intro" in data else "",
                    tuple(_step(step, f"{where} step {number}")
                          for number, step in enumerate(steps, 1)))


def _step(data: dict[str, Any], where: str) -> Step:
    unknown = set(data) - STEP_KEYS
    if unknown:
        raise TutorialError(f"{where}: unknown keys {sorted(unknown)}")
    position = _text(data, "position", where).strip()
    if HEADER.match(position) is None:
        raise TutorialError(f"{where}: the position does not start `GAME Np …`")
    return Step(_text(data, "title", where), position, _sentences(data, "text", where),
                _names(data, "expect", where), _sentences(data, "hint", where),
                _place(data.get("point"), where), _names(data, "teaches", where),
                _sentences(data, "after", where) if "after" in data else "",
                _seed(data.get("seed"), where), _flag(data.get("later", False), "later", where))


def _place(data: Any, where: str) -> Place:
    if not isinstance(data, dict) or not isinstance(data.get("area"), str) or \
            set(data) - PLACE_KEYS:
        raise TutorialError(f"{where}: point is a table {{area = …}} with optional "
                            "seat, square, item, number")
    return Place(**data)


def _seed(value: Any, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**32:
        raise TutorialError(f"{where}: seed is a whole number from 0 to 2**32 - 1")
    return value


def _flag(value: Any, key: str, where: str) -> bool:
    if not isinstance(value, bool):
        raise TutorialError(f"{where}: {key} is true or false")
    return value


def _text(data: dict[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise TutorialError(f"{where}: {key} is a text")
    return value


def _sentences(data: dict[str, Any], key: str, where: str) -> str:
    """A text written over several lines, as one paragraph (the catalogue's key)."""
    return " ".join(_text(data, key, where).split())


def _names(data: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = data.get(key)
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or \
            not all(isinstance(item, str) and item for item in value):
        raise TutorialError(f"{where}: {key} is a text or a list of texts")
    return tuple(value)


def _header(position: str) -> re.Match[str]:
    found = HEADER.match(position)
    if found is None:
        raise TutorialError(f"not a position text: {position[:40]!r}")
    return found
