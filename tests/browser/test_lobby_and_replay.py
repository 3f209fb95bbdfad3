"""The lobby, the rules page and the replay viewer in a real Chromium (issue 16)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx

from tests.browser.conftest import (
    PHONE,
    LiveServer,
    assert_no_js_errors,
    screenshot,
    wait_until,
)

_finished: dict[tuple[str, str, tuple[str, ...], int], str] = {}


def finished_table(server: LiveServer, game: str, players: list[str], seed: int) -> str:
    """A bots-only table played to its end: one per server, game, players and seed, which
    make the same game whichever test asks (the tests only read it: replays, logs)."""
    key = (server.url, game, tuple(players), seed)
    if key in _finished:
        return _finished[key]
    table = str(server.create(game, players, seed=seed)["table"])
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if httpx.get(f"{server.url}/api/tables/{table}").json()["status"] == "over":
            _finished[key] = table
            return table
        time.sleep(0.2)
    raise AssertionError("the bots did not finish within 120 s")


def test_the_lobby_creates_a_table_and_gives_each_person_a_link(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto(server.url)
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("[data-testid=game]", "raiding-stonehenge")
    page.select_option("[data-testid=count]", "3")
    page.select_option("[data-testid=seat-1]", "human")
    page.select_option("[data-testid=seat-2]", "random")
    page.click("[data-testid=more-options] summary")  # variants are behind More options
    page.select_option("[data-testid=variant-contest]", "all-lose")
    assert "nobody takes" in page.inner_text("[data-testid=create-form]")  # value explained
    page.click("[data-testid=create]")
    first = page.input_value("[data-testid=seat-link-0]")
    second = page.input_value("[data-testid=seat-link-1]")
    assert "/play/" in first and "#invite=" in first and first != second  # issue 25
    assert "/watch/" in page.input_value("[data-testid=spectate-link]")
    table = first.split("/play/")[1].split("#")[0]
    summary = httpx.get(f"{server.url}/api/tables/{table}").json()
    assert summary["players"] == ["human", "human", "random"]
    page.wait_for_selector(f"[data-testid=tables-waiting] tr[data-table='{table}']")
    screenshot(page, "lobby-desktop")
    assert_no_js_errors(page)


def test_the_lobby_says_why_a_table_is_refused(server: LiveServer,
                                               new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto(server.url)
    page.wait_for_selector("body[data-ready=yes]")
    page.click("summary")
    page.fill("[data-testid=seed]", "-5")
    page.click("[data-testid=create]")
    problem = page.wait_for_selector("[data-testid=create-error]:not(.hidden)")
    assert "seed" in problem.inner_text()


def test_the_lobby_fits_a_phone(server: LiveServer, new_page: Callable[..., Any]) -> None:
    page = new_page(**PHONE)
    page.goto(server.url)
    page.wait_for_selector("body[data-ready=yes]")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the lobby is {width} px wide on a 375 px phone"
    screenshot(page, "lobby-phone")


def test_the_rules_page_lists_every_ruling(server: LiveServer,
                                           new_page: Callable[..., Any]) -> None:
    rules = httpx.get(f"{server.url}/api/games/super-camelot/rules").json()
    page = new_page()
    page.goto(f"{server.url}/rules/super-camelot#SC-12")
    page.wait_for_selector("body[data-status=ready]")
    for ruling in rules["rulings"]:
        assert page.is_visible(f"[id='{ruling['id']}']"), ruling["id"]
    assert "cross-tile" in page.inner_text("[data-testid=rules-super-camelot]")
    assert_no_js_errors(page)


def test_a_finished_game_is_replayed_in_the_viewer(server: LiveServer,
                                                   new_page: Callable[..., Any]) -> None:
    table = finished_table(server, "diamoniak", ["heuristic", "random"], seed=11)
    last = httpx.get(f"{server.url}/api/tables/{table}").json()["version"]
    page = new_page()
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector("body[data-status=ready]")
    assert page.get_attribute("body", "data-version") == "0"
    page.click("[data-testid=forward]")
    page.click("[data-testid=forward]")
    assert page.get_attribute("body", "data-version") == "2"
    page.click("[data-testid=back]")
    assert page.get_attribute("body", "data-version") == "1"
    page.keyboard.press("End")
    assert page.get_attribute("body", "data-version") == str(last)
    assert "wins" in page.inner_text("[data-testid=result]") or "draw" in page.inner_text(
        "[data-testid=result]")
    page.click("[data-testid=first]")
    page.click("[data-testid=autoplay]")
    wait_until(page, "Number(document.body.dataset.version) >= 3")
    page.click("[data-testid=autoplay]")
    share = page.get_attribute("[data-testid=share]", "href")
    assert share is not None and share.startswith(f"{server.url}/replay/{table}#")
    moment = int(share.split("#")[1])
    other = new_page()
    other.goto(f"{server.url}/replay/{table}#5")  # a shared link opens at its moment
    other.wait_for_selector("body[data-status=ready]")
    assert other.get_attribute("body", "data-version") == "5" and moment >= 3
    screenshot(page, "replay-diamoniak")
    assert_no_js_errors(page)
    assert_no_js_errors(other)


def test_hostile_names_are_shown_as_text(server: LiveServer,
                                         new_page: Callable[..., Any]) -> None:
    """A name is a text, never markup: no element, no script, no handler from it."""
    created = server.create("diamoniak", ["human", "random"], seed=3)
    hostile = "<img src=x onerror=pwned=1>"  # a name is at most 40 characters
    page = new_page()
    page.add_init_script(f"localStorage.setItem('albion.name', {hostile!r})")
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-status=playing]")
    wait_until(page, "document.querySelector('[data-testid=seats]').textContent"
               ".includes('<img')")
    watcher = new_page()
    watcher.goto(created["spectate"])
    watcher.wait_for_selector("body[data-status=playing]")
    for seen in (page, watcher):
        seen.reload()
        seen.wait_for_selector("body[data-status=playing]")
        assert seen.evaluate("window.pwned") is None
        assert seen.locator("img[src=x]").count() == 0
        assert "<img src=x" in seen.inner_text("[data-testid=seats]")
    assert_no_js_errors(page)


def test_the_lobby_offers_the_learned_bot_where_its_weights_ship(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    """Issue 34: a seat may take the learned bot at Diamoniak; at Raiding Stonehenge,
    which has no weights, the choice is not offered at all."""
    page = new_page()
    page.goto(server.url)
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("[data-testid=game]", "diamoniak")
    choices = page.eval_on_selector_all("[data-testid=seat-1] option",
                                        "options => options.map(o => o.value)")
    assert "learned" in choices and "heuristic" in choices
    page.select_option("[data-testid=seat-1]", "learned")
    page.click("[data-testid=create]")
    link = page.input_value("[data-testid=seat-link-0]")
    table = link.split("/play/")[1].split("#")[0]
    assert httpx.get(f"{server.url}/api/tables/{table}").json()["players"] == [
        "human", "learned"]
    page.select_option("[data-testid=game]", "raiding-stonehenge")
    choices = page.eval_on_selector_all("[data-testid=seat-1] option",
                                        "options => options.map(o => o.value)")
    assert "learned" not in choices and "heuristic" in choices
    assert_no_js_errors(page)
