"""Issue 25, medium: a commit that fails (a full disk, a database that does not answer)
no longer kills a table's bots: the table goes back to what is stored, nothing is
acknowledged that was not stored, and once the fault is gone the table finishes by
itself."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from albion.core import GameRecord, get_game, replay
from albion.i18n import translator
from albion.server import ServerSettings, create_app
from albion.server.errors import NotStored
from albion.server.hub import Hub
from albion.server.store import Store


class FlakyStore:
    """Makes the store's commits fail while `failing` is set, as a full disk would."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.failing = False
        self.refused = 0
        self.original = store.append_async

    async def append_async(self, *args: Any, **kwargs: Any) -> None:
        if self.failing:
            self.refused += 1
            raise OperationalError("INSERT", {}, Exception("database or disk is full"))
        await self.original(*args, **kwargs)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1, bot_delay=0.0)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def flaky(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> FlakyStore:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    fault = FlakyStore(hub.store)
    monkeypatch.setattr(hub.store, "append_async", fault.append_async)
    return fault


def test_a_bot_table_finishes_by_itself_once_the_database_is_back(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    fault = flaky(client, monkeypatch)
    table = client.post("/api/tables", json={"game": "diamoniak",
                                             "players": ["random", "random"]}).json()["table"]
    fault.failing = True
    deadline = time.monotonic() + 20
    while fault.refused < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert fault.refused >= 3, "the bots went on trying"
    frozen = client.get(f"/api/tables/{table}").json()
    time.sleep(0.5)
    assert client.get(f"/api/tables/{table}").json()["version"] == frozen["version"]
    fault.failing = False
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.1)
    record = GameRecord(**client.get(f"/api/tables/{table}/record").json())
    assert replay(get_game("diamoniak"), record)[-1].is_terminal()


def test_a_persons_decision_that_is_not_stored_is_refused_and_changes_nothing(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    fault = flaky(client, monkeypatch)
    created = client.post("/api/tables", json={"game": "diamoniak", "seed": 3,
                                               "players": ["human", "random"]}).json()
    table, token = created["table"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        update = seat.receive_json()
        while not update["legal"] or update["status"] != "playing":
            update = seat.receive_json()
        fault.failing = True
        seat.send_json({"type": "submit", "action": update["legal"][0],
                        "version": update["version"]})
        answer = seat.receive_json()
        assert answer["type"] == "error" and answer["code"] == "not_stored"
        assert answer["words"] == NotStored.WORDS.to_json()  # a French page says it (issue 29)
        assert translator("fr").words(NotStored.WORDS).startswith("ta décision n'a pas pu")
        again = seat.receive_json()
        assert again["type"] == "update" and again["version"] == update["version"]
        assert again["view"] == update["view"] and again["legal"] == update["legal"]
        fault.failing = False
        seat.send_json({"type": "submit", "action": update["legal"][0],
                        "version": update["version"]})
        moved = seat.receive_json()
        assert moved["type"] == "update" and moved["version"] > update["version"]
    assert client.get(f"/api/tables/{table}").json()["version"] >= moved["version"]
