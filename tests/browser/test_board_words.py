"""The boards speak as a player would (issue 27, item 10), in a real Chromium: no board
shows a ruling id in its words; a ruling is a small link to the rules page
(/rules/<game>#<ruling>) for those who want it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, LiveServer, assert_no_js_errors

RULING = re.compile(r"\b(?:DI|RS|SC)-\d+\b")


def visible_words(page: Any) -> str:
    """The board's text as read, without the small rule links."""
    return str(page.evaluate("""() => {
      const board = document.querySelector('#board').cloneNode(true);
      for (const link of board.querySelectorAll('a.rule-link')) link.remove();
      document.body.append(board);
      const text = board.innerText;
      board.remove();
      return text;
    }"""))


@pytest.mark.parametrize(("game", "players"), [
    ("diamoniak", ["human", "heuristic"]),
    ("raiding-stonehenge", ["human", "heuristic", "heuristic"]),
    ("super-camelot", ["human", "heuristic"]),
])
def test_no_board_speaks_in_ruling_ids(server: LiveServer, new_page: Callable[..., Any],
                                       game: str, players: list[str]) -> None:
    """'(DI-9)', '(RS-8)', '(SC-7)' were part of the boards' sentences; now the words say
    what the rule means and a ruling is only a small link to its place in the rules."""
    created = server.create(game, players, seed=3)
    page = new_page(**DESKTOP)
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-my-turn=yes]")
    page.wait_for_selector("#board [data-action]")
    words = visible_words(page)
    assert not RULING.findall(words), RULING.findall(words)
    links = page.locator("#board a.rule-link")
    assert links.count() > 0
    href = links.first.get_attribute("href") or ""
    assert re.fullmatch(rf"/rules/{game}#(?:DI|RS|SC)-\d+", href), href
    assert_no_js_errors(page)
