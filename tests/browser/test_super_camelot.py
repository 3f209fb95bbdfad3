"""Super Camelot in the browser (issue 16): a person plays 20 turns against a bot by
clicking the board's targets (squares to step on, arcs to attack), with at least one attack
made by a click and an enemy turn seen in the log; screenshots at desktop and phone width."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from albion.games.super_camelot.board import name
from albion.games.super_camelot.board import square as board_square
from albion.games.super_camelot.combat import ARC_NAMES, ARCS
from tests.browser.conftest import (
    DESKTOP,
    PHONE,
    LiveServer,
    assert_no_js_errors,
    screenshot,
)

GAME = "super-camelot"
SEED = 5
TURNS = 20
ENEMY_TURN = re.compile(r"the (Dark Knight|Mimic|Carnivorous Plant) (moves|turns)|defends against")


def wait_for_turn(page: Any) -> str:
    """Wait until this seat may decide (or the game is over); the body's status."""
    page.wait_for_selector("body[data-my-turn=yes], body[data-status=over]", timeout=60_000)
    return str(page.get_attribute("body", "data-status"))


def choose(page: Any, rng: random.Random) -> tuple[Any, str]:
    """A board target to click, and what kind it is: an arc that reaches a bush or an enemy
    first, else mostly a step, else any other board target; the fallback list last."""
    board = page.locator("#board")
    arcs = board.locator("[data-kind=attack]:not([data-reach='0'])")
    if arcs.count():
        return arcs.first, "attack"
    steps = board.locator("[data-kind=step]")
    if steps.count() and rng.random() < 0.8:
        return steps.nth(rng.randrange(steps.count())), "step"
    others = board.locator("[data-action]")
    if others.count():
        return others.nth(rng.randrange(others.count())), "board"
    return page.locator("[data-testid=legal] button").first, "fallback"


def test_twenty_turns_by_clicks(server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create(GAME, ["human", "heuristic"], seed=SEED)
    url = server.url + created["seats"][0]["url"] if created["seats"][0]["url"].startswith("/") \
        else created["seats"][0]["url"]
    page = new_page(DESKTOP["width"], DESKTOP["height"])
    page.goto(url)
    page.wait_for_selector("[data-testid=forest], .sc-character-card")
    rng = random.Random(SEED)
    kinds: list[str] = []
    ends = 0
    shot = moving_seen = False
    while ends < TURNS:
        if wait_for_turn(page) == "over":
            break
        version = page.get_attribute("body", "data-version")
        node, kind = choose(page, rng)
        action = node.get_attribute("data-action")
        assert action in page.locator("[data-testid=legal] button").evaluate_all(
            "buttons => buttons.map(b => b.dataset.action)"), action
        node.click()
        kinds.append(kind)
        ends += action == "end turn"
        page.wait_for_selector(f"body:not([data-version='{version}'])", timeout=15_000)
        headline = page.locator(".sc-headline").first.inner_text()
        # the squares left of a move are words after a dot, never a list's text (" · ,")
        assert not re.search(r"·\s*,", headline), headline
        moving_seen |= bool(re.search(r"· moving, \d+ squares? left", headline))
        if kind == "attack" and not shot:
            # The dice just rolled are shown as dice (or the attack reached nothing).
            page.wait_for_selector("[data-testid=dice]")
            shot = True
    log = page.locator("[data-testid=log] li").all_inner_texts()
    assert ends >= TURNS or page.get_attribute("body", "data-status") == "over"
    assert "attack" in kinds, kinds
    assert moving_seen, "a move's squares left were shown in the headline"
    assert any(re.search(r"P1 attacks (north|south)-(east|west)", line) for line in log), log[-20:]
    assert any(ENEMY_TURN.search(line) for line in log), log[-40:]
    assert kinds.count("fallback") <= len(kinds) // 10, kinds  # the board, not the list
    # The board's hooks.
    assert page.locator("[data-testid=forest]").count() == 1
    assert page.locator("[data-testid=player-0]").count() == 1
    assert page.locator("[data-testid=player-1]").count() == 1
    assert page.locator("[data-testid=gems-1]").inner_text().find("hidden") >= 0  # SC-19
    assert page.locator("[data-testid^=square-r]").count() >= 14 * 14
    wait_for_turn(page)
    screenshot(page, "super-camelot-desktop")
    assert_no_js_errors(page)

    phone = new_page(PHONE["width"], PHONE["height"])
    phone.goto(url)
    wait_for_turn(phone)
    phone.wait_for_selector("[data-testid=forest]")
    width = phone.locator("[data-testid=forest]").bounding_box()["width"]
    assert width <= PHONE["width"]
    screenshot(phone, "super-camelot-phone")
    assert_no_js_errors(phone)


def test_dice_and_arcs_drawn(server: LiveServer, new_page: Callable[..., Any]) -> None:
    """An attack by clicking an arc shows the roll as dice, and every legal arc is drawn."""
    created = server.create(GAME, ["human", "heuristic"], seed=SEED)
    link = created["seats"][0]["url"]
    page = new_page()
    page.goto(server.url + link if link.startswith("/") else link)
    rng = random.Random(1)
    for _ in range(60):
        if wait_for_turn(page) == "over":
            break
        version = page.get_attribute("body", "data-version")
        legal = page.locator("[data-testid=legal] button").evaluate_all(
            "buttons => buttons.map(b => b.dataset.action)")
        arcs = [text for text in legal if text.startswith("attack ")]
        # Legal arcs are targets on the board's squares, each drawn once (SC-12).
        if arcs:
            on_board = page.locator("#board [data-kind=attack]").evaluate_all(
                "nodes => nodes.map(n => n.dataset.action)")
            assert on_board and set(on_board) <= set(arcs), (on_board, arcs)
            assert len(on_board) == len(set(on_board))
        node, kind = choose(page, rng)
        node.click()
        page.wait_for_selector(f"body:not([data-version='{version}'])", timeout=15_000)
        if kind == "attack":
            page.wait_for_selector("[data-testid=dice] .sc-die", timeout=10_000)
            assert page.locator("[data-testid=dice] .sc-die").count() >= 1
            break
    else:
        raise AssertionError("no attack in 60 clicks")
    assert_no_js_errors(page)


def struck(square: str, arc: str) -> set[str]:
    """SC-12, SC-32: the squares an attack on `arc` from `square` strikes under
    `arc=own-tile`, from the engine's own arcs."""
    row, col = (int(part) - 1 for part in square[1:].split("c"))
    return {name(sq) for sq in ARCS[True][board_square(row, col)][ARC_NAMES.index(arc)]}


def test_sc32_under_own_tile_arcs_every_highlighted_square_is_struck(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    """Issue 26's live bug: the page drew the sword's arcs from a copy of SC-12 that knew
    nothing of `arc=own-tile`, so under SC-32 it highlighted squares the attack does not
    strike. Every square the page highlights for an arc is one the engine strikes, and
    each arc's squares are all there (within the map drawn)."""
    created = server.create(GAME, ["human", "heuristic"], seed=SEED + 2,
                            variant={"arc": "own-tile"})
    link = created["seats"][0]["url"]
    page = new_page()
    page.goto(server.url + link if link.startswith("/") else link)
    rng = random.Random(3)
    checked = 0
    for _ in range(80):
        if wait_for_turn(page) == "over" or checked >= 8:
            break
        version = page.get_attribute("body", "data-version")
        forest = page.locator("#board [data-testid=forest]")
        arcs = page.locator("#board .sc-target[data-kind=attack], "
                            "#board .sc-target[data-kind=sweep]")
        if arcs.count():
            at = forest.locator("[data-testid=piece-0]").get_attribute("data-square")
            drawn = set(forest.locator("rect[data-square]").evaluate_all(
                "nodes => nodes.map(n => n.dataset.square)"))
            wanted: set[str] = set()
            for index in range(arcs.count()):
                action = arcs.nth(index).get_attribute("data-action") or ""
                squares = struck(at or "", action.split()[1])
                wanted |= squares
                reach = page.locator(
                    f"#board .sc-target[data-action='{action}'] + .sc-arc-reach rect"
                ).evaluate_all("nodes => nodes.map(n => n.dataset.square)")
                assert set(reach) == squares, (action, at, reach, squares)
            assert drawn <= wanted, (at, sorted(drawn - wanted))
            checked += 1
        node, _ = choose(page, rng)
        node.click()
        page.wait_for_selector(f"body:not([data-version='{version}'])", timeout=15_000)
    assert checked >= 3, "too few positions with an arc to attack"
    assert_no_js_errors(page)
