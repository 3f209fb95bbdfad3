"""Issue 30's rated tables on PostgreSQL, through an `albion serve` process: migration
0007 runs there, a rated table's end rates the account holding its person's seat once
(its rows locked while rated), and the profile reads it back."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from contextlib import ExitStack

import httpx
import pytest

from tests.server.test_postgres import URL, Server, database
from tests.server.test_postgres_seats import receive

pytestmark = pytest.mark.skipif(
    not URL, reason="ALBION_TEST_DATABASE_URL is not set: the PostgreSQL tests are skipped; "
    ".ci/run sets it")
__all__ = ["database"]  # the fixture, shared with test_postgres


@pytest.fixture
def server(database: str) -> Iterator[Server]:
    one = Server(database, "--bot-delay", "0")
    yield one
    one.stop()


def test_a_rated_table_on_postgresql_rates_its_account(server: Server) -> None:
    with httpx.Client(base_url=server.base) as ann:
        made = ann.post("/api/account/signup", json={"username": "ann",
                                                     "password": "correct horse battery"})
        assert made.status_code == 201, made.text
        csrf = {"X-CSRF-Token": made.json()["csrf"]}
        created = ann.post("/api/tables", json={"game": "diamoniak", "players": [
            "human", "random"], "rated": True}, headers=csrf).json()
        table = created["table"]
        claimed = ann.post(f"/api/tables/{table}/claim", headers=csrf,
                           json={"invite": created["seats"][0]["invite"]})
        assert claimed.status_code == 200, claimed.text
        rng = random.Random(3)
        with ExitStack() as sockets:
            mine = server.socket(sockets, table, claimed.json()["token"])
            while True:
                update = receive(mine, lambda m: m["type"] == "update")
                if update["status"] == "over":
                    break
                if update["legal"]:
                    time.sleep(0.11)  # within the server's 10 messages a second
                    mine.send(json.dumps({"type": "submit", "version": update["version"],
                                          "action": rng.choice(update["legal"])}))
        profile = ann.get("/api/players/ann").json()
        assert [(r["game"], r["players"], r["games"]) for r in profile["ratings"]] == [
            ("diamoniak", 2, 1)]
        steps = ann.get("/api/players/ann/ratings",
                        params={"game": "diamoniak", "players": 2}).json()["steps"]
        assert [step["table"] for step in steps] == [table]
        assert ann.get("/api/players/ann/games").json()["games"][0]["rated"] is True
