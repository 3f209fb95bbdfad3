"""Issue 28, item 5: a server under overload slows its bots, never its people. A move is
accepted only when a place is free (`pace.Pace`), a person's at once, a bot's in its turn
(`fair.FairQueue`): the bots at a person's table first, then round-robin between tables;
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
from pebble import ProcessExpired
from starlette.testclient import WebSocketTestSession

from albion.core.state import State
from albion.server import ServerSettings, create_app
from albion.server.bots import BATCH, BotPool, Chance, decide_all
from albion.server.fair import FairQueue
from albion.server.pace import CUT, LEAST_PLACES, Pace
from albion.table import AnyTable, Table
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


def waiting(queue: FairQueue) -> int:
    """Requests waiting in `queue`'s lines."""
    return sum(len(requests) for line in queue.lines for requests in line.values())


def test_a_persons_move_is_accepted_at_once_a_bots_waits_for_a_free_place() -> None:
    async def play() -> list[str]:
        pace = FixedPace(places=1, clock=Clock())
        order: list[str] = []
        release = asyncio.Event()

        async def move(name: str, table: str, by_person: bool) -> None:
            async with pace.move(table, by_person=by_person):
                order.append(name)
                if name == "first bot":
                    await release.wait()

        first = asyncio.create_task(move("first bot", "t1", False))
        await asyncio.sleep(0)
        second = asyncio.create_task(move("second bot", "t2", False))
        await asyncio.sleep(0)
        assert waiting(pace) == 1 and order == ["first bot"]
        await move("person", "t3", True)  # past the limit: people never wait
        assert order == ["first bot", "person"] and waiting(pace) == 1
        release.set()
        await asyncio.gather(first, second)
        assert pace.held == 0
        return order

    assert asyncio.run(play()) == ["first bot", "person", "second bot"]


async def served_in_turn(queue: FairQueue, requests: list[tuple[str, bool]]) -> list[str]:
    """The order in which `requests` (table, a person there?) get `queue`'s only place,
    all asked while it is held, in this order."""
    order: list[str] = []
    holder = asyncio.Event()

    async def hold() -> None:
        async with queue.turn("holder"):
            await holder.wait()

    async def ask(table: str, first: bool) -> None:
        async with queue.turn(table, first=first):
            order.append(table)

    held = asyncio.create_task(hold())
    await asyncio.sleep(0)
    asked = []
    for table, first in requests:
        asked.append(asyncio.create_task(ask(table, first)))
        await asyncio.sleep(0)
    holder.set()
    await asyncio.gather(held, *asked)
    return order


def test_bots_of_different_tables_are_served_in_order_of_arrival() -> None:
    requests = [(f"t{number}", False) for number in range(5)]
    order = asyncio.run(served_in_turn(FixedPace(places=1, clock=Clock()), requests))
    assert order == ["t0", "t1", "t2", "t3", "t4"]


def test_tables_take_turns_one_move_each_so_none_is_starved() -> None:
    """Three seats of table A decide at once (RS-6) before B and C ask: A's second and
    third moves come after B's and C's, each in its own round."""
    requests = [("A", False), ("A", False), ("A", False), ("B", False), ("C", False)]
    order = asyncio.run(served_in_turn(FixedPace(places=1, clock=Clock()), requests))
    assert order == ["A", "B", "C", "A", "A"]


def test_the_bots_at_a_persons_table_go_before_the_bot_only_tables() -> None:
    requests = [("bots 1", False), ("bots 2", False), ("person's", True),
                ("bots 1", False), ("person's", True), ("another person's", True)]
    order = asyncio.run(served_in_turn(FixedPace(places=1, clock=Clock()), requests))
    assert order == ["person's", "another person's", "person's", "bots 1", "bots 2",
                     "bots 1"]


def test_a_bot_that_stops_waiting_leaves_no_place_taken() -> None:
    """One of two seats of a table waiting gives up (its decision went stale, its task
    was cancelled): the other is still served, and no place stays held."""
    async def play() -> tuple[Pace, list[str]]:
        pace = FixedPace(places=1, clock=Clock())
        holder = asyncio.Event()
        served: list[str] = []

        async def hold() -> None:
            async with pace.move("t0", by_person=False):
                await holder.wait()

        async def bot(name: str) -> None:
            async with pace.move("t1", by_person=False):
                served.append(name)

        held = asyncio.create_task(hold())
        await asyncio.sleep(0)
        given_up, kept = asyncio.create_task(bot("given up")), asyncio.create_task(bot("kept"))
        await asyncio.sleep(0)
        given_up.cancel()
        holder.set()
        await asyncio.gather(held, kept)
        with pytest.raises(asyncio.CancelledError):
            await given_up
        return pace, served

    pace, served = asyncio.run(play())
    assert served == ["kept"] and pace.held == 0 and waiting(pace) == 0


def test_a_bots_wait_for_its_place_is_kept_when_a_load_test_asks() -> None:
    async def play() -> list[tuple[float, float]]:
        clock = Clock()
        pace = FixedPace(places=1, clock=clock)
        pace.waits = []
        holder = asyncio.Event()

        async def hold() -> None:
            async with pace.move("t0", by_person=False):
                await holder.wait()

        held = asyncio.create_task(hold())
        await asyncio.sleep(0)
        late = asyncio.create_task(_bot_move(pace, "t1"))
        await asyncio.sleep(0)
        clock.now += 0.25
        holder.set()
        await asyncio.gather(held, late)
        async with pace.move("t2", by_person=True):  # a person's waits not: not kept
            pass
        return pace.waits

    waits = asyncio.run(play())
    assert [waited for _, waited in waits] == [0.0, 0.25]
    assert all(abs(at - time.time()) < 60 for at, _ in waits)


async def _bot_move(pace: Pace, table: str) -> None:
    async with pace.move(table, by_person=False):
        pass


def test_late_moves_take_places_away_once_per_target_and_moves_on_time_give_them_back(
        ) -> None:
    clock = Clock()
    pace = Pace(target=0.05, places=16, clock=clock)
    pace.record(0.2)
    assert pace.places == 16 * CUT
    pace.record(0.2)  # accepted together with the first, late with it: no second cut
    assert pace.places == 16 * CUT
    clock.now += 0.1
    pace.record(0.2)
    assert pace.places == 16 * CUT * CUT
    before = pace.places
    for _ in range(int(before)):
        pace.record(0.01)
    assert before + 0.9 < pace.places < before + 1  # about one place per limit moves
    for _ in range(100):
        clock.now += 1
        pace.record(10.0)
    assert pace.places == LEAST_PLACES


class CapturingPool(BotPool):
    """A bot pool that keeps each job it would send to a worker, and decides nothing
    (the first legal action)."""

    def __init__(self) -> None:
        self.settings = ServerSettings()
        self.turns, self.quick_turns = FairQueue(1), FairQueue(BATCH)
        self.unsent, self.sending = [], set()
        self.bots = None  # type: ignore[assignment]
        self.jobs: list[bytes] = []

    async def _run(self, pool: Any, work: Callable[..., Any], *args: Any) -> Any:
        self.jobs.append(pickle.dumps(args))
        if work is decide_all:
            return [(True, job[6][0]) for job in args[0]]
        return args[6][0]


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

    async def ask(spec: str) -> Any:
        return await pool.decide("t1", game, spec, seat, Chance(None, b"s" * 32),
                                 table.version, view, legal)

    assert asyncio.run(ask("random")) == legal[0]  # a quick bot's: in a batch
    assert asyncio.run(ask("ismcts:iterations=10")) == legal[0]  # a search's: alone
    batch, alone = pool.jobs
    for job in (batch, alone):
        assert not any(issubclass(named, State) for named in classes_named(job))
    ((in_batch,),) = pickle.loads(batch)
    for sent in (in_batch, pickle.loads(alone)):
        assert view in sent and legal in sent


def test_quick_bots_decisions_asked_together_cross_in_batches_each_answered_its_own(
        ) -> None:
    """Forty random bots at forty tables ask at once: they cross to the workers in
    batches of at most `BATCH`, and each gets its own table's answer."""
    pool = CapturingPool()
    pool.quick_turns = FairQueue(40)
    tables = [Table("diamoniak", ["human", "human"], secret=new_secret(), autoplay=False)
              for _ in range(40)]

    async def ask(number: int, table: AnyTable) -> Any:
        seat = table.to_move()[0]
        view, legal = table.decision_inputs(seat)
        return await pool.decide(f"t{number}", "diamoniak", "random", seat,
                                 Chance(None, b"s" * 32), table.version, view, legal)

    async def all_at_once() -> list[Any]:
        return list(await asyncio.gather(*(ask(number, table)
                                           for number, table in enumerate(tables))))

    answers = asyncio.run(all_at_once())
    assert answers == [table.decision_inputs(table.to_move()[0])[1][0] for table in tables]
    sizes = [len(pickle.loads(job)[0]) for job in pool.jobs]
    assert sizes == [BATCH, BATCH, 40 - 2 * BATCH]


def test_a_quick_bot_whose_worker_died_plays_a_random_legal_action_the_others_too(
        ) -> None:
    pool = CapturingPool()

    async def died(pool_: Any, work: Callable[..., Any], *args: Any) -> Any:
        raise ProcessExpired("killed", -9)  # type: ignore[no-untyped-call]

    pool._run = died  # type: ignore[method-assign,assignment]
    table = Table("diamoniak", ["human", "human"], secret=new_secret(), autoplay=False)
    seat = table.to_move()[0]
    view, legal = table.decision_inputs(seat)

    async def two() -> list[Any]:
        return list(await asyncio.gather(*(
            pool.decide(f"t{number}", "diamoniak", "random", seat, Chance(None, b"s" * 32),
                        table.version, view, legal) for number in range(2))))

    assert all(answer in legal for answer in asyncio.run(two()))


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


def fill(client: TestClient, pace: Pace) -> None:
    """The pace's only place held by a move that never ends; the places stay one."""
    client.portal.call(lambda: vars(pace).update(  # type: ignore[union-attr]
        {"places": 1.0, "held": 1}))
    pace.record = lambda seconds: None  # type: ignore[method-assign]


def free_one_place(client: TestClient, pace: Pace) -> None:
    def free() -> None:
        pace.held -= 1
        pace.admit()

    client.portal.call(free)  # type: ignore[union-attr]


def test_under_overload_the_bots_wait_and_the_people_play_on(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    pace: Pace = hub.pace
    fill(client, pace)
    with_bot = client.post("/api/tables", json={"game": "diamoniak", "seed": 3,
                                                "players": ["human", "random"]}).json()
    people = client.post("/api/tables", json={"game": "diamoniak", "seed": 3,
                                              "players": ["human", "human"]}).json()
    with client.websocket_connect(f"/ws/tables/{with_bot['table']}?token="
                                  f"{with_bot['seats'][0]['token']}") as person:
        after_mine = play_turn(person)  # the bot's turn now: its move waits in line
        eventually(lambda: waiting(pace) == 1)
        tokens = [seat["token"] for seat in people["seats"]]
        with client.websocket_connect(f"/ws/tables/{people['table']}?token={tokens[0]}"
                                      ) as first, \
                client.websocket_connect(f"/ws/tables/{people['table']}?token="
                                         f"{tokens[1]}") as second:
            heard = until(second, lambda update: update["status"] == "playing")
            played = play_turn(first)  # accepted and heard while the bot still waits
            assert played["version"] > heard["version"]
            until(second, lambda update: update["version"] >= played["version"])
        assert waiting(pace) == 1
        assert hub.actors[with_bot["table"]].table.version == after_mine["version"]
        free_one_place(client, pace)
        until(person, lambda update: bool(update["legal"]))  # the bot moved: my turn
    assert waiting(pace) == 0


def test_under_overload_the_bot_at_a_persons_table_moves_before_bot_only_tables(
        client: TestClient) -> None:
    """The bot-only table's bot asked first, the bot facing a person later: the free
    place goes to the person's table."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    pace: Pace = hub.pace
    fill(client, pace)
    admitted: list[str] = []
    take = pace.take

    async def noting(key: Any, *, first: bool = False, at_once: bool = False) -> None:
        await take(key, first=first, at_once=at_once)
        if not at_once:
            admitted.append(key)

    pace.take = noting  # type: ignore[method-assign]
    bots_only = client.post("/api/tables", json={"game": "diamoniak", "seed": 3,
                                                 "players": ["random", "random"]}).json()
    eventually(lambda: waiting(pace) == 1)  # the bot-only table's first move waits
    with_bot = client.post("/api/tables", json={"game": "diamoniak", "seed": 3,
                                                "players": ["human", "random"]}).json()
    with client.websocket_connect(f"/ws/tables/{with_bot['table']}?token="
                                  f"{with_bot['seats'][0]['token']}") as person:
        play_turn(person)
        eventually(lambda: waiting(pace) == 2)
        free_one_place(client, pace)
        until(person, lambda update: bool(update["legal"]))  # the bot moved: my turn
    eventually(lambda: len(admitted) >= 2)
    assert admitted[:2] == [with_bot["table"], bots_only["table"]]


def test_seats_deciding_at_once_all_move_through_a_single_place(tmp_path: Path) -> None:
    """RS-6: four bots decide at once, each seat's move waits in its table's line; one
    place, so each moves in its own round and the stale ones decide again: the game
    goes on (no seat is lost from the line, none holds a place for ever)."""
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'albion.db'}",
                              bot_workers=1)
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        pace: Pace = hub.pace
        client.portal.call(lambda: vars(pace).update(  # type: ignore[union-attr]
            {"places": 1.0}))
        pace.record = lambda seconds: None  # type: ignore[method-assign]
        created = client.post("/api/tables", json={
            "game": "raiding-stonehenge", "seed": 2,
            "players": ["random", "random", "random", "random"]}).json()
        actor = hub.actors[created["table"]]
        eventually(lambda: actor.table.version >= 60 or actor.table.is_over())
        assert pace.held <= 1
