"""Issue 27, item 13: a friend on another machine can open what they are sent. The links
the server hands out to be passed on (invitations, spectators' links, a rematch's) start
with the configured public address (`albion serve --public-url`), not with the address
the host's own browser typed (127.0.0.1); the server answers to that address's host;
`GET /api/server` tells the lobby where the links point and whether other machines can
open them."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from albion.server import ServerSettings, create_app
from albion.server.public import is_local_name, lan_addresses, start_lines
from albion.server.settings import LOCAL_HOSTS, allowed_hosts, public_url_of

PUBLIC = "http://192.168.1.5:8000"


def app_client(tmp_path: Path, **settings: Any) -> TestClient:
    tmp_path.mkdir(parents=True, exist_ok=True)
    hosts = allowed_hosts(settings.get("host", "127.0.0.1"), ["192.168.1.5"],
                          settings.get("public_url"))
    assert hosts is not None
    return TestClient(create_app(ServerSettings(
        database_url=f"sqlite:///{tmp_path / 'albion.db'}", bot_workers=1,
        allowed_hosts=hosts, **settings)), base_url="http://127.0.0.1:8000")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path, host="0.0.0.0", public_url=PUBLIC) as c:
        yield c


def test_invitations_and_spectator_links_carry_the_public_address(
        client: TestClient) -> None:
    answer = client.post("/api/tables", json={"game": "diamoniak",
                                              "players": ["human", "human", "random"]})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert [seat["url"].split("#")[0] for seat in created["seats"]] == [
        f"{PUBLIC}/play/{created['table']}"] * 2
    assert created["spectate"] == f"{PUBLIC}/watch/{created['table']}"
    friend = TestClient(client.app, base_url=PUBLIC)  # the friend's browser opens it
    claimed = friend.post(f"/api/tables/{created['table']}/claim",
                          json={"invite": created["seats"][1]["invite"]})
    assert claimed.status_code == 200, claimed.text
    assert claimed.json()["url"].startswith(f"{PUBLIC}/play/")  # their page, their address
    assert friend.get(created["spectate"].removeprefix(PUBLIC)).status_code == 200


def test_a_claimed_seat_stays_on_the_address_its_cookie_was_set_for(
        client: TestClient) -> None:
    """The host's own browser at 127.0.0.1 follows its seat's page there: a cookie set for
    127.0.0.1 is not sent to 192.168.1.5."""
    created = client.post("/api/tables", json={"game": "diamoniak",
                                               "players": ["human", "random"]}).json()
    mine = client.post(f"/api/tables/{created['table']}/claim",
                       json={"invite": created["seats"][0]["invite"]}).json()
    assert mine["url"] == f"http://127.0.0.1:8000/play/{created['table']}?seat=0"


def test_a_rematch_hands_out_the_public_spectator_link(client: TestClient) -> None:
    table = client.post("/api/tables", json={"game": "diamoniak",
                                             "players": ["random", "random"]}).json()["table"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    again = client.post(f"/api/tables/{table}/rematch")
    assert again.status_code == 201, again.text
    assert again.json()["spectate"] == f"{PUBLIC}/watch/{again.json()['table']}"


def test_api_server_says_where_links_point_and_whether_other_machines_can_open_them(
        client: TestClient, tmp_path: Path) -> None:
    info = client.get("/api/server").json()
    assert info == {"public_url": PUBLIC, "configured": True, "lan": True,
                    "addresses": info["addresses"]}
    assert all(url.startswith("http://") and url.endswith(":8000")
               for url in info["addresses"])
    with app_client(tmp_path / "local", port=8000) as local:  # the default: this machine
        info = local.get("/api/server").json()
        assert info["public_url"] == "http://127.0.0.1:8000"
        assert info["configured"] is False and info["lan"] is False
    with app_client(tmp_path / "every", host="0.0.0.0") as every:  # opened by 127.0.0.1
        assert every.get("/api/server").json()["lan"] is False
        assert TestClient(every.app, base_url=PUBLIC).get("/api/server").json()[
            "lan"] is True


def test_only_a_visitor_on_this_machine_is_told_its_network_addresses(
        client: TestClient) -> None:
    lan = lan_addresses()
    assert all(not is_local_name(address) for address in lan)
    local = TestClient(client.app, base_url=PUBLIC, client=("127.0.0.1", 50000))
    assert local.get("/api/server").json()["addresses"] == [
        f"http://{address}:8000" for address in lan]
    stranger = TestClient(client.app, base_url=PUBLIC, client=("192.168.1.9", 50000))
    assert stranger.get("/api/server").json()["addresses"] == []


def test_the_public_address_is_checked_and_its_host_answered_to() -> None:
    assert public_url_of(" http://192.168.1.5:8000/ ") == PUBLIC
    assert public_url_of("https://Games.Example.org") == "https://games.example.org"
    for wrong in ("192.168.1.5:8000", "ftp://x", "http://x/albion", "http://x:99999",
                  "http://user@x"):
        with pytest.raises(ValueError, match="address"):
            public_url_of(wrong)
    assert allowed_hosts("0.0.0.0", [], PUBLIC) == (*LOCAL_HOSTS, "192.168.1.5")
    assert allowed_hosts("0.0.0.0", ["192.168.1.5"], PUBLIC) == (*LOCAL_HOSTS, "192.168.1.5")


def test_serving_every_address_says_so_and_suggests_this_machines_addresses() -> None:
    every = "\n".join(start_lines(ServerSettings(host="0.0.0.0"), ["192.168.1.5"]))
    assert "every address of this machine" in every
    assert "--public-url http://192.168.1.5:8000" in every
    given = "\n".join(start_lines(ServerSettings(host="0.0.0.0", public_url=PUBLIC), []))
    assert f"point to {PUBLIC}/" in given
    local = "\n".join(start_lines(ServerSettings(), ["192.168.1.5"]))
    assert "http://127.0.0.1:8000/" in local
    assert "--host 0.0.0.0 --public-url http://192.168.1.5:8000" in local
