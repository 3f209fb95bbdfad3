"""Playing without a mouse (issue 16): board targets take the focus and Enter; keys 1–9
pick a legal action; the hint answers with one of the seat's legal actions; on a phone, Tab
goes through a table in the order it is seen (issue 29)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

from tests.browser.conftest import PHONE, LiveServer, assert_no_js_errors, wait_until


def test_a_game_is_played_with_the_keyboard(server: LiveServer,
                                            new_page: Callable[..., Any]) -> None:
    created = server.create("diamoniak", ["human", "random"], seed=9)
    page = new_page()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-my-turn=yes]")
    version = int(page.get_attribute("body", "data-version") or 0)
    # A board target is reached with Tab and taken with Enter.
    board_target = page.locator("#board [data-action]").first
    board_target.focus()
    assert page.evaluate("document.activeElement.getAttribute('data-action')") is not None
    page.keyboard.press("Enter")
    wait_until(page, f"Number(document.body.dataset.version) > {version}")
    # Keys 1–9 pick from the list of legal actions.
    page.wait_for_selector("body[data-my-turn=yes]")
    first = page.get_attribute("[data-testid=legal] button >> nth=0", "data-action")
    version = int(page.get_attribute("body", "data-version") or 0)
    page.keyboard.press("1")
    wait_until(page, f"Number(document.body.dataset.version) > {version}")
    assert any(first in line for line in page.locator("[data-testid=log] li").all_inner_texts())
    assert_no_js_errors(page)


def test_the_hint_names_a_legal_action(server: LiveServer,
                                       new_page: Callable[..., Any]) -> None:
    created = server.create("raiding-stonehenge", ["human", "random", "random"], seed=4)
    page = new_page()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-my-turn=yes]")
    legal = [button.get_attribute("data-action")
             for button in page.locator("[data-testid=legal] button").all()]
    page.click("[data-testid=hint]")
    answer = wait_until(page, "document.querySelector('[data-testid=hint-answer]')"
                        ".textContent.startsWith('Hint:') && "
                        "document.querySelector('[data-testid=hint-answer]').textContent",
                        seconds=60)
    assert answer.split(" — ")[0].removeprefix("Hint: ") in legal, (answer, legal)
    assert page.locator(".hinted").count() >= 1  # the advised target is marked
    assert_no_js_errors(page)


def test_the_end_shows_the_result_and_a_rematch_seats_the_player_again(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("diamoniak", ["human", "random"], seed=2,
                            variant={"max_turns": 1})  # DI-10: a draw after one turn
    page = new_page()
    page.goto(created["seats"][0]["url"])
    for _ in range(60):
        page.wait_for_selector("body[data-my-turn=yes], body[data-status=over]")
        if page.get_attribute("body", "data-status") == "over":
            break
        version = page.get_attribute("body", "data-version")
        page.locator("[data-testid=legal] button").last.click()  # stop when it may
        page.wait_for_selector(f"body:not([data-version='{version}'])")
    result = page.wait_for_selector("[data-testid=result]:not(.hidden)")
    assert "draw" in result.inner_text().lower()
    old = created["table"]
    page.click("[data-testid=rematch]")
    page.wait_for_url(lambda url: "/play/" in url and old not in url)
    page.wait_for_selector("body[data-status=playing]")
    new = page.url.split("/play/")[1].split("?")[0]
    summary = httpx.get(f"{server.url}/api/tables/{new}").json()
    assert summary["rematch_of"] == old and summary["players"] == ["human", "random"]
    assert_no_js_errors(page)


FOCUSED = """() => {
  const node = document.activeElement;
  if (!node || node === document.body) return null;
  const box = node.getBoundingClientRect();
  const section = node.closest("section");
  const where = node.closest("header.top") ? "header"
    : section && section.querySelector("[data-testid=legal]") ? "choices"
      : node.closest("#board") ? "board"
        : node.closest("[data-testid=name-form]") ? "name"
          : node.closest("[data-testid=log]") ? "log"
            : node.closest(".chat") ? "chat"
              : node.closest("main") ? "status" : "elsewhere";
  return { where, seen: node.checkVisibility({ checkOpacity: true, visibilityProperty: true })
    && box.width > 1 && box.height > 1, name: `${node.tagName} ${node.getAttribute("aria-label")
    || node.textContent.trim().slice(0, 40)}` };
}"""
ORDER = ["header", "status", "choices", "board", "name", "log", "chat"]
"""A table as a phone shows it: the site's header, the turn and the seats, the choices, the
board, then the name to give, the log and the chat."""


def test_tab_follows_a_phone_table_from_the_turn_to_the_choices_the_board_and_the_log(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    """Issue 29: at 375 px Tab reaches the header, the turn, the choices, the board and then
    the log and the chat, in that order (the order the phone shows them), every stop a
    visible element; it never rests on something hidden nor falls back to the page."""
    created = server.create("diamoniak", ["human", "random"], seed=9)
    page = new_page(**PHONE)
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-my-turn=yes]")
    page.locator("header.top a").first.focus()
    stops = [page.evaluate(FOCUSED)]
    for _ in range(150):
        page.keyboard.press("Tab")
        stop = page.evaluate(FOCUSED)
        if stop is None:  # past the last stop: focus leaves the page
            break
        stops.append(stop)
    else:
        raise AssertionError(f"Tab went round more than 150 stops: {stops[-5:]}")
    hidden = [stop["name"] for stop in stops if not stop["seen"]]
    assert hidden == [], f"Tab stopped on what is not seen: {hidden}"
    places = [stop["where"] for stop in stops]
    assert "elsewhere" not in places, stops
    ranks = [ORDER.index(place) for place in places]
    assert ranks == sorted(ranks), [f"{stop['where']}: {stop['name']}" for stop in stops]
    assert {"header", "status", "choices", "board", "log", "chat"} <= set(places), places
    assert places.index("choices") < places.index("board")
    assert_no_js_errors(page)
