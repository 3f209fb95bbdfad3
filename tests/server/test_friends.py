"""Issue 30, friends: an account adds another by name; both added, they are friends and
see each other online and at a table; a request alone shows nothing of the other;
removing a name ends a friendship, withdraws or declines a request; a friend is sent a
table in one click (the first seat mine, the second offered to them by name); the limits
(CSRF, rate, how many names) hold; export and deletion carry the friends."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from albion.server import create_app
from tests.server.accounts import PASSWORD, Signed, browser, settings_for, signed_up
from tests.server.accounts import client as client  # noqa: PLC0414 - the fixture
from tests.server.accounts import database as database  # noqa: PLC0414 - the fixture
from tests.server.test_account_seats import connect


def add(who: Signed, name: str) -> Any:
    return who.post("/api/account/friends", json={"username": name})


def remove(who: Signed, name: str) -> Any:
    return who.http.delete(f"/api/account/friends/{name}",
                           headers={"X-CSRF-Token": who.csrf})


def circle(who: Signed) -> dict[str, Any]:
    answer = who.http.get("/api/account/friends")
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def names(entries: list[dict[str, Any]]) -> list[str]:
    return [entry["username"] for entry in entries]


def befriend(one: Signed, other: Signed) -> None:
    assert add(one, other.username).json()["state"] == "asked"
    assert add(other, one.username).json()["state"] == "friends"


def test_a_name_added_is_a_request_until_the_other_adds_back(client: TestClient) -> None:
    ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
    asked = add(ann, "BOB")
    assert asked.status_code == 201
    assert asked.json() == {"username": "bob", "state": "asked"}
    assert add(ann, "bob").json()["state"] == "asked", "twice changes nothing"
    assert circle(ann)["asked"][0]["username"] == "bob"
    assert names(circle(ann)["friends"]) == [] and names(circle(ann)["asking"]) == []
    assert names(circle(bob)["asking"]) == ["ann"]
    assert add(bob, "ann").json() == {"username": "ann", "state": "friends"}
    for who, other in ((ann, "bob"), (bob, "ann")):
        mine = circle(who)
        assert names(mine["friends"]) == [other]
        assert mine["asked"] == [] and mine["asking"] == []
    assert add(ann, "bob").json()["state"] == "friends"


def test_removing_a_name_ends_the_friendship_or_the_request(client: TestClient) -> None:
    ann, bob, cat = (signed_up(client, name) for name in ("ann", "bob", "cat"))
    befriend(ann, bob)
    assert remove(bob, "ann").status_code == 204
    assert circle(ann) == {"friends": [], "asked": [], "asking": []}, \
        "the friendship ends on both sides: ann's own add goes too"
    add(cat, "ann")
    assert remove(ann, "cat").status_code == 204, "a request received is declined"
    assert circle(cat)["asked"] == []
    add(ann, "cat")
    assert remove(ann, "cat").status_code == 204, "a request sent is withdrawn"
    assert circle(cat)["asking"] == []
    missing = remove(ann, "cat")
    assert missing.status_code == 404 and missing.json()["error"] == "not_a_friend"


def test_adding_refuses_an_unknown_name_one_s_own_and_strangers(client: TestClient) -> None:
    ann = signed_up(client, "ann")
    unknown = add(ann, "nobody")
    assert unknown.status_code == 404 and unknown.json()["error"] == "no_account"
    own = add(ann, "Ann")
    assert own.status_code == 400 and own.json()["error"] == "own_name"
    guest = browser(client)
    assert guest.get("/api/account/friends").json()["error"] == "not_signed_in"
    assert guest.post("/api/account/friends",
                      json={"username": "ann"}).status_code == 401
    forged = ann.http.post("/api/account/friends", json={"username": "ann"})
    assert forged.status_code == 403, "a state-changing request without its CSRF token"
    assert circle(ann) == {"friends": [], "asked": [], "asking": []}


def test_only_a_friend_sees_the_other_online_and_at_a_table(client: TestClient) -> None:
    ann, bob, eve = (signed_up(client, name) for name in ("ann", "bob", "eve"))
    befriend(ann, bob)
    add(eve, "ann")  # a request: eve sees nothing of ann
    made = ann.post("/api/account/friends/bob/table", json={"game": "diamoniak"})
    table = made.json()["table"]
    [friend] = circle(bob)["friends"]
    assert friend["online"] is True, "ann used the site just now"
    assert friend["tables"] == [], "not connected at her table yet"
    with connect(client, ann.http, f"/ws/tables/{table}?seat=0") as socket:
        socket.receive_json()
        [friend] = circle(bob)["friends"]
        assert [(t["table"], t["seat"], t["game"]) for t in friend["tables"]] == [
            (table, 0, "diamoniak")]
        assert friend["tables"][0]["watch"].endswith(f"/watch/{table}")
        assert "tables" not in str(circle(eve)["asked"]), "a request shows no presence"
        assert circle(eve)["asked"] == [{"username": "ann",
                                         "since": circle(eve)["asked"][0]["since"]}]
    assert circle(bob)["friends"][0]["tables"] == [], "gone from the table once closed"


def test_a_friend_is_sent_a_table_in_one_click(client: TestClient) -> None:
    ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
    stranger = ann.post("/api/account/friends/bob/table", json={"game": "diamoniak"})
    assert stranger.status_code == 403 and stranger.json()["error"] == "not_friends"
    befriend(ann, bob)
    made = ann.post("/api/account/friends/bob/table",
                    json={"game": "raiding-stonehenge", "players": 4, "bots": ["heuristic"]})
    assert made.status_code == 201, made.text
    body = made.json()
    table = body["table"]
    assert (body["seat"], body["friend"], body["friend_seat"]) == (0, "bob", 1)
    assert [link["seat"] for link in body["others"]] == [3], "seat 2 is the bot's"
    assert body["url"].endswith(f"/play/{table}?seat=0") and body["token"]
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["players"] == ["human", "human", "heuristic", "human"]
    assert [(t["table"], t["seat"]) for t in ann.http.get("/api/account/tables").json()] \
        == [(table, 0)]
    [offer] = bob.http.get("/api/account/invitations").json()
    assert (offer["table"], offer["seat"], offer["game"]) == (table, 1, "raiding-stonehenge")
    assert bob.post(f"/api/account/invitations/{table}/1/accept").status_code == 200
    assert [(t["table"], t["seat"]) for t in bob.http.get("/api/account/tables").json()] \
        == [(table, 1)]


def test_a_table_for_a_friend_is_refused_as_the_lobby_refuses(client: TestClient) -> None:
    ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
    befriend(ann, bob)
    for body, error in (({"game": "chess"}, "unknown_game"),
                        ({"game": "diamoniak", "players": 9}, "bad_request"),
                        ({"game": "diamoniak", "players": 3, "bots": ["random", "random"]},
                         "bad_players"),
                        ({"game": "diamoniak", "players": 3, "bots": ["oracle"]},
                         "bad_players"),
                        ({"game": "diamoniak", "players": 3, "bots": ["cheat-mcts"]},
                         "bad_players")):
        answer = ann.post("/api/account/friends/bob/table", json=body)
        assert answer.status_code in (400, 422), (body, answer.text)
        assert answer.json()["error"] == error, (body, answer.json())
    assert ann.http.get("/api/account/tables").json() == []
    assert bob.http.get("/api/account/invitations").json() == []


def test_names_added_are_limited_in_number_and_pace(database: str) -> None:
    app = create_app(settings_for(database, max_friends=2, friend_burst=3, friend_rate=1e-6))
    with TestClient(app, base_url="http://localhost") as client:
        ann = signed_up(client, "ann")
        for name in ("bob", "cat", "dan"):
            signed_up(client, name)
        assert add(ann, "bob").status_code == 201
        assert add(ann, "cat").status_code == 201
        full = add(ann, "dan")
        assert full.status_code == 409 and full.json()["error"] == "too_many_friends"
        paced = add(ann, "dan")
        assert paced.status_code == 429 and "Retry-After" in paced.headers


def test_export_and_deletion_carry_the_friends(client: TestClient) -> None:
    ann, bob, cat = (signed_up(client, name) for name in ("ann", "bob", "cat"))
    befriend(ann, bob)
    add(cat, "ann")
    exported = ann.http.get("/api/account/export").json()["friends"]
    assert names(exported["friends"]) == ["bob"] and names(exported["asking"]) == ["cat"]
    assert exported["asked"] == []
    gone = ann.http.request("DELETE", "/api/account", json={"password": PASSWORD},
                            headers={"X-CSRF-Token": ann.csrf})
    assert gone.status_code == 204
    assert circle(bob) == {"friends": [], "asked": [], "asking": []}
    assert circle(cat) == {"friends": [], "asked": [], "asking": []}
