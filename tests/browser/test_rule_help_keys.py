"""The rules where they are needed at a table (issue 32), with the keyboard and a screen
reader, in Chromium: "why not?" reached with Tab and Enter (or w) on the few places a
Diamoniak or Raiding Stonehenge board marks, and through "Why not…?" (w: the list of the
board's places) on Super Camelot's map, in the text mode too, the answer said in a live
region; and the Enemy Turn's first-time note (SC-22) shown to the seat whose turn it
followed, from the events of its own update. Screenshots at 1280 and 375 px
(ALBION_SCREENSHOTS)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import PHONE, LiveServer, assert_no_js_errors, screenshot, wait_until

SIZES = (("1280", {}), ("375", PHONE))

ANSWERED = "document.querySelector('[data-testid=why-not-spoken]').textContent.length > 0"


def tab_to(page: Any, selector: str, most: int = 80) -> None:
    """Press Tab until the focused element matches `selector` (keyboard only)."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => Boolean(document.activeElement"
                         " && document.activeElement.matches(s))", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def spoken(page: Any) -> str:
    return str(page.locator("[data-testid=why-not-spoken]").text_content())


THREE = ["human", "random", "random"]


@pytest.mark.parametrize(("game", "players", "place", "key", "ruling"), [
    # RS-8: a pile is chosen only by a black card's player, after the coloured ones.
    ("raiding-stonehenge", THREE, "[data-testid=pile-red]", "w", "RS-8"),
    ("raiding-stonehenge", THREE, "[data-testid=pile-blue]", "Enter", "RS-8"),
    # Diamoniak's first turn: a rival's castle holds no action of this seat's.
    ("diamoniak", ["human", "random"], "[data-testid=castle-1]", "Enter", None),
])
def test_why_not_with_the_keyboard_only_on_a_focusable_place(
        server: LiveServer, new_page: Callable[..., Any], game: str, players: list[str],
        place: str, key: str, ruling: str | None) -> None:
    for width, size in SIZES:
        created = server.create(game, players, seed=5)
        page = new_page(**size)
        page.goto(created["seats"][0]["url"])
        wait_until(page, "document.body.dataset.myTurn === 'yes'")
        tab_to(page, place)
        focused = page.evaluate("() => document.activeElement.getAttribute('data-place')")
        assert json.loads(focused)["area"], "a marked place took the focus"
        page.keyboard.press(key)
        wait_until(page, ANSWERED)
        said = spoken(page)
        why = page.locator("[data-testid=why-not]")
        assert why.is_visible() and said.startswith("Why not?")
        assert said in why.inner_text()  # the live region says what the page shows
        if ruling:
            assert why.locator("[data-ruling]").first.get_attribute("data-ruling") == ruling
            assert ruling in said
        else:
            assert "Nothing is ever played there" in said
        assert page.evaluate("() => document.activeElement.matches('[data-place]')"), \
            "the focus stays on the place asked about"
        screenshot(page, f"why-not-keys-{game}-{key.lower()}-{width}")
        assert_no_js_errors(page)


def test_why_not_through_the_list_of_places_on_super_camelots_map(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    """Super Camelot's map marks ~190 squares: none takes the focus; w opens the list."""
    for text_mode, width, size in ((False, "1280", {}), (True, "1280", {}), (False, "375", PHONE)):
        created = server.create("super-camelot", ["human", "random"], seed=2)
        page = new_page(**size)
        if text_mode:
            page.goto(f"{server.url}/")
            page.evaluate("() => localStorage.setItem('albion.textMode', 'on')")
        page.goto(created["seats"][0]["url"])
        wait_until(page, "document.body.dataset.myTurn === 'yes'")
        assert page.locator("#board [data-place][tabindex]").count() == 0
        options = page.locator("[data-testid=why-not-place] option")
        assert options.count() > 100
        assert "castle" in page.locator("[data-testid=why-not-place]").inner_text().lower()
        page.keyboard.press("w")
        assert page.evaluate(
            "() => document.activeElement.matches('[data-testid=why-not-place]')")
        square = options.nth(9)  # a square of the window the map shows (a phone's is cropped)
        page.keyboard.type(square.inner_text())  # the native list's own type-ahead
        chosen = page.locator("[data-testid=why-not-place]").input_value()
        assert chosen == square.get_attribute("value") and json.loads(chosen)["area"] == "square"
        page.keyboard.press("Enter")
        wait_until(page, ANSWERED)
        # SC-34: the characters are chosen first; then the map.
        assert "SC-34" in spoken(page)
        assert page.locator("[data-testid=why-not] [data-ruling]").first \
            .get_attribute("data-ruling") == "SC-34"
        screenshot(page, f"why-not-keys-super-camelot-{'text' if text_mode else 'board'}-{width}")
        assert_no_js_errors(page)


def choose(texts: list[str]) -> str:
    """A newcomer heading for the forest's edge: off the map (explore) when it can, else the
    step farthest from the middle, else the first circle, else the end of the turn."""
    ways = [text for text in texts if re.fullmatch(r"step (north|east|south|west)", text)]
    if ways:
        return ways[0]
    steps = [text for text in texts if re.fullmatch(r"step r\d+c\d+", text)]
    if steps:
        def far(text: str) -> float:
            row, col = (int(n) for n in re.findall(r"\d+", text))
            return max(abs(row - 14.5), abs(col - 14.5))
        return max(steps, key=far)
    for prefix in ("circle", "end turn"):
        found = [text for text in texts if text.startswith(prefix)]
        if found:
            return found[0]
    return texts[0]


OTHER_NOTES = ["SC-7", "SC-8", "SC-10", "SC-12", "SC-17", "SC-33", "SC-34"]


def test_sc22_the_enemy_turn_after_the_seats_own_turn_is_noted(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    """SC-22: a real Enemy Turn (seed 1: the seat explores north, ends its turn, and a Mimic
    on its new tile moves on it) shows that seat the note, from the enemy's move in its own
    update; no legal action of the default game names SC-22. The other notes are marked
    seen, so the note on screen can only be the Enemy Turn's."""
    for width, size in SIZES:
        created = server.create("super-camelot", ["human", "random"], seed=1)
        page = new_page(**size)
        page.goto(f"{server.url}/")
        page.evaluate("(seen) => localStorage.setItem('albion.notedRules', JSON.stringify(seen))",
                      OTHER_NOTES)
        page.goto(created["seats"][0]["url"])
        note = page.locator("[data-testid=rule-note]")
        for _ in range(40):
            wait_until(page, "document.body.dataset.myTurn === 'yes' || "
                             "!document.querySelector('[data-testid=rule-note]').classList.contains('hidden')",
                       seconds=30)
            if note.is_visible():
                break
            texts = page.evaluate("() => [...document.querySelectorAll("
                                  "'[data-testid=legal] button')]"
                                  ".map((b) => b.getAttribute('data-action'))")
            version = page.evaluate("() => document.body.dataset.version")
            page.locator(f"[data-testid=legal] button[data-action='{choose(texts)}']").click()
            wait_until(page, f"document.body.dataset.version !== '{version}'")
        note.wait_for(state="visible")
        assert note.get_attribute("data-ruling") == "SC-22"
        assert "Enemy Turn" in note.inner_text()
        assert note.locator("a.rule-link").get_attribute("href").endswith("#SC-22")
        log = page.locator("#board").inner_text() + page.locator("body").inner_text()
        assert "moves from" in log  # the enemy's move that applied the rule
        noted = page.evaluate("() => JSON.parse(localStorage.getItem('albion.notedRules'))")
        assert "SC-22" in noted
        screenshot(page, f"note-sc22-enemy-turn-{width}")
        assert_no_js_errors(page)
