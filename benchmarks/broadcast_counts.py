"""What one decision costs the server to tell everyone (issue 26, part 2): a Diamoniak
table of four people, each seat and one spectator connected, one decision submitted; counted
while it is applied, stored and broadcast: the action's notation written
(`Game.action_text`), what each viewer may read of it (`Game.describe_action`), views
built (`protocol_view`) and legal lists built (`legal_entries`).

    .venv/bin/python benchmarks/broadcast_counts.py [--players 4] [--json]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

import albion.table.table as table_module
import albion.table.views as views_module
from albion.core.game import Game
from albion.games.diamoniak.game import Diamoniak
from albion.server import ServerSettings, create_app

counts: Counter[str] = Counter()


def counted(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        counts[name] += 1
        return function(*args, **kwargs)
    return wrapper


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    Diamoniak.action_text = counted("action_text", Diamoniak.action_text)  # type: ignore[method-assign]
    # on the base class, where Diamoniak finds it: a game keeping Game's describe_action
    # is one whose moves are public (Game.moves_are_public)
    Game.describe_action = counted(  # type: ignore[method-assign]
        "describe_action", Game.describe_action)
    for module in (table_module, views_module):
        for name in ("protocol_view", "legal_entries"):
            if hasattr(module, name):
                setattr(module, name, counted(name, getattr(module, name)))
    with tempfile.TemporaryDirectory() as folder:
        settings = ServerSettings(database_url=f"sqlite:///{Path(folder) / 'a.db'}",
                                  min_move_seconds=0.1)
        with TestClient(create_app(settings), base_url="http://localhost") as client:
            created = client.post("/api/tables", json={
                "game": "diamoniak", "seed": 3,
                "players": ["human"] * options.players}).json()
            table = created["table"]
            sockets = [client.websocket_connect(
                f"ws://localhost/ws/tables/{table}?token={seat['token']}")
                for seat in created["seats"]]
            sockets.append(client.websocket_connect(f"ws://localhost/ws/tables/{table}"))
            opened = [socket.__enter__() for socket in sockets]
            updates = [socket.receive_json() for socket in opened]
            first = updates[0]
            counts.clear()
            opened[0].send_json({"type": "submit", "version": first["version"],
                                 "action": "draw"})
            for socket in opened:
                while socket.receive_json()["version"] == first["version"]:
                    pass
            found = dict(counts)
            for socket in sockets:
                socket.__exit__(None, None, None)
    result = {"players": options.players, "viewers": options.players + 1,
              "decision": "draw (and the card it reveals)", **found}
    print(json.dumps(result) if options.json else "\n".join(
        f"{key}: {value}" for key, value in result.items()))


if __name__ == "__main__":
    main()
