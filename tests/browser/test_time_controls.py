"""Issue 31's time controls in the browser: the lobby makes a turn-based table (days per
move) and the seat to move reads when its move is due, in its language, with the days
left; a Fischer clock's bank is in minutes. Screenshots at 1280 and 375 px
(ALBION_SCREENSHOTS)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.browser.conftest import PHONE, LiveServer, assert_no_js_errors, screenshot


def lobby_table(page: Any, server: LiveServer, kind: str, amount: str,
                increment: str | None = None, lang: str = "en") -> None:
    """A Diamoniak table against the random bot with the clock `kind`, its seat opened."""
    page.goto(f"{server.url}/?game=diamoniak&lang={lang}")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("[data-testid=more-options] summary")
    page.select_option("[data-testid=seat-1]", "random")
    page.select_option("[data-testid=clock-kind]", kind)
    page.fill("[data-testid=clock]", amount)
    if increment is not None:
        page.fill("[data-testid=clock-increment]", increment)
    with page.expect_response("**/api/tables") as answered:
        page.click("[data-testid=create]")
    assert answered.value.status == 201, answered.value.text()
    invitation = page.locator("[data-testid=seat-link-0]")
    invitation.wait_for()
    page.goto(invitation.input_value())
    page.wait_for_selector("[data-testid=seat-0].me")


def test_a_turn_based_table_says_when_the_move_is_due(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    page = new_page()
    lobby_table(page, server, "days", "2")
    own = page.wait_for_selector("[data-testid=clock]:not(.hidden)")
    text = own.inner_text()
    assert text.startswith("Your move is due"), text
    assert re.search(r"\((1 d 23|2 d 0) h left\)", text), text
    assert "1 d 23 h" in page.inner_text("[data-testid=seat-0]") or \
        "2 d 0 h" in page.inner_text("[data-testid=seat-0]")
    screenshot(page, "turn-based-1280")
    assert_no_js_errors(page)
    phone = new_page(**PHONE)
    lobby_table(phone, server, "fischer", "3", "5", lang="fr")
    words = phone.wait_for_selector("[data-testid=clock]:not(.hidden)").inner_text()
    assert "3:00" in words or "2:5" in words, words
    assert "restant" in words or "reste" in words or "left" not in words, words
    screenshot(phone, "fischer-375-fr")
    assert_no_js_errors(phone)


def test_an_account_goes_on_vacation_and_comes_back_from_its_page(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    page = new_page()
    answer = page.context.request.post(f"{server.url}/api/account/signup", data={
        "username": "away_ann", "password": "correct horse battery"})
    assert answer.status == 201, answer.text()
    page.goto(f"{server.url}/account")
    page.fill("[data-testid=vacation-days]", "3")
    page.click("[data-testid=vacation-start]")
    away = page.wait_for_selector("[data-testid=on-vacation]")
    assert "On vacation until" in away.inner_text()
    assert "27 days of vacation left this year" in page.inner_text("[data-testid=vacation]")
    screenshot(page, "vacation-1280")
    phone = new_page(**PHONE)
    phone.context.request.post(f"{server.url}/api/account/signin", data={
        "username": "away_ann", "password": "correct horse battery"})
    phone.goto(f"{server.url}/account")
    phone.wait_for_selector("[data-testid=on-vacation]")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(phone, "vacation-375")
    page.click("[data-testid=vacation-end]")
    page.wait_for_selector("[data-testid=vacation-start]")
    assert "29 days of vacation left this year" in page.inner_text("[data-testid=vacation]")
    assert_no_js_errors(page)
    assert_no_js_errors(phone)
