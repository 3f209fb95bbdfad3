"""Issue 30, accounts: sign up and sign in with a name and a password (Argon2id), the
session in an HttpOnly, SameSite=Lax cookie (Secure over HTTPS), CSRF protection on every
state-changing request that carries it, sign-in attempts limited per address and per
account, sign out here and everywhere, deletion; and every refusal in words."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import pytest
from fastapi.testclient import TestClient

from albion.i18n import translator
from albion.server import create_app
from albion.server.passwords import Passwords
from tests.server.accounts import (
    PASSWORD,
    browser,
    settings_for,
    signed_up,
)
from tests.server.accounts import client as client  # noqa: PLC0414 - the fixture
from tests.server.accounts import database as database  # noqa: PLC0414 - the fixture


def rows(database: str, query: str, *args: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
        return db.execute(query, args).fetchall()


def session_cookie(answer: Any) -> str:
    found = [cookie for cookie in answer.headers.get_list("set-cookie")
             if cookie.startswith("albion_session=")]
    assert len(found) == 1, answer.headers.get_list("set-cookie")
    return found[0]


def test_sign_up_signs_in_with_an_httponly_lax_cookie_and_stores_only_hashes(
        client: TestClient, database: str) -> None:
    http = browser(client)
    answer = http.post("/api/account/signup", json={"username": "Ann_Lee",
                                                    "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert set(body) == {"id", "username", "csrf"} and body["username"] == "Ann_Lee"
    cookie = session_cookie(answer)
    lowered = cookie.lower()
    assert "httponly" in lowered and "samesite=lax" in lowered and "path=/;" in lowered
    assert "secure" not in lowered, "plain HTTP: a Secure cookie would never come back"
    token = cookie.split(";")[0].split("=", 1)[1]
    assert http.get("/api/account").json() == body
    assert browser(client).get("/api/account").status_code == 401
    stored = rows(database, "SELECT username, username_key, password_hash FROM accounts")
    assert stored[0][:2] == ("Ann_Lee", "ann_lee")
    assert stored[0][2].startswith("$argon2id$") and PASSWORD not in stored[0][2]
    sessions = rows(database, "SELECT token_hash, csrf FROM account_sessions")
    assert len(sessions) == 1 and token not in str(sessions)  # the hash only
    again = http.post("/api/account/signin", json={"username": "ann_lee",
                                                   "password": PASSWORD},
                      headers={"X-CSRF-Token": body["csrf"]})
    assert again.status_code == 200 and again.json()["csrf"] != body["csrf"]
    assert len(rows(database, "SELECT * FROM account_sessions")) == 1, \
        "signing in again ends this browser's old session"


def test_the_cookie_is_secure_when_the_request_came_over_https(database: str) -> None:
    app = create_app(settings_for(database))
    with TestClient(app, base_url="https://localhost") as https:
        answer = https.post("/api/account/signup", json={"username": "ann",
                                                         "password": PASSWORD})
        assert answer.status_code == 201
        assert "secure" in session_cookie(answer).lower()
        assert https.get("/api/account").status_code == 200
        gone = https.post("/api/account/signout",
                          headers={"X-CSRF-Token": answer.json()["csrf"]})
        assert gone.status_code == 204 and "secure" in session_cookie(gone).lower()


@pytest.mark.parametrize(("username", "password", "code"), [
    ("an", PASSWORD, "bad_username"), ("a" * 25, PASSWORD, "bad_username"),
    ("ann lee", PASSWORD, "bad_username"), ("ánn", PASSWORD, "bad_username"),
    ("_ann", PASSWORD, "bad_username"), ("Admin", PASSWORD, "bad_username"),
    ("deleted-player", PASSWORD, "bad_username"), ("P2", PASSWORD, "bad_username"),
    ("heuristic", PASSWORD, "bad_username"), ("ann\u0000", PASSWORD, "bad_username"),
    ("ann", "short", "bad_password"), ("annabelle", "Annabelle", "bad_password"),
    ("ann", "x" * 1001, "bad_request")])
def test_a_bad_name_or_password_is_refused_in_words_and_nothing_is_stored(
        client: TestClient, database: str, username: str, password: str,
        code: str) -> None:
    answer = browser(client).post("/api/account/signup",
                                  json={"username": username, "password": password})
    assert answer.status_code in (400, 422) and answer.json()["error"] == code, answer.text
    if code != "bad_request":
        assert answer.json()["words"]["message"]
    assert "set-cookie" not in answer.headers
    assert rows(database, "SELECT * FROM accounts") == []


def test_a_name_is_unique_whatever_its_case(client: TestClient) -> None:
    signed_up(client, "Ann")
    taken = browser(client).post("/api/account/signup", json={"username": "aNN",
                                                               "password": PASSWORD})
    assert taken.status_code == 409 and taken.json()["error"] == "name_taken"


def test_a_wrong_password_and_an_unknown_name_are_refused_alike(client: TestClient) -> None:
    signed_up(client, "ann")
    answers = [browser(client).post("/api/account/signin", json=body) for body in (
        {"username": "ann", "password": "wrong password"},
        {"username": "nobody", "password": PASSWORD},
        {"username": "no\u0000body", "password": PASSWORD})]
    for answer in answers:
        assert answer.status_code == 401 and "set-cookie" not in answer.headers
    assert len({answer.text for answer in answers}) == 1, "nothing tells them apart"
    assert answers[0].json()["error"] == "bad_signin"


def test_an_unknown_name_is_checked_against_a_hash_as_a_known_one_is() -> None:
    passwords = Passwords((1, 1024, 1), 1)
    checked = asyncio.run(passwords.check(None, PASSWORD))
    assert not checked.matches and passwords._nobody is not None  # a hash was checked
    stored = asyncio.run(passwords.hash(PASSWORD))
    assert asyncio.run(passwords.check(stored, PASSWORD)).matches
    assert not asyncio.run(passwords.check(stored, "wrong")).matches
    stronger = Passwords((2, 2048, 1), 1)
    rehashed = asyncio.run(stronger.check(stored, PASSWORD))
    assert rehashed.matches and rehashed.rehashed is not None and "m=2048" in rehashed.rehashed


def test_a_state_changing_request_of_a_signed_in_browser_needs_its_csrf_token(
        client: TestClient, database: str) -> None:
    ann = signed_up(client, "ann")
    body = {"game": "diamoniak", "players": ["human", "random"]}
    for headers in ({}, {"X-CSRF-Token": "wrong"}, {"X-CSRF-Token": ann.csrf + "x"},
                    {"X-CSRF-Token": signed_up(client, "bob").csrf}):
        refused = ann.http.post("/api/tables", json=body, headers=headers)
        assert refused.status_code == 403 and refused.json()["error"] == "bad_csrf"
        assert refused.json()["words"]["message"].startswith("a signed-in request")
    assert rows(database, "SELECT * FROM tables") == [], "nothing was created"
    for path in ("/api/account/signout", "/api/account/signout-everywhere"):
        assert ann.http.post(path).status_code == 403
    assert ann.http.request("DELETE", "/api/account",
                            json={"password": PASSWORD}).status_code == 403
    assert ann.http.get("/api/account").status_code == 200, "still signed in"
    assert ann.post("/api/tables", json=body).status_code == 201
    guest = browser(client)  # no session: as before
    assert guest.post("/api/tables", json=body).status_code == 201
    guest.cookies.set("albion_session", "not-a-session")  # a dead cookie carries nothing
    assert guest.post("/api/tables", json=body).status_code == 201


def test_a_page_of_another_site_may_not_sign_in_or_up(client: TestClient) -> None:
    signed_up(client, "ann")
    foreign = {"Origin": "http://evil.example"}
    for path in ("/api/account/signup", "/api/account/signin"):
        answer = browser(client).post(path, json={"username": "ann", "password": PASSWORD},
                                      headers=foreign)
        assert answer.status_code == 403 and answer.json()["error"] == "bad_origin"


def test_sign_ins_are_limited_per_address_and_wrong_passwords_per_account(
        database: str) -> None:
    app = create_app(settings_for(database, signin_burst=4, signin_rate=0.001,
                                  account_signin_burst=2, account_signin_rate=0.001))
    with TestClient(app, base_url="http://localhost") as client:
        signed_up(client, "ann")
        signed_up(client, "bob")
        wrong = {"username": "ann", "password": "not the password"}
        assert [browser(client).post("/api/account/signin", json=wrong).status_code
                for _ in range(3)] == [401, 401, 429], "two wrong passwords for ann"
        blocked = browser(client).post("/api/account/signin",
                                       json={"username": "ANN", "password": PASSWORD})
        assert blocked.status_code == 429, "even the right one, from anywhere, for now"
        assert int(blocked.headers["Retry-After"]) >= 1
        assert "wrong passwords" in blocked.json()["message"]
        # the address has made 4 attempts: its fifth is refused whatever the account
        refused = browser(client).post("/api/account/signin",
                                       json={"username": "bob", "password": PASSWORD})
        assert refused.status_code == 429 and "Retry-After" in refused.headers
        assert "from your address" in refused.json()["message"]


def test_sign_ups_are_limited_per_address(database: str) -> None:
    app = create_app(settings_for(database, signup_burst=2, signup_rate=0.001))
    with TestClient(app, base_url="http://localhost") as client:
        signed_up(client, "ann")
        signed_up(client, "bob")
        third = browser(client).post("/api/account/signup",
                                     json={"username": "cyd", "password": PASSWORD})
        assert third.status_code == 429 and int(third.headers["Retry-After"]) >= 1


def test_sign_out_ends_this_session_and_everywhere_ends_them_all(
        client: TestClient) -> None:
    ann = signed_up(client, "ann")
    phone = browser(client)
    second = phone.post("/api/account/signin", json={"username": "ann",
                                                     "password": PASSWORD})
    assert second.status_code == 200
    laptop = browser(client)
    third = laptop.post("/api/account/signin", json={"username": "ann",
                                                     "password": PASSWORD})
    out = laptop.post("/api/account/signout", headers={"X-CSRF-Token": third.json()["csrf"]})
    assert out.status_code == 204 and 'albion_session=""' in session_cookie(out)
    assert laptop.get("/api/account").status_code == 401
    assert phone.get("/api/account").status_code == 200
    assert ann.http.get("/api/account").status_code == 200
    everywhere = ann.post("/api/account/signout-everywhere")
    assert everywhere.status_code == 204
    for http in (ann.http, phone):
        assert http.get("/api/account").status_code == 401
    assert ann.post("/api/account/signout-everywhere").status_code == 401
    assert browser(client).post("/api/account/signout").status_code == 204  # nothing to end


def test_delete_needs_the_password_then_the_account_and_its_sessions_go(
        client: TestClient, database: str) -> None:
    ann = signed_up(client, "ann")
    wrong = ann.http.request("DELETE", "/api/account", json={"password": "not it at all"},
                             headers={"X-CSRF-Token": ann.csrf})
    assert wrong.status_code == 403 and wrong.json()["error"] == "bad_password"
    assert ann.http.get("/api/account").status_code == 200, "the account stays"
    gone = ann.http.request("DELETE", "/api/account", json={"password": PASSWORD},
                            headers={"X-CSRF-Token": ann.csrf})
    assert gone.status_code == 204
    assert ann.http.get("/api/account").status_code == 401
    assert browser(client).post("/api/account/signin", json={
        "username": "ann", "password": PASSWORD}).status_code == 401
    assert rows(database, "SELECT username, password_hash, deleted FROM accounts") == [
        (None, None, 1)]
    assert rows(database, "SELECT * FROM account_sessions") == []
    assert signed_up(client, "Ann").username == "Ann", "the name is free again"
    assert browser(client).request("DELETE", "/api/account",
                                   json={"password": PASSWORD}).status_code == 401


def test_account_refusals_are_said_in_french_and_german(client: TestClient) -> None:
    answer = browser(client).post("/api/account/signup", json={"username": "an",
                                                                "password": PASSWORD})
    words = answer.json()["words"]
    for lang in ("fr", "de"):
        said = translator(lang).text(words["message"])
        assert said and said != words["message"], lang
