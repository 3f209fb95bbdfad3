"""The table's conformance suite, over every registered game: submit, refusals and
versions; events per audience; views as protocol JSON (round trip and schema); records
and resuming; simultaneous decisions (RS-6)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from albion import (
    IllegalActionError,
    InvalidActionError,
    NotYourTurn,
    StaleVersion,
    Table,
)
from albion.core import all_games
from albion.core.game import AnyGame
from albion.table.schemas import event_schema
from albion.table.seat_records import seat_views
from albion.table.views import view_model

SCHEMAS = Path(__file__).parents[2] / "docs" / "protocol"
GAMES = all_games()
SHORT = {"super-camelot": {"max_turns": 30}}
"""Variants that keep a test game short."""


def setups() -> list[tuple[AnyGame, int]]:
    return [(game, players) for game in GAMES
            for players in (game.min_players, game.max_players)]


def steps(table: Table, rng: random.Random, limit: int = 100_000) -> Iterator[int]:
    """Submit random legal decisions from random deciding seats until the end; yields the
    seat about to decide."""
    for _ in range(limit):
        if table.is_over():
            return
        seat = rng.choice(table.to_move())
        yield seat
        table.submit(seat, rng.choice(table.legal(seat)), table.version)
    raise AssertionError("no end")


def snapshot(table: Table) -> tuple[Any, ...]:
    viewers = [None, *range(table.num_players)]
    return (table.version, table.to_move(), [json.dumps(table.view(v)) for v in viewers],
            [len(table.events_for(v)) for v in viewers], table.record())


@pytest.fixture(params=setups(), ids=lambda p: f"{p[0].id}-{p[1]}p")
def setup(request: pytest.FixtureRequest) -> tuple[AnyGame, int]:
    return request.param  # type: ignore[no-any-return]


def test_versions_grow_by_one_per_accepted_decision(setup: tuple[AnyGame, int]) -> None:
    game, players = setup
    table = Table(game, ["human"] * players, SHORT.get(game.id), seed=3)
    assert table.version == table.num_actions()  # chance (a deal, a draw) may go first
    for seat in steps(table, random.Random(1)):
        assert seat in table.to_move() and table.legal(seat)
        assert all(not table.legal(other) for other in range(players)
                   if other not in table.to_move())
        assert table.version == table.num_actions()
    assert table.to_move() == () and table.returns() is not None


def test_submit_returns_the_events_since_the_decision(setup: tuple[AnyGame, int]) -> None:
    """Issue 26: `submit` returns one Update: the version reached, the decision's entries
    (each viewer's own among them), and each viewer's view, built once."""
    game, players = setup
    table = Table(game, ["human"] * players, SHORT.get(game.id), seed=4)
    rng = random.Random(2)
    while not table.is_over():
        seat = rng.choice(table.to_move())
        version = table.version
        update = table.submit(seat, rng.choice(table.legal(seat)), version)
        events = update.events_for(seat)
        assert update.version == table.version
        assert events == table.events_for(seat, version)
        assert events and all(version < e.version <= table.version for e in events)
        assert events[0].event.to_json()["type"] == "action"
        for viewer in (None, seat):
            assert update.view_for(viewer) == table.update_for(viewer)
            assert update.view_for(viewer) is update.view_for(viewer)  # built once


def test_refusals_change_nothing(setup: tuple[AnyGame, int]) -> None:
    """NotYourTurn, StaleVersion (with the current version), InvalidActionError and
    IllegalActionError (with a ruling of the game) all leave the table as it was."""
    game, players = setup
    table = Table(game, ["human"] * players, SHORT.get(game.id), seed=5)
    rng = random.Random(3)
    rulings = {ruling.id for ruling in game.rulings}
    seen: list[str] = []
    checked = 0
    for seat in steps(table, rng):
        seen += [text for text in table.legal(seat) if text not in seen]
        if rng.random() > 0.2:
            continue
        before = snapshot(table)
        idle = [s for s in range(players) if s not in table.to_move()]
        if idle:
            with pytest.raises(NotYourTurn):
                table.submit(idle[0], "anything", table.version)
        with pytest.raises(NotYourTurn):
            table.submit(None, table.legal(seat)[0], table.version)  # type: ignore[arg-type]
        with pytest.raises(StaleVersion) as stale:
            table.submit(seat, table.legal(seat)[0], table.version - 1)
        assert stale.value.current == table.version
        with pytest.raises(InvalidActionError):
            table.submit(seat, "xyzzy plugh", table.version)
        for text in rng.sample(seen, min(len(seen), 8)):
            try:
                if game.parse_view_action(table.observe(seat), text) in \
                        table.legal_actions(seat):
                    continue  # another way to write a legal action (a square for a step)
            except InvalidActionError:
                pass
            with pytest.raises((IllegalActionError, InvalidActionError)) as refused:
                table.submit(seat, text, table.version)
            if isinstance(refused.value, IllegalActionError):  # Invalid: names nothing here
                assert refused.value.ruling in rulings and refused.value.reason
        assert snapshot(table) == before
        checked += 1
    assert checked


def test_events_reach_only_their_audience(setup: tuple[AnyGame, int]) -> None:
    game, players = setup
    table = Table(game, ["human"] * players, SHORT.get(game.id), seed=6)
    for _ in steps(table, random.Random(4)):
        pass
    everyone = table.events_for(None)
    assert all(entry.event.is_for(None) for entry in everyone)
    for seat in range(players):
        mine = table.events_for(seat)
        assert all(entry.event.is_for(seat) for entry in mine)
        private = [e for e in mine if e.event.audience is not None and None not in
                   e.event.audience]
        if not game.has_secrets:
            assert not private
        for entry in private:
            assert entry not in everyone
    versions = [entry.version for entry in everyone]
    assert versions == sorted(versions)
    assert everyone[-1].event.kind == "game_over"


def test_views_are_protocol_json_that_round_trips(setup: tuple[AnyGame, int]) -> None:
    game, players = setup
    stored = SCHEMAS / f"{game.id}.view.schema.json"  # a plug-in's own: from its model
    schema = json.loads(stored.read_text()) if stored.exists() else \
        view_model(game).model_json_schema()
    events_schema = event_schema()
    # each schema checked once, and one validator for it (`jsonschema.validate` checks the
    # schema against its metaschema on every call: 97 % of this test's time)
    views_valid, events_valid = (jsonschema.validators.validator_for(s)(s)
                                 for s in (schema, events_schema))
    for checked in (views_valid, events_valid):
        checked.check_schema(checked.schema)
    table = Table(game, ["human"] * players, SHORT.get(game.id), seed=7)
    rng = random.Random(5)
    for seat in steps(table, rng):
        if rng.random() > 0.1:
            continue
        for viewer in [None, *range(players)]:
            view = table.view(viewer)
            assert json.loads(json.dumps(view)) == view
            views_valid.validate(view)
            assert view["version"] == table.version and view["viewer"] == viewer
            assert [legal["text"] for legal in view["legal"]] == (
                table.legal(viewer) if viewer is not None else [])
            if viewer is not None and game.action_space is not None:
                assert [legal["index"] for legal in view["legal"]] == [
                    game.action_index(a) for a in table.legal_actions(viewer)]
        assert table.view(seat)["to_move"] == list(table.to_move())
    for entry in table.events_for(None)[-30:] + table.events_for(0)[-30:]:
        events_valid.validate(entry.to_json())
    assert table.view(None)["status"] == "over" and table.view(None)["result"]


def test_a_record_resumes_the_same_table(setup: tuple[AnyGame, int]) -> None:
    """Mid-game and at the end: views, version and who moves are the same after
    `Table.from_record`, and the resumed table plays on."""
    game, players = setup
    table = Table(game, ["human"] * players, SHORT.get(game.id), seed=8)
    rng = random.Random(6)
    for count, _ in enumerate(steps(table, rng)):
        if count % 37 == 5:
            resumed = Table.from_record(table.record())
            assert resumed.version == table.version
            assert resumed.to_move() == table.to_move()
            for viewer in [None, *range(players)]:
                assert resumed.view(viewer) == table.view(viewer)
            assert resumed.record() == table.record()
    resumed = Table.from_record(table.record())
    assert resumed.is_over() and resumed.returns() == table.returns()


def test_a_seat_record_replays_what_the_seat_saw(setup: tuple[AnyGame, int]) -> None:
    game, players = setup
    table = Table(game, ["human"] * players, SHORT.get(game.id), seed=9)
    for _ in steps(table, random.Random(7)):
        pass
    for seat in range(players):
        record = json.loads(json.dumps(table.seat_record(seat)))
        views = list(seat_views(record))
        assert views[0][0] == 0
        assert views[-1][1] == table.view(seat)
        assert record["events"] == [e.to_json() for e in table.events_for(seat)]


def test_bots_decide_inside_submit() -> None:
    table = Table("diamoniak", ["human", "random", "random"], seed=1)
    while not table.is_over():
        assert table.to_move() == (0,)
        table.submit(0, table.legal(0)[0], table.version)
    assert table.version == table.num_actions()


def test_without_autoplay_bots_wait_for_their_caller() -> None:
    table = Table("diamoniak", ["random", "human"], seed=2, autoplay=False)
    assert table.to_move() == (0,)
    spec, view, legal = table.bot_inputs(0)
    assert spec.name == "random" and view.seat == 0 and legal
    table.submit(0, legal[0], table.version)
    with pytest.raises(NotYourTurn):
        table.bot_inputs(1)


def test_rs6_simultaneous_commits_in_any_order_equal_committing_in_seat_order() -> None:
    """Every seat may commit while another has not; the outcome equals seat order."""
    def play(order: list[int]) -> Table:
        table = Table("raiding-stonehenge", ["human"] * 4, seed=11)
        while not table.is_over():
            waiting = table.to_move()
            seat = min(waiting, key=order.index)
            legal = table.legal(seat)
            if table.observe(None).phase == "play":
                assert len(waiting) == 4 - sum(table.observe(None).committed)
                table.submit(seat, legal[seat % len(legal)], table.version)
            else:
                table.submit(seat, legal[0], table.version)
        return table

    in_order, reversed_order = play([0, 1, 2, 3]), play([3, 2, 1, 0])
    assert in_order.returns() == reversed_order.returns()
    assert in_order.record().actions == reversed_order.record().actions
    for viewer in [None, 0, 1, 2, 3]:
        assert in_order.view(viewer)["board"] == reversed_order.view(viewer)["board"]


def test_rs6_a_bot_commits_at_once_while_people_choose() -> None:
    table = Table("raiding-stonehenge", ["human", "random", "human"], seed=3)
    while len(table.to_move()) < 2:
        seat = table.to_move()[0]
        table.submit(seat, table.legal(seat)[0], table.version)
    assert table.to_move() == (0, 2), "the bot at P2 has committed already"
    assert table.observe(None).committed == (False, True, False)
    table.submit(2, table.legal(2)[0], table.version)
    assert table.observe(2).own_play and table.observe(0).own_play == 0
    assert set(table.record().pending) == {"1", "2"}, "both wait for P1"
