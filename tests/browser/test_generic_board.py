"""A game from an outside plug-in is played in the browser (issue 26): the test-only High
Card game, found through its entry point and shipping no board script of its own, is
played to the end in Chromium through the generic renderer, from its presentation model
alone (its board's fields, its annotated actions, its events) — with no file outside its
package."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import DESKTOP, PHONE, LiveServer, assert_no_js_errors, screenshot

PLUGIN_PATH = Path(__file__).parents[1] / "plugin_game"


@pytest.fixture(scope="module")
def plugin_server() -> Iterator[LiveServer]:
    """`albion serve` with High Card's distribution on its path (nothing installed)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PLUGIN_PATH), env.get("PYTHONPATH")]))
    with tempfile.TemporaryDirectory() as directory:
        live = LiveServer(Path(directory), env=env)
        yield live
        live.stop()


def test_high_card_is_played_to_the_end_through_the_generic_board(
        plugin_server: LiveServer, new_page: Callable[..., Any]) -> None:
    games = {game["id"]: game for game in httpx.get(f"{plugin_server.url}/api/games").json()}
    assert games["high-card"]["board"] is None  # it ships no drawing of its own
    created = plugin_server.create("high-card", ["human", "random"])
    link = created["seats"][0]["url"]
    page = new_page(**DESKTOP)
    page.goto(plugin_server.url + link if link.startswith("/") else link)
    page.wait_for_selector("[data-testid=generic-board]")
    played = 0
    while True:
        page.wait_for_selector("body[data-status=over], body[data-my-turn=yes]", timeout=30_000)
        if page.get_attribute("body", "data-status") == "over":
            break
        version = page.get_attribute("body", "data-version")
        if played == 1:
            screenshot(page, "high-card-desktop")
            phone = new_page(**PHONE)  # a spectator at phone width
            watch = created["spectate"]
            phone.goto(plugin_server.url + watch if watch.startswith("/") else watch)
            phone.wait_for_selector(f"body[data-version='{version}']", state="attached")
            assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            screenshot(phone, "high-card-phone")
            assert_no_js_errors(phone)
        # The board's own targets, grouped by where they sit (HC-2: the cards in the hand).
        targets = page.locator("[data-testid=generic-board] [data-testid=choices] [data-action]")
        assert targets.count() >= 1
        assert "Hand" in page.inner_text("[data-testid=choices]")
        action = targets.first.get_attribute("data-action")
        legal = page.locator("[data-testid=legal] button").evaluate_all(
            "buttons => buttons.map(b => b.dataset.action)")
        assert action in legal, (action, legal)
        targets.first.click()
        played += 1
        page.wait_for_selector(f"body:not([data-version='{version}'])", state="attached")
    assert played == 3  # HC-2: three rounds, one card each
    page.wait_for_selector("[data-testid=result]", state="visible")
    assert page.locator("[data-testid=generic-board] [data-testid=player-0]").count() == 1
    assert "Points" in page.inner_text("[data-testid=generic-board]")
    screenshot(page, "high-card-over")
    assert_no_js_errors(page)
