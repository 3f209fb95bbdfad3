"""How to play, for the rules page (issue 32): `GET /api/games/{id}/howto` gives a game's
how-to-play (`albion.core.howto`, its package's data/howto.toml) in the reader's language,
each picture as the view of its position — read from the game's position text and put on
a real table, as a seat's WebSocket would send it (the view of the seat to move there,
its legal actions annotated, and the game's geometry) — for the page to draw with the
game's own board script, read-only; the short first-time notes of the rulings marked
`newcomer` (a table's page shows them); and the rulebooks as published."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fastapi import FastAPI, Request

from albion.core.errors import AlbionError
from albion.core.howto import HowTo, Section, load_howto
from albion.core.plugin import load_tutorial, rulebook_files
from albion.core.presentation import Place
from albion.core.registry import get_plugin
from albion.core.tutorial import Step
from albion.i18n import LANGUAGES, translator
from albion.server.errors import ApiError
from albion.server.languages import page_language
from albion.table.tutorial import step_table


def add_howto_routes(app: FastAPI) -> None:
    @app.get("/api/games/{game_id}/howto")
    async def howto(game_id: str, request: Request) -> dict[str, Any]:
        """A game's how-to-play in the language of `?lang=` (en, fr, de), else the
        reader's: its sections, each picture the view of its position; the first-time
        notes by ruling; the rulings marked newcomer; the rulebooks."""
        try:
            return howto_page(game_id, page_language(request))
        except AlbionError as problem:
            raise ApiError.of(404, "unknown_game", problem) from None


@lru_cache(maxsize=32)
def howto_page(game_id: str, lang: str) -> dict[str, Any]:
    """The page's data (read once per game and language: the positions are data)."""
    plugin = get_plugin(game_id)
    game = plugin.game
    text = translator(lang).text
    found = load_howto(plugin)
    sections = [] if found is None else [
        {"title": text(section.title), "text": text(section.text),
         "caption": text(section.caption) if section.caption else None,
         "rulings": list(section.rulings), "picture": picture(plugin, found, section)}
        for section in found.sections]
    newcomer = [ruling.id for ruling in game.rulings if ruling.newcomer]
    return {
        "game": game.id, "name": game.name, "lang": lang, "sections": sections,
        "notes": {} if found is None else {ruling: text(note) for ruling, note in found.notes
                                           if ruling in newcomer},
        "newcomer": newcomer,
        "rulebooks": [{"lang": code, "name": LANGUAGES.get(code, code),
                       "url": f"/rules/{game.id}/rulebook/{code}"}
                      for code in rulebook_files(plugin)],
    }


def section_position(plugin: Any, howto: HowTo, section: Section) -> str | None:
    """The position text of a section's picture: its own, or its tutorial step's."""
    if section.position is not None:
        return section.position
    if section.step is None:
        return None
    tutorial = load_tutorial(plugin)
    if tutorial is None or section.step > len(tutorial.steps):
        raise ValueError(f"{howto.game}: {section.title!r} names step {section.step}, "
                         "which its tutorial does not have")
    return tutorial.steps[section.step - 1].position


def picture(plugin: Any, howto: HowTo, section: Section) -> dict[str, Any] | None:
    """The view of the section's position for the seat to move there, as a seat's
    update carries it, and the game's geometry; None without a position."""
    position = section_position(plugin, howto, section)
    if position is None:
        return None
    step = Step(section.title, position, "", (), "", Place("board"), ())
    table = step_table(plugin.game, step)
    seat = table.to_move()[0]
    return {"seat": seat, "view": table.view(seat), "geometry": table.geometry()}
