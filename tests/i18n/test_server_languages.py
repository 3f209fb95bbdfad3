"""The pages' language on the server (issue 29): `<html lang>` from ?lang=, the remembered
choice, or Accept-Language; each language's catalogue for the pages; the rules in the
reader's language; the rulebooks in the languages they exist in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from albion.i18n import translator
from albion.server import ServerSettings, create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def html_lang(client: TestClient, path: str, **headers: str) -> str:
    answer = client.get(path, headers=headers)
    assert answer.status_code == 200
    start = answer.text.index('<html lang="') + len('<html lang="')
    return answer.text[start:answer.text.index('"', start)]


@pytest.mark.parametrize("path", ["/", "/play/abc?token=x", "/watch/abc", "/replay/abc",
                                  "/rules/diamoniak", "/reports", "/docs"])
def test_every_page_is_written_in_the_browsers_language(client: TestClient, path: str) -> None:
    assert html_lang(client, path) == "en"
    assert html_lang(client, path, **{"accept-language": "de-DE,de;q=0.9,en;q=0.5"}) == "de"
    assert html_lang(client, path, **{"accept-language": "fr-CA"}) == "fr"


def test_a_chosen_language_is_remembered_over_the_browsers(client: TestClient) -> None:
    answer = client.get("/?lang=fr", headers={"accept-language": "de"})
    assert '<html lang="fr">' in answer.text
    assert "albion_lang=fr" in answer.headers["set-cookie"]
    assert answer.headers["vary"] == "Accept-Language, Cookie"
    assert html_lang(client, "/rules", **{"accept-language": "de"}) == "fr"  # the cookie
    assert html_lang(client, "/rules?lang=xx", **{"accept-language": "de"}) == "fr"


def test_each_language_has_its_catalogue_for_the_pages(client: TestClient) -> None:
    for lang in ("en", "fr", "de", "qps"):
        answer = client.get(f"/i18n/{lang}.json")
        assert answer.status_code == 200
        body = answer.json()
        assert body["lang"] == lang and len(body["messages"]) > 500
    french = client.get("/i18n/fr.json").json()["messages"]
    assert french["Lobby"] == translator("fr").text("Lobby")
    refused = client.get("/i18n/xx.json")
    assert refused.status_code == 404 and "en, fr, de" in refused.json()["message"]
    assert client.get("/api/languages").json()["languages"] == {
        "en": "English", "fr": "Français", "de": "Deutsch"}


def test_the_rules_are_given_in_the_readers_language_with_the_same_ids(
        client: TestClient) -> None:
    english = client.get("/api/games/diamoniak/rules").json()
    french = client.get("/api/games/diamoniak/rules?lang=fr").json()
    german = client.get("/api/games/diamoniak/rules",
                        headers={"accept-language": "de"}).json()
    assert french["lang"] == "fr" and german["lang"] == "de"
    ids = [ruling["id"] for ruling in english["rulings"]]
    assert ids == [ruling["id"] for ruling in french["rulings"]] == [
        ruling["id"] for ruling in german["rulings"]]
    for translated in (french, german):
        for mine, theirs in zip(translated["rulings"], english["rulings"], strict=True):
            assert mine["text"] and mine["text"] != theirs["text"], mine["id"]
            assert mine["title"], mine["id"]  # ("Information" is French as well)


def test_the_rulebooks_are_served_in_the_languages_they_exist_in(client: TestClient) -> None:
    rules = client.get("/api/games/diamoniak/rules").json()
    assert [book["lang"] for book in rules["rulebooks"]] == ["en", "fr"]
    french = client.get("/rules/diamoniak/rulebook/fr")
    assert french.status_code == 200 and french.headers["content-language"] == "fr"
    assert "Sois le premier à construire un château" in french.text
    assert client.get("/rules/diamoniak/rulebook/de").status_code == 404
    assert client.get("/rules/nope/rulebook/en").status_code == 404
    for game in ("raiding-stonehenge", "super-camelot"):
        books = client.get(f"/api/games/{game}/rules").json()["rulebooks"]
        assert [book["lang"] for book in books] == ["en"]
        assert client.get(books[0]["url"]).status_code == 200


def test_the_lobbys_games_and_variants_are_explained_in_the_readers_language(
        client: TestClient) -> None:
    english = client.get("/api/games").json()
    german = client.get("/api/games", headers={"accept-language": "de"}).json()
    assert [game["id"] for game in english] == [game["id"] for game in german]
    for mine, theirs in zip(german, english, strict=True):
        assert mine["summary"] == translator("de").text(theirs["summary"]) != theirs["summary"]
        for variant, original in zip(mine["variants"], theirs["variants"], strict=True):
            assert variant["key"] == original["key"]  # keys and values stay as typed
            assert variant["choices"] == original["choices"]
            assert variant["summary"] != original["summary"], variant["key"]


def test_the_page_for_an_address_that_leads_nowhere_speaks_the_readers_language(
        client: TestClient) -> None:
    answer = client.get("/no/such/page", headers={"accept": "text/html",
                                                  "accept-language": "fr"})
    assert answer.status_code == 404 and '<html lang="fr">' in answer.text
    assert ">Rien ici<" in answer.text and "Nothing here" not in answer.text
    english = client.get("/no/such/page", headers={"accept": "text/html"})
    assert ">Nothing here<" in english.text
