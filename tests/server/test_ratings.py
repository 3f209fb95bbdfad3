"""Rated tables on the server (issue 30): the lobby's `rated` option (never with a chosen
seed or a variant), each seat's entity rated once when the table ends — the account at a
person's seat, the bot spec at a bot's, the reference bots pinned — and a player's
profile: ratings with their uncertainty, the graph's steps, the games, the leaders."""

from __future__ import annotations

import sqlite3
from typing import Any

from fastapi.testclient import TestClient

from albion.server.ratings import GUEST_SEAT, RATED, Ratings
from albion.server.store import Store
from tests.server.accounts import browser, new_table, signed_up
from tests.server.accounts import client as client  # noqa: PLC0414 - the fixture
from tests.server.accounts import database as database  # noqa: PLC0414 - the fixture
from tests.server.test_seats import play_to_the_end


def rating_of(database: str, table: str) -> Any:
    with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
        return db.execute("SELECT rated, rating FROM tables WHERE id = ?", (table,)).fetchone()


def rows(database: str, query: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
        return db.execute(query).fetchall()


def played_rated(client: TestClient, who: Any, bot: str = "random") -> str:
    """A rated two-player Diamoniak table: `who` (an account's browser, or a guest's)
    claims the person's seat and plays it to the end against `bot`."""
    created = new_table(client, ["human", bot], rated=True)
    table = created["table"]
    answer = who.post(f"/api/tables/{table}/claim",
                      json={"invite": created["seats"][0]["invite"]})
    assert answer.status_code == 200, answer.text
    play_to_the_end(client, table, [answer.json()["token"]])
    assert client.get(f"/api/tables/{table}").json()["status"] == "over"
    return table


def test_a_rated_table_deals_from_the_secret_by_the_standard_rules(client: TestClient) -> None:
    for extra in ({"seed": 3}, {"variant": {"release_empty": "yes"}}):
        answer = client.post("/api/tables", json={"game": "diamoniak", "players": [
            "human", "random"], "rated": True, **extra})
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == "bad_rated"
    assert client.get("/api/tables").json() == []
    standard = client.post("/api/tables", json={"game": "diamoniak", "players": [
        "human", "random"], "rated": True, "variant": {"release_empty": "no"}})
    assert standard.status_code == 201, "the standard rules spelled out are standard"


def test_a_rated_table_rates_the_account_once_and_pins_the_reference_bot(
        client: TestClient, database: str) -> None:
    ann = signed_up(client, "ann")
    table = played_rated(client, ann, bot="random")
    assert rating_of(database, table) == (1, RATED)
    profile = client.get("/api/players/ANN").json()
    assert profile["username"] == "ann" and profile["played"] == 1
    [rating] = profile["ratings"]
    assert (rating["game"], rating["players"], rating["games"]) == ("diamoniak", 2, 1)
    assert rating["sigma"] < 25 / 3, "a game played makes the rating surer"
    assert rating["rating"] == round(rating["mu"] - 3 * rating["sigma"], 2)
    winners = client.get(f"/api/tables/{table}").json()["winners"]
    assert profile["won"] == (1 if 0 in winners else 0)
    assert (rating["mu"] > 25) == (0 in winners), "a win raises mu, a loss lowers it"
    again = Ratings(Store(database)).rate_table(table, "diamoniak", [None, "random"],
                                                [1.0, 0.0])
    assert again == RATED
    assert client.get("/api/players/ann").json()["ratings"][0]["games"] == 1, "rated once"
    steps = client.get("/api/players/ann/ratings?game=diamoniak&players=2").json()["steps"]
    assert [step["table"] for step in steps] == [table]
    assert steps[0]["rating"] == rating["rating"]
    leaders = client.get("/api/ratings/diamoniak/2").json()
    assert [leader["player"] for leader in leaders["leaders"]] == ["ann"]
    assert any(anchor["bot"] == "random" for anchor in leaders["anchors"]), \
        "the random bot pins the scale and is never rated"
    assert rows(database, "SELECT entity FROM ratings") == [(f"account:{ann.id}",)]


def test_a_guest_s_seat_leaves_a_rated_table_unrated(client: TestClient,
                                                     database: str) -> None:
    table = played_rated(client, browser(client))
    assert rating_of(database, table) == (1, GUEST_SEAT)
    assert rows(database, "SELECT * FROM ratings") == []


def test_an_unrated_table_rates_nobody(client: TestClient, database: str) -> None:
    ann = signed_up(client, "ann")
    created = new_table(client, ["human", "random"])
    answer = ann.post(f"/api/tables/{created['table']}/claim",
                      json={"invite": created["seats"][0]["invite"]})
    play_to_the_end(client, created["table"], [answer.json()["token"]])
    assert rating_of(database, created["table"]) == (0, None)
    profile = client.get("/api/players/ann").json()
    assert profile["ratings"] == [] and profile["played"] == 1


def test_a_profile_lists_its_games_by_page_and_game(client: TestClient) -> None:
    ann = signed_up(client, "ann")
    table = played_rated(client, ann)
    listed = client.get("/api/players/ann/games").json()
    assert listed["more"] is False
    [game] = listed["games"]
    assert (game["table"], game["game"], game["seat"], game["rated"]) == (
        table, "diamoniak", 0, True)
    assert game["result"] in ("won", "lost", "draw")
    assert game["opponents"] == [{"seat": 1, "name": "random"}]
    assert game["replay"] == f"/replay/{table}"
    assert client.get("/api/players/ann/games?game=raiding-stonehenge").json()["games"] == []
    assert client.get("/api/players/ann/games?page=2").json()["games"] == []


def test_unknown_players_games_and_pages_are_refused_in_words(client: TestClient) -> None:
    signed_up(client, "ann")
    for url, code in (("/api/players/nobody", "no_player"),
                      ("/api/players/ann/games?game=chess", "no_game"),
                      ("/api/ratings/chess/2", "no_game")):
        answer = client.get(url)
        assert answer.status_code == 404, (url, answer.text)
        assert answer.json()["error"] == code
    assert client.get("/api/players/ann/games?page=0").status_code == 422
