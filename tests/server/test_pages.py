"""The browser face's server side (issue 16): the pages and their static files, served with
a Content-Security-Policy; the rules of each game from the same data as `albion rules`;
the replay of a finished table as a spectator saw it; the balance reports."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from albion.core.registry import all_games, all_plugins
from albion.server import ServerSettings, create_app
from tests.server.test_server import create, until

PAGES = ("/", "/play/abc?token=x", "/watch/abc", "/replay/abc", "/rules", "/rules/diamoniak",
         "/reports")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    reports = tmp_path / "reports"
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1, reports=reports)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_served_with_a_policy_that_forbids_inline_scripts(
        client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"  # tokens stay in the URL bar
    assert "<script" in response.text and "<script>" not in response.text  # no inline code


def test_each_games_renderer_and_stylesheet_is_served(client: TestClient) -> None:
    """Issue 26: each game's drawing ships in its own package, served under
    /static/games/<id>/ and named by /api/games."""
    listed = {game["id"]: game["board"] for game in client.get("/api/games").json()}
    assert {"diamoniak", "raiding-stonehenge", "super-camelot"} <= {
        game_id for game_id, board in listed.items() if board is not None}
    for plugin in all_plugins():
        assets = listed[plugin.id]
        if plugin.web is None:
            assert assets is None, plugin.id  # drawn by the generic renderer
            continue
        assert assets == {"script": f"/static/games/{plugin.id}/board.js",
                          "style": f"/static/games/{plugin.id}/board.css"}, plugin.id
        script = client.get(assets["script"])
        assert script.status_code == 200, plugin.id
        assert "javascript" in script.headers["content-type"]
        assert "export function render" in script.text
        style = client.get(assets["style"])
        assert style.status_code == 200 and "text/css" in style.headers["content-type"]
        again = client.get(assets["script"], headers={"If-None-Match": script.headers["etag"]})
        assert again.status_code == 304 and not again.content  # revalidated, not resent
    assert client.get("/static/js/generic-board.js").status_code == 200


@pytest.mark.parametrize("path", [
    "/static/games/diamoniak/missing.js", "/static/games/diamoniak/..%2Fgame.py",
    "/static/games/diamoniak/game.py", "/static/games/diamoniak/%2e%2e",
    "/static/games/chess/board.js",
    "/static/games/diamoniak/..%2F..%2Fserver%2Fweb%2Fjs%2Ftable.js"])
def test_a_game_asset_is_only_a_file_of_its_web_folder(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_the_pages_never_write_html_from_text(client: TestClient) -> None:
    """Issue 18's rule, checked at the source: every text goes in as a text node (in the
    pages' scripts and in every game's own drawing)."""
    src = Path(__file__).parents[2] / "src/albion"
    scripts = [*(src / "server/web/js").rglob("*.js"), *(src / "games").glob("*/web/*.js")]
    assert len(scripts) > 10
    for script in scripts:
        source = script.read_text()
        for unsafe in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write",
                       "eval("):
            assert unsafe not in source, f"{script.name} uses {unsafe}"


def test_rules_list_every_ruling_and_explain_every_variant_value(client: TestClient) -> None:
    for game in all_games():
        rules = client.get(f"/api/games/{game.id}/rules").json()
        assert [r["id"] for r in rules["rulings"]] == [r.id for r in game.rulings]
        assert {v["key"] for v in rules["variants"]} == {o.key for o in game.variant_options}
        for option in rules["variants"]:
            assert all(choice["meaning"] for choice in option["choices"]), option["key"]
    missing = client.get("/api/games/chess/rules")
    assert missing.status_code == 404 and missing.json()["error"] == "unknown_game"


def test_the_lobby_explains_every_variant_value(client: TestClient) -> None:
    for game in client.get("/api/games").json():
        for option in game["variants"]:
            assert len(option["meanings"]) == len(option["choices"])
            assert all(option["meanings"]), (game["id"], option["key"])


def test_a_replay_is_served_once_the_game_is_over_as_a_spectator_saw_it(
        client: TestClient) -> None:
    created = create(client, game="raiding-stonehenge", players=["random", "random", "random"],
                     seed=3)
    table = created["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        last = until(watcher, lambda m: m["type"] == "update" and m["status"] == "over", 5000)
    replay = client.get(f"/api/tables/{table}/replay").json()
    steps = replay["steps"]
    assert [step["version"] for step in steps] == list(range(last["version"] + 1))
    assert steps[-1] == last["view"]  # the end, exactly as the spectator saw it
    assert all(step["viewer"] is None and step["legal"] == [] for step in steps)
    assert replay["shown"] == "ALL-2"  # every hand turned up once the game is over
    assert all(player["hand"] is not None for step in steps[-5:]
               for player in step["board"]["players"])  # test_hands_shown has the rest
    with client.websocket_connect(f"/ws/tables/{table}") as late:  # hears every event
        heard = [e for e in late.receive_json()["events"] if e["type"] != "notice"]
    assert replay["events"] == heard


def test_a_replay_waits_for_the_end(client: TestClient) -> None:
    created = create(client, game="diamoniak", players=["human", "random"], seed=1)
    early = client.get(f"/api/tables/{created['table']}/replay")
    assert early.status_code == 409 and early.json()["error"] == "not_over"
    assert client.get("/api/tables/nope/replay").status_code == 404


def test_reports_are_listed_and_served_when_present(client: TestClient,
                                                    tmp_path: Path) -> None:
    assert client.get("/api/reports").json() == []
    folder = tmp_path / "reports" / "diamoniak"
    folder.mkdir(parents=True)
    (folder / "report.html").write_text("<!doctype html><h1>Seat advantage</h1>")
    [listed] = client.get("/api/reports").json()
    assert (listed["name"], listed["url"]) == ("diamoniak", "/reports/files/diamoniak/")


def test_reports_folder_is_served(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    (reports / "di").mkdir(parents=True)
    (reports / "di" / "report.html").write_text("<h1>Seat advantage</h1>")
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'a.db'}", bot_workers=1,
                              reports=reports)
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        page = client.get("/reports/files/di/")
        assert page.status_code == 200 and "Seat advantage" in page.text
        assert "script-src" not in page.headers["content-security-policy"]  # no scripts run
