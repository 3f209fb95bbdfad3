"""Seats in the browser (issue 25): an invitation is claimed once and leaves the address
bar (the page holds its seat by a cookie, and its WebSocket's URL carries no secret); a
used invitation is said so; a seat open in two places is told, and signs the other out;
a table whose seed was chosen says so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.browser.conftest import LiveServer, assert_no_js_errors, screenshot, wait_until


def sockets_of(page: Any) -> list[str]:
    """The URLs of the WebSockets `page` opens (recorded from now on)."""
    urls: list[str] = []
    page.on("websocket", lambda socket: urls.append(socket.url))
    return urls


def test_an_invitation_is_claimed_once_and_leaves_the_address_bar(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("diamoniak", ["human", "human"])
    link = created["seats"][1]["url"]
    invite = created["seats"][1]["invite"]
    assert "#invite=" in link
    friend = new_page()
    opened = sockets_of(friend)
    friend.goto(link)
    friend.wait_for_selector("[data-testid=seat-1].me")
    assert friend.url.endswith(f"/play/{created['table']}?seat=1"), friend.url
    assert invite not in friend.url
    wait_until(friend, "document.body.dataset.version !== undefined")
    assert opened and all("token" not in url and invite not in url for url in opened)
    assert friend.evaluate("document.cookie") == "", "HttpOnly: no script reads the seat"
    friend.reload()  # the page keeps its seat by its cookie
    friend.wait_for_selector("[data-testid=seat-1].me")
    late = new_page()  # someone else opens the same link afterwards
    late.goto(link)
    late.wait_for_selector("[data-testid=error]:not(.hidden)")
    assert "used already" in late.inner_text("[data-testid=error]")
    assert late.locator(".seat-chip.me").count() == 0, "the late one only watches"
    screenshot(late, "invitation-used-desktop")
    assert_no_js_errors(friend)


def test_a_seat_open_twice_is_told_and_signs_the_other_out(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("diamoniak", ["human", "random"], seed=5)
    mine = new_page()
    mine.goto(created["seats"][0]["url"])
    mine.wait_for_selector("[data-testid=seat-0].me")
    copy = mine.context.new_page()  # the same browser, another tab
    copy.goto(mine.url)
    copy.wait_for_selector("[data-testid=seat-0].me")
    mine.wait_for_selector("[data-testid=elsewhere]:not(.hidden)")
    assert "also open" in mine.inner_text("[data-testid=elsewhere]")
    assert mine.is_visible("[data-testid=seed-chosen]"), "the seed was chosen"
    screenshot(mine, "seat-open-elsewhere-desktop")
    mine.click("[data-testid=sign-out-others]")
    copy.wait_for_selector("[data-testid=error]:not(.hidden)")
    assert "signed out" in copy.inner_text("[data-testid=error]")
    mine.wait_for_selector("[data-testid=info]:not(.hidden)")
    wait_until(mine, "document.querySelector('[data-testid=elsewhere]')"
                     ".classList.contains('hidden')")
    wait_until(mine, "document.querySelector('[data-testid=connection]').textContent"
                     " === 'connected'")
    assert_no_js_errors(mine)


def test_a_table_dealt_from_the_servers_secret_shows_no_seed_warning(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("raiding-stonehenge", ["human", "random", "random"])
    page = new_page()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("[data-testid=seat-0].me")
    assert not page.is_visible("[data-testid=seed-chosen]")
    assert_no_js_errors(page)
