"""Issue 30's pages in the browser: a person makes an account on /account (a refusal shown
in words first), creates a rated table against the random bot from the lobby (the rated
option shut while a seed is given), plays it to the end, finds it under "Your tables",
and their profile shows the rating as "rating ± sigma" with a graph of one point and the
game in the list. Screenshots at 1280 and 375 px (ALBION_SCREENSHOTS)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from tests.browser.conftest import PHONE, LiveServer, assert_no_js_errors, screenshot

NAME = "rated_ann"
PASSWORD = "correct horse battery"

PLAY_TO_THE_END = """async (table) => await new Promise((resolve, reject) => {
  let answered = -1;
  const origin = location.origin.replace(/^http/, "ws");
  const socket = new WebSocket(`${origin}/ws/tables/${table}?seat=0`);
  socket.onmessage = (event) => {
    const update = JSON.parse(event.data);
    if (update.type !== "update") return;
    if (update.status === "over") {
      socket.onclose = null;
      socket.close();
      resolve(update.version);
      return;
    }
    const mine = update.legal && update.legal.length;
    if (update.status === "playing" && mine && update.version > answered) {
      answered = update.version;  // one answer a version, under 10 frames a second
      const action = update.legal[Math.floor(Math.random() * update.legal.length)];
      const submit = { type: "submit", version: update.version, action };
      setTimeout(() => socket.send(JSON.stringify(submit)), 110);
    }
  };
  socket.onclose = (event) => reject(new Error(`closed ${event.code} ${event.reason}`));
})"""


def until_rated(page: Any, server: LiveServer, seconds: float = 15) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        profile: dict[str, Any] = page.context.request.get(
            f"{server.url}/api/players/{NAME}").json()
        if profile["ratings"]:
            return profile
        time.sleep(0.1)
    raise AssertionError("the rated table's end rated nobody")


def test_an_account_plays_a_rated_table_and_its_profile_shows_the_rating(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto(f"{server.url}/account")
    page.fill("[data-testid=username]", NAME)
    page.fill("[data-testid=password]", PASSWORD)
    page.click("[data-testid=signin]")  # no such account yet: refused, in words
    problem = page.locator("[data-testid=account-error]")
    problem.wait_for(state="visible")
    assert "wrong name or password" in problem.inner_text()
    screenshot(page, "account-signed-out-1280")
    page.click("[data-testid=signup]")
    page.wait_for_selector("[data-testid=signed-in]")
    assert NAME in page.inner_text("[data-testid=signed-in]")
    assert page.inner_text("[data-testid=account-link]") == NAME

    page.goto(f"{server.url}/?game=diamoniak")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("[data-testid=more-options] summary")
    page.fill("[data-testid=seed]", "7")
    assert page.is_disabled("[data-testid=rated]"), "a chosen seed is never rated"
    page.fill("[data-testid=seed]", "")
    page.select_option("[data-testid=seat-1]", "random")
    page.check("[data-testid=rated]")
    page.click("[data-testid=create]")
    invitation = page.locator("[data-testid=seat-link-0]")
    invitation.wait_for()
    page.goto(invitation.input_value())
    page.wait_for_selector("[data-testid=seat-0].me")
    table = re.search(r"/play/([^/?]+)\?seat=0", page.url).group(1)  # type: ignore[union-attr]

    page.goto(f"{server.url}/account")
    page.wait_for_selector(f"[data-testid=my-table][data-table='{table}']")
    page.evaluate(PLAY_TO_THE_END, table)
    profile = until_rated(page, server)
    [rating] = profile["ratings"]
    assert (rating["game"], rating["players"], rating["games"]) == ("diamoniak", 2, 1)

    page.goto(f"{server.url}/players/{NAME}")
    page.wait_for_selector("body[data-status=ready]")
    shown = page.inner_text("[data-testid=rating-value]")
    match = re.fullmatch(r"(-?\d+\.\d) ± (\d+\.\d)", shown)
    assert match, shown
    assert abs(float(match.group(1)) - rating["rating"]) <= 0.051, shown
    assert abs(float(match.group(2)) - rating["sigma"]) <= 0.051, shown
    assert page.locator("[data-testid=rating-graph] [data-testid=rating-point]").count() == 1
    assert page.locator("[data-testid=played-game]").count() == 1
    assert "bot (random)" in page.inner_text("[data-testid=played-game]")
    screenshot(page, "profile-1280")
    page.goto(f"{server.url}/account")
    page.wait_for_selector("[data-testid=my-tables] a")
    screenshot(page, "account-1280")
    assert_no_js_errors(page)

    phone = new_page(**PHONE)
    phone.goto(f"{server.url}/players/{NAME}")
    phone.wait_for_selector("[data-testid=rating-point]")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], \
        "the profile fits a phone's width"
    screenshot(phone, "profile-375")
    phone.goto(f"{server.url}/account")
    phone.wait_for_selector("[data-testid=account-error]", state="attached")
    screenshot(phone, "account-signed-out-375")
    assert_no_js_errors(phone)
