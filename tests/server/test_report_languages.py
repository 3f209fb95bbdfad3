"""Issue 29: `albion serve --reports DIR` shows a report in its reader's language. A page
`albion report` wrote beside its report.json is drawn again from that JSON in the
language of `?lang=`, the remembered choice or `Accept-Language` — charts included — and
kept drawn per language until the JSON changes; the site's header on top says its links in
that language and offers the others. A page without the data to draw it again (an older
report) is served as written, under the reader's header."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from albion import i18n
from albion.core.registry import get_game
from albion.i18n import translator
from albion.server import ServerSettings, create_app
from albion.server.report_pages import _drawn
from albion.sim.report import ReportPlan, run_report, sweep_pairs
from tests.cli.test_languages import untranslated
from tests.sim.report_texts import page_texts, report_data_words

PLAN = ReportPlan(get_game("diamoniak"), ("heuristic", "random"), 4, 2, 1, {},
                  sweep_pairs(["fairy=auto"]))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One report, written by `albion report` in English."""
    folder = tmp_path_factory.mktemp("written")
    run_report(PLAN, folder, "local", 1)
    return folder


@pytest.fixture
def reports(tmp_path: Path, written: Path) -> Path:
    folder = tmp_path / "reports" / "di"
    folder.mkdir(parents=True)
    for name in ("report.html", "report.json"):
        shutil.copy(written / name, folder / name)
    return tmp_path / "reports"


@pytest.fixture
def client(tmp_path: Path, reports: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1, reports=reports)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c
    i18n.use(i18n.SOURCE)


def shown(page: str) -> list[str]:
    return page_texts(page, skip_class="languages")


def test_a_report_reads_in_the_language_of_the_link_then_of_the_remembered_choice(
        client: TestClient) -> None:
    said = translator("fr").text
    page = client.get("/reports/files/di/?lang=fr")
    assert page.status_code == 200 and '<html lang="fr">' in page.text
    assert page.headers["content-language"] == "fr"
    assert "accept-language" in page.headers["vary"].lower()
    assert page.cookies.get("albion_lang") == "fr"
    texts = shown(page.text)
    for message in ("How games end", "Win rate by seat", "Against the base", "All reports",
                    "Lobby"):
        assert said(message) in " ".join(texts), message
    assert said("Win rate by seat") in texts  # a chart's alternative text
    again = client.get("/reports/files/di/")  # the cookie keeps French
    assert '<html lang="fr">' in again.text
    assert 'aria-current=true>Français</a>' in again.text  # the languages, in the header


def test_a_browser_asking_for_german_reads_the_report_in_german(client: TestClient) -> None:
    page = client.get("/reports/files/di/", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert '<html lang="de">' in page.text and page.headers["content-language"] == "de"
    said = translator("de").text
    texts = " ".join(shown(page.text))
    assert said("How games end") in texts and said("All reports") in texts
    assert said("{game}: balance report", game="Diamoniak") in texts
    assert "How games end" not in texts and "All reports" not in texts
    english = client.get("/reports/files/di/", headers={"Accept-Language": "en"})
    assert '<html lang="en">' in english.text and "How games end" in english.text


def test_the_served_page_in_the_pseudo_locale_leaves_no_english(
        client: TestClient, reports: Path) -> None:
    """The header's links and the report, every text marked (the languages' names, each
    in itself, and the site's name are not words to translate)."""
    page = client.get("/reports/files/di/?lang=qps")
    data = json.loads((reports / "di" / "report.json").read_text())
    assert untranslated("\n".join(shown(page.text)), *report_data_words(data),
                        "Albion") == []


def test_a_page_is_drawn_once_per_language_until_its_report_changes(
        client: TestClient, reports: Path) -> None:
    _drawn.cache_clear()
    client.get("/reports/files/di/?lang=fr")
    client.get("/reports/files/di/?lang=fr")
    client.get("/reports/files/di/?lang=de")
    counted = _drawn.cache_info()
    assert (counted.misses, counted.hits) == (2, 1)
    data = reports / "di" / "report.json"
    stamp = data.stat()
    os.utime(data, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1_000_000_000))
    client.get("/reports/files/di/?lang=fr")
    assert _drawn.cache_info().misses == 3, "a report written again is drawn again"


def test_an_older_report_is_served_as_written_under_the_readers_header(
        client: TestClient, reports: Path) -> None:
    """A report.json without the games' lengths cannot draw the page again: the page is
    served as `albion report` wrote it, the header in the reader's language."""
    folder = reports / "old"
    folder.mkdir()
    (folder / "report.html").write_text("<!doctype html><html><head><title>t</title></head>"
                                        "<body><h1>Seat advantage</h1></body></html>")
    (folder / "report.json").write_text(json.dumps(
        {"game": "diamoniak", "players": 2, "configurations": [{"label": "base"}]}))
    page = client.get("/reports/files/old/?lang=de")
    assert page.status_code == 200 and "<h1>Seat advantage</h1>" in page.text
    assert translator("de").text("All reports") in page.text
