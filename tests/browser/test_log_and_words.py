"""What a new player reads (issue 27, items 8 and 11), in a real Chromium: the log grouped
by turn with the player named, in words, with losses, damage and the end standing out
(js/log.js, drawn here from a finished game's events as the pages receive them); the end
of a game punctuated once; and no board wider than its panel at 1280 or 375 px."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.browser.conftest import DESKTOP, PHONE, LiveServer, assert_no_js_errors, screenshot
from tests.browser.test_lobby_and_replay import finished_table

DRAW_LOG = """async ([viewer]) => {
  const { drawLog, markLogVersion } = await import('/static/js/log.js');
  const table = location.pathname.split('/')[2];
  const replay = await (await fetch(`/api/tables/${table}/replay`)).json();
  const log = document.createElement('ol');
  log.className = 'log';
  log.dataset.testid = 'drawn-log';
  document.querySelector('main').append(log);
  const half = Math.floor(replay.events.length / 2);
  const seatName = (seat) => `Name${seat + 1} (P${seat + 1})`;
  const onPick = (version) => { document.body.dataset.picked = String(version); };
  drawLog(log, replay.events.slice(0, half), { viewer, seatName, replace: true, onPick });
  drawLog(log, replay.events.slice(half), { viewer, seatName });
  markLogVersion(log, replay.events[half].version);
  return replay.events.length;
}"""


def drawn_log(server: LiveServer, new_page: Callable[..., Any], game: str, players: list[str],
              seed: int, viewer: int | None = 0) -> tuple[Any, int]:
    """A finished game's replay page with its events drawn by log.js in two updates."""
    table = finished_table(server, game, players, seed)
    page = new_page(**DESKTOP)
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector("body[data-status=ready]")
    count = page.evaluate(DRAW_LOG, [viewer])
    return page, count


def test_the_log_groups_a_diamoniak_game_by_turn_naming_the_player(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    """154 numbered lines became turns: 'Turn 3 · Name1 (P1)', then what happened in
    words ('P1 reveals a red card', never 'reveal red' nor a version number); a witch's
    toll stands out; the end is a line of its own."""
    page, count = drawn_log(server, new_page, "diamoniak", ["heuristic"] * 3, 5)
    log = page.locator("[data-testid=drawn-log]")
    heads = log.locator(".log-turn > .log-head").all_inner_texts()
    assert heads[0].upper().startswith("TURN 1 · NAME1 (P1)"), heads[:3]
    assert any(head.upper().startswith("TURN 2 · NAME2 (P2)") for head in heads), heads[:3]
    assert log.locator(".log-line").count() == count  # one line per event, both updates
    lines = log.locator(".log-line").all_inner_texts()
    assert not any(line.split()[0].isdigit() for line in lines), "no version numbers"
    assert not any(line.startswith(("Reveal ", "reveal ")) for line in lines)
    assert any(line.startswith("P1 reveals a") for line in lines)
    assert log.locator(".log-line.log-loss").count() > 0  # a witch took something
    assert log.locator(".log-line.log-mine").count() > 0  # the viewer's own lines
    end = log.locator(".log-line.log-game_over")
    assert end.count() == 1 and "Game over: Name" in end.inner_text()
    assert "log-win" in (end.get_attribute("class") or "")
    assert log.locator(".log-current").count() >= 1  # markLogVersion
    log.locator(".log-line").first.click()
    assert page.get_attribute("body", "data-picked") == "1"
    screenshot(page, "log-diamoniak")
    assert_no_js_errors(page)


def test_the_log_groups_raiding_stonehenge_by_round_and_folds_the_deal(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    """A round is everyone's: 'Round 2' names no player; the forty cards dealt before the
    first round are folded under 'Setting up'; a disk given back stands out."""
    page, _ = drawn_log(server, new_page, "raiding-stonehenge", ["heuristic"] * 4, 5,
                        viewer=None)
    log = page.locator("[data-testid=drawn-log]")
    setup = log.locator(".log-setup")
    assert setup.count() == 1 and "Setting up · 40 events" in setup.locator("summary").inner_text()
    heads = log.locator(".log-turn:not(.log-setup) > .log-head").all_inner_texts()
    assert [head.upper() for head in heads[:2]] == ["ROUND 1", "ROUND 2"], heads[:3]
    assert log.locator(".log-line.log-loss").count() > 0
    assert log.locator(".log-line.log-mine").count() == 0  # a spectator owns no line


def test_the_log_makes_damage_and_passing_out_stand_out(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    """Super Camelot: 'P2 takes 3 damage (1 health left)' and 'P2 passes out' are marked
    with a symbol and a class of their own; a roll names whose it is."""
    table = str(server.create("super-camelot", ["heuristic"] * 2, seed=5,
                              variant={"max_turns": 40})["table"])
    page = new_page(**DESKTOP)
    deadline = 240
    for _ in range(deadline * 5):
        if httpx.get(f"{server.url}/api/tables/{table}").json()["status"] == "over":
            break
        page.wait_for_timeout(200)
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector("body[data-status=ready]")
    page.evaluate(DRAW_LOG, [None])
    log = page.locator("[data-testid=drawn-log]")
    damage = log.locator(".log-line.log-damage")
    assert damage.count() > 0 and "damage" in damage.first.inner_text()
    assert damage.first.locator(".log-mark").count() == 1  # a symbol, not colour alone
    lines = log.locator(".log-line").all_inner_texts()
    assert not any(line.startswith(("roll ", "Roll ", "draw ", "tile ")) for line in lines)
    if log.locator(".log-line.log-pass-out").count():
        assert "passes out" in log.locator(".log-line.log-pass-out").first.inner_text()


def test_the_end_is_punctuated_once(server: LiveServer, new_page: Callable[..., Any]) -> None:
    """'you won!.' was the result line; words.js says it once, and a game's reason in
    words ('with a full castle', 'the turn limit was reached')."""
    page = new_page(**DESKTOP)
    page.goto(f"{server.url}/rules/diamoniak")
    page.wait_for_selector("body[data-status=ready]")
    said = page.evaluate("""async () => {
      const { endWords } = await import('/static/js/words.js');
      const name = (seat) => `P${seat + 1}`;
      return [endWords([0], 'castle', 0, name), endWords([1], 'castle', 0, name),
              endWords([], 'cap', 0, name), endWords([0, 2], 'shared', 2, name)];
    }""")
    assert said == ["P1 wins with a full castle — you won!", "P2 wins with a full castle.",
                    "A draw: the turn limit was reached.",
                    "P1 and P3 share the win with identical hands — you won!"]
    assert not any(line.endswith("!.") for line in said)


OVERFLOW = """() => {
  const out = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) out.push(`the page is ${root.scrollWidth} px wide`);
  for (const panel of document.querySelectorAll('.di-player, .di-reveal, .rs-player, .rs-hand')) {
    const box = panel.getBoundingClientRect();
    for (const node of panel.querySelectorAll('*')) {
      const r = node.getBoundingClientRect();
      if (r.width && (r.right > box.right + 1 || r.left < box.left - 1)) {
        out.push(`${panel.className} holds ${node.className} out of its edge`);
        break;
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize(("game", "players"), [("diamoniak", ["heuristic"] * 3),
                                               ("raiding-stonehenge", ["heuristic"] * 4)])
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "375"])
def test_no_hand_or_reveal_overflows_its_panel(server: LiveServer,
                                               new_page: Callable[..., Any], game: str,
                                               players: list[str], size: dict[str, int]) -> None:
    """A long turn's reveals (a dozen Diamoniak cards) and another seat's six-card hand
    (Raiding Stonehenge's backs overlapping) stay inside their panels, at every moment of a
    whole game, on a desktop and on a phone."""
    table = finished_table(server, game, players, 5)
    steps = len(httpx.get(f"{server.url}/api/tables/{table}/replay").json()["steps"])
    page = new_page(**size)
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector("body[data-status=ready]")
    found: dict[str, int] = {}
    for version in range(steps):
        page.evaluate("""(version) => {
          const slider = document.querySelector('[data-testid=slider]');
          slider.value = String(version);
          slider.dispatchEvent(new Event('input')); }""", version)
        for problem in page.evaluate(OVERFLOW):
            found.setdefault(problem, version)
    assert not found, found


def test_the_table_page_log_is_drawn_by_turn(server: LiveServer,
                                             new_page: Callable[..., Any]) -> None:
    """The table page's own log (table.js → drawLog) shows turns with their player, in
    words, and no version numbers."""
    created = server.create("diamoniak", ["human", "heuristic"], seed=7)
    page = new_page(**DESKTOP)
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-my-turn=yes]")
    for _ in range(4):
        version = page.get_attribute("body", "data-version")
        page.locator("[data-testid=legal] button[data-action]").first.click()
        page.wait_for_selector(f"body:not([data-version='{version}'])", state="attached")
        page.wait_for_selector("body[data-my-turn=yes], body[data-status=over]")
    log = page.locator("[data-testid=log]")
    assert log.locator(".log-turn .log-head").first.inner_text().upper().startswith("TURN 1 · P1")
    assert log.locator(".v").count() == 0
    assert log.locator(".log-line").first.inner_text().startswith("P1 ")
    assert_no_js_errors(page)


def test_the_replay_log_is_drawn_by_turn_and_jumps_to_a_moment(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    """The replay's log (replay.js → drawLog, markLogVersion): turns with their player; a
    line clicked shows its moment, which the log marks."""
    table = finished_table(server, "diamoniak", ["heuristic"] * 2, 3)
    page = new_page(**PHONE)
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector("body[data-status=ready]")
    log = page.locator("[data-testid=log]")
    assert log.locator(".log-turn .log-head").count() > 3
    line = log.locator(".log-line[data-version]").nth(5)
    version = line.get_attribute("data-version")
    line.click()
    assert page.get_attribute("body", "data-version") == version
    assert "log-current" in (line.get_attribute("class") or "")
    screenshot(page, "replay-log-phone")
    assert_no_js_errors(page)
