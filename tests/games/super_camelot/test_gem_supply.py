"""SC-42: of the gem supply a view shows only an empty pile; a Big Treasure is paid behind
the wallet. The wallets stay hidden (SC-19), and states sampled from a view (ISMCTS) agree
with what it shows."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from albion.games.super_camelot import GAME, SuperCamelotState
from albion.games.super_camelot.belongings import gem_total
from albion.games.super_camelot.components import GEM_VALUE, WIN_GEMS, Card, Item, Special
from albion.games.super_camelot.game import _deal
from albion.games.super_camelot.pieces import TreasureState
from albion.games.super_camelot.render import render
from albion.games.super_camelot.scene import build
from albion.games.super_camelot.wire import board
from tests.games.super_camelot.helpers import gems_in_play, play

CHEST = """
T.....T
.......
...C...
...1...
.......
.......
T.....T
"""
BUSHES = """
T.....T
.......
..bb...
..b1...
.......
.......
T.....T
"""
GREEN, BLUE, RED = Item.GREEN_GEM, Item.BLUE_GEM, Item.RED_GEM


def into_wallet(state: SuperCamelotState, seat: int, item: Item, count: int) -> None:
    """Move `count` tokens of `item` from the supply behind `seat`'s wallet."""
    state.item_supply[item] -= count
    state.players[seat].gems[item - GREEN] += count


def test_sc42_an_empty_gem_pile_is_seen_and_its_counts_are_not() -> None:
    state = build({5: CHEST}, abilities="off")
    into_wallet(state, 1, GREEN, 16)
    into_wallet(state, 1, BLUE, 2)
    for viewer in (0, None):
        view = state.observe(viewer)
        assert view.players[1].gems is None, "the wallet stays hidden (SC-19)"
        assert (view.item_supply[GREEN], view.item_supply[BLUE], view.item_supply[RED]) \
            == (0, -1, -1)
        items = board(view).supply.items
        assert (items.green_gem, items.blue_gem, items.red_gem) == (0, None, None)
        out = GAME.observation_layout(2).offset("gem_supply_out")
        assert list(GAME.observation_tensor(view)[out:out + 3]) == [1.0, 0.0, 0.0]
    console = Console(width=100, record=True, color_system=None)
    console.print(render(state.observe(0), ["you", "random"]))
    assert "The supply is out of green gems" in console.export_text()
    state.end_game(1, "gems")
    assert state.observe(0).item_supply[BLUE] == 10, "every count is shown at the end (SC-33)"


def test_sc42_a_gem_card_finding_an_empty_pile_drops_nothing_before_everyone() -> None:
    state = build({5: BUSHES}, abilities="off")
    into_wallet(state, 1, GREEN, 16)
    assert state.observe(0).item_supply[GREEN] == 0, "everyone sees the pile is out"
    before = state.clone()
    play(state, "attack nw", "roll gem blank blank", "draw green-gem")
    assert state.players[0].gems == [0, 0, 0] and not state.items
    assert not [event for event in GAME.outcome_events(before, state)
                if "green-gem" in event.text]
    assert gems_in_play(state) == 156


def test_sc42_a_canary_twin_never_empties_or_refills_a_pile() -> None:
    state = build({5: CHEST}, abilities="off")
    into_wallet(state, 1, GREEN, 15)  # one green left in the supply
    twin = GAME.plant_canary(state, 1)
    assert twin is not None and twin.players[1].gems != state.players[1].gems
    assert twin.item_supply[GREEN] == 2 and twin.players[1].gems[0] == 14
    for viewer in (0, None):
        assert twin.observe(viewer) == state.observe(viewer)
    into_wallet(state, 1, GREEN, 1)
    into_wallet(state, 1, BLUE, 1)
    twin = GAME.plant_canary(state, 1)
    assert twin is not None and twin.item_supply[GREEN] == 0, "the empty pile stays empty"
    assert twin.observe(0) == state.observe(0) != twin.observe(1)


def test_sc42_a_big_treasure_s_tokens_are_told_to_its_finder_only() -> None:
    state = build({5: CHEST}, keys={5: "meadow"}, abilities="off")
    state.players[0].specials[Special.BIG_KEY] = True
    play(state, "open chest")
    short = state.clone()
    into_wallet(short, 1, RED, 7)  # the supply holds one red: 10 + 5 + 5 are paid
    for position, tokens in ((state, [0, 0, 2]), (short, [0, 2, 1])):
        before = position.clone()
        play(position, f"draw {Card.RED_GEMS_20.label}")
        assert position.players[0].gems == tokens
        events = GAME.outcome_events(before, position)
        public = [event.text for event in events if event.is_for(None)]
        assert public == ["P1 hides the Big Treasure's gems in the wallet"]
        assert [event.is_for(1) for event in events] == [event.is_for(None) for event in events]
        own = [event.text for event in events if event.is_for(0) and not event.is_for(1)]
        assert len(own) == sum(tokens) and all(text.startswith("P1 gets a ") for text in own)


def test_sc42_samples_deal_an_empty_colour_behind_the_hidden_wallets() -> None:
    state = build({5: CHEST}, players=3, abilities="off", treasure_gems=30)
    state.players[1].treasures.append((Card.SHOVEL, TreasureState.UP))
    state.players[2].treasures.append((Card.MAGNET, TreasureState.UP))
    into_wallet(state, 1, GREEN, 8)  # 38 gems: room for one more
    into_wallet(state, 2, GREEN, 8)
    into_wallet(state, 0, BLUE, 3)
    for viewer in (0, None):
        view = state.observe(viewer)
        sampled = GAME.sample_state(view, random.Random(0))
        assert sampled.observe(viewer) == view
        assert gems_in_play(sampled) == 156
        assert all(gem_total(sampled, seat) < WIN_GEMS for seat in range(3))
        assert sum(player.gems[0] for player in sampled.players) == 16, "all behind wallets"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 16), st.integers(0, 7), st.integers(0, 3)),
                min_size=3, max_size=3),
       st.sampled_from([0, None]))
def test_sc42_a_sampled_state_always_shows_the_same_view(
        wallets: list[tuple[int, int, int]], viewer: int | None) -> None:
    state = build({5: CHEST}, players=3, abilities="off")
    for seat, (green, blue, red) in enumerate(wallets):
        for item, wanted in ((GREEN, green), (BLUE, blue), (RED, red)):
            count = min(wanted, state.item_supply[item])
            if gem_total(state, seat) + count * GEM_VALUE[item] < WIN_GEMS:
                into_wallet(state, seat, item, count)
    view = state.observe(viewer)
    sampled = GAME.sample_state(view, random.Random(0))
    assert sampled.observe(viewer) == view
    assert all(gem_total(sampled, seat) < WIN_GEMS for seat in range(3))
    assert gems_in_play(sampled) == 156


def _fits(values: list[int], headroom: list[int]) -> bool:
    """Whether any deal of `values` fits `headroom` (exhaustive)."""
    if not values:
        return True
    for wallet, room in enumerate(headroom):
        if room >= values[0]:
            rest = [*headroom[:wallet], room - values[0], *headroom[wallet + 1:]]
            if _fits(values[1:], rest):
                return True
    return False


def test_sc42_the_roomiest_wallet_first_fits_whenever_any_deal_does() -> None:
    for reds, blues, greens in itertools.product(range(3), range(4), range(6)):
        values = [10] * reds + [5] * blues + [1] * greens
        for headroom in itertools.product(range(0, 26, 3), range(0, 22, 2), range(0, 12)):
            if _fits(values, list(headroom)):
                owners, room = _deal(values, list(headroom)), list(headroom)
                for value, owner in zip(values, owners, strict=True):
                    room[owner] -= value
                assert min(room) >= 0, (values, headroom)
