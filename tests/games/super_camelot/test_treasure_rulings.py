"""Super Camelot scenario tests on cards, chests, items, gems, the Grail and health
(SC-16 … SC-21, SC-26 … SC-28, SC-32, SC-33, SC-35), named after their rulings."""

from __future__ import annotations

import random

import pytest

from albion.core import CHANCE
from albion.games.super_camelot import GAME
from albion.games.super_camelot.belongings import gain_gems, gem_total
from albion.games.super_camelot.board import CIRCLES
from albion.games.super_camelot.components import (
    MAX_HEALTH,
    Card,
    Deck,
    Item,
    Special,
    Token,
)
from albion.games.super_camelot.pieces import Phase, Thing, TreasureState
from albion.games.super_camelot.scene import at, build
from tests.games.super_camelot.helpers import gems_in_play, options, play, refused

CHEST = """
T.....T
.......
...c...
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


def give(state, seat: int, card: Card) -> None:  # type: ignore[no-untyped-def]
    state.players[seat].treasures.append((card, TreasureState.UP))


# SC-16 -------------------------------------------------------------------------------


def test_sc16_litter_items_drop_where_the_drawer_chooses() -> None:
    state = build({5: BUSHES}, abilities="off")
    play(state, "attack nw", "roll gem gem blank")
    assert not any(state.things.get(sq) is Thing.BUSH for sq in (at(5, 2, 2), at(5, 2, 3),
                                                                 at(5, 3, 2)))
    assert state.current_player() == CHANCE
    play(state, "draw green-gem")
    assert state.current_player() == 0
    assert set(options(state)) == {"drop r10c10", "drop r10c11", "drop r11c10"}
    play(state, "drop r11c10")
    assert state.items[at(5, 3, 2)] == (Item.GREEN_GEM,)
    play(state, "draw bomb")
    assert set(options(state)) == {"drop r10c10", "drop r10c11"}, "one card per bush"
    play(state, "drop r10c11")
    assert state.items[at(5, 2, 3)] == (Item.BOMB,)
    assert state.discards[Deck.LITTER][Card.GREEN_GEM] == 1


def test_sc16_potions_act_at_once_and_the_deck_reshuffles() -> None:
    state = build({5: BUSHES}, abilities="off")
    state.players[0].health = 2
    state.discards[Deck.LITTER] = state.decks[Deck.LITTER][:]
    state.decks[Deck.LITTER] = [0] * len(Card)
    play(state, "attack nw", "roll gem blank blank")
    assert state.chance_outcomes()  # from the reshuffled discard
    play(state, "draw health-potion")
    assert state.players[0].health == 3
    assert sum(state.decks[Deck.LITTER]) == 14, "the discard became the deck"
    assert sum(state.discards[Deck.LITTER]) == 1, "only the potion just used"


def test_sc16_grail_water_speed_potion_and_a_spawned_dark_knight() -> None:
    state = build({5: BUSHES}, abilities="off")
    state.players[0].health = 1
    play(state, "attack nw", "roll gem gem gem", "draw grail-water")
    assert state.players[0].health == MAX_HEALTH
    play(state, "draw dark-knight", "drop r11c10")
    assert state.enemies[at(5, 3, 2)] is Token.DARK_KNIGHT
    assert state.token_supply[Token.DARK_KNIGHT] == 7


def test_sc16_speed_potion_gives_an_action() -> None:
    state = build({5: """
        T.....T
        .......
        ..mm...
        ...1...
        .......
        .......
        T.....T"""}, abilities="off")
    play(state, "attack nw", "roll one-hit one-hit gem")  # both Mimics die (hp 1)
    assert not state.enemies
    play(state, "loot r10c10", "draw speed-potion")
    assert state.actions_left == 3


# SC-17 -------------------------------------------------------------------------------


def test_sc17_a_chest_opens_from_the_south_with_a_key() -> None:
    state = build({5: CHEST}, abilities="off")
    assert "open chest" not in options(state)
    assert refused(state, "open chest").ruling == "SC-17"
    state.players[0].keys = 1
    state.item_supply[Item.SMALL_KEY] -= 1
    play(state, "open chest")
    assert state.things[at(5, 2, 3)] is Thing.OPEN_SMALL_CHEST
    assert state.players[0].keys == 0 and state.item_supply[Item.SMALL_KEY] == 8
    play(state, "draw shovel")
    assert state.players[0].treasures == [(Card.SHOVEL, TreasureState.UP)]
    assert gem_total(state, 0) == 5, "a Small Treasure is worth 5 gems"
    assert "open chest" not in options(state), "open for good"
    side = build({5: CHEST.replace("...1...", "....1..")}, abilities="off")
    side.players[0].keys = 1
    assert "open chest" not in options(side)


def test_sc17_the_big_chest_gives_gems_and_sometimes_a_small_treasure() -> None:
    state = build({5: CHEST.replace("c", "C")}, keys={5: "meadow"}, abilities="off")
    state.players[0].specials[Special.BIG_KEY] = True
    play(state, "open chest", "draw blue-gems-10-and-treasure")
    assert state.players[0].gems == [0, 0, 1], "paid as one red token (SC-35)"
    assert state.current_player() == CHANCE
    play(state, "draw magnet")
    assert gem_total(state, 0) == 15
    assert not state.players[0].specials[Special.BIG_KEY]


def test_sc17_treasure_gem_value_is_a_variant() -> None:
    state = build({5: CHEST}, abilities="off", treasure_gems=3)
    give(state, 0, Card.SHOVEL)
    assert gem_total(state, 0) == 3


# SC-18 -------------------------------------------------------------------------------


def test_sc18_special_items_from_beside_one_of_each_and_stacks_block() -> None:
    state = build({5: """
        T.....T
        .......
        ...f...
        ...1...
        .......
        .......
        T.....T"""}, abilities="off")
    play(state, "pick up fire-relic")
    assert state.players[0].specials[Special.FIRE_RELIC]
    assert state.stacks[at(5, 2, 3)] == (Special.FIRE_RELIC, 3)
    assert "pick up fire-relic" not in options(state)
    assert refused(state, "pick up fire-relic").ruling == "SC-18"
    assert "step north" not in options(state), "a stack blocks"
    state.stacks[at(5, 2, 3)] = (Special.FIRE_RELIC, 1)
    state.players[0].specials[Special.FIRE_RELIC] = False
    play(state, "pick up fire-relic")
    assert at(5, 2, 3) not in state.things and "step north" in options(state)


# SC-19, SC-35 ------------------------------------------------------------------------


def test_sc19_forty_gems_win_at_once() -> None:
    state = build({5: """
        T.....T
        .......
        .......
        ..1R...
        .......
        .......
        T.....T"""}, abilities="off")
    state.players[0].gems = [4, 3, 1]  # 4 + 15 + 10 = 29
    give(state, 0, Card.MAGNET)  # + 5 = 34
    give(state, 0, Card.SHOVEL)  # + 5 = 39
    assert not state.is_terminal()
    play(state, "step east")
    assert state.is_terminal() and state.end_reason() == "gems"
    assert state.returns() == [1.0, 0.0]


def test_sc19_opponents_gem_totals_are_hidden_until_the_end() -> None:
    state = build({5: CHEST}, abilities="off")
    state.players[1].gems = [3, 1, 0]
    assert state.observe(0).players[1].gems is None
    assert state.observe(None).players[0].gems is None
    assert state.observe(1).players[1].gems == (3, 1, 0)
    assert state.observe(0).item_supply[Item.GREEN_GEM] == -1
    state.end_game(1, "gems")
    assert state.observe(0).players[1].gems == (3, 1, 0), "revealed at the end (SC-33)"


def test_sc35_gains_are_paid_in_the_largest_tokens_the_supply_holds() -> None:
    state = build({5: CHEST}, abilities="off")
    gain_gems(state, 0, 20)
    assert state.players[0].gems == [0, 0, 2]
    state.item_supply[Item.RED_GEM] = 0
    state.item_supply[Item.BLUE_GEM] = 1
    gain_gems(state, 1, 15)
    assert state.players[1].gems == [10, 1, 0]
    state.item_supply[Item.GREEN_GEM] = 2
    gain_gems(state, 1, 10)
    assert state.players[1].gems == [12, 1, 0], "the supply could not pay more"


def test_sc35_an_item_out_of_the_supply_drops_nothing() -> None:
    state = build({5: BUSHES}, abilities="off")
    state.item_supply[Item.BOMB] = 0
    play(state, "attack nw", "roll gem blank blank", "draw bomb")
    assert not state.items and state.current_player() == 0
    assert gems_in_play(state) == 156


# SC-20 -------------------------------------------------------------------------------


def test_sc20_with_all_relics_step_onto_a_circle_and_claim_the_grail() -> None:
    state = build({5: "T.....T\n" + ".......\n" * 3 + ".....1.\n.....##\nT....##"},
                  abilities="off")
    for relic in (Special.FIRE_RELIC, Special.WATER_RELIC, Special.WIND_RELIC):
        state.players[0].specials[relic] = True
    assert "claim grail" not in options(state)
    play(state, "step east", "step south")
    assert state.players[0].position == CIRCLES[0]
    play(state, "claim grail")
    assert state.is_terminal() and state.end_reason() == "grail"


# SC-21 -------------------------------------------------------------------------------


def test_sc21_a_passed_out_character_recovers_and_skips_its_next_turn() -> None:
    state = build({5: CHEST}, abilities="off")
    state.players[1].health, state.players[1].passed_out = 0, True
    play(state, "end turn")
    assert state.current_player() == 0, "P2's turn was skipped"
    assert state.players[1].health == 1 and not state.players[1].passed_out
    assert state.turns == 2


# SC-26, SC-28, SC-32 -----------------------------------------------------------------


def test_sc26_power_gauntlet_moves_through_rocks_removing_them() -> None:
    state = build({5: CHEST.replace("...1...", "..r1...")}, abilities="off")
    assert "step west" not in options(state)
    give(state, 0, Card.POWER_GAUNTLET)
    rocks = state.token_supply[Token.ROCK]
    play(state, "step west")
    assert at(5, 3, 2) not in state.things and state.token_supply[Token.ROCK] == rocks + 1


def test_sc26_shovel_digs_small_loot_collected_at_once() -> None:
    state = build({5: CHEST}, abilities="off")
    assert "dig" not in options(state)
    give(state, 0, Card.SHOVEL)
    play(state, "dig", "draw small-key")
    assert state.players[0].keys == 1 and not state.items
    play(state, "dig", "draw green-gem", "dig", "draw speed-potion")
    assert state.players[0].gems[0] == 1 and state.actions_left == 1


def test_sc28_one_card_per_bush_however_many_gems() -> None:
    state = build({5: CHEST.replace("...c...", "..b....").replace("...1...", "..1....")},
                  abilities="off")
    play(state, "attack ne", "roll gem gem gem", "draw green-gem")
    assert state.current_player() == 0 and not state.pending


def test_sc32_the_magnet_gathers_every_item_on_its_tile() -> None:
    state = build({5: """
        T.....T
        ..G....
        .......
        ....1..
        ......U
        ..2....
        T.....T""", 6: "T.....T\n" + ".......\n" * 3 + "U......\n##.....\n##....T"},
                  abilities="off")
    give(state, 0, Card.MAGNET)
    play(state, "step east", "step east", "step east")  # the third step enters slot 6
    assert state.players[0].gems == [0, 1, 0], "entering the tile gathered its gem"
    play(state, "step west")
    assert state.players[0].gems == [1, 2, 0]


# SC-27, SC-33 ------------------------------------------------------------------------


def test_sc27_views_keep_only_gems_secret_and_samples_stay_consistent() -> None:
    state = build({5: CHEST}, abilities="off")
    state.players[1].gems = [2, 2, 1]
    state.item_supply[Item.GREEN_GEM] -= 2
    state.item_supply[Item.BLUE_GEM] -= 2
    state.item_supply[Item.RED_GEM] -= 1
    view = state.observe(0)
    assert view.tile_stack == tuple(state.tile_stack)
    assert view.decks == tuple(tuple(deck) for deck in state.decks)
    sampled = GAME.sample_state(view, random.Random(1))
    assert sampled.observe(0) == view
    assert gems_in_play(sampled) == 156


def test_sc33_the_turn_ends_by_choice_and_a_circle_calls_no_enemies() -> None:
    state = build({5: "T.....T\n..d....\n" + ".......\n" * 2 + ".....1.\n.....##\nT....##"},
                  abilities="off")
    assert "end turn" in options(state)
    for relic in (Special.FIRE_RELIC, Special.WATER_RELIC, Special.WIND_RELIC):
        state.players[0].specials[relic] = True
    play(state, "step east", "step south", "end turn")
    assert state.players[0].health == MAX_HEALTH and state.current_player() == 1
    assert state.phase is Phase.PLAYING


@pytest.mark.parametrize("seed", range(3))
def test_sc19_components_are_conserved_in_random_games(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_state(3)
    while not state.is_terminal():
        actions = state.legal_actions()
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(actions))
        assert gems_in_play(state) == 156
