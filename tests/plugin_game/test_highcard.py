"""High Card in this process: its rulings (one test named after each), its action space,
position texts and strategy, and a Table playing it — versions, refusals, per-audience
events, protocol views, records, bots — with each hand kept to its owner.

The game is imported as `tests.plugin_game.highcard`; the table tests register its
plug-in by hand while they run (conftest.py's `registered`). The entry point itself is
proved in fresh processes, by `test_plugin_game.py`."""

from __future__ import annotations

import ast
import dataclasses
import io
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from rich.console import Console

from albion import IllegalActionError, InvalidActionError, NotYourTurn, StaleVersion, Table
from albion.core import CHANCE, TERMINAL, PositionError
from albion.table.protocol import schema_of
from albion.table.schemas import event_schema
from albion.table.seat_records import seat_views
from tests.plugin_game.highcard import GAME, Deal, HighCardState, Play
from tests.plugin_game.highcard import strategy as high_card_strategy
from tests.plugin_game.highcard.render import render
from tests.plugin_game.highcard.wire import Board

HERE = Path(__file__).parent
DEALS = 3
"""HC-1: cards per hand."""


def dealt(players: int, *cards: int) -> HighCardState:
    """A state after dealing `cards` in order (HC-1: P1's three first, then P2's…)."""
    state = GAME.new_state(players)
    for card in cards:
        state.play(f"deal {card}")
    return state


def refused(state: HighCardState, text: str) -> IllegalActionError:
    """The refusal of `text` in `state`, checking it changed nothing."""
    before = state.clone()
    with pytest.raises(IllegalActionError) as refusal:
        state.play(text)
    assert state == before
    return refusal.value


# -- the rulings ------------------------------------------------------------------------


def test_hc1_each_seat_is_dealt_three_secret_cards_in_turn() -> None:
    state = GAME.new_state(3)
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(Deal(card), 2 / 18) for card in range(1, 10)]
    assert GAME.describe_action(state, Deal(4), 0) == "deal 4 to P1"
    assert GAME.describe_action(state, Deal(4), 1) == "deal a card to P1"
    assert GAME.describe_action(state, Deal(4), None) == "deal a card to P1"
    for card in (9, 9, 1):
        state.play(f"deal {card}")
    error = refused(state, "deal 9")
    assert (error.ruling, error.reason) == ("HC-1", "no 9 is left to deal")
    assert refused(state, "play 1").ruling == "HC-1"
    for card in (2, 3, 4, 5, 6, 7):
        state.play(f"deal {card}")
    assert state.hands == [[1, 9, 9], [2, 3, 4], [5, 6, 7]]
    assert state.observe(1).hand == (2, 3, 4)
    assert state.observe(1).hand_sizes == (3, 3, 3)
    assert state.observe(None).hand is None
    error = refused(state, "deal 8")
    assert (error.ruling, error.reason) == ("HC-1", "every hand is dealt already")


def test_hc1_another_hand_reaches_no_view_but_its_owner() -> None:
    state = dealt(2, 1, 5, 9, 2, 3, 7)
    planted = GAME.plant_canary(state, 1)
    assert planted is not None and planted.hands[1] != state.hands[1]
    assert planted.observe(1) != state.observe(1)
    assert planted.observe(0) == state.observe(0)
    assert planted.observe(None) == state.observe(None)


def test_hc2_a_card_not_in_hand_is_refused() -> None:
    state = dealt(2, 1, 5, 9, 2, 3, 7)
    error = refused(state, "play 2")
    assert (error.ruling, error.reason) == ("HC-2", "P1 holds no 2")
    assert state.legal_actions() == [Play(1), Play(5), Play(9)]
    state.play("play 5")
    assert refused(state, "play 5").ruling == "HC-2"  # P2 holds no 5


def test_hc2_the_lead_passes_to_the_left_each_round() -> None:
    state = dealt(3, 1, 2, 3, 4, 5, 6, 7, 8, 9)
    movers = []
    while not state.is_terminal():
        movers.append(state.current_player())
        state.apply(state.legal_actions()[0])
    assert movers == [0, 1, 2, 1, 2, 0, 2, 0, 1]
    assert state.plays == [1, 4, 7, 5, 8, 2, 9, 3, 6]


def test_hc3_the_highest_card_of_a_round_scores_and_ties_score_for_each() -> None:
    state = dealt(3, 1, 4, 9, 2, 5, 9, 3, 6, 8)
    for card in (9, 9, 8, 5, 6, 4, 3, 1, 2):  # rounds led by P1, P2, P3
        state.play(f"play {card}")
    assert state.points() == [1, 1, 2]
    assert state.current_player() == TERMINAL and state.end_reason() == "points"
    error = refused(state, "play 1")
    assert (error.ruling, error.reason) == ("HC-3", "the game is over")


def test_all1_the_most_points_win_and_a_tie_is_shared() -> None:
    state = dealt(2, 1, 5, 9, 1, 5, 9)
    assert state.returns() == [0.0, 0.0] and state.end_reason() is None
    for card in (9, 9, 5, 5, 1, 1):
        state.play(f"play {card}")
    assert state.points() == [3, 3] and state.returns() == [0.5, 0.5]
    state = dealt(2, 1, 5, 9, 2, 3, 7)
    for card in (9, 7, 3, 5, 1, 2):
        state.play(f"play {card}")
    assert state.points() == [2, 1] and state.returns() == [1.0, 0.0]


def test_every_ruling_of_high_card_has_a_test_named_after_it() -> None:
    """tests/test_ruling_coverage.py's rule, over this folder's tests."""
    names = {node.name for path in HERE.glob("test_*.py")
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}
    missing = [ruling.id for ruling in GAME.rulings
               if not any(name.startswith(f"test_{ruling.test_name_fragment}_")
                          for name in names)]
    assert not missing, f"rulings without a test named after them: {missing}"


# -- the rest of the contract -----------------------------------------------------------


def test_the_fixed_action_space_round_trips() -> None:
    state = GAME.new_state(2)
    actions = [Deal(card) for card in range(1, 10)] + [Play(card) for card in range(1, 10)]
    assert [GAME.action_index(action) for action in actions] == list(range(18))
    assert [GAME.action_at(index, state) for index in range(18)] == actions
    assert GAME.legal_mask(state) == [True] * 9 + [False] * 9
    for index in (-1, 18):
        with pytest.raises(InvalidActionError):
            GAME.action_at(index, state)
    rng = random.Random(0)
    for players in (2, 3):
        state, length = GAME.new_state(players), 0
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            length += 1
        assert length == GAME.max_game_length(players)
    assert GAME.info.max_game_length == 18 and GAME.info.num_distinct_actions == 18


@pytest.mark.parametrize(("text", "message"), [
    ("chess 2p | deck - | P1 hand - | P2 hand - | plays -", "header"),
    ("high-card 2p | deck 2x1 | P1 hand - | P2 hand -", "sections"),
    ("high-card 2p | deck 2x1 2x2 2x3 2x4 2x5 2x6 2x7 2x8 1x9 | P1 hand - | P2 hand - "
     "| plays -", "card 9: found 1"),
    ("high-card 2p | deck 2x1 2x2 2x3 2x4 2x5 2x6 2x7 2x8 1x9 | P1 hand - | P2 hand 9 "
     "| plays -", "P1: a hand of 0"),
    ("high-card 2p | deck 2x1 2x2 2x3 2x4 2x5 2x6 2x7 2x8 2x9 | P1 hand 0 | P2 hand - "
     "| plays -", "not a card"),
])
def test_bad_position_texts_are_refused(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        GAME.from_text(text)


def test_a_position_text_reads_back() -> None:
    state = dealt(2, 1, 5, 9, 2, 3, 7)
    state.play("play 9")
    text = state.to_text()
    assert text == ("high-card 2p | deck 1x1 1x2 1x3 2x4 1x5 2x6 1x7 2x8 1x9 | P1 hand 1 5 "
                    "| P2 hand 2 3 7 | plays 9")
    assert GAME.from_text(text) == state and text in str(state)


def test_the_strategy_beats_the_round_as_cheaply_as_it_can() -> None:
    state = dealt(2, 1, 2, 5, 6, 7, 9)
    rng = random.Random(0)
    assert high_card_strategy.policy(state, rng) == Play(5)  # leading: the highest
    state.play("play 5")
    assert high_card_strategy.policy(state, rng) == Play(6)  # the lowest that beats 5
    state.play("play 6")
    state.play("play 9")
    assert high_card_strategy.policy(state, rng) == Play(1)  # cannot beat 9: the lowest
    assert sum(high_card_strategy.evaluate(state)) == pytest.approx(1.0)
    assert (high_card_strategy.__doc__ or "").startswith("A High Card strategy")


def test_the_renderer_shows_only_the_viewers_hand() -> None:
    state = dealt(2, 1, 5, 9, 2, 3, 7)
    console = Console(width=100, color_system=None, file=io.StringIO(), record=True)
    console.print(render(state.observe(0), ["ann", "bob"]))
    text = console.export_text()
    assert "1 5 9" in text and "▮▮▮" in text and "2 3 7" not in text
    assert "P1 (ann) — you to play" in text


# -- at a table -------------------------------------------------------------------------


def steps(table: Table, rng: random.Random) -> Iterator[int]:
    """Random legal decisions until the end; yields the seat about to decide."""
    while not table.is_over():
        (seat,) = table.to_move()
        yield seat
        table.submit(seat, rng.choice(table.legal(seat)), table.version)


def snapshot(table: Table) -> tuple[Any, ...]:
    viewers = [None, *range(table.num_players)]
    return (table.version, table.to_move(), [json.dumps(table.view(v)) for v in viewers],
            [len(table.events_for(v)) for v in viewers], table.record())


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("players", [2, 3])
def test_a_table_counts_versions_refuses_and_resumes(players: int) -> None:
    table = Table(GAME, ["human"] * players, seed=players)
    assert table.version == table.num_actions() == DEALS * players  # chance deals first
    rng = random.Random(players)
    while not table.is_over():
        (seat,) = table.to_move()
        assert seat == table.observe(None).current_player
        before = snapshot(table)
        with pytest.raises(NotYourTurn):
            table.submit((seat + 1) % players, "play 1", table.version)
        with pytest.raises(StaleVersion) as stale:
            table.submit(seat, table.legal(seat)[0], table.version - 1)
        assert stale.value.current == table.version
        with pytest.raises(InvalidActionError):
            table.submit(seat, "xyzzy plugh", table.version)
        with pytest.raises(IllegalActionError) as deal:
            table.submit(seat, "deal 1", table.version)
        assert deal.value.ruling == "HC-1"
        missing = next(card for card in range(1, 10) if f"play {card}" not in table.legal(seat))
        with pytest.raises(IllegalActionError) as held:
            table.submit(seat, f"play {missing}", table.version)
        assert held.value.ruling == "HC-2"
        assert snapshot(table) == before
        version = table.version
        events = table.submit(seat, rng.choice(table.legal(seat)), version).events_for(seat)
        assert table.version == version + 1 == table.num_actions()
        assert events == table.events_for(seat, version) and events[0].event.kind == "action"
    returns = table.returns()
    assert returns is not None and sum(returns) == pytest.approx(1.0)
    assert table.events_for(None)[-1].event.kind == "game_over"
    resumed = Table.from_record(table.record())
    assert resumed.is_over() and resumed.returns() == returns
    for viewer in [None, *range(players)]:
        assert resumed.view(viewer) == table.view(viewer)
    for seat in range(players):
        record = json.loads(json.dumps(table.seat_record(seat)))
        assert list(seat_views(record))[-1][1] == table.view(seat)


def validator(schema: dict[str, Any]) -> Any:
    """A JSON Schema validator built once (`jsonschema.validate` rebuilds it per call)."""
    return jsonschema.validators.validator_for(schema)(schema)


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("players", [2, 3])
def test_a_table_shows_each_hand_to_its_owner_only(players: int) -> None:
    """Views are protocol JSON (valid for the game's schema) where, while the game is
    played, only the viewer's hand is shown, and once it is over every hand is (ALL-2); the
    card of a deal is told to the seat dealt it and to nobody else."""
    views, events = validator(schema_of(Board)), validator(event_schema())
    table = Table(GAME, ["human"] * players, seed=10 + players)

    def check_views() -> None:
        owned = [list(table.observe(seat).hand or ()) for seat in range(players)]
        for viewer in [None, *range(players)]:
            view = table.view(viewer)
            views.validate(view)
            hands = [player["hand"] for player in view["board"]["players"]]
            if table.is_over():
                assert hands == owned, "ALL-2: every hand is turned up at the end"
            else:
                assert hands == [owned[seat] if seat == viewer else None
                                 for seat in range(players)]

    for _ in steps(table, random.Random(players)):
        check_views()
    check_views()
    for viewer in [None, *range(players)]:
        for entry in table.events_for(viewer):
            events.validate(entry.to_json())
            told = re.fullmatch(r"deal (\d) to P(\d)", entry.event.text)
            if told:
                assert viewer is not None and int(told[2]) == viewer + 1, entry
        chance = [e for e in table.events_for(viewer) if e.event.kind == "chance"]
        assert len(chance) == DEALS * players


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("players", [2, 3])
def test_another_deal_to_one_seat_changes_nothing_the_others_receive(players: int) -> None:
    """A canary at the table: the same game but one card of one hand dealt otherwise
    (a record edited and resumed) reads the same to every other seat and to spectators."""
    table = Table(GAME, ["human"] * players, seed=20 + players)
    record = table.record()
    counts = Counter(int(text.split()[1]) for text in record.actions)
    for seat in range(players):
        first = DEALS * seat
        card = int(record.actions[first].split()[1])
        other = next(c for c in range(1, 10) if c != card and counts[c] < 2)
        actions = [*record.actions[:first], f"deal {other}", *record.actions[first + 1:]]
        canary = Table.from_record(dataclasses.replace(record, actions=actions))
        assert canary.view(seat) != table.view(seat)
        for viewer in [None, *range(players)]:
            if viewer != seat:
                assert canary.view(viewer) == table.view(viewer)
                assert [e.to_json() for e in canary.events_for(viewer)] == \
                    [e.to_json() for e in table.events_for(viewer)]


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("players", ["random,heuristic", "ismcts:iterations=30,heuristic,random"])
def test_bots_play_it_from_their_views(players: str) -> None:
    table = Table(GAME, [players], seed=5)
    returns = table.returns()
    assert table.is_over() and returns is not None and sum(returns) == pytest.approx(1.0)
    assert table.decisions_made() == (DEALS,) * table.num_players
