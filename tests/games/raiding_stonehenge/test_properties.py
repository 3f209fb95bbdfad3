"""Property tests (Hypothesis): 60 cards and 50 disks conserved, hands stay legal, every
game ends after the same number of rounds, records round-trip, same seed same game."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from albion.bots import RandomBot
from albion.core import replay
from albion.games.raiding_stonehenge import GAME, RaidingState
from albion.games.raiding_stonehenge.components import BLACK, CARD_COLOUR, HIGHEST_CARD
from albion.games.raiding_stonehenge.resolution import placement_order
from albion.sim.batch import GameTask
from albion.sim.records import parse_record, record_json
from albion.table import Table
from tests.conformance.harness import choose
from tests.games.raiding_stonehenge.positions import total_cards, total_disks

VARIANTS = st.fixed_dictionaries({
    "contest": st.sampled_from(["first-takes", "all-lose"]),
    "set_aside": st.sampled_from(["any", "pile-colour"]),
    "rotate_start": st.sampled_from(["yes", "no"]),
})


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), variant=VARIANTS)
def test_rs1_cards_and_disks_are_conserved(seed: int, players: int,
                                           variant: dict[str, str]) -> None:
    rng = random.Random(seed)
    state = GAME.new_state(players, variant)
    assert isinstance(state, RaidingState)
    while not state.is_terminal():
        state.apply(choose(state, rng))
        assert total_cards(state) == 60
        assert total_disks(state) == 50
        assert all(0 <= count <= 2 for count in state.deck)
        assert all(count >= 0 for disks in state.disks for count in disks)
        assert all(0 <= count <= 10 for count in state.piles)
    # RS-13, RS-15: the deck (60 - 10N) empties in whole rounds, then the lines (5N)
    # in five more, so every game has the same number of rounds and nobody misses a pick.
    assert state.round == (60 - 10 * players) // players + 5 + 1
    assert all(len(hand) == 5 for hand in state.hands)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), variant=VARIANTS)
def test_rs_records_round_trip(seed: int, players: int, variant: dict[str, str]) -> None:
    task = GameTask(GAME.id, tuple(variant.items()), ("random",) * players, players, seed,
                    keep_record=True)
    result_a = task.play(0)
    result_b = task.play(0)
    assert result_a == result_b

    agents = [RandomBot(random.Random(seed + seat)) for seat in range(players)]
    table = Table(GAME, agents, GAME.variant(variant), seed)
    loaded = parse_record(record_json(table.record()))
    final = replay(GAME, loaded)[-1]
    assert final.returns() == table.returns()
    assert all(final.observe(seat) == table.observe(seat) for seat in [None, *range(players)])


@given(plays=st.lists(st.integers(1, HIGHEST_CARD), min_size=2, max_size=6), data=st.data())
def test_rs7_rs8_placement_order_is_the_stable_sort_by_card_from_the_start_player(
        plays: list[int], data: st.DataObject) -> None:
    """RS-7, RS-8 (RS-9's distance for twins): coloured seats then black seats, each
    highest card first, twins in clockwise order from the start player — as sorting the
    seats clockwise from the start by card, highest first, and splitting them says."""
    start = data.draw(st.integers(0, len(plays) - 1))
    clockwise = [(start + k) % len(plays) for k in range(len(plays))]
    ranked = sorted(clockwise, key=lambda seat: -plays[seat])
    expected = ([seat for seat in ranked if CARD_COLOUR[plays[seat]] != BLACK],
                [seat for seat in ranked if CARD_COLOUR[plays[seat]] == BLACK])
    assert placement_order(plays, start) == expected
