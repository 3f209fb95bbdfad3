"""Issue 27, item 15, in Chromium: the reports page under the site's header, each report
with its game, date and contents, and the way back from a report; a page for an address
that leads nowhere, with the way back to the lobby; the site's icon; a finished Raiding
Stonehenge replayed with every hand turned up (ALL-2)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from tests.browser.conftest import assert_no_js_errors, screenshot, wait_until
from tests.serving import free_port, start_server, stop_server

REPORT = {"game": "raiding-stonehenge", "bots": ["heuristic"], "cheating_bots": [],
          "games_per_configuration": 200, "players": 3, "seed": 0,
          "configurations": [{"label": "base"}, {"label": "contest=all-take"}],
          "comparisons": [], "hidden_information_value": None}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`albion serve` with a folder of reports."""
    directory = tmp_path_factory.mktemp("edges")
    folder = directory / "reports" / "report"
    folder.mkdir(parents=True)
    (folder / "report.json").write_text(json.dumps(REPORT))
    (folder / "report.html").write_text("<!doctype html><html><head><title>r</title></head>"
                                        "<body><h1>Raiding Stonehenge: balance report</h1>"
                                        "</body></html>")
    port = free_port()
    process = start_server(port, "--db", f"sqlite:///{directory / 'albion.db'}",
                           "--bot-workers", "2", "--bot-delay", "0",
                           "--reports", str(directory / "reports"))
    yield f"http://127.0.0.1:{port}"
    stop_server(process)


def test_the_reports_page_lists_each_report_and_each_leads_back(
        site: str, new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto(f"{site}/reports")
    page.wait_for_selector("body[data-status=ready]")
    assert page.is_visible("header.top a[href='/']")  # the site's header: the way back
    [row] = page.query_selector_all("[data-testid=report]")
    text = row.inner_text()
    assert "Raiding Stonehenge" in text and "3 players" in text and "heuristic" in text
    assert "200 games each of the base rules against contest=all-take" in text
    assert page.get_attribute("[data-testid=report] time", "datetime")
    screenshot(page, "reports")
    assert_no_js_errors(page)
    page.click("[data-testid=report] a")
    page.wait_for_selector("h1")
    assert "balance report" in page.inner_text("h1")
    page.click("header a[href='/reports']")  # the report page's own way back
    page.wait_for_selector("body[data-status=ready]")
    assert page.url == f"{site}/reports"


def test_an_address_leading_nowhere_shows_the_way_back_to_the_lobby(
        site: str, new_page: Callable[..., Any]) -> None:
    page = new_page()
    answer = page.goto(f"{site}/tables/none/here")
    assert answer is not None and answer.status == 404
    assert "Nothing here" in page.inner_text("h1")
    assert page.is_visible("header.top")
    screenshot(page, "not-found")
    page.click("text=Back to the lobby")
    page.wait_for_selector("body")
    assert page.url == f"{site}/"
    icon = httpx.get(f"{site}/favicon.ico", timeout=10)
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml"


def test_all2_a_finished_raiding_stonehenge_replay_shows_every_hand(
        site: str, new_page: Callable[..., Any]) -> None:
    created = httpx.post(f"{site}/api/tables", json={
        "game": "raiding-stonehenge", "players": ["random", "random", "random"], "seed": 4},
        timeout=10).json()
    table = created["table"]
    deadline = time.monotonic() + 60
    while httpx.get(f"{site}/api/tables/{table}", timeout=10).json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    page = new_page()
    page.goto(f"{site}/replay/{table}#40")  # mid-game: every hand holds cards
    page.wait_for_selector("body[data-status=ready]")
    wait_until(page, "document.body.dataset.version === '40'")
    for seat in range(3):
        hand = f"[data-testid=player-{seat}] .rs-phand"
        assert page.query_selector_all(f"{hand} .rs-card[data-card]"), seat  # faces
        assert not page.query_selector_all(f"{hand} .rs-back"), seat  # no backs
    screenshot(page, "replay-raiding-stonehenge-hands")
    assert_no_js_errors(page)
    watch = new_page()  # a live table shows no other hand: see test_raiding_stonehenge
    watch.goto(f"{site}/watch/{table}")
    watch.wait_for_selector("body[data-status=over]")
    assert_no_js_errors(watch)
