"""Issue 25, low: a server answers only to its allowed host names (DNS rebinding: a page on
a name that now points here is refused, and links are never built from a foreign Host);
a NUL or any other character that cannot be in a table id is a 404, never a 500; /docs is
a page of our own under the same policy as every page, loading nothing from elsewhere."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from albion.cli.app import app as cli
from albion.server import ServerSettings, create_app
from albion.server.hosts import host_name, is_allowed, origin_matches
from albion.server.settings import LOCAL_HOSTS, allowed_hosts


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1, allowed_hosts=(*LOCAL_HOSTS, "games.example"))
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def test_a_request_for_another_host_is_refused(client: TestClient) -> None:
    for host in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example", ""):
        answer = client.get("/api/games", headers={"Host": host})
        assert answer.status_code == 400 and answer.json()["error"] == "bad_host", host
    assert client.get("/api/games", headers={"Host": "games.example"}).status_code == 200
    assert client.get("/api/games", headers={"Host": "[::1]:8000"}).status_code == 200


def test_links_name_the_host_the_request_came_by_only_when_it_is_allowed(
        client: TestClient) -> None:
    body = {"game": "diamoniak", "players": ["human", "random"]}
    made = client.post("/api/tables", json=body, headers={"Host": "games.example:8443"})
    assert made.json()["seats"][0]["url"].startswith("http://games.example:8443/play/")
    assert client.post("/api/tables", json=body,
                       headers={"Host": "evil.example"}).status_code == 400


def test_a_rebound_page_cannot_open_a_table_socket(client: TestClient) -> None:
    table = client.post("/api/tables", json={"game": "diamoniak", "players": [
        "random", "random"]}).json()["table"]
    for headers in ({"Host": "evil.example:8000", "Origin": "http://evil.example:8000"},
                    {"Host": "localhost", "Origin": "http://evil.example"},
                    {"Host": "evil.example"}):
        with pytest.raises(WebSocketDisconnect) as closed, \
                client.websocket_connect(f"/ws/tables/{table}", headers=headers):
            pass
        assert closed.value.code == 1008, headers
    with client.websocket_connect(f"/ws/tables/{table}", headers={
            "Host": "localhost", "Origin": "http://localhost"}) as fine:
        assert fine.receive_json()["type"] == "update"


def test_host_names_and_origins() -> None:
    assert host_name("Example.ORG:80") == "example.org" and host_name("[::1]:8000") == "::1"
    assert is_allowed("a.example.org", ("*.example.org",))
    assert not is_allowed("example.org.evil", ("*.example.org",))
    assert is_allowed("anything", ("*",)) and not is_allowed(None, ("*",))
    assert origin_matches("http://localhost:8000", "localhost:8000", LOCAL_HOSTS, ())
    assert not origin_matches("http://localhost:9999", "localhost:8000", LOCAL_HOSTS, ())
    assert not origin_matches("http://evil:8000", "evil:8000", LOCAL_HOSTS, ())
    assert origin_matches("https://app.example", "localhost:8000", LOCAL_HOSTS,
                          ("https://app.example",))


def test_serving_other_machines_needs_their_names() -> None:
    assert allowed_hosts("127.0.0.1", []) == LOCAL_HOSTS
    assert allowed_hosts("0.0.0.0", []) is None
    assert allowed_hosts("0.0.0.0", ["Games.Example"]) == (*LOCAL_HOSTS, "games.example")
    assert allowed_hosts("192.0.2.5", []) == (*LOCAL_HOSTS, "192.0.2.5")
    refused = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--port", "1"])
    assert refused.exit_code != 0 and "--allowed-host" in refused.output


@pytest.mark.parametrize("table", ["%00", "a%00b", "%00%00", "..", "a b", "é", "x" * 40])
def test_an_id_that_cannot_be_a_table_is_404(client: TestClient, table: str) -> None:
    for path in ("", "/record", "/replay"):
        answer = client.get(f"/api/tables/{table}{path}")
        assert answer.status_code == 404, (path, answer.text)
    for path in ("/rematch", "/claim", "/revoke"):
        answer = client.post(f"/api/tables/{table}{path}", json={"invite": "x"})
        assert answer.status_code in (401, 404), (path, answer.text)


def test_docs_is_our_own_page_under_the_one_policy(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    assert "script-src 'self'" in page.headers["content-security-policy"]
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(source.startswith("/static/") for source in sources), sources
    assert "cdn" not in page.text.lower()
    assert client.get("/redoc").status_code == 404
    assert "/api/tables" in client.get("/openapi.json").json()["paths"]
