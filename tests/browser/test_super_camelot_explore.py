"""Super Camelot's first exploration is a target on the map (issue 27, item 9), in a real
Chromium: a step off the drawn forest enters the fog beside it, and the map grows to hold
that square, drawn as a target that submits the step (SC-10)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from albion.table import Table
from tests.browser.conftest import DESKTOP, PHONE, LiveServer, assert_no_js_errors, screenshot

RENDER = """async ([update, geometry]) => {
  const board = await import('/static/games/super-camelot/board.js');
  document.head.append(Object.assign(document.createElement('link'),
    { rel: 'stylesheet', href: '/static/games/super-camelot/board.css' }));
  const root = document.createElement('div');
  root.className = 'board panel';
  root.id = 'drawn-board';
  document.querySelector('main').prepend(root);
  board.render(root, update, { submit: (text) => { document.body.dataset.submitted = text; },
    seatName: (seat) => `P${seat + 1}`, replay: false, geometry });
  return root.querySelectorAll('[data-action]').length;
}"""


def inside(square: str, area: dict[str, int]) -> bool:
    row, col = (int(part) - 1 for part in square[1:].split("c"))
    return area["top"] <= row < area["bottom"] and area["left"] <= col < area["right"]


def exploring_update() -> tuple[dict[str, Any], dict[str, Any], str]:
    """A Super Camelot seat's update (as the server sends it) where a step into the fog
    beyond the drawn forest is legal (SC-10), with the game's geometry and that step."""
    for seed in range(1, 40):
        table = Table("super-camelot", ["human", "human"], seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if table.is_over():
                break
            seat = table.to_move()[0]
            view = table.view(seat)
            beyond = [action for action in view["legal"] if action["kind"] == "explore"
                      and not inside(action["at"]["square"], view["board"]["map"]["explored"])]
            if beyond:
                update = {"view": view, "legal": [a["text"] for a in view["legal"]],
                          "actions": view["legal"], "recent": [], "events": [],
                          "version": table.version, "names": {}, "status": "playing",
                          "viewer": seat}
                geometry = table.geometry()
                assert geometry is not None
                return update, geometry, beyond[0]["text"]
            legal = table.legal(seat)
            wander = [text for text in legal if text.startswith(("step", "circle", "pick"))]
            table.submit(seat, rng.choice(wander or legal), table.version)
    raise AssertionError("no exploration beyond the drawn forest in 40 seeded games")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "375"])
def test_sc10_the_first_exploration_is_a_target_on_the_map(
        server: LiveServer, new_page: Callable[..., Any], size: dict[str, int]) -> None:
    """Issue 27: a step off the drawn forest (exploring) was only a button; the map now
    grows to the fog square it enters, drawn as a target for the step."""
    update, geometry, text = exploring_update()
    page = new_page(**size)
    page.goto(f"{server.url}/rules/super-camelot")
    page.wait_for_selector("body[data-status=ready]")
    page.evaluate(RENDER, [update, geometry])
    forest = page.locator("#drawn-board [data-testid=forest]")
    spot = forest.locator(f"[data-action='{text}']")
    assert spot.count() == 1, "the exploring step is a target on the map"
    assert spot.get_attribute("data-kind") == "explore"
    assert "Explore" in (spot.get_attribute("aria-label") or "")
    assert spot.get_attribute("role") == "button" and spot.get_attribute("tabindex") == "0"
    assert spot.is_visible()  # the page submits a [data-action] target on click
    screenshot(page, f"super-camelot-explore-{size['width']}")
    assert_no_js_errors(page)
