"""Issue 25, high and medium: bots think within the server's ceilings (a larger budget is
refused, every search stops at them, a decision that overruns has its worker replaced and
a random legal action stands in); stopping the server ends its workers; hints have their
own workers and never delay a bot, one address at a time."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from albion.bots.registry import parse_players
from albion.core.registry import get_game
from albion.server import ServerSettings, create_app
from albion.server.bots import BotPool, Chance, HintsBusy
from albion.server.budgets import capped
from albion.server.fair import FairQueue
from albion.table import Table
from albion.table.seeding import new_secret


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'albion.db'}"


def post(client: TestClient, players: list[str], **extra: Any) -> Any:
    return client.post("/api/tables", json={"game": "diamoniak", "players": players,
                                            **extra})


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=1000000000000", "ismcts:seconds=3600", "ismcts:c=1e308",
    "ismcts:cutoff=1000000000", "ismcts:bias=1e300", "ismcts:iterations=5001"])
def test_a_bot_over_the_servers_ceilings_is_refused(database: str, spec: str) -> None:
    with TestClient(create_app(ServerSettings(database_url=database, bot_workers=1)),
                    base_url="http://localhost") as client:
        for body in ({"players": ["human", spec]},
                     {"players": ["human", "human"],
                      "clock": {"seconds_per_move": 30, "bot": spec}}):
            answer = post(client, **body)
            assert answer.status_code == 400, answer.text
            assert answer.json()["error"] == "bad_players"
            assert "this server allows" in answer.json()["message"]
        assert client.get("/api/tables").json() == [], "nothing was created"
        assert post(client, ["human", "ismcts:iterations=5000"]).status_code == 201


def test_the_ceilings_are_settings(database: str) -> None:
    settings = ServerSettings(database_url=database, bot_workers=1, max_iterations=100,
                              max_seconds=0.5)
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        assert post(client, ["human", "ismcts:iterations=101"]).status_code == 400
        assert post(client, ["human", "ismcts:seconds=0.6"]).status_code == 400
        assert "at most 0.5 seconds" in post(client, ["human", "ismcts:seconds=1"]).text
        assert post(client, ["human", "ismcts:iterations=100,seconds=0.5"]).status_code == 201


def test_every_search_here_stops_at_the_ceilings() -> None:
    def spec(text: str) -> dict[str, str]:
        made = capped(parse_players(text, allow_human=False)[0], 5000, 5.0, 3000)
        return dict(made.options)

    assert spec("ismcts") == {"iterations": "3000", "seconds": "5.0"}
    assert spec("ismcts:iterations=200") == {"iterations": "200", "seconds": "5.0"}
    assert spec("ismcts:seconds=2") == {"iterations": "5000", "seconds": "2.0"}
    assert spec("ismcts:iterations=10,seconds=0.1,c=1.2") == {
        "iterations": "10", "seconds": "0.1", "c": "1.2"}
    assert capped(parse_players("random", allow_human=False)[0], 5000, 5.0, 3000) == \
        parse_players("random", allow_human=False)[0]


def decision_inputs(players: int = 2) -> tuple[Any, list[Any], int]:
    table = Table("raiding-stonehenge", ["human"] * players, secret=new_secret(),
                  autoplay=False)
    seat = table.to_move()[0]
    view, legal = table.decision_inputs(seat)
    return view, legal, table.version


def test_a_decision_that_overruns_has_its_worker_replaced_and_a_legal_move_stands_in(
        ) -> None:
    settings = ServerSettings(bot_workers=1, hint_workers=1, max_iterations=10**9,
                              max_seconds=30, decision_timeout=1.0)
    pool = BotPool(settings)
    try:
        view, legal, version = decision_inputs()

        async def go() -> tuple[Any, float, Any]:
            began = time.monotonic()
            slow = await pool.decide("t1", "raiding-stonehenge", "ismcts:seconds=20", 0,
                                     Chance(None, new_secret()), version, view, legal)
            took = time.monotonic() - began
            after = await pool.decide("t1", "raiding-stonehenge", "random", 0,
                                      Chance(None, new_secret()), version, view, legal)
            return slow, took, after

        slow, took, after = asyncio.run(go())
        assert slow in legal and after in legal
        assert took < 15, "the 20-second search was stopped at the decision timeout"
    finally:
        pool.close()


def children() -> set[int]:
    """This process's worker processes (not multiprocessing's resource tracker, which
    lives as long as its parent)."""
    found: set[int] = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        text = (task / "children").read_text().split()
        found.update(int(pid) for pid in text)
    return {pid for pid in found if "resource_tracker" not in _command(pid)}


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text()
    except OSError:
        return ""


def test_stopping_the_server_ends_its_workers(database: str) -> None:
    before = children()
    settings = ServerSettings(database_url=database, bot_workers=2, hint_workers=1,
                              max_seconds=60, max_iterations=10**9, decision_timeout=120)
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        created = post(client, ["ismcts:seconds=60", "ismcts:seconds=60"])
        assert created.status_code == 201
        time.sleep(1.5)  # the workers start and think
        workers = children() - before
        assert len(workers) >= 2
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{pid}").exists() and
                                              "zombie" not in _state(pid)
                                              for pid in workers):
        time.sleep(0.1)
    alive = [pid for pid in workers if Path(f"/proc/{pid}").exists()
             and "zombie" not in _state(pid)]
    assert alive == [], "every worker ended with the server, thinking ones too"


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split("\n")[0]
    except (OSError, IndexError):
        return "gone zombie"


def test_hints_have_their_own_workers_and_never_delay_a_bot() -> None:
    """Hints (slow searches) fill the hint worker; a bot's decision, asked for after them,
    is answered before the first of them."""
    settings = ServerSettings(bot_workers=1, hint_workers=1, hints_per_address=3,
                              max_seconds=3)
    pool = BotPool(settings)
    try:
        view, legal, version = decision_inputs()
        done: list[str] = []

        async def hint(address: str) -> None:
            await pool.hint(address, "raiding-stonehenge", 0, Chance(None, new_secret()),
                            version, view, legal, iterations=10**6)
            done.append(f"hint {address}")

        async def bot() -> None:
            await pool.decide("t1", "raiding-stonehenge", "random", 0,
                              Chance(None, new_secret()), version, view, legal)
            done.append("bot")

        async def go() -> None:
            await asyncio.gather(pool.decide("warm", "raiding-stonehenge", "random", 0,
                                             Chance(None, new_secret()), version, view,
                                             legal),
                                 pool.hint("warm", "raiding-stonehenge", 0,
                                           Chance(None, new_secret()), version, view,
                                           legal, iterations=1))
            hints = [asyncio.create_task(hint(address)) for address in ("a", "b")]
            await asyncio.sleep(0.2)
            await bot()
            await asyncio.gather(*hints)

        asyncio.run(go())
        assert done[0] == "bot", done
    finally:
        pool.close()


def test_an_address_has_one_hint_searched_at_a_time() -> None:
    settings = ServerSettings(bot_workers=1, hint_workers=1, max_seconds=2)
    pool = BotPool(settings)
    try:
        view, legal, version = decision_inputs()

        async def go() -> list[Any]:
            chance = Chance(None, new_secret())
            first = asyncio.create_task(pool.hint("a", "raiding-stonehenge", 0, chance,
                                                  version, view, legal, iterations=10**6))
            await asyncio.sleep(0.05)
            outcomes: list[Any] = []
            try:
                await pool.hint("a", "raiding-stonehenge", 0, chance, version, view, legal)
            except HintsBusy:
                outcomes.append("busy")
            other = await pool.hint("b", "raiding-stonehenge", 0, chance, version, view,
                                    legal, iterations=5)
            outcomes.append(other.index in range(len(legal)))
            await first
            again = await pool.hint("a", "raiding-stonehenge", 0, chance, version, view,
                                    legal, iterations=5)
            outcomes.append(again.index in range(len(legal)))
            return outcomes

        assert asyncio.run(go()) == ["busy", True, True]
    finally:
        pool.close()


def test_turns_go_round_the_tables() -> None:
    """One slot, table A asks five times, then B and C once each: B and C are served
    after A's first, not after all of A's."""
    queue = FairQueue(1)
    served: list[str] = []

    async def ask(key: str) -> None:
        async with queue.turn(key):
            served.append(key)
            await asyncio.sleep(0.01)

    async def go() -> None:
        tasks = [asyncio.create_task(ask("A")) for _ in range(5)]
        await asyncio.sleep(0)
        tasks += [asyncio.create_task(ask(key)) for key in ("B", "C")]
        await asyncio.gather(*tasks)

    asyncio.run(go())
    assert served[:4] == ["A", "A", "B", "C"] or served[:3] == ["A", "B", "C"], served
    assert sorted(served) == ["A"] * 5 + ["B", "C"]


def test_a_cancelled_wait_gives_its_turn_back() -> None:
    queue = FairQueue(1)

    async def go() -> bool:
        async with queue.turn("A"):
            waiting = asyncio.create_task(_hold(queue, "B"))
            await asyncio.sleep(0.01)
            waiting.cancel()
            await asyncio.sleep(0.01)
        async with queue.turn("C"):  # would wait forever if B's turn were lost
            return True

    assert asyncio.run(asyncio.wait_for(go(), 5))


async def _hold(queue: FairQueue, key: str) -> None:
    async with queue.turn(key):
        await asyncio.sleep(10)


def test_the_server_game_defaults_stay_under_the_ceilings() -> None:
    """Each game's default search fits the default ceilings, so `ismcts` plays as
    everywhere else."""
    from albion.bots.registry import search_defaults  # noqa: PLC0415

    settings = ServerSettings()
    for game in ("diamoniak", "raiding-stonehenge", "super-camelot"):
        assert search_defaults(get_game(game))["iterations"] <= settings.max_iterations

