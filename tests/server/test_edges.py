"""Issue 27, item 15, the site's edges: an address that leads nowhere shows a browser a
page with the way back to the lobby (the API and other clients keep their JSON); the
site's icon where browsers look for it, kept; the balance reports listed with their game,
date and contents, and each report page served under the site's header."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from albion.server import ServerSettings, create_app

HTML = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
REPORT = {"game": "diamoniak", "bots": ["heuristic", "random"], "cheating_bots": [],
          "games_per_configuration": 200, "players": 2, "seed": 0,
          "configurations": [{"label": "base"}, {"label": "fairy=auto"}], "comparisons": [],
          "hidden_information_value": None, "hidden_information_note": "not measured"}


@pytest.fixture
def reports(tmp_path: Path) -> Path:
    return tmp_path / "reports"


@pytest.fixture
def client(tmp_path: Path, reports: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1, reports=reports)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


@pytest.mark.parametrize("path", ["/nope", "/play", "/reports/files/missing",
                                  "/static/nope.js", "/tables/abc/extra"])
def test_an_address_leading_nowhere_shows_a_browser_a_page_back_to_the_lobby(
        client: TestClient, path: str) -> None:
    page = client.get(path, headers=HTML)
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert 'href="/"' in page.text and "Back to the lobby" in page.text
    assert 'href="/static/css/albion.css"' in page.text  # the site's look and header
    assert "default-src 'none'" in page.headers["content-security-policy"]


@pytest.mark.parametrize(("path", "accept"), [
    ("/nope", "application/json"), ("/nope", "*/*"), ("/api/nope", HTML["Accept"]),
    ("/api/tables/nosuch", HTML["Accept"]), ("/ws/tables", HTML["Accept"])])
def test_the_api_and_other_clients_keep_their_json_refusals(
        client: TestClient, path: str, accept: str) -> None:
    answer = client.get(path, headers={"Accept": accept})
    assert answer.status_code == 404
    assert answer.headers["content-type"] == "application/json"
    assert answer.json()["error"] == "not_found"


def test_the_favicon_is_the_sites_svg_icon_kept_a_day(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml"
    assert icon.text.startswith("<svg") and icon.text == client.get(
        "/static/img/icon.svg").text  # the one the pages link
    assert "max-age=86400" in icon.headers["cache-control"]
    again = client.get("/favicon.ico", headers={"If-None-Match": icon.headers["etag"]})
    assert again.status_code == 304 and not again.content


def test_reports_are_listed_with_their_game_date_and_contents(
        client: TestClient, reports: Path) -> None:
    (reports / "report").mkdir(parents=True)
    (reports / "report" / "report.html").write_text("<html><body>the numbers</body></html>")
    (reports / "report" / "report.json").write_text(json.dumps(REPORT))
    (reports / "old").mkdir()
    (reports / "old" / "report.html").write_text("<h1>no json beside it</h1>")
    listed = {entry["name"]: entry for entry in client.get("/api/reports").json()}
    written = datetime.fromisoformat(listed["report"]["written"])
    assert written.tzinfo is not None and written.year >= 2024
    assert listed["report"] == {
        "name": "report", "url": "/reports/files/report/", "written": listed["report"][
            "written"], "game": "diamoniak", "game_name": "Diamoniak", "players": 2,
        "bots": ["heuristic", "random"], "games": 200,
        "configurations": ["base", "fairy=auto"], "hidden_information": False}
    assert listed["old"]["game"] is None and listed["old"]["configurations"] == []


def test_a_report_page_is_served_under_the_sites_header(
        client: TestClient, reports: Path) -> None:
    (reports / "di").mkdir(parents=True)
    (reports / "di" / "report.html").write_text(
        "<!doctype html><html><head><title>t</title></head><body><h1>Seat advantage</h1>"
        "</body></html>")
    page = client.get("/reports/files/di/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    body = page.text.split("<body>", 1)[1]
    assert body.startswith('<style>') and body.index('href="/reports"') < body.index(
        "Seat advantage")  # the way back, above the report
    assert 'href="/"' in body and '<link rel="icon" href="/favicon.ico"' in page.text
    assert "script-src" not in page.headers["content-security-policy"]  # no script runs
