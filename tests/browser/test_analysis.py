"""The analysis of a finished game on its replay page (issue 33), in a real Chromium: a
seeded bots-only game, analysed with a tiny budget, its curves under the board, a click
on the graph jumps the replay, a flagged move's reason and "replay this mistake"."""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import (
    PHONE,
    LiveServer,
    assert_no_js_errors,
    screenshot,
    wait_until,
)


@pytest.fixture(scope="module")
def server() -> Iterator[LiveServer]:
    with tempfile.TemporaryDirectory() as directory:
        live = LiveServer(Path(directory), options=("--analysis-iterations", "30"))
        yield live
        live.stop()


def finished_table(server: LiveServer, game: str, seed: int) -> str:
    table = str(server.create(game, ["heuristic", "random"], seed=seed)["table"])
    deadline = time.monotonic() + 120
    while httpx.get(f"{server.url}/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return table


def analysed_page(server: LiveServer, new_page: Callable[..., Any], table: str,
                  **size: int) -> Any:
    page = new_page(**size)
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector("body[data-status=ready]")
    return page


def test_a_finished_game_is_analysed_on_its_replay_page(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    table = finished_table(server, "diamoniak", seed=11)
    page = analysed_page(server, new_page, table)
    page.wait_for_selector("[data-testid=analysis][data-status=none]")
    page.click("[data-testid=analyse]")
    wait_until(page, "['queued', 'running', 'done'].includes("
               "document.querySelector('[data-testid=analysis]').dataset.status)")
    wait_until(page, "document.querySelector('[data-testid=analysis]').dataset.status "
               "=== 'done'", seconds=120)
    assert page.locator("[data-testid=fair-line]").count() == 2
    assert page.locator("[data-testid=hindsight-line]").count() == 2
    assert page.locator("[data-testid=summary-row]").count() == 2
    answer = httpx.get(f"{server.url}/api/tables/{table}/analysis").json()
    stored = answer["analysis"]
    # A click on the graph's far right jumps the replay to the last decision judged.
    box = page.locator("[data-testid=win-graph]").bounding_box()
    page.mouse.click(box["x"] + box["width"] - 12, box["y"] + box["height"] / 2)
    last = stored["decisions"][-1]["index"]
    wait_until(page, f"document.body.dataset.version === '{last}'")
    cursor = float(page.get_attribute("[data-testid=analysis-cursor]", "x1") or 0)
    view_width = float((page.get_attribute("[data-testid=win-graph]", "viewBox") or "").split()[2])
    assert cursor > view_width / 2  # the cursor followed the replay, to the right half
    flagged = [d for d in stored["decisions"] if d["label"] != "good"]
    if flagged:
        first = flagged[0]
        # the better action as the seat's button names it (said_actions), not its notation
        best = answer["said_actions"][str(first["index"])]["best"]
        assert best != first["best"]
        item = page.locator("[data-testid=flagged-item]").first
        reason = item.locator("[data-testid=reason]").inner_text()
        assert reason and "%" in reason and best in item.inner_text()
        # the graph's mark names the actions as the buttons do too (its tooltip)
        mark = page.locator(f"[data-testid=graph-flag][data-index='{first['index']}'] title")
        assert f"“{best}”" in (mark.text_content() or "")
        item.locator("[data-testid=replay-mistake]").click()
        wait_until(page, f"document.body.dataset.version === '{first['index']}'")
        retry = item.locator("[data-testid=retry]")
        assert retry.is_visible() and best in retry.inner_text()
        retry.locator("summary").click()  # the position as text, to set up again
        position = next(r["position"] for r in stored["replays"] if r["index"] == first["index"])
        assert retry.locator("pre").inner_text().strip() == position.strip()
        assert page.locator("[data-testid=log-flag]").count() >= 1
        item.scroll_into_view_if_needed()
    else:
        assert page.is_visible("[data-testid=no-flagged]")
    screenshot(page, "analysis-diamoniak-1280")
    assert_no_js_errors(page)
    # A page opened later shows the stored analysis at once, on a phone too.
    phone = analysed_page(server, new_page, table, **PHONE)
    phone.wait_for_selector("[data-testid=analysis][data-status=done]")
    assert phone.locator("[data-testid=analyse]").count() == 0
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the replay with its analysis is {width} px wide"
    phone.locator("[data-testid=win-graph]").scroll_into_view_if_needed()
    screenshot(phone, "analysis-diamoniak-375")
    assert_no_js_errors(phone)


def test_the_analysis_reads_in_french(server: LiveServer,
                                      new_page: Callable[..., Any]) -> None:
    table = finished_table(server, "diamoniak", seed=11)
    httpx.post(f"{server.url}/api/tables/{table}/analysis", timeout=10)
    deadline = time.monotonic() + 120
    while httpx.get(f"{server.url}/api/tables/{table}/analysis").json()["status"] != "done":
        assert time.monotonic() < deadline
        time.sleep(0.3)
    page = new_page()
    page.context.add_cookies([{"name": "albion_lang", "value": "fr", "url": server.url}])
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector("[data-testid=analysis][data-status=done]")
    text = page.inner_text("[data-testid=analysis]")
    assert "Analyse" in text and "Analysis" not in text and "Luck" not in text
    reasons = page.locator("[data-testid=reason]")
    if reasons.count():
        assert "recherche loyale" in reasons.first.inner_text()
        assert "Rejouer cette erreur" in text
        reasons.first.scroll_into_view_if_needed()
    screenshot(page, "analysis-diamoniak-fr")
    assert_no_js_errors(page)


def test_a_raiding_stonehenge_game_is_analysed_too(server: LiveServer,
                                                   new_page: Callable[..., Any]) -> None:
    table = finished_table(server, "raiding-stonehenge", seed=5)
    page = analysed_page(server, new_page, table)
    page.wait_for_selector("[data-testid=analysis][data-status=none]")
    page.click("[data-testid=analyse]")
    wait_until(page, "document.querySelector('[data-testid=analysis]').dataset.status "
               "=== 'done'", seconds=120)
    assert page.locator("[data-testid=fair-line]").count() == 2
    flags = page.locator("[data-testid=graph-flag]")
    if flags.count():
        # a click on a flagged mark jumps to that decision (the last drawn is on top of
        # any mark it overlaps)
        flags.last.click()
        index = flags.last.get_attribute("data-index")
        wait_until(page, f"document.body.dataset.version === '{index}'")
        page.locator("[data-testid=flagged-item]").first.scroll_into_view_if_needed()
    screenshot(page, "analysis-raiding-stonehenge-1280")
    assert_no_js_errors(page)


def test_a_failed_analysis_says_why_and_is_tried_again(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    """The page's side of a failed analysis (the server's side, a worker that raises, is
    stopped at `analysis_seconds` or dies, is in tests/server/test_analysis.py): the
    server's answer `failed` is shown with its reason, the progress bar goes, and "Try the
    analysis again" starts it anew, through the real server this time."""
    table = finished_table(server, "diamoniak", seed=12)
    address = f"{server.url}/api/tables/{table}/analysis"
    posted: list[str] = []
    why = "the analysis took longer than 600 s and was stopped"

    def failing(route: Any) -> None:
        """The server's answers to a timed-out analysis (queued, then failed)."""
        if route.request.method == "POST":
            posted.append(route.request.method)
            status, code = "queued", 202
        elif posted:
            status, code = "failed", 200
        else:
            route.continue_()
            return
        route.fulfill(status=code, content_type="application/json", body=json.dumps({
            "table": table, "status": status, "done": 3 if posted else 0, "total": 40,
            "progress": 0.075, "analysis": None, "said": {},
            "words": {"message": "the analysis took longer than {seconds} s and was stopped",
                      "args": {"seconds": 600}} if status == "failed" else None,
            "problem_said": why if status == "failed" else None}))

    page = new_page()
    page.route(address, failing)
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector("[data-testid=analysis][data-status=none]")
    page.click("[data-testid=analyse]")
    page.wait_for_selector("[data-testid=analysis][data-status=failed]", timeout=15_000)
    status = page.locator("[data-testid=analysis-status]")
    assert status.inner_text() == "The" + why[3:]  # the server's words, as a sentence
    assert "error-text" in (status.get_attribute("class") or "")
    button = page.locator("[data-testid=analyse]")
    assert button.is_enabled() and button.inner_text() == "Try the analysis again"
    assert not page.is_visible("[data-testid=analysis-progress]")
    assert page.locator("[data-testid=win-graph]").count() == 0
    page.locator("[data-testid=analysis]").scroll_into_view_if_needed()
    screenshot(page, "analysis-failed-1280")
    page.unroute(address)
    button.click()
    wait_until(page, "document.querySelector('[data-testid=analysis]').dataset.status "
               "=== 'done'", seconds=120)
    assert "error-text" not in (status.get_attribute("class") or "")
    assert page.locator("[data-testid=fair-line]").count() == 2
    assert httpx.get(address).json()["status"] == "done"
    assert_no_js_errors(page)


def test_a_super_camelot_game_is_analysed_at_1280_and_375_px(
        new_page: Callable[..., Any]) -> None:
    """Super Camelot (its long games: a small budget here), on a desktop and a phone: the
    graph, the summary and a flagged decision's reason, the page no wider than the phone."""
    with tempfile.TemporaryDirectory() as directory:
        live = LiveServer(Path(directory), options=("--analysis-iterations", "6"))
        try:
            table = finished_table(live, "super-camelot", seed=7)
            page = analysed_page(live, new_page, table)
            page.wait_for_selector("[data-testid=analysis][data-status=none]")
            page.click("[data-testid=analyse]")
            wait_until(page, "document.querySelector('[data-testid=analysis]').dataset"
                       ".status === 'done'", seconds=240)
            assert page.locator("[data-testid=fair-line]").count() == 2
            assert page.locator("[data-testid=summary-row]").count() == 2
            stored = httpx.get(f"{live.url}/api/tables/{table}/analysis").json()["analysis"]
            flagged = [d for d in stored["decisions"] if d["label"] != "good"]
            if flagged:
                item = page.locator("[data-testid=flagged-item]").first
                assert "%" in item.locator("[data-testid=reason]").inner_text()
                item.locator("[data-testid=replay-mistake]").click()
                wait_until(page, "document.body.dataset.version === "
                           f"'{flagged[0]['index']}'")
            page.locator("[data-testid=analysis]").scroll_into_view_if_needed()
            screenshot(page, "analysis-super-camelot-1280")
            assert_no_js_errors(page)
            phone = analysed_page(live, new_page, table, **PHONE)
            phone.wait_for_selector("[data-testid=analysis][data-status=done]")
            width = phone.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"the replay with its analysis is {width} px wide"
            phone.locator("[data-testid=win-graph]").scroll_into_view_if_needed()
            screenshot(phone, "analysis-super-camelot-375")
            assert_no_js_errors(phone)
        finally:
            live.stop()
