"""The Learn page's API (issue 32; docs/protocol/server.md, Learn): each tutorial completed
through it, a wrong move refused with its ruling (or the step's rulings) and the hint
with the step staying, the words in the reader's language, and bad input — an unknown
game, a step out of range, a text that is no action, a bad body, another site's page, a
signed-in browser without its CSRF token, too many requests — refused with words, never
a crash."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from albion.core.plugin import load_tutorial
from albion.core.registry import get_plugin
from albion.i18n import translator
from albion.server import create_app
from albion.server.learn_routes import LEARN_BURST
from tests.server.accounts import browser, settings_for, signed_up

GAMES = ("diamoniak", "raiding-stonehenge", "super-camelot")


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(database)), base_url="http://localhost") as c:
        yield c


@pytest.fixture
def database(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'albion.db'}"


def expected(game_id: str, number: int) -> tuple[str, ...]:
    tutorial = load_tutorial(get_plugin(game_id))
    assert tutorial is not None
    return tutorial.steps[number - 1].expect


@pytest.mark.parametrize("game_id", GAMES)
def test_each_tutorial_is_completed_through_the_api(client: TestClient, game_id: str) -> None:
    about = client.get(f"/api/learn/{game_id}").json()
    count = len(about["steps"])
    assert about["game"] == game_id and about["title"] and count >= 4
    number: int | None = 1
    while number is not None:
        step = client.get(f"/api/learn/{game_id}/steps/{number}").json()
        assert step["number"] == number and step["count"] == count and step["text"]
        update = step["update"]
        assert update["type"] == "update" and update["status"] == "playing"
        assert update["view"]["viewer"] == step["seat"] and update["geometry"] is not None
        assert set(expected(game_id, number)) <= set(update["legal"])
        assert update["legal"] == [entry["text"] for entry in update["view"]["legal"]]
        assert step["pointed"] and set(step["pointed"]) <= set(update["legal"])
        assert step["teaches"] and all(ruling["title"] for ruling in step["teaches"])
        move = expected(game_id, number)[-1]
        played = client.post(f"/api/learn/{game_id}/steps/{number}", json={"action": move})
        assert played.status_code == 200, played.text
        answer = played.json()
        assert answer["outcome"] == "played" and answer["number"] == number
        assert answer["update"]["legal"] == [] and answer["update"]["view"]["legal"] == []
        assert any(event["type"] == "action" for event in answer["update"]["events"])
        number = answer["next"]
        assert answer["complete"] == (number is None)
    assert answer["update"]["view"]["result"] is not None or game_id != "diamoniak"


def test_a_move_the_rules_refuse_is_refused_with_its_ruling_and_the_hint(
        client: TestClient) -> None:
    """DI-7: no castle, no buying; the step stays (the same step is asked again)."""
    before = client.get("/api/learn/diamoniak/steps/1").json()
    refused = client.post("/api/learn/diamoniak/steps/1", json={"action": "buy red from P2"})
    assert refused.status_code == 200
    answer = refused.json()
    assert answer["outcome"] == "refused" and answer["ruling"] == "DI-7"
    assert answer["message"] == "only a player with a castle may buy"
    assert answer["words"]["message"] == "only a player with a castle may buy"
    assert answer["hint"] == "Draw from the pile: it is your only move now."
    assert client.get("/api/learn/diamoniak/steps/1").json() == before


def test_a_legal_move_the_step_does_not_ask_for_names_the_rulings_it_teaches(
        client: TestClient) -> None:
    answer = client.post("/api/learn/diamoniak/steps/6", json={"action": "draw"}).json()
    assert answer["outcome"] == "refused" and answer["ruling"] is None
    assert answer["said"] == "draw is allowed here, but this step teaches DI-7, DI-10"
    assert answer["hint"] == "Buy the red card from P2 instead of drawing."


def test_the_words_are_in_the_readers_language(client: TestClient) -> None:
    french = translator("fr")
    french_page = {"Accept-Language": "fr"}
    about = client.get("/api/learn/diamoniak", headers=french_page).json()
    assert about["lang"] == "fr" and about["title"] == french.text("Your first game of Diamoniak")
    step = client.get("/api/learn/diamoniak/steps/1?lang=de").json()
    assert step["title"] == translator("de").text("Draw your first card")
    assert step["teaches"][0]["title"] == translator("de").text("Turn")
    refused = client.post("/api/learn/diamoniak/steps/1", json={"action": "buy red from P2"},
                          headers=french_page).json()
    assert refused["said"] == french.text("only a player with a castle may buy")
    assert refused["message"] == "only a player with a castle may buy"  # English beside
    played = client.post("/api/learn/diamoniak/steps/6", json={"action": "buy red from P2"},
                         headers=french_page).json()
    assert played["after"] == french.text("Six red cards: your castle is complete and you win.")
    assert played["complete"] and played["update"]["status"] == "over"


@pytest.mark.parametrize(("path", "status", "code"), [
    ("/api/learn/chess", 404, "unknown_game"),
    ("/api/learn/chess/steps/1", 404, "unknown_game"),
    ("/api/learn/diamoniak/steps/7", 404, "no_step"),
    ("/api/learn/diamoniak/steps/0", 422, "bad_request"),
    ("/api/learn/diamoniak/steps/-1", 422, "bad_request"),
    ("/api/learn/diamoniak/steps/abc", 422, "bad_request"),
    ("/api/learn/diamoniak/steps/99999999999999999999", 422, "bad_request"),
])
def test_an_unknown_game_or_step_is_refused_with_words(client: TestClient, path: str,
                                                       status: int, code: str) -> None:
    answer = client.get(path)
    assert answer.status_code == status and answer.json()["error"] == code
    assert answer.json()["message"] and answer.json().get("words")


@pytest.mark.parametrize(("body", "code"), [
    ({"action": "fly away"}, "bad_action"),
    ({"action": ""}, "bad_request"),
    ({"action": "x" * 201}, "bad_request"),
    ({"action": 3}, "bad_request"),
    ({}, "bad_request"),
    ({"action": "draw", "version": 1}, "bad_request"),
    ([], "bad_request"),
])
def test_a_bad_move_is_refused_with_words_and_changes_nothing(
        client: TestClient, body: Any, code: str) -> None:
    refused = client.post("/api/learn/diamoniak/steps/1", json=body)
    assert refused.status_code == 422 and refused.json()["error"] == code
    assert refused.json()["message"]
    if code == "bad_action":
        assert refused.json()["words"]["message"].startswith("{text} is not a Diamoniak action")
    played = client.post("/api/learn/diamoniak/steps/1", json={"action": "draw"})
    assert played.json()["outcome"] == "played"


def test_a_body_that_is_not_json_or_too_big_is_refused(client: TestClient) -> None:
    broken = client.post("/api/learn/diamoniak/steps/1", content=b"{not json",
                         headers={"Content-Type": "application/json"})
    assert broken.status_code == 422
    huge = client.post("/api/learn/diamoniak/steps/1",
                       content=b'{"action": "' + b"x" * 100_000 + b'"}',
                       headers={"Content-Type": "application/json"})
    assert huge.status_code == 413


def test_another_sites_page_may_not_move(client: TestClient) -> None:
    refused = client.post("/api/learn/diamoniak/steps/1", json={"action": "draw"},
                          headers={"Origin": "https://evil.example"})
    assert refused.status_code == 403 and refused.json()["error"] == "bad_origin"


def test_a_signed_in_browser_moves_with_its_csrf_token_only(client: TestClient) -> None:
    signed = signed_up(client, "learner")
    refused = signed.http.post("/api/learn/diamoniak/steps/1", json={"action": "draw"})
    assert refused.status_code == 403 and refused.json()["error"] == "bad_csrf"
    played = signed.post("/api/learn/diamoniak/steps/1", json={"action": "draw"})
    assert played.status_code == 200 and played.json()["outcome"] == "played"


def test_an_address_asking_too_often_is_told_to_wait(client: TestClient) -> None:
    answers = [client.get("/api/learn/diamoniak/steps/1").status_code
               for _ in range(LEARN_BURST + 5)]
    assert answers[0] == 200 and answers[-1] == 429
    refused = client.post("/api/learn/diamoniak/steps/1", json={"action": "draw"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert refused.json()["words"]["message"].startswith("too many requests to the tutorial")
    assert browser(client).get("/api/learn/diamoniak").status_code == 200  # builds no table


def test_the_page_is_served_with_the_pages_policy(client: TestClient) -> None:
    page = client.get("/learn/diamoniak")
    assert page.status_code == 200 and "/static/js/learn.js" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/learn/diamoniak", headers={"Accept-Language": "de"}).text.startswith(
        '<!doctype html>\n<html lang="de">')
    games = {game["id"]: game for game in client.get("/api/games").json()}
    assert all(games[game_id]["tutorial"] == f"/learn/{game_id}" for game_id in GAMES)


def test_di7_why_not_at_a_place_of_the_board_is_the_rulings_refusal_and_the_hint(
        client: TestClient) -> None:
    """A move the page cannot offer (a purchase before the castle, DI-7) is asked about by
    its place on the board: the refusal of the check that builds the legal actions, with
    the step's hint, in the reader's language; the step stays."""
    before = client.get("/api/learn/diamoniak/steps/1").json()
    place = {"area": "right_pile", "seat": 1, "item": "red"}
    answer = client.post("/api/learn/diamoniak/steps/1/why-not", json={"place": place})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["outcome"] == "why_not" and body["number"] == 1 and body["legal"] == []
    assert body["place"] == place
    assert [(reason["kind"], reason["ruling"]) for reason in body["reasons"]] == [("buy", "DI-7")]
    assert body["reasons"][0]["said"] == "only a player with a castle may buy"
    assert body["reasons"][0]["words"]["message"] == "only a player with a castle may buy"
    assert body["hint"] == "Draw from the pile: it is your only move now."
    french = translator("fr")
    in_french = client.post("/api/learn/diamoniak/steps/1/why-not", json={"place": place},
                            headers={"Accept-Language": "fr"}).json()
    assert in_french["reasons"][0]["said"] == french.text("only a player with a castle may buy")
    assert in_french["hint"] == french.text(before["hint"])
    assert client.get("/api/learn/diamoniak/steps/1").json()["update"] == before["update"]


def test_rs8_why_not_at_a_pile_before_the_play(client: TestClient) -> None:
    answer = client.post("/api/learn/raiding-stonehenge/steps/1/why-not",
                         json={"place": {"area": "pile", "item": "red"}}).json()
    assert [reason["ruling"] for reason in answer["reasons"]] == ["RS-8"]
    legal = client.post("/api/learn/raiding-stonehenge/steps/1/why-not",
                        json={"place": {"area": "line", "number": 1}}).json()
    assert legal["legal"] == ["take line 1"] and legal["reasons"] == []


@pytest.mark.parametrize("body", [{}, {"place": "the pile"}, {"place": {"area": "Pile!"}},
                                  {"place": {"area": "pile", "seat": 99}},
                                  {"place": {"area": "pile"}, "action": "draw"}])
def test_a_bad_why_not_is_refused_with_words(client: TestClient, body: Any) -> None:
    answer = client.post("/api/learn/diamoniak/steps/1/why-not", json=body)
    assert answer.status_code == 422 and answer.json()["message"]
    unknown = client.post("/api/learn/nope/steps/1/why-not", json={"place": {"area": "pile"}})
    assert unknown.status_code == 404 and unknown.json()["message"]
    far = client.post("/api/learn/diamoniak/steps/99/why-not", json={"place": {"area": "pile"}})
    assert far.status_code == 404 and far.json()["message"]


def test_another_sites_page_may_not_ask_why_not(client: TestClient) -> None:
    answer = client.post("/api/learn/diamoniak/steps/1/why-not",
                         json={"place": {"area": "draw_pile"}},
                         headers={"Origin": "https://elsewhere.example"})
    assert answer.status_code == 403
