"""Property tests (Hypothesis): conservation of the 54 cards, records that round-trip,
and determinism — same seed, same game."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from albion.bots import RandomBot, make_bot, parse_players
from albion.core import GameRecord, RecordError, replay
from albion.games.diamoniak import GAME, DiamoniakState
from albion.sim.batch import GameTask
from albion.sim.records import parse_record, record_json
from albion.table import Table
from tests.conformance.harness import choose
from tests.games.diamoniak.positions import total_cards

VARIANTS = st.fixed_dictionaries({
    "first": st.sampled_from(["seat0", "random"]),
    "release_empty": st.sampled_from(["no", "yes"]),
    "diamonds_to": st.sampled_from(["seller", "discard"]),
    "buy": st.sampled_from(["own", "any"]),
    "fairy": st.sampled_from(["choose", "auto"]),
    "max_turns": st.integers(1, 600),
})


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), variant=VARIANTS)
def test_di1_the_54_cards_are_always_all_somewhere(seed: int, players: int,
                                                   variant: dict[str, object]) -> None:
    rng = random.Random(seed)
    state = GAME.new_state(players, variant)  # type: ignore[arg-type]
    assert isinstance(state, DiamoniakState)
    while not state.is_terminal():
        state.apply(choose(state, rng))
        assert total_cards(state) == 54
        assert all(count >= 0 for count in state.pile + state.discard)
        assert all(count >= 0 for pile in state.right for count in pile)
        assert all(0 <= size <= 6 for size in state.castle_size)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), variant=VARIANTS)
def test_records_round_trip_through_json(seed: int, players: int,
                                         variant: dict[str, object]) -> None:
    specs = parse_players(",".join(["random"] * players), allow_human=False)
    agents = [make_bot(spec, GAME, random.Random(seed + i)) for i, spec in enumerate(specs)]
    table = Table(GAME, agents, GAME.variant(variant), seed)  # type: ignore[arg-type]
    record = table.record()
    loaded = parse_record(record_json(record))
    assert loaded == record
    final = replay(GAME, loaded)[-1]
    assert final.returns() == table.returns()
    assert all(final.observe(seat) == table.observe(seat) for seat in [None, *range(players)])


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_same_seed_same_game(seed: int, players: int) -> None:
    task = GameTask(GAME.id, (), ("random",) * players, players, seed, keep_record=True)
    first = task.play(0)
    second = task.play(0)
    assert first == second
    records = []
    for _ in range(2):
        agents = [RandomBot(random.Random(seed + seat)) for seat in range(players)]
        records.append(Table(GAME, agents, GAME.variant(), seed).record())
    assert records[0] == records[1]


def test_record_json_is_the_core_dataclass_and_strict() -> None:
    text = json.dumps({"game": "diamoniak", "game_version": "1.0", "variant": {},
                       "seats": ["a", "b"], "actions": []})
    assert parse_record(text) == GameRecord("diamoniak", "1.0", {}, ["a", "b"], [])
    with pytest.raises(RecordError, match="actions"):
        parse_record(text.replace('"actions": []', '"actions": "draw"'))
