"""Super Camelot's board parts its lists as the reader's language does (issue 29), in a
real Chromium: the text mode's enemies are a list in the page's language (Intl.ListFormat:
"A and B", French "A et B", German "A und B"; the pseudo-locale's through the catalogue),
and the things on the map and a Mimic's tooltip, whose parts hold commas of their own, are
parted by the catalogue's separator ("a; b", French "a ; b")."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from albion.games.super_camelot import wire
from albion.i18n import translator
from albion.table import Table
from tests.browser.conftest import LiveServer, assert_no_js_errors

SQUARE = re.compile(r"r\d+c\d+")
DESCRIBE = """async ([update, geometry]) => {
  const board = await import('/static/games/super-camelot/board.js');
  const root = document.createElement('div');
  document.querySelector('main').prepend(root);
  const ctx = { submit: () => {}, seatName: (seat) => `P${seat + 1}`, replay: false, geometry,
    viewer: update.viewer };
  board.render(root, update, ctx);
  const mimic = root.querySelector('.sc-mimic > title');
  return { board: board.describe(update, ctx).board, mimic: mimic && mimic.textContent };
}"""
AND = {"en": " and ", "fr": " et ", "de": " und "}
"""What Intl.ListFormat puts before the last of two items in each language."""


def busy_update() -> tuple[dict[str, Any], dict[str, Any]]:
    """A seat's update (as the server sends it) with two enemies, a Mimic among them, and
    three things or more on the map; the Mimic is given a stolen treasure (SC-24)."""
    for seed in range(1, 40):
        table = Table("super-camelot", ["human", "human"], seed=seed)
        rng = random.Random(seed)
        for _ in range(800):
            if table.is_over():
                break
            seat = table.to_move()[0]
            view = table.view(seat)
            board = view["board"]
            kinds = {enemy["kind"] for enemy in board["enemies"]}
            if len(board["enemies"]) == 2 and "mimic" in kinds and len(board["objects"]) >= 3:
                mimic = next(enemy for enemy in board["enemies"] if enemy["kind"] == "mimic")
                mimic["hoard"] = [{"owner": 1 - seat, "card": next(iter(wire.CARDS.values()))}]
                update = {"view": view, "legal": [a["text"] for a in view["legal"]],
                          "actions": view["legal"], "recent": [], "events": [],
                          "version": table.version, "names": {}, "status": "playing",
                          "viewer": seat}
                geometry = table.geometry()
                assert geometry is not None
                return update, geometry
            legal = table.legal(seat)
            wander = [text for text in legal if text.startswith(("step", "circle", "pick"))]
            table.submit(seat, rng.choice(wander or legal), table.version)
    raise AssertionError("no map with two enemies, a Mimic and three things in 40 games")


def inside(line: str, message: str, lang: str) -> str:
    """What `line` (the message `message` said in `lang`, its one placeholder filled) holds
    in its placeholder."""
    before, after = translator(lang).text(message, enemies="\0", things="\0").split("\0")
    assert line.startswith(before) and line.endswith(after), (line, before, after)
    return line[len(before):len(line) - len(after)]


@pytest.mark.parametrize("lang", ["en", "fr", "de", "qps"])
def test_enemies_are_a_list_and_things_one_after_another_in_each_language(
        server: LiveServer, new_page: Callable[..., Any], lang: str) -> None:
    update, geometry = busy_update()
    board = update["view"]["board"]
    said = translator(lang)
    page = new_page()
    page.goto(f"{server.url}/rules/super-camelot?lang={lang}")
    page.wait_for_selector(f"html[lang={lang}]")
    page.wait_for_selector("body[data-status=ready]")
    seen = page.evaluate(DESCRIBE, [update, geometry])
    lines: list[str] = [line for line in seen["board"] if line]
    separator = said.text("{first}; {rest}", first="", rest="")
    assert separator == {"en": "; ", "fr": " ; ", "de": "; "}.get(lang, separator)

    enemies = inside(next(line for line in lines if line.startswith(
        said.text("Enemies: {enemies}.", enemies="\0").split("\0")[0])),
        "Enemies: {enemies}.", lang)
    squares = [enemy["square"] for enemy in board["enemies"]]
    if lang == "qps":  # Intl knows no pseudo-locale: the list is the catalogue's
        assert enemies.startswith("⟦") and " and " not in enemies, enemies
        assert SQUARE.findall(enemies) == squares, enemies
    else:
        first, last = enemies.split(AND[lang])
        assert SQUARE.findall(first) == squares[:1] and SQUARE.findall(last) == squares[1:]
        assert ";" not in enemies, enemies

    things = inside(next(line for line in lines if line.startswith(
        said.text("On the map: {things}.", things="\0").split("\0")[0])),
        "On the map: {things}.", lang)
    count = len(board["objects"]) + len([pile for pile in board["items"] if pile["items"]]) \
        + len(board["special_stacks"])
    stolen = said.plural("holds {count} stolen treasure", "holds {count} stolen treasures", 1)
    if lang == "qps":  # the separator is a message of its own, nested: "⟦a; ⟦b; c⟧⟧"
        assert len(SQUARE.findall(things)) == count and things.count("; ") == count - 1
        assert seen["mimic"] and seen["mimic"].endswith(f"; {stolen}⟧"), seen["mimic"]
    else:
        parts = things.split(separator)
        assert len(parts) == count, things
        assert all(len(SQUARE.findall(part)) == 1 for part in parts), things
        assert seen["mimic"] and seen["mimic"].endswith(separator + stolen), seen["mimic"]
    assert_no_js_errors(page)
