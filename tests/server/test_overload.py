"""Issue 28, item 5: a server under overload slows its bots, never its people. A move is
accepted only when a place is free (`pace.Pace`), a person's at once, a bot's in line;
the places follow the moves' own times; and a bot's job crosses to its worker as the
seat's view and legal actions, never as a game state."""

from __future__ import annotations

import asyncio
import io
import pickle
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from albion.core.state import State
from albion.server import ServerSettings, create_app
from albion.server.bots import BotPool, Chance
from albion.server.fair import FairQueue
from albion.server.pace import CUT, LEAST_LIMIT, Pace
from albion.table import Table
from albion.table.seeding import new_secret


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class FixedPace(Pace):
    """A pace whose places do not follow the moves' times."""

    def record(self, seconds: float) -> None:
        pass


def test_a_persons_move_is_accepted_at_once_a_bots_waits_for_a_free_place() -> None:
    async def play() -> list[str]:
        pace = FixedPace(limit=1, clock=Clock())
        order: list[str] = []
        release = asyncio.Event()

        async def move(name: str, by_person: bool) -> None:
            async with pace.move(by_person=by_person):
                order.append(name)
                if name == "first bot":
                    await release.wait()

        first = asyncio.create_task(move("first bot", False))
        await asyncio.sleep(0)
        second = asyncio.create_task(move("second bot", False))
        await asyncio.sleep(0)
        assert pace.waiting == 1 and order == ["first bot"]
        await move("person", True)  # past the limit: people never wait
        assert order == ["first bot", "person"] and pace.waiting == 1
        release.set()
        await asyncio.gather(first, second)
        assert pace.in_flight == 0 and pace.bots_waited == 1
        return order

    assert asyncio.run(play()) == ["first bot", "person", "second bot"]


def test_bots_in_line_are_served_first_come_first_served_and_nobody_overtakes() -> None:
    async def play() -> list[int]:
        pace = FixedPace(limit=1, clock=Clock())
        order: list[int] = []
        holder = asyncio.Event()

        async def hold() -> None:
            async with pace.move(by_person=False):
                await holder.wait()

        async def bot(number: int) -> None:
            async with pace.move(by_person=False):
                order.append(number)

        held = asyncio.create_task(hold())
        await asyncio.sleep(0)
        waiting = [asyncio.create_task(bot(number)) for number in range(5)]
        await asyncio.sleep(0)
        holder.set()
        await asyncio.gather(held, *waiting)
        return order

    assert asyncio.run(play()) == [0, 1, 2, 3, 4]


def test_a_bot_that_stops_waiting_leaves_no_place_taken() -> None:
    async def play() -> Pace:
        pace = FixedPace(limit=1, clock=Clock())
        holder = asyncio.Event()

        async def hold() -> None:
            async with pace.move(by_person=False):
                await holder.wait()

        async def bot() -> None:
            async with pace.move(by_person=False):
                pass

        held = asyncio.create_task(hold())
        await asyncio.sleep(0)
        given_up, served = asyncio.create_task(bot()), asyncio.create_task(bot())
        await asyncio.sleep(0)
        given_up.cancel()
        holder.set()
        await asyncio.gather(held, served)
        with pytest.raises(asyncio.CancelledError):
            await given_up
        return pace

    pace = asyncio.run(play())
    assert pace.in_flight == 0 and pace.waiting == 0


def test_late_moves_take_places_away_once_per_target_and_moves_on_time_give_them_back(
        ) -> None:
    clock = Clock()
    pace = Pace(target=0.05, limit=16, clock=clock)
    pace.record(0.2)
    assert pace.limit == 16 * CUT
    pace.record(0.2)  # accepted together with the first, late with it: no second cut
    assert pace.limit == 16 * CUT
    clock.now += 0.1
    pace.record(0.2)
    assert pace.limit == 16 * CUT * CUT
    before = pace.limit
    for _ in range(int(before)):
        pace.record(0.01)
    assert before + 0.9 < pace.limit < before + 1  # about one place per limit moves
    for _ in range(100):
        clock.now += 1
        pace.record(10.0)
    assert pace.limit == LEAST_LIMIT


class CapturingPool(BotPool):
    """A bot pool that keeps each job it would send to a worker, and decides nothing."""

    def __init__(self) -> None:
        self.settings = ServerSettings()
        self.turns = FairQueue(1)
        self.bots = None  # type: ignore[assignment]
        self.jobs: list[bytes] = []

    async def _run(self, pool: Any, work: Callable[..., Any], *args: Any) -> Any:
        self.jobs.append(pickle.dumps(args))
        return args[-3][0]  # the first legal action


def classes_named(job: bytes) -> set[type]:
    """Every class a pickled job refers to."""
    named: set[type] = set()

    class Reader(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            found = super().find_class(module, name)
            if isinstance(found, type):
                named.add(found)
            return found

    Reader(io.BytesIO(job)).load()
    return named


@pytest.mark.parametrize("game", ["diamoniak", "raiding-stonehenge", "super-camelot"])
def test_a_bots_job_holds_the_seats_view_and_legal_actions_never_a_state(game: str) -> None:
    table = Table(game, ["human", "human"], secret=new_secret(), autoplay=False)
    seat = table.to_move()[0]
    view, legal = table.decision_inputs(seat)
    pool = CapturingPool()
    asyncio.run(pool.decide("t1", game, "random", seat, Chance(None, b"s" * 32),
                            table.version, view, legal))
    (job,) = pool.jobs
    assert not any(issubclass(named, State) for named in classes_named(job))
    sent = pickle.loads(job)
    assert view in sent and legal in sent


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1, message_rate=1000, message_burst=1000)
    with TestClient(create_app(settings), base_url="http://localhost") as made:
        yield made


def until(socket: WebSocketTestSession, test: Callable[[dict[str, Any]], bool]
          ) -> dict[str, Any]:
    for _ in range(500):
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == "update" and test(message):
            return message
    raise AssertionError("no such update")


def eventually(test: Callable[[], bool]) -> None:
    """Wait (up to a minute, a machine under load) for `test` to hold."""
    deadline = time.monotonic() + 60
    while not test():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.02)


def play_turn(socket: WebSocketTestSession) -> dict[str, Any]:
    """The seat's turn, ended as soon as it may be: the first update after it."""
    message = until(socket, lambda update: bool(update["legal"]))
    while message["legal"]:
        legal = message["legal"]
        socket.send_json({"type": "submit", "version": message["version"],
                          "action": "stop" if "stop" in legal else legal[0]})
        message = until(socket, lambda update, after=message["version"]:
                        update["version"] > after)
    return message


def test_under_overload_the_bots_wait_and_the_people_play_on(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    pace: Pace = hub.pace
    full = {"limit": 1.0, "in_flight": 1}  # a move that never ends holds the only place
    client.portal.call(lambda: vars(pace).update(full))  # type: ignore[union-attr]
    pace.record = lambda seconds: None  # type: ignore[method-assign]
    with_bot = client.post("/api/tables", json={"game": "diamoniak", "seed": 3,
                                                "players": ["human", "random"]}).json()
    people = client.post("/api/tables", json={"game": "diamoniak", "seed": 3,
                                              "players": ["human", "human"]}).json()
    with client.websocket_connect(f"/ws/tables/{with_bot['table']}?token="
                                  f"{with_bot['seats'][0]['token']}") as person:
        after_mine = play_turn(person)  # the bot's turn now: its move waits in line
        eventually(lambda: pace.waiting == 1)
        tokens = [seat["token"] for seat in people["seats"]]
        with client.websocket_connect(f"/ws/tables/{people['table']}?token={tokens[0]}"
                                      ) as first, \
                client.websocket_connect(f"/ws/tables/{people['table']}?token="
                                         f"{tokens[1]}") as second:
            heard = until(second, lambda update: update["status"] == "playing")
            played = play_turn(first)  # accepted and heard while the bot still waits
            assert played["version"] > heard["version"]
            until(second, lambda update: update["version"] >= played["version"])
        assert pace.waiting == 1
        assert hub.actors[with_bot["table"]].table.version == after_mine["version"]

        def free_the_place() -> None:
            pace.in_flight = 0
            pace._admit()

        client.portal.call(free_the_place)  # type: ignore[union-attr]
        until(person, lambda update: bool(update["legal"]))  # the bot moved: my turn
    assert pace.waiting == 0
