"""Issue 29, "Albion in English, French and German": the server's refusals carry their
words. An HTTP refusal keeps `{"error": CODE, "message": ENGLISH}` and gains `"words"`, the
same sentence as a Words value, which a French page says in French (and a German one in
German) — however the page asked, the answer is the same, its English unchanged. A
refusal that rests on a ruling names it in its words (the game's information ruling for a
bot that sees hidden information: DI-11; the players' ruling for a count: DI-1). The
table's own refusals before play begins (`not_started`) and of a decision the server did
not store or may no longer take (`not_stored`, `stand_in`, in test_faults and
test_storms) carry their words over the WebSocket too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from albion.core.words import Words, from_json
from albion.i18n import translator
from albion.i18n.catalogue import catalogue
from albion.server import ServerSettings, create_app
from albion.server.errors import NotStarted

FRENCH_PAGE = {"Accept-Language": "fr-FR,fr;q=0.9", "Cookie": "albion_lang=fr"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A server with its default least time a move (5 s) and bot ceilings."""
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def words_of(answer: dict[str, Any]) -> Words:
    said = from_json(answer["words"])
    assert isinstance(said, Words), answer
    return said


def translated(said: Words, lang: str) -> list[str]:
    """The messages inside `said` (itself and the words among its arguments) that `lang`'s
    catalogue does not say: none when the refusal reads wholly in `lang`."""
    entries = catalogue(lang)
    missing = []
    entry = entries.get(said.message)
    texts = entry.string if entry is not None else None
    if not (texts if isinstance(texts, str) else texts and all(texts)):
        missing.append(said.message)
    for _, value in said.args:
        if isinstance(value, Words):
            missing.extend(translated(value, lang))
    return missing


def table(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": "diamoniak", **body})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


CLOCK_TOO_SHORT = ("seconds_per_move is at least 5 on this server (a person needs the time "
                   "to move)")
REFUSALS: list[tuple[str, str, dict[str, Any] | None, int, str, str | None]] = [
    # (method, path, body, status, code, the English message as it always read)
    ("post", "/api/tables", {"game": "diamoniak", "players": ["human", "human"],
                             "clock": {"seconds_per_move": 1}}, 400, "bad_clock",
     CLOCK_TOO_SHORT),
    ("post", "/api/tables", {"game": "diamoniak", "players": ["human", "human"],
                             "clock": {"seconds_per_move": 30, "bot": "cheat-mcts"}},
     400, "bad_clock",
     "cheat-mcts sees hidden information: it may not stand in for a player (DI-11)"),
    ("post", "/api/tables", {"game": "diamoniak", "players": ["human", "cheat-mcts"]},
     400, "bad_players", "cheat-mcts sees hidden information: not allowed at a table (DI-11)"),
    ("post", "/api/tables", {"game": "diamoniak", "players": ["human"]}, 400, "bad_players",
     "Diamoniak takes 2 to 4 players, not 1 (DI-1)"),
    ("post", "/api/tables", {"game": "diamoniak", "players": ["human", "wizard"]}, 400,
     "bad_players", None),
    ("post", "/api/tables", {"game": "diamoniak", "players": ["human", "human,random"]},
     400, "bad_players", "'human,random': one player per seat (give a list of specs)"),
    ("post", "/api/tables", {"game": "diamoniak",
                             "players": ["human", "ismcts:iterations=1000000000"]},
     400, "bad_players", None),
    ("post", "/api/tables", {"game": "diamoniak", "players": ["human", "random"],
                             "variant": {"fairy": "x"}}, 400, "bad_variant", None),
    ("post", "/api/tables", {"game": "chess", "players": ["human", "human"]}, 400,
     "unknown_game", None),
    ("post", "/api/tables", {"game": "diamoniak", "players": ["human", "random"],
                             "seed": -1}, 422, "bad_request",
     "seed: Input should be greater than or equal to 0"),
    ("get", "/api/tables?status=lost", None, 400, "bad_status",
     "status is waiting, playing or over"),
    ("get", "/api/tables/nope", None, 404, "not_found", "no table 'nope'"),
    ("get", "/api/tables/nope/replay", None, 404, "not_found", "no table 'nope'"),
    ("post", "/api/tables/nope/claim", {"invite": "x"}, 404, "not_found", "no table 'nope'"),
    ("get", "/api/games/chess/rules", None, 404, "unknown_game", None),
    ("get", "/i18n/xx.json", None, 404, "unknown_language",
     "no language 'xx'; Albion speaks en, fr, de"),
    ("get", "/static/games/diamoniak/nothing.js", None, 404, "not_found",
     "no file 'nothing.js' for game 'diamoniak'"),
]


@pytest.mark.parametrize(("method", "path", "body", "status", "code", "english"), REFUSALS)
def test_a_lobby_refusal_answered_to_a_french_page_reads_in_french(
        client: TestClient, method: str, path: str, body: dict[str, Any] | None,
        status: int, code: str, english: str | None) -> None:
    sent = {"json": body} if body is not None else {}
    answer = client.request(method.upper(), path, headers=FRENCH_PAGE, **sent)
    assert answer.status_code == status, answer.text
    refusal = answer.json()
    assert refusal["error"] == code
    said = words_of(refusal)
    assert refusal["message"] == str(said), "the message is the words' English"
    if english is not None:
        assert refusal["message"] == english, "the English reads as it always did"
    french = translator("fr").words(said)
    assert french != refusal["message"], french
    assert translated(said, "fr") == [], f"{french!r} holds English"
    assert translated(said, "de") == [], translator("de").words(said)
    plain = client.request(method.upper(), path, **sent).json()
    assert plain == refusal, "the answer is the same whatever language the page reads"


def test_a_refusal_that_rests_on_a_ruling_names_it_in_its_words(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"game": "diamoniak",
                                              "players": ["human", "cheat-mcts"]}).json()
    said = words_of(answer)
    assert dict(said.args)["ruling"] == "DI-11"  # Information: what a seat may know
    assert translator("fr").words(said) == ("cheat-mcts voit les informations cachées : "
                                            "interdit à une table (DI-11)")
    assert translator("de").words(said).endswith("(DI-11)")


def test_a_clock_too_short_reads_in_french_and_german(client: TestClient) -> None:
    answer = client.post("/api/tables", headers=FRENCH_PAGE, json={
        "game": "diamoniak", "players": ["human", "human"],
        "clock": {"seconds_per_move": 1}}).json()
    assert answer == {"error": "bad_clock", "message": CLOCK_TOO_SHORT, "words": {
        "message": "seconds_per_move is at least {seconds} on this server (a person needs "
                   "the time to move)", "args": {"seconds": "5"}}}
    said = words_of(answer)
    assert translator("fr").words(said) == (
        "le temps par tour (seconds_per_move) est d'au moins 5 s sur ce serveur (il faut "
        "laisser à chacun le temps de jouer)")
    assert "mindestens 5 s" in translator("de").words(said)


def test_the_seat_routes_refusals_read_in_french(client: TestClient) -> None:
    """A claimed invitation, one that opens nothing, a private table's seat, a missing or
    wrong credential, a rematch before the end, a record before the end."""
    created = table(client, players=["human", "human"])
    name, invite = created["table"], created["seats"][0]["invite"]
    path = f"/api/tables/{name}"
    first = client.post(f"{path}/claim", json={"invite": invite})
    assert first.status_code == 200
    client.cookies.clear()
    answers = {
        "invite_used": client.post(f"{path}/claim", json={"invite": invite}),
        "bad_invite": client.post(f"{path}/claim", json={"invite": "nothing"}),
        "not_public": client.post(f"{path}/sit", params={"seat": 1}),
        "no_credential": client.post(f"{path}/session"),
        "bad_credential": client.post(f"{path}/session",
                                      headers={"Authorization": "Bearer nothing"}),
        "not_over": client.post(f"{path}/rematch"),
    }
    record = client.get(f"{path}/record")
    for code, answer in [*answers.items(), ("not_over", record)]:
        refusal = answer.json()
        assert refusal["error"] == code, refusal
        said = words_of(refusal)
        assert refusal["message"] == str(said)
        assert translated(said, "fr") == [] and translated(said, "de") == [], refusal
        assert translator("fr").words(said) != refusal["message"]
    assert answers["invite_used"].json()["message"] == (
        "this invitation was used already: its seat is taken (if not by you, tell whoever "
        "sent you the link)")
    assert translator("fr").words(words_of(record.json())) == (
        "l'enregistrement n'est disponible qu'une fois la partie terminée")


def test_a_seat_taken_names_the_seat_in_every_language(client: TestClient) -> None:
    created = table(client, players=["human", "human"], public=True)
    path = f"/api/tables/{created['table']}"
    assert client.post(f"{path}/sit", params={"seat": 1}).status_code == 200
    client.cookies.clear()
    refusal = client.post(f"{path}/sit", params={"seat": 1}).json()
    assert refusal["error"] == "seat_taken"
    assert refusal["message"] == "seat 2 is not free (taken, a bot's, or the game has begun)"
    assert translator("fr").words(words_of(refusal)).startswith("la place 2 n'est pas libre")
    assert translator("de").words(words_of(refusal)).startswith("Platz 2 ist nicht frei")


def test_not_started_reaches_a_french_seat_with_its_words(client: TestClient) -> None:
    created = table(client, players=["human", "human"], seed=4)  # a chosen seed: tokens
    name, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{name}?token={token}") as one:
        first = one.receive_json()
        assert first["status"] == "waiting"
        for asked in ({"type": "submit", "action": first["legal"][0],
                       "version": first["version"]}, {"type": "hint"}):
            one.send_json(asked)
            refusal = one.receive_json()
            assert refusal["code"] == "not_started"
            assert refusal["message"] == NotStarted.MESSAGE
            said = words_of(refusal)
            assert said == NotStarted.WORDS and str(said) == refusal["message"]
            assert translator("fr").words(said) == (
                "la partie n'a pas commencé : elle débute dès que chaque joueur a ouvert "
                "sa place")
            assert translated(said, "de") == []


def test_every_socket_refusal_of_the_server_reads_in_french_and_german() -> None:
    """The socket's own refusals (rate limits, a spectator's asks, a busy hint …) carry
    their words; their English message is the words' English, as before."""
    from albion.server.refusals import SAID_WORDS, refused  # noqa: PLC0415

    assert len(SAID_WORDS) >= 14
    for said, words in SAID_WORDS.items():
        frame = refused(said)
        assert frame["message"] == str(words) == said[1]
        assert from_json(frame["words"]) == words
        for lang in ("fr", "de"):
            assert translated(words, lang) == [], (lang, said)
            assert translator(lang).words(words) != str(words), (lang, said)


def test_a_bad_name_and_a_bad_chat_line_read_in_french(client: TestClient) -> None:
    created = table(client, players=["human", "human"], seed=4)
    name, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{name}?token={token}") as one:
        one.receive_json()
        one.send_json({"type": "join", "name": "x" * 41})
        refusal = one.receive_json()
        assert refusal["code"] == "bad_name"
        assert refusal["message"] == "a name is at most 40 characters"
        assert translator("fr").words(words_of(refusal)) == \
            "un nom fait au plus 40 caractères"
        one.send_json({"type": "chat", "text": "   "})
        refusal = one.receive_json()
        assert refusal["code"] == "bad_chat"
        assert refusal["message"] == "an empty line is not sent"
        assert translator("de").words(words_of(refusal)) == \
            "eine leere Zeile wird nicht gesendet"
