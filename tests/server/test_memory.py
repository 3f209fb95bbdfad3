"""Issue 25, high: a server keeps nothing for tables that do not exist, unloads the tables
nobody uses (loading them again when asked), and keeps finished games' records and
replays compressed within a byte budget. The figure (1,000 requests over 200 finished
tables grow a server by < 50 MiB) is a benchmark command: benchmarks/server_memory.py."""

from __future__ import annotations

import gzip
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from albion.server import ServerSettings, create_app
from albion.server.finished import FinishedGames, Written, write
from albion.server.hub import Hub
from albion.table import Table
from tests.server.seats import claimed


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1, bot_delay=0.0, idle_seconds=0.2)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def until(test: Any, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "it did not happen"
        time.sleep(0.05)


def finished_table(client: TestClient, game: str = "diamoniak") -> str:
    table: str = client.post("/api/tables", json={"game": game,
                                                  "players": ["random", "random"]}).json()[
        "table"]
    until(lambda: client.get(f"/api/tables/{table}").json()["status"] == "over", 60)
    return table


def test_ids_of_no_table_leave_nothing_behind(client: TestClient) -> None:
    hub = hub_of(client)
    for index in range(300):
        missing = f"nosuch{index}"
        assert client.get(f"/api/tables/{missing}").status_code == 404
        assert client.get(f"/api/tables/{missing}/record").status_code == 404
        assert client.get(f"/api/tables/{missing}/replay").status_code == 404
        if index % 30 == 0:
            with pytest.raises(WebSocketDisconnect), \
                    client.websocket_connect(f"/ws/tables/{missing}"):
                pass
    assert hub.loading == {} and hub.actors == {}
    assert len(hub.finished.kept) == 0


def test_a_finished_table_nobody_watches_is_unloaded_and_still_served(
        client: TestClient) -> None:
    hub = hub_of(client)
    table = finished_table(client)
    until(lambda: table not in hub.actors)
    first = client.get(f"/api/tables/{table}/replay")
    assert first.status_code == 200 and first.headers["content-encoding"] == "gzip"
    assert table not in hub.actors, "serving a replay loads no table for good"
    record = client.get(f"/api/tables/{table}/record").json()
    replay = first.json()
    assert len(replay["steps"]) == len(record["actions"]) + 1
    assert table in hub.finished.kept
    plain = client.get(f"/api/tables/{table}/replay", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.json() == replay
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:  # loaded again
        assert watcher.receive_json()["status"] == "over"
        assert table in hub.actors
    until(lambda: table not in hub.actors)


def test_a_waiting_table_nobody_is_at_is_unloaded_and_plays_once_they_come(
        client: TestClient) -> None:
    hub = hub_of(client)
    created = claimed(client, client.post("/api/tables", json={
        "game": "diamoniak", "players": ["human", "random"]}).json())
    table, token = created["table"], created["seats"][0]["token"]
    until(lambda: table not in hub.actors)
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as seat:
        update = seat.receive_json()
        while not update["legal"] or update["status"] != "playing":
            update = seat.receive_json()
        seat.send_json({"type": "submit", "action": update["legal"][0],
                        "version": update["version"]})
        moved = seat.receive_json()
        assert moved["type"] == "update" and moved["version"] > update["version"]


def test_a_table_whose_bots_play_is_never_unloaded(client: TestClient) -> None:
    """Nobody watches, and the bots play it to its end all the same."""
    table = finished_table(client, "raiding-stonehenge")
    assert client.get(f"/api/tables/{table}/record").json()["returns"] is not None


def written(size: int) -> Written:
    return Written(b"r" * (size // 2), b"p" * (size - size // 2))


def test_finished_games_are_kept_within_their_byte_budget_least_recent_first() -> None:
    kept = FinishedGames(budget=1000)
    for name in "abcd":
        kept.keep(name, written(300))
    assert list(kept.kept) == ["b", "c", "d"] and kept.bytes == 900
    assert kept.get("b") is not None  # b is now the most recent
    kept.keep("e", written(300))
    assert list(kept.kept) == ["d", "b", "e"] and kept.bytes <= 1000
    kept.keep("huge", written(5000))
    assert "huge" not in kept.kept and kept.bytes <= 1000


def test_a_written_replay_is_the_views_and_events_of_the_game() -> None:
    # random bots end Super Camelot only at its turn cap (SC-37): 1,639 decisions at the
    # default 400 turns, 436 at 100 (the largest views, still compressed 68 times)
    table = Table("super-camelot", ["random", "random"], {"max_turns": 100}, seed=4)
    done = write("t", table, {0: "Ann"})
    replay = json.loads(gzip.decompress(done.replay))
    assert replay["table"] == "t" and replay["game"] == "super-camelot"
    assert replay["names"] == {"0": "Ann"}
    assert replay["steps"] == list(table.replay_views())  # ALL-2: every hand shown
    assert replay["events"] == [entry.to_json() for entry in table.events_for(None)]
    assert json.loads(gzip.decompress(done.record)) == table.record().to_json_dict()
    assert done.size * 20 < len(json.dumps(replay)), "compressed many times over"
