"""ALL-2 (docs/rules/PROJECT-RULINGS.md, issue 27): once a game is over, its replay and
the finished table show what each seat held — every seat's own part of the board as that
seat saw it — and never before the end, never at a table still playing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from albion.server import ServerSettings, create_app
from albion.table import Table
from tests.server.test_server import create, until


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1)
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def parts(view: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {player["seat"]: player for player in view["board"]["players"]}


def test_all2_hands_stay_hidden_mid_game_and_are_shown_after_the_end(
        client: TestClient) -> None:
    created = create(client, game="raiding-stonehenge",
                     players=["random", "random", "random"], seed=3)
    table = created["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        seen = [until(watcher, lambda m: m["type"] == "update")]
        while seen[-1]["status"] != "over":
            seen.append(until(watcher, lambda m: m["type"] == "update", 5000))
    live = {update["version"]: update["view"] for update in seen}
    playing = [view for view in live.values() if view["status"] == "playing"]
    assert playing and all(player["hand"] is None  # RS-18: live, no hand is shown
                           for view in playing for player in view["board"]["players"])
    final = seen[-1]["view"]
    assert all(player["hand"] for player in final["board"]["players"])  # turned up (RS-17)

    replay = client.get(f"/api/tables/{table}/replay").json()
    assert replay["shown"] == "ALL-2" and replay["steps"][-1] == final
    dealt = [step for step in replay["steps"] if step["status"] == "playing"
             and all(player["hand_size"] for player in step["board"]["players"])]
    assert dealt and all(len(player["hand"]) == player["hand_size"]
                         for step in dealt for player in step["board"]["players"])
    face_down = [(step["version"], player["seat"]) for step in dealt
                 for player in step["board"]["players"] if step["version"] in live
                 and player["played"] is not None
                 and parts(live[step["version"]])[player["seat"]]["played"] is None]
    assert face_down, "a card played face down (live: its back) is shown with its face"


@pytest.mark.parametrize(("game", "players"), [
    ("raiding-stonehenge", ["random", "random", "random"]),
    ("super-camelot", ["random", "random"]), ("diamoniak", ["random", "random"])])
def test_all2_each_step_of_a_replay_shows_each_seats_part_as_that_seat_saw_it(
        game: str, players: list[str]) -> None:
    table = Table(game, players, seed=11)
    assert table.is_over()
    steps = list(table.replay_views())
    spectator = list(table.views_since_start(None))
    assert [step["version"] for step in steps] == [view["version"] for view in spectator]
    for seat in range(table.num_players):
        for step, own in zip(steps, table.views_since_start(seat), strict=True):
            assert parts(step).get(seat) == parts(own).get(seat)  # SC: once chosen
    for step, view in zip(steps, spectator, strict=True):  # the rest as spectators saw it
        assert {key: value for key, value in step["board"].items() if key != "players"} == {
            key: value for key, value in view["board"].items() if key != "players"}
        assert {key: value for key, value in step.items() if key != "board"} == {
            key: value for key, value in view.items() if key != "board"}


def test_all2_a_game_still_on_shows_no_seats_part_and_has_no_replay() -> None:
    table = Table("raiding-stonehenge", ["human", "random", "random"], seed=5,
                  autoplay=False)
    assert not table.is_over()
    with pytest.raises(ValueError, match="ALL-2"):
        next(table.replay_views())
    assert all(player["hand"] is None for player in table.view(None)["board"]["players"])
    mine = parts(table.view(0))
    assert mine[0]["hand"] and mine[1]["hand"] is None and mine[2]["hand"] is None
