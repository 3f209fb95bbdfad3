"""Issue 18's protocol model: a Hypothesis state machine drives `albion serve` (in process,
SQLite in a temporary folder) with legal, illegal, invalid, out-of-turn, stale, early
(before every person has opened their seat), repeated and malformed messages, wrong
tokens, spectators, hellos, names and reconnections, and
holds it to a model — per table an `albion.Table` (all seats people, the same game,
players and seed: the creator chose the seed, so the server deals from it — and says so,
`seed_chosen` — and the model draws the same outcomes; the creator holds every seat's
token, issue 25) to which exactly the decisions the server acknowledged are applied.

After every step every connection has received exactly the frames the model predicts
(an update to everyone per accepted decision or name, an error to the sender only per
refusal, with the code and words of the model's own refusal, an update to a seat's other
connections when one of them opens or closes, the `named` answer to a name), every
update equals the model's view, legal texts and events for its viewer, and the lobby's
version and status equal the model's; a refusal changes nothing
(docs/protocol/server.md). CI runs 30 examples of up to 40 steps;
`ALBION_PROTOCOL_EXAMPLES=N` runs N (a longer run, not a timed test).

The model sends far faster than people do: the server's limits on messages, reconnects
(per address and per seat) and names are lifted (test_limits.py holds them), except a
connection's hellos (at most one a second after a burst of five, which no setting lifts):
the model keeps a bucket of its own that never holds more than the server's, and takes
`rate_limited` for an answer only when its bucket is empty."""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest.mock import patch

import anyio
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    MultipleResults,
    RuleBasedStateMachine,
    consumes,
    initialize,
    invariant,
    multiple,
    precondition,
    rule,
)
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from albion import Table
from albion.core.errors import (
    IllegalActionError,
    InvalidActionError,
    NotYourTurn,
    StaleVersion,
)
from albion.server import ServerSettings, create_app
from albion.server.names import NameRefused, choose_name
from albion.server.ratelimit import TokenBucket

SETUPS = [("diamoniak", 2), ("diamoniak", 3), ("raiding-stonehenge", 2),
          ("raiding-stonehenge", 3), ("super-camelot", 2)]
MALFORMED = ['{', '[1]', 'null', '{"type": "submit"}', '{"type": "submit", "action": "x"}',
             '{"type": "submit", "action": "draw", "version": -1}', '{"type": "dance"}',
             '{"type": "hello"}', '{"type": "hello", "since": -2}',
             '{"type": "join", "name": ""}', '{"type": "hint", "extra": 1}',
             '{"type": "submit", "action": "draw", "version": 0, "x": 1}']
UNKNOWN = ["dance", "take line 99", "draw draw", "", "move to r99c99", "play 0"]
MAX_CONNECTIONS = 4
NOT_STARTED = "the game has not started: it begins once every player has opened their seat"
HELLO_RATE, HELLO_BURST = 1.0, 5
"""A connection's hellos (`app.HELLO_RATE`, `HELLO_BURST`)."""
LIFTED = 10**6
NO_TOKEN = "this browser holds no such seat at this table (was its link opened in another one?)"


@dataclass(eq=False)
class ModelTable:
    """The server's table `id` as the model sees it."""

    id: str
    table: Table
    tokens: dict[int, str]
    opened: set[int] = field(default_factory=set)
    texts: set[str] = field(default_factory=set)
    """Every legal text offered at this table so far: most are illegal later."""
    names: dict[int, str] = field(default_factory=dict)

    @property
    def started(self) -> bool:
        return self.opened == set(self.tokens)

    @property
    def status(self) -> str:
        return "over" if self.table.is_over() else "playing" if self.started else "waiting"


@dataclass(eq=False)
class Connection:
    """One open WebSocket, and what it was last sent."""

    table: ModelTable
    seat: int | None
    session: WebSocketTestSession
    seen: int = 0
    """The version of the last update received (the server's `client.seen`)."""
    last: dict[str, Any] = field(default_factory=dict)
    ahead: list[dict[str, Any]] = field(default_factory=list)
    """Frames read ahead of their turn (`receive` gives them first)."""
    hellos: float = HELLO_BURST
    """The hellos the model's bucket holds: never more than the server's. The server's
    refills from when it reads a hello, which may lag the send by a busy machine's
    scheduling; the model's refills only from when the answer to the last hello arrived
    (after the server read it) up to the next send (before the server reads it), so it
    refills less; when it may be refused it empties whatever the answer (the server's
    holds at least nothing after either answer)."""
    stamp: float = field(default_factory=time.monotonic)
    """When the model's bucket last refilled: the answer to the last hello."""

    def hello_may_be_refused(self) -> bool:
        """Take a hello from the model's bucket: whether the server may refuse it (the
        model's bucket is empty; the server's may not be)."""
        self.hellos = min(HELLO_BURST,
                          self.hellos + (time.monotonic() - self.stamp) * HELLO_RATE)
        if self.hellos >= 1:
            self.hellos -= 1
            return False
        self.hellos = 0.0
        return True

    def answered(self) -> None:
        """The answer to a hello arrived: the bucket refills from now on."""
        self.stamp = time.monotonic()

    def fresh(self, session: WebSocketTestSession) -> None:
        """A new connection of the same viewer: its own bucket."""
        self.session, self.hellos, self.stamp = session, HELLO_BURST, time.monotonic()


def receive(connection: Connection, seconds: float = 10) -> dict[str, Any]:
    """The next frame of a connection; fails (rather than hangs) if none comes."""
    if connection.ahead:
        return connection.ahead.pop(0)
    session = connection.session

    async def next_frame() -> Any:
        with anyio.fail_after(seconds):
            return await session._send_rx.receive()

    message = session.portal.call(next_frame)
    session._raise_on_close(message)
    return json.loads(message["text"])  # type: ignore[no-any-return]


def nothing_more(connection: Connection) -> bool:
    if connection.ahead:
        return False
    session = connection.session
    try:
        session.portal.call(session._send_rx.receive_nowait)
    except anyio.WouldBlock:
        return True
    return False


class ServerMachine(RuleBasedStateMachine):
    tables = Bundle("tables")
    connections = Bundle("connections")

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory(prefix="albion-model-")
        database = f"sqlite:///{Path(self.folder.name) / 'albion.db'}"
        self.client = TestClient(create_app(ServerSettings(
            database_url=database, bot_workers=1, message_rate=LIFTED,
            message_burst=LIFTED, connect_rate=LIFTED, connect_burst=LIFTED,
            seat_connect_rate=LIFTED, seat_connect_burst=LIFTED, rename_rate=LIFTED,
            rename_burst=LIFTED)), base_url="http://localhost")
        self.client.__enter__()
        self.open: list[Connection] = []
        self.known: list[ModelTable] = []

    def teardown(self) -> None:
        for connection in self.open:
            connection.session.__exit__(None, None, None)
        self.client.__exit__(None, None, None)
        self.folder.cleanup()

    # -- frames ----------------------------------------------------------------------------

    def expect_update(self, connection: Connection, since: int | None = None) -> None:
        """The connection's next frame is the model's update for its viewer, with the
        events after `since` (default: the last version it was sent)."""
        model = connection.table
        table, seat = model.table, connection.seat
        update = receive(connection)
        start = connection.seen if since is None else min(since, table.version)
        assert update["type"] == "update", update
        assert update["version"] == table.version
        assert update["view"] == table.view(seat)
        assert update["legal"] == (table.legal(seat) if seat is not None else [])
        assert update["events"] == [e.to_json() for e in table.events_for(seat, start)]
        assert update["status"] == model.status
        assert update["away"] == {}
        assert update["names"] == {str(s): name for s, name in sorted(model.names.items())}
        assert update["seed_chosen"] is True and update["rematch"] is None
        if seat is None:
            assert update["elsewhere"] is None
        else:
            assert type(update["elsewhere"]) is int and update["elsewhere"] >= 0
        connection.seen, connection.last = table.version, update
        if seat is not None:
            model.texts.update(update["legal"])

    def expect_error(self, connection: Connection, code: str, message: str | None = None,
                     ruling: str | None = None) -> None:
        error = receive(connection)
        assert error["type"] == "error" and error["code"] == code, (code, error)
        if message is not None:
            assert error["message"] == message, error
        assert error.get("ruling") == ruling, error
        event(f"refused: {code}")

    def broadcast(self, model: ModelTable) -> None:
        for connection in self.open:
            if connection.table is model:
                self.expect_update(connection)

    def others_of(self, connection: Connection) -> list[Connection]:
        """The other open connections holding the same seat (none for a spectator)."""
        return [other for other in self.open if other is not connection and
                other.table is connection.table and other.seat is not None and
                other.seat == connection.seat]

    def tell_seat(self, connection: Connection) -> None:
        """A connection of a seat opened or closed: the seat's other connections hear
        where else it is open (an update each)."""
        for other in self.others_of(connection):
            self.expect_update(other)

    def send(self, connection: Connection, message: dict[str, Any] | str) -> None:
        connection.session.send_text(message if isinstance(message, str) else
                                     json.dumps(message))

    # -- tables and connections ------------------------------------------------------------

    @initialize(target=connections, setup=st.sampled_from(SETUPS),
                seed=st.integers(0, 2**63 - 1), data=st.data())
    def first_table(self, setup: tuple[str, int], seed: int,
                    data: st.DataObject) -> MultipleResults[Connection]:
        """A table with a spectator and every seat open: play can begin at once."""
        model = self.create(setup, seed)
        return multiple(*(self.open_seat(model, seat)
                          for seat in [None, *sorted(model.tokens)]))

    @precondition(lambda self: len(self.known) < 3)
    @rule(target=tables, setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**63 - 1))
    def new_table(self, setup: tuple[str, int], seed: int) -> ModelTable:
        return self.create(setup, seed)

    def create(self, setup: tuple[str, int], seed: int) -> ModelTable:
        """A table whose creator chose the seed: they hold every seat's token (issue 25:
        no invitations then), and everyone is told the seed was chosen."""
        game, players = setup
        answer = self.client.post("/api/tables", json={"game": game, "players": ["human"] *
                                                       players, "seed": seed})
        assert answer.status_code == 201, answer.text
        created = answer.json()
        assert created["seed_chosen"] is True
        assert all(seat["token"] and seat["invite"] is None for seat in created["seats"])
        model = ModelTable(created["table"], Table(game, ["human"] * players, None, seed,
                                                   autoplay=False),
                           {seat["seat"]: seat["token"] for seat in created["seats"]})
        self.known.append(model)
        return model

    @precondition(lambda self: len(self.open) < MAX_CONNECTIONS * 2)
    @rule(target=connections, model=tables, data=st.data())
    def connect(self, model: ModelTable, data: st.DataObject) -> Connection:
        """A seat opens with its token (or a spectator without one): an update to it,
        and the first time every seat is open, one to everyone already there."""
        return self.open_seat(model, data.draw(st.sampled_from([None, *sorted(model.tokens)])))

    def open_seat(self, model: ModelTable, seat: int | None) -> Connection:
        token = f"?token={model.tokens[seat]}" if seat is not None else ""
        session = self.client.websocket_connect(f"/ws/tables/{model.id}{token}")
        starting = seat is not None and not model.started and \
            model.opened | {seat} == set(model.tokens)
        session.__enter__()
        connection = Connection(model, seat, session)
        if seat is not None:
            model.opened.add(seat)
        if starting:
            self.broadcast(model)  # play begins: those already there hear it
        self.tell_seat(connection)
        self.open.append(connection)
        self.expect_update(connection, since=0)
        assert connection.last["elsewhere"] == (
            None if seat is None else len(self.others_of(connection)))
        return connection

    @rule(model=tables, token=st.sampled_from(["guess", "", "x" * 32]), other=st.booleans())
    def wrong_token(self, model: ModelTable, token: str, other: bool) -> None:
        """A token that opens no seat here (a made-up one, or another table's) is closed
        with 1008 before it is accepted; nothing changes."""
        if other:
            token = next((t for m in self.known if m is not model for t in m.tokens.values()),
                         token)
        with pytest.raises(WebSocketDisconnect) as closed:
            self.client.websocket_connect(f"/ws/tables/{model.id}?token={token}").__enter__()
        assert closed.value.code == 1008
        assert closed.value.reason == (
            "that token opens no seat at this table" if token else NO_TOKEN)

    @precondition(lambda self: len(self.open) > 2)
    @rule(connection=consumes(connections))
    def leave(self, connection: Connection) -> None:
        connection.session.__exit__(None, None, None)
        self.open.remove(connection)
        self.tell_seat(connection)

    @rule(connection=connections, since=st.integers(0, 400))
    def reconnect(self, connection: Connection, since: int) -> None:
        """The connection drops and the same viewer opens a new one: every event since
        0; then `hello` brings those after `since` again."""
        if connection not in self.open:
            return
        model, seat = connection.table, connection.seat
        connection.session.__exit__(None, None, None)
        self.tell_seat(connection)  # it closed …
        token = f"?token={model.tokens[seat]}" if seat is not None else ""
        session = self.client.websocket_connect(f"/ws/tables/{model.id}{token}")
        session.__enter__()
        connection.fresh(session)
        self.tell_seat(connection)  # … and opened again
        self.expect_update(connection, since=0)
        self.say_hello(connection, since)

    @rule(connection=connections, since=st.integers(0, 400))
    def hello(self, connection: Connection, since: int) -> None:
        if connection in self.open:
            self.say_hello(connection, since)

    def say_hello(self, connection: Connection, since: int) -> None:
        """A hello: the update with the events after `since`, unless the connection has
        sent its hellos' worth (`rate_limited`, only when the model's bucket is empty)."""
        may_be_refused = connection.hello_may_be_refused()
        self.send(connection, {"type": "hello", "since": since})
        if may_be_refused:
            peeked = receive(connection)
            if peeked["type"] == "error":
                connection.answered()
                assert (peeked["code"], peeked["message"]) == (
                    "rate_limited", "hello at most once a second"), peeked
                event("refused: hello rate_limited")
                return
            connection.ahead.append(peeked)  # the update: read again below
        self.expect_update(connection, since=since)
        connection.answered()

    # -- decisions ---------------------------------------------------------------------------

    def submit(self, connection: Connection, action: str, version: int) -> None:
        """Send a decision; the model decides what the server must answer."""
        model = connection.table
        self.send(connection, {"type": "submit", "action": action, "version": version})
        if connection.seat is None:
            self.expect_error(connection, "not_your_turn", "a spectator cannot decide")
            return
        if not model.started:  # nobody decides before every person has opened their seat
            self.expect_error(connection, "not_started", NOT_STARTED)
            return
        try:
            model.table.submit(connection.seat, action, version)
        except NotYourTurn as refusal:
            self.expect_error(connection, "not_your_turn", str(refusal))
        except StaleVersion as refusal:
            self.expect_error(connection, "stale", str(refusal))
            self.expect_update(connection)  # the view comes back at once
        except IllegalActionError as refusal:
            self.expect_error(connection, "illegal", refusal.reason, refusal.ruling)
        except InvalidActionError as refusal:
            self.expect_error(connection, "invalid", str(refusal))
        else:
            event("accepted")
            self.broadcast(model)

    @rule(data=st.data(), moves=st.integers(1, 8))
    def legal(self, data: st.DataObject, moves: int) -> None:
        """A few decisions, each among the legal texts an open connection was sent, at
        the version it was sent, at a table that has started (the people not there yet
        open their seats, or the person to move comes back, if need be)."""
        for _ in range(moves):
            deciding = [c for c in self.open if c.last["legal"] and c.table.started]
            if not deciding:
                waiting = [(m, seat) for m in self.known if not m.started
                           for seat in sorted(set(m.tokens) - m.opened)] or \
                    [(m, m.table.to_move()[0]) for m in self.known if m.table.to_move()]
                if not waiting or len(self.open) >= MAX_CONNECTIONS * 2:
                    return
                self.open_seat(*data.draw(st.sampled_from(waiting)))
                continue
            connection = data.draw(st.sampled_from(deciding))
            action = data.draw(st.sampled_from(connection.last["legal"]))
            self.submit(connection, action, connection.last["version"])

    @rule(connection=connections, data=st.data())
    def repeated(self, connection: Connection, data: st.DataObject) -> None:
        """The same message twice: the second is refused and changes nothing."""
        if connection in self.open and connection.last["legal"]:
            action = data.draw(st.sampled_from(connection.last["legal"]))
            for _ in range(2):
                self.submit(connection, action, connection.last["version"])

    @rule(connection=connections, data=st.data(), current=st.booleans())
    def other_text(self, connection: Connection, data: st.DataObject, current: bool) -> None:
        """A text offered earlier or elsewhere, any action of the game's action space, or
        not an action at all, on the current version or on another: illegal (with its
        ruling), invalid, out of turn or stale, as the model says (or legal after all)."""
        if connection not in self.open:
            return
        table = connection.table.table
        game = table.game
        index = data.draw(st.integers(0, game.num_distinct_actions - 1))
        try:
            spaced = [game.action_text(table._state, game.action_at(index, table._state))]
        except Exception:  # an index this position cannot name
            spaced = []
        texts = sorted(connection.table.texts) + UNKNOWN + spaced * 8
        action = data.draw(st.sampled_from(texts))
        version = table.version if current else data.draw(st.integers(0, table.version + 3))
        self.submit(connection, action, version)

    @rule(connection=connections, text=st.sampled_from(MALFORMED))
    def malformed(self, connection: Connection, text: str) -> None:
        if connection in self.open:
            self.send(connection, text)
            self.expect_error(connection, "bad_message")

    @rule(connection=connections, name=st.one_of(
        st.text(min_size=1, max_size=40),
        st.sampled_from(["P1", "P2", "p 3", "  Ann  B ", "Ann", "\u202eAnn", "   ", "Ｐ２"])))
    def join(self, connection: Connection, name: str) -> None:
        """A seat names itself: everyone hears the new names, then the seat hears what
        its name became (trimmed: it is told); a name that is blank, holds a control or
        direction character, or reads as another seat's label or name is refused, and so
        is a name once the game is over; a spectator is refused."""
        if connection not in self.open:
            return
        self.send(connection, {"type": "join", "name": name})
        model, seat = connection.table, connection.seat
        if seat is None:
            self.expect_error(connection, "not_a_seat", "spectators have no seat to name")
            return
        if model.table.is_over():
            self.expect_error(connection, "over", "the game is over: names stay as they were")
            return
        game = model.table.game
        taken = [game.seat_name(other) for other in range(model.table.num_players)
                 if other != seat] + [held for other, held in model.names.items()
                                      if other != seat]
        try:
            chosen = choose_name(name, game.seat_name(seat), taken)
        except NameRefused as refusal:
            self.expect_error(connection, "bad_name", str(refusal))
            return
        model.names[seat] = chosen.name
        for other in self.open:
            if other.table is connection.table:
                self.expect_update(other)
                assert other.last["names"][str(seat)] == chosen.name
        named = receive(connection)
        assert named == {"type": "named", "name": chosen.name, "trimmed": chosen.trimmed}
        event("named, trimmed" if chosen.trimmed else "named")

    @rule(connection=connections)
    def hint_refused(self, connection: Connection) -> None:
        """A hint from a spectator, from a seat before play begins, or from a seat with
        nothing to decide, is refused."""
        model = connection.table
        if connection not in self.open or (model.started and
                                           connection.seat in model.table.to_move()):
            return
        self.send(connection, {"type": "hint"})
        if connection.seat is None:
            self.expect_error(connection, "not_a_seat", "spectators get no hints")
        elif not model.started:
            self.expect_error(connection, "not_started", NOT_STARTED)
        else:
            self.expect_error(connection, "not_your_turn",
                              "a hint is for a decision you have to make now")

    # -- the server equals the model --------------------------------------------------------

    @invariant()
    def server_equals_model(self) -> None:
        for connection in self.open:
            assert nothing_more(connection), "a frame the model did not predict"
            assert connection.seen == connection.table.table.version
        for model in self.known:
            summary = self.client.get(f"/api/tables/{model.id}").json()
            assert summary["version"] == model.table.version
            assert summary["status"] == model.status
            record = self.client.get(f"/api/tables/{model.id}/record")
            if model.table.is_over():
                assert record.json() == model.table.record().to_json_dict()
            else:
                assert record.status_code == 409


ServerMachine.TestCase.settings = settings(
    max_examples=int(os.environ.get("ALBION_PROTOCOL_EXAMPLES", "30")),
    stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_the_server_follows_its_model = ServerMachine.TestCase


@given(st.lists(st.tuples(st.floats(0, 1.5), st.floats(0, 1.5), st.floats(0, 0.5)),
                max_size=30))
@example([(0.0, 0.0, 0.0)] * 5 + [(0.0, 1.0, 0.0), (0.0, 0.0, 0.0)])
def test_the_models_hello_bucket_never_holds_more_than_the_servers(
        hellos: list[tuple[float, float, float]]) -> None:
    """The model expects an update only where the server must send one, however late the
    server reads each hello (a busy CI machine): each hello is sent after `gap` seconds,
    read by the server `lag` seconds later, and its answer arrives `answer` seconds after
    that (CI once read a hello later than the model's bucket allowed for)."""
    clock = [1000.0]
    with patch.object(time, "monotonic", lambda: clock[0]):
        server = TokenBucket(HELLO_RATE, HELLO_BURST)
        model = Connection(table=None, seat=0, session=None)  # type: ignore[arg-type]
        for gap, lag, answer in hellos:
            clock[0] += gap
            may_be_refused = model.hello_may_be_refused()
            clock[0] += lag
            assert server.take() or may_be_refused
            clock[0] += answer
            model.answered()
