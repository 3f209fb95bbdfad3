"""Diamoniak in the browser (issue 16): a whole game against the heuristic bot played by
clicks on the board (the pile, a rival's cards, one's own cards for the witch), with
screenshots at desktop and phone width; a spectator sees the board without targets."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import DESKTOP, PHONE, assert_no_js_errors, screenshot

SEED = 7
VARIANT = {"max_turns": 40}  # DI-10: the cap bounds the test if no castle is finished
DRAWS_PER_TURN = 3  # the test's own push-your-luck: stop after three cards


def wait_for_decision(page: Any) -> str:
    """Wait until the page is drawn for a decision of ours or the game is over: the status."""
    # Selectors, not wait_for_function: the page's CSP forbids the eval it would need.
    page.wait_for_selector("body[data-status=over], body[data-my-turn=yes]", timeout=60_000)
    return str(page.get_attribute("body", "data-status"))


def choose(page: Any, seat: int, draws: int) -> Any:
    """The board target to click now (never the fallback list)."""
    board = page.locator("#board")
    phase = board.locator("[data-testid=diamoniak]").get_attribute("data-phase")
    buys = board.locator("[data-action^='buy ']")
    if phase == "turn_start" and buys.count():
        return buys.first  # DI-7: bought where it lies, in the seller's pile
    if phase == "fairy_choice":
        return board.locator("[data-action='use fairy']")
    if phase == "witch_toll":  # DI-8: pile cards first, the castle last
        mine = board.locator(f"[data-testid=player-{seat}]")
        pile = mine.locator("[data-action^='lose ']:not([data-action='lose castle'])")
        return pile.first if pile.count() else mine.locator("[data-action='lose castle']")
    if phase == "draw_or_stop" and draws >= DRAWS_PER_TURN:
        return board.locator("[data-action=stop]")
    draw = board.locator("[data-testid=draw-pile][data-action=draw]")
    if draw.count():
        return draw
    return board.locator("[data-action]").first  # e.g. pass when nothing is left (DI-9)


def test_a_whole_game_against_the_bot_by_clicks(server: Any, new_page: Any) -> None:
    created = server.create("diamoniak", ["human", "heuristic"], seed=SEED, variant=VARIANT)
    seat = created["seats"][0]
    page = new_page(**DESKTOP)
    page.goto(seat["url"])
    page.wait_for_selector("[data-testid=player-0]")
    page.wait_for_selector("[data-testid=player-1]")
    page.wait_for_selector("[data-testid=draw-pile]")
    page.wait_for_selector("[data-testid=discard]")

    draws = clicks = 0
    shot = False
    clicked: list[str] = []
    while wait_for_decision(page) != "over":
        assert clicks < 500, "the game should end within the turn cap"
        version = page.get_attribute("body", "data-version")
        phase = page.locator("[data-testid=diamoniak]").get_attribute("data-phase")
        if phase == "turn_start":
            draws = 0
        if not shot and clicks >= 12 and phase in ("turn_start", "draw_or_stop"):
            shot = True
            screenshot(page, "diamoniak-desktop")
            take_phone_screenshot(new_page, seat["url"], version)
        chosen = choose(page, seat["seat"], draws)
        action = chosen.get_attribute("data-action")
        # A board target exists only for a text the server says is legal.
        legal = page.locator("[data-testid=legal] button[data-action]").evaluate_all(
            "buttons => buttons.map(b => b.dataset.action)")
        assert action in legal, (action, legal)
        chosen.click()
        clicked.append(action)
        clicks += 1
        if action == "draw":
            draws += 1
        page.wait_for_selector(
            f"body:not([data-version='{version}']), body[data-status=over]", state="attached")

    assert shot, "the game was too short for the mid-game screenshots"
    assert "draw" in clicked and "stop" in clicked, clicked
    page.wait_for_selector("[data-testid=result]", state="visible")
    headline = page.locator("#board [data-testid=headline]").inner_text()
    assert "wins" in headline or "draw" in headline, headline
    assert page.locator("#board .target").count() == 0  # nothing to click once it is over
    screenshot(page, "diamoniak-over")
    assert_no_js_errors(page)


def take_phone_screenshot(new_page: Any, url: str, version: str) -> None:
    """The same seat at phone width, drawn at the same version."""
    phone = new_page(**PHONE)
    phone.goto(url)
    phone.wait_for_selector(f"body[data-version='{version}']", state="attached",
                            timeout=30_000)
    assert phone.locator("#board [data-testid=draw-pile]").is_visible()
    # At 375 px the board fits: no sideways scrolling.
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(phone, "diamoniak-phone")
    assert_no_js_errors(phone)
    phone.close()


def test_a_spectator_sees_every_pile_and_no_targets(server: Any, new_page: Any) -> None:
    created = server.create("diamoniak", ["heuristic", "heuristic"], seed=SEED + 1,
                            variant=VARIANT)
    page = new_page(**PHONE)
    page.goto(created["spectate"])
    page.wait_for_selector("[data-testid=player-1]")
    page.wait_for_selector("body[data-version]:not([data-version='0'])", state="attached")
    for hook in ("player-0", "player-1", "draw-pile", "discard", "headline", "reveal"):
        assert page.locator(f"#board [data-testid={hook}]").count() == 1, hook
    # DI-11: the pile's size and make-up are public.
    size = int(page.locator("[data-testid=draw-pile]").get_attribute("data-size") or "-1")
    assert 0 <= size <= 54
    assert page.locator("#board .target").count() == 0
    assert_no_js_errors(page)
