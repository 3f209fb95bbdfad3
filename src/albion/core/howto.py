"""How to play a game, for players (issue 32): its package's `data/howto.toml` (docs/howto.md)
— a few sections (the goal, a turn, how to win…), each a title, a paragraph, optionally a
picture (a position in the game's position text, or a step of its tutorial, drawn by the
game's own board script) with a caption, and the rulings it explains; and `notes`, the
short note a table shows a seat the first time a ruling marked `newcomer` applies to it.
Standard library only; the texts are the catalogue's keys, each a paragraph with its
whitespace collapsed (as the tutorials')."""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from albion.core.errors import AlbionError
from albion.core.pickling import picklable
from albion.core.plugin import GamePlugin

HOWTO_FILE = "data/howto.toml"
"""Where a game's package keeps it."""


class HowToError(AlbionError, ValueError):
    """A how-to-play file that does not read."""


@dataclass(frozen=True, slots=True)
class Section:
    """One part of the page: `position` (position text) or `step` (1-based, a step of the
    game's tutorial whose position is drawn) make its picture."""

    title: str
    text: str
    position: str | None = None
    step: int | None = None
    caption: str | None = None
    rulings: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HowTo:
    game: str
    sections: tuple[Section, ...]
    notes: tuple[tuple[str, str], ...]
    """(ruling id, the note) for the first-time rule notes at a table."""

    def words(self) -> tuple[str, ...]:
        """Every text a reader reads, for the catalogue."""
        found: list[str] = []
        for section in self.sections:
            found += [section.title, section.text, *([section.caption] if section.caption else [])]
        return (*found, *(note for _, note in self.notes))


def load_howto(plugin: GamePlugin) -> HowTo | None:
    """The game's how-to-play, from its package; None when it ships none."""
    module = sys.modules.get(type(plugin.game).__module__)
    package = getattr(module, "__package__", None)
    if not package:
        return None
    found = resources.files(package).joinpath(HOWTO_FILE)
    if not found.is_file():
        return None
    return parse_howto(found.read_text("utf-8"), f"{plugin.id} {HOWTO_FILE}")


def parse_howto(text: str, where: str = "howto") -> HowTo:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise HowToError(f"{where}: {error}") from None
    sections = data.get("section")
    if not isinstance(data.get("game"), str) or not isinstance(sections, list) or not sections:
        raise HowToError(f"{where}: needs a game and at least one [[section]]")
    notes = data.get("notes", {})
    if not isinstance(notes, dict) or not all(isinstance(value, str) for value in notes.values()):
        raise HowToError(f"{where}: [notes] maps ruling ids to sentences")
    return HowTo(data["game"], tuple(_section(entry, where) for entry in sections),
                 tuple((key, _paragraph(value)) for key, value in notes.items()))


def _section(data: Any, where: str) -> Section:
    if not isinstance(data, dict) or not isinstance(data.get("title"), str) or \
            not isinstance(data.get("text"), str):
        raise HowToError(f"{where}: a section needs a title and a text")
    step, position = data.get("step"), data.get("position")
    if (step is not None and (not isinstance(step, int) or step < 1)) or \
            (position is not None and not isinstance(position, str)):
        raise HowToError(f"{where}: {data['title']!r}: step is a number from 1, position a text")
    rulings = data.get("rulings", [])
    if not isinstance(rulings, list) or not all(isinstance(item, str) for item in rulings):
        raise HowToError(f"{where}: {data['title']!r}: rulings is a list of ids")
    caption = data.get("caption")
    return Section(_paragraph(data["title"]), _paragraph(data["text"]), position, step,
                   None if caption is None else _paragraph(str(caption)), tuple(rulings))


def _paragraph(text: str) -> str:
    return " ".join(text.split())


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
