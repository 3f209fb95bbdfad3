"""Issue 29 in Chromium: a balance report served by `albion serve --reports DIR` reads in
the reader's language. Opened with `?lang=qps`, every text the reader meets on it (the
pages' own scan, tests/browser/test_languages.py) is marked but for the report's data; in
French and German, on a desktop and on a phone, the page never runs wider than the screen
(its tables scroll sideways, its charts fit) — screenshots in build/screenshots."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from albion.core.registry import get_game
from albion.i18n import LANGUAGES, translator
from albion.sim.report import ReportPlan, run_report, sweep_pairs
from tests.browser.conftest import DESKTOP, PHONE, assert_no_js_errors, screenshot
from tests.browser.test_languages import TEXTS, unmarked
from tests.serving import free_port, start_server, stop_server

PLAN = ReportPlan(get_game("super-camelot"), ("cheat-mcts:iterations=3", "ismcts:iterations=3"),
                  2, 2, 1, {"max_turns": 8}, sweep_pairs(["abilities=off"]))
DATA = ["cheat-mcts:iterations=3", "ismcts:iterations=3", "cheat-mcts", "ismcts",
        "abilities=off", "Super Camelot", "report.json", "Arthur", "Gwenivere", "Lancelot",
        "Merlin", "Percival", "Galahad", *LANGUAGES.values()]
"""Data, as typed in every language: the bots as specified, the value swept, the game's
and the characters' names, the file's name; and each language named in itself."""

DRAWING_MS = 120_000
"""How long a page may take the first time it is asked for in a language: its charts are
drawn then (seconds; much longer on a machine busy with other work), kept after."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`albion serve` with one report `albion report` wrote (in English)."""
    directory = tmp_path_factory.mktemp("report-languages")
    run_report(PLAN, directory / "reports" / "sc", "local", 1)
    port = free_port()
    process = start_server(port, "--db", f"sqlite:///{directory / 'albion.db'}",
                           "--bot-workers", "1", "--reports", str(directory / "reports"))
    yield f"http://127.0.0.1:{port}"
    stop_server(process)


def test_a_report_in_the_pseudo_locale_shows_no_english(
        site: str, new_page: Callable[..., Any]) -> None:
    page = new_page(**DESKTOP)
    page.goto(f"{site}/reports/files/sc/?lang=qps", timeout=DRAWING_MS)
    assert page.get_attribute("html", "lang") == "qps"
    seen = page.evaluate(TEXTS)
    assert seen["marked"] >= 20
    own = [f"{item['where']}: {part!r}" for item in seen["found"]
           for part in unmarked(item["text"], DATA)]
    assert own == []
    assert_no_js_errors(page)


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_report_reads_in_french_and_german_and_fits_the_screen(
        site: str, new_page: Callable[..., Any], lang: str, size: dict[str, int]) -> None:
    page = new_page(**size)
    page.goto(f"{site}/reports/files/sc/?lang={lang}", timeout=DRAWING_MS)
    said = translator(lang).text
    assert page.get_attribute("html", "lang") == lang
    assert page.inner_text("h1") == said("{game}: balance report", game="Super Camelot")
    assert page.get_attribute("figure img", "alt") == said("Win rate by seat")
    assert page.is_visible(f"header a[href='/reports']:has-text('{said('All reports')}')")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= size["width"], "the page runs wider than the screen"
    images = page.evaluate("[...document.images].map((image) => image.getBoundingClientRect()"
                           ".right)")
    assert images and max(images) <= size["width"]
    screenshot(page, f"report-{lang}-{size['width']}")
