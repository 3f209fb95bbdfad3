"""The learned bot on the server (issue 34): offered for the games whose weights ship, it
plays a whole table from its seats' views; elsewhere the table is refused in words."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from albion.server import ServerSettings, create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def test_the_lobby_offers_the_learned_bot_where_its_weights_ship(client: TestClient) -> None:
    bots = {game["id"]: game["bots"] for game in client.get("/api/games").json()}
    assert "learned" in bots["diamoniak"]
    assert "learned" not in bots["raiding-stonehenge"]
    assert "learned" not in bots["super-camelot"]
    assert all("cheat-mcts" not in offered for offered in bots.values())


def test_a_table_of_learned_bots_plays_to_its_end(client: TestClient) -> None:
    created = client.post("/api/tables", json={"game": "diamoniak",
                                               "players": ["learned", "learned:temperature=0.5",
                                                           "heuristic"], "seed": 4})
    assert created.status_code == 201, created.text
    table = created.json()["table"]
    deadline = time.monotonic() + 60
    while (status := client.get(f"/api/tables/{table}").json())["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    assert status["status"] == "over"


def test_a_learned_seat_without_weights_is_refused_in_words(client: TestClient) -> None:
    for body in ({"players": ["human", "learned"]},
                 {"players": ["human", "human"], "clock": {"seconds_per_move": 30,
                                                           "bot": "learned"}}):
        answer = client.post("/api/tables", json={"game": "raiding-stonehenge", **body})
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == "bad_players"
        assert "no learned bot for Raiding Stonehenge" in answer.json()["message"]
    assert client.get("/api/tables").json() == [], "nothing was created"
    stand_in = client.post("/api/tables", json={
        "game": "diamoniak", "players": ["human", "human"],
        "clock": {"seconds_per_move": 30, "bot": "learned"}})
    assert stand_in.status_code == 201, stand_in.text
