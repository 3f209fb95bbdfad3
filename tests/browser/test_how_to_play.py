"""The rules where they are needed (issue 32), in Chromium: each game's How to play on its
rules page before the rulings, its pictures drawn by the game's own board script from
positions, the rulebooks linked in their languages, in French too; at a table, a
first-time rule note shown once (and never again once noted or turned off) and "why not?"
on a board place with no legal action, answered with the ruling. Screenshots at 1280 and
375 px (ALBION_SCREENSHOTS)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    PHONE,
    SCREENSHOTS,
    LiveServer,
    assert_no_js_errors,
    screenshot,
    wait_until,
)

GAMES = ("diamoniak", "raiding-stonehenge", "super-camelot")


def screenshot_path(name: str) -> Path:
    """Where an element's screenshot NAME.png goes (ALBION_SCREENSHOTS)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / f"{name}.png"


@pytest.mark.parametrize("game_id", GAMES)
def test_how_to_play_comes_before_the_rulings_with_pictures_from_positions(
        server: LiveServer, new_page: Callable[..., Any], game_id: str) -> None:
    for width, size in (("1280", {}), ("375", PHONE)):
        page = new_page(**size)
        page.goto(f"{server.url}/rules/{game_id}")
        wait_until(page, "document.body.dataset.status === 'ready'")
        sections = page.locator("[data-testid=howto-section]")
        assert sections.count() >= 3
        pictures = page.locator("[data-testid=howto-picture]")
        assert pictures.count() >= 2
        for index in range(pictures.count()):  # drawn by the game's board script
            assert pictures.nth(index).locator("*").count() > 5
        assert page.evaluate("""() => {
            const howto = document.querySelector('[data-testid^=howto-]');
            const ruling = document.querySelector('.ruling');
            const after = howto.compareDocumentPosition(ruling);
            return Boolean(after & Node.DOCUMENT_POSITION_FOLLOWING);
        }"""), "how to play comes before the rulings"
        books = page.locator("[data-testid=rulebooks] a")
        langs = {books.nth(index).get_attribute("hreflang") for index in range(books.count())}
        assert "en" in langs and (game_id != "diamoniak" or "fr" in langs)
        assert page.locator("[data-testid=howto-picture] [data-action]").count() == 0, \
            "read-only: no target"
        # A picture is no game: no "Your turn", no bots (issue 32).
        drawn = page.locator("[data-testid=howto-picture]").all_text_contents()
        assert not any("Your turn" in text or "bot ·" in text for text in drawn)
        # On a phone each board is folded behind "Show the board", its caption in view.
        folds = page.locator("[data-testid=howto-board]")
        assert folds.count() == pictures.count()
        opened = [folds.nth(index).get_attribute("open") is not None
                  for index in range(folds.count())]
        assert opened == [width == "1280"] * folds.count()
        tall = page.evaluate("() => document.getElementById('how-to-play').offsetHeight")
        whole = page.evaluate("() => document.body.scrollHeight")
        print(f"{game_id} {width}px: how to play {tall} px, page {whole} px")
        screenshot(page, f"howto-{game_id}-{width}")
        if width == "375":  # unfolded, the picture fits the phone's width
            folds.first.locator(":scope > summary").click()
            assert pictures.first.is_visible()
            assert page.evaluate("() => document.querySelector('[data-testid=howto-picture]')"
                                 ".getBoundingClientRect().right <= 375")
            pictures.first.screenshot(path=str(screenshot_path(f"howto-{game_id}-375-picture")))
        assert_no_js_errors(page)
    page = new_page()
    page.goto(f"{server.url}/rules/{game_id}?lang=fr")
    wait_until(page, "document.body.dataset.status === 'ready'")
    assert page.locator("#how-to-play > h3").inner_text() == "Comment jouer"
    assert_no_js_errors(page)


def test_a_rule_note_once_and_why_not_on_the_board(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("raiding-stonehenge", ["human", "random", "random"], seed=5)
    url = created["seats"][0]["url"]
    for width, size in (("1280", {}), ("375", PHONE)):
        page = new_page(**size)
        page.goto(url)
        wait_until(page, "document.body.dataset.myTurn === 'yes'")
        note = page.locator("[data-testid=rule-note]")
        note.wait_for(state="visible")
        assert note.get_attribute("data-ruling") == "RS-5"  # the pick: a line's bottom card
        assert note.locator("a.rule-link").get_attribute("href").endswith("#RS-5")
        # Why not? A pile, while every seat picks a card: only a black card's player
        # chooses a pile (RS-8), from the same check that builds the legal actions.
        page.locator("[data-testid=pile-red]").click()
        why = page.locator("[data-testid=why-not]")
        wait_until(page, "document.querySelector('[data-testid=why-not] [data-ruling]')")
        assert why.locator("[data-ruling]").first.get_attribute("data-ruling") == "RS-8"
        assert "black card" in why.inner_text()
        screenshot(page, f"table-note-why-not-rs-{width}")
        page.locator("[data-testid=rule-note-close]").click()
        assert note.is_hidden()
        page.reload()  # noted once in this browser: not shown again
        wait_until(page, "document.body.dataset.myTurn === 'yes'")
        page.wait_for_timeout(500)
        assert note.is_hidden()
        assert_no_js_errors(page)
    # Turned off, and remembered: a new browser sees the note, unless it turns them off.
    page = new_page()
    fresh = server.create("raiding-stonehenge", ["human", "random", "random"], seed=6)
    page.goto(fresh["seats"][0]["url"])
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    page.locator("[data-testid=rule-notes]").uncheck()
    assert page.locator("[data-testid=rule-note]").is_hidden()
    page.reload()
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    assert not page.locator("[data-testid=rule-notes]").is_checked()
    page.wait_for_timeout(500)
    assert page.locator("[data-testid=rule-note]").is_hidden()
    assert_no_js_errors(page)
