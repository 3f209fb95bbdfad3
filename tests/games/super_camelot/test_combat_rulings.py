"""Super Camelot scenario tests on attacks, dice and abilities (SC-5, SC-6, SC-12 …
SC-15, SC-29, SC-38, SC-39), named after their rulings."""

from __future__ import annotations

import random

import pytest

from albion.core import CHANCE, InvalidActionError, Source
from albion.games.super_camelot import GAME, strategy, wire
from albion.games.super_camelot.board import name
from albion.games.super_camelot.components import MAX_HEALTH, Card, Character, Deck, Item, Token
from albion.games.super_camelot.config import Rules
from albion.games.super_camelot.pieces import CardDraws, KillChoice, LootChoice, TreasureState
from albion.games.super_camelot.rulings import EnemyHp
from albion.games.super_camelot.scene import at, build
from tests.games.super_camelot.helpers import options, play, refused

KNIGHT_AND_MIMIC = """
T.....T
.......
..dm...
...1...
.......
.......
T.....T
"""


THREE_MIMICS = KNIGHT_AND_MIMIC.replace("..dm...", "..mm...").replace("...1...", "..m1...")
"""Mimics (1 hit each) on the three squares of the north-west arc: r10c10, r10c11, r11c10."""


def give(state, seat: int, card: Card) -> None:  # type: ignore[no-untyped-def]
    state.players[seat].treasures.append((card, TreasureState.UP))


def bomb_over(state, *squares: int) -> str:  # type: ignore[no-untyped-def]
    """The offered bomb whose block covers `squares` (one is offered per set of things
    hit, SC-36)."""
    for text in options(state):
        if text.startswith("bomb"):
            centre = GAME.parse_action(state, text).centre
            if all(abs(sq // 28 - centre // 28) <= 1 and abs(sq % 28 - centre % 28) <= 1
                   for sq in squares):
                return text
    raise AssertionError(f"no bomb over {squares}")


# SC-6, SC-12 -------------------------------------------------------------------------


def test_sc12_hits_are_assigned_enemy_by_enemy() -> None:
    state = build({5: KNIGHT_AND_MIMIC}, abilities="off", enemy_hp="1-1-2")
    play(state, "attack nw", "roll two-hits blank blank")
    # 2 Hits kill the Knight (2) or the Mimic (1), not both: the attacker chooses
    assert set(options(state)) == {f"kill {name(at(5, 2, 2))}", f"kill {name(at(5, 2, 3))}"}
    play(state, f"kill {name(at(5, 2, 3))}")
    assert at(5, 2, 3) not in state.enemies and state.enemies[at(5, 2, 2)] is Token.DARK_KNIGHT
    assert state.token_supply[Token.MIMIC] == 8


def test_sc12_no_damage_carries_over_and_bushes_are_always_cut() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "..db...")}, abilities="off")
    play(state, "attack nw", "roll one-hit blank blank")
    assert state.enemies[at(5, 2, 2)] is Token.DARK_KNIGHT
    assert at(5, 2, 3) not in state.things
    play(state, "attack nw", "roll one-hit two-hits blank")
    assert at(5, 2, 2) not in state.enemies, "3 hits in one attack kill a Knight (SC-13)"


def test_sc6_actions_may_repeat() -> None:
    state = build({5: KNIGHT_AND_MIMIC}, abilities="off")
    play(state, "attack nw", "roll blank blank blank", "attack nw", "roll blank blank blank")
    assert state.actions_left == 1


def test_sc12_gems_draw_loot_from_killed_enemies_and_litter_from_bushes() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "..bm...")}, abilities="off")
    play(state, "attack nw", "roll one-hit gem blank")
    assert state.current_player() == CHANCE
    assert {a.card for a, _ in state.chance_outcomes()} >= {Card.HEALTH_POTION,
                                                            Card.GRAIL_WATER}, "Litter first"
    play(state, "draw green-gem")
    assert state.items == {at(5, 2, 2): (Item.GREEN_GEM,)}
    outcomes = {a.card for a, _ in state.chance_outcomes()}
    assert Card.SPEED_POTION in outcomes, "then Small Loot for the Mimic"
    play(state, "draw bomb")
    assert state.items[at(5, 2, 3)] == (Item.BOMB,)


def test_sc12_own_tile_arcs_variant() -> None:
    edge = "T.....T\n.......\n......1\n" + ".......\n" * 3 + "T.....T"
    beyond = "T.....T\n.......\nb......\n" + ".......\n" * 3 + "T.....T"
    bush = at(6, 2, 0)
    cross = build({5: edge, 6: beyond}, abilities="off")
    play(cross, "attack ne", "roll blank blank blank")
    assert bush not in cross.things, "cross-tile: the arc reaches the bush beyond the edge"
    own = build({5: edge, 6: beyond}, abilities="off", arc="own-tile")
    # SC-12: every arc may be attacked, but with own-tile it stops at the tile's edge
    assert {"attack ne", "attack se", "attack sw", "attack nw"} <= set(options(own))
    play(own, "attack ne")
    assert bush in own.things and own.actions_left == 2, "the action is spent, no roll"


def test_sc12_greatsword_sweeps_five_squares() -> None:
    state = build({5: """
        T.....T
        .......
        ..b.b..
        ...1...
        .......
        .......
        T.....T"""}, abilities="off")
    assert "sweep north" not in options(state)
    give(state, 0, Card.GREATSWORD)
    play(state, "sweep north", "roll blank blank blank")
    assert at(5, 2, 2) not in state.things and at(5, 2, 4) not in state.things


# SC-13 -------------------------------------------------------------------------------


def test_sc13_enemy_health_is_a_variant() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "...m...")}, abilities="off",
                  enemy_hp="2-3-4")
    play(state, "attack nw", "roll one-hit blank blank")
    assert at(5, 2, 3) in state.enemies, "this Mimic needs 2 hits"
    play(state, "attack nw", "roll one-hit one-hit blank")
    assert at(5, 2, 3) not in state.enemies


def test_sc13_each_enemy_hp_word_names_its_hits() -> None:
    """The variant's word (as records and the command line write it) and the numbers the
    rules read are one value, read in one place."""
    for hp in EnemyHp:
        assert hp.value == "-".join(str(hits) for hits in hp.hits)
        assert Rules.of(GAME.variant({"enemy_hp": hp.value})).enemy_hp == hp.hits
    assert Rules.of(GAME.variant()).enemy_hp == (1, 2, 3)


# SC-14, SC-29 ------------------------------------------------------------------------


def test_sc14_a_bomb_hits_every_enemy_in_its_block_and_its_thrower() -> None:
    state = build({5: """
        T.....T
        .......
        ..d.p..
        ..b1m..
        .......
        .......
        T.....T"""}, abilities="off")
    state.players[0].bombs = 1
    state.item_supply[Item.BOMB] -= 1
    play(state, bomb_over(state, at(5, 2, 4), at(5, 3, 2), at(5, 3, 3), at(5, 3, 4)))
    assert state.actions_left == 2, "a bomb costs an Attack action (SC-29)"
    assert state.item_supply[Item.BOMB] == 5
    play(state, "roll two-hits blank blank")
    assert at(5, 2, 4) not in state.enemies and at(5, 2, 2) in state.enemies
    assert at(5, 3, 2) not in state.things
    assert state.players[0].health == MAX_HEALTH - 2, "the bomber is hit too"


def test_sc14_no_hit_no_damage_to_characters() -> None:
    state = build({5: KNIGHT_AND_MIMIC}, abilities="off")
    state.players[0].bombs = 1
    play(state, bomb_over(state, at(5, 3, 3)), "roll gem blank blank")
    assert state.players[0].health == MAX_HEALTH


def test_sc29_a_mimic_on_the_bombers_square_is_not_hit() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "..b....")}, abilities="off")
    state.enemies[at(5, 3, 3)] = Token.MIMIC
    state.players[0].bombs = 1
    play(state, bomb_over(state, at(5, 3, 3), at(5, 2, 2)), "roll two-hits two-hits blank")
    assert state.enemies[at(5, 3, 3)] is Token.MIMIC
    assert at(5, 2, 2) not in state.things


# SC-15 -------------------------------------------------------------------------------


def test_sc15_the_bow_shoots_once_per_turn_anywhere_on_the_tile_for_free() -> None:
    state = build({5: """
        T.....T
        .d.....
        .......
        ...1...
        .......
        .....p.
        T.....T"""}, abilities="off")
    assert not any(text.startswith("shoot") for text in options(state))
    give(state, 0, Card.HUNTING_BOW)
    assert {f"shoot {name(at(5, 1, 1))}", f"shoot {name(at(5, 5, 5))}"} <= set(options(state))
    play(state, f"shoot {name(at(5, 5, 5))}", "roll two-hits blank blank")
    assert at(5, 5, 5) not in state.enemies and state.actions_left == 3
    assert not any(text.startswith("shoot") for text in options(state))
    assert refused(state, f"shoot {name(at(5, 1, 1))}").ruling == "SC-15"


def test_sc15_nobody_attacks_a_mimic_on_their_own_square() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", ".......")}, abilities="off")
    state.enemies[at(5, 3, 3)] = Token.MIMIC
    give(state, 0, Card.HUNTING_BOW)
    assert not any(text.startswith("shoot") for text in options(state))


# SC-38, SC-39 ------------------------------------------------------------------------


def test_sc38_stars_become_gems_or_two_hits() -> None:
    state = build({5: KNIGHT_AND_MIMIC}, abilities="off")
    play(state, "attack nw", "roll star star blank")
    assert options(state) == ["gems 0", "gems 1", "gems 2"]
    play(state, "gems 0")  # two 2 Hits: the Knight (3) needs both, the Mimic (1) one
    assert set(options(state)) == {f"kill {name(at(5, 2, 2))}", f"kill {name(at(5, 2, 3))}"}
    stars_only_bushes = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "..bb...")},
                              abilities="off")
    play(stars_only_bushes, "attack nw", "roll star blank blank")
    assert stars_only_bushes.current_player() == CHANCE, "a Star is a Gem with no enemy"


def test_sc39_passing_out_on_ones_own_turn_leaves_only_its_end() -> None:
    state = build({5: KNIGHT_AND_MIMIC}, abilities="off")
    state.players[0].health, state.players[0].bombs = 2, 1
    play(state, bomb_over(state, at(5, 3, 3)), "roll one-hit blank blank")
    assert state.players[0].passed_out
    assert options(state) == ["end turn"]
    assert refused(state, "step south").ruling == "SC-39"


# SC-5 (abilities, our own design) ----------------------------------------------------


def test_sc5_abilities_are_labelled_our_own_design() -> None:
    ruling = GAME.ruling("SC-5")
    assert Source.HOUSE in ruling.sources and ruling.variant_keys == ("abilities",)


def test_sc5_arthur_rerolls_one_die_once_per_turn() -> None:
    state = build({5: KNIGHT_AND_MIMIC}, characters=(Character.ARTHUR, Character.MERLIN))
    play(state, "attack nw", "roll blank blank one-hit")
    assert set(options(state)) == {"reroll one-hit", "reroll blank", "keep roll"}
    play(state, "reroll blank", "roll two-hits")  # now 2 Hits and 1 Hit: kill one of them
    play(state, f"kill {name(at(5, 2, 2))}")
    assert at(5, 2, 2) not in state.enemies
    play(state, "attack nw", "roll blank blank blank")
    assert state.current_player() == 0 and not state.pending, "once per turn"


def test_sc5_gwenivere_heals_one_more() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "..bb...")},
                  characters=(Character.GWENIVERE, Character.MERLIN))
    state.players[0].health = 2
    play(state, "attack nw", "roll gem blank blank", "draw health-potion")
    assert state.players[0].health == 4


def test_sc5_lancelots_first_one_hit_counts_as_two() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "..d....")},
                  characters=(Character.LANCELOT, Character.MERLIN))
    play(state, "attack nw", "roll one-hit one-hit blank")
    assert at(5, 2, 2) not in state.enemies, "2 + 1 = 3 hits on the Knight"


def test_sc5_merlin_draws_two_and_keeps_one() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "..b....")},
                  characters=(Character.MERLIN, Character.ARTHUR))
    play(state, "attack nw", "roll gem blank blank", "draw bomb", "draw green-gem")
    assert set(options(state)) == {"keep bomb", "keep green-gem"}
    play(state, "keep green-gem")
    assert state.items[at(5, 2, 2)] == (Item.GREEN_GEM,)
    assert state.discards[0][Card.BOMB] == 1


def test_sc5_percival_moves_one_more_square() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", ".......")},
                  characters=(Character.PERCIVAL, Character.MERLIN))
    play(state, "step north", "step north", "step east", "step east")
    assert state.move_left == 0 and state.actions_left == 2


def test_sc5_galahad_blocks_with_a_gem() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "...p...")},
                  characters=(Character.GALAHAD, Character.MERLIN))
    play(state, "end turn", "roll gem")
    assert state.players[0].health == MAX_HEALTH
    off = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "...p...")},
                characters=(Character.GALAHAD, Character.MERLIN), abilities="off")
    play(off, "end turn", "roll gem")
    assert off.players[0].health == MAX_HEALTH - 2


def test_sc5_abilities_off_turns_them_all_off() -> None:
    state = build({5: KNIGHT_AND_MIMIC}, characters=(Character.ARTHUR, Character.MERLIN),
                  abilities="off")
    play(state, "attack nw", "roll blank blank one-hit")
    assert "keep roll" not in options(state)
    assert at(5, 2, 3) not in state.enemies, "the one 1 Hit can only kill the Mimic"
    assert state.enemies == {at(5, 2, 2): Token.DARK_KNIGHT}


def test_sc39_a_passed_out_character_is_not_healed_by_the_same_attack() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "...b...")}, abilities="off")
    state.players[0].health, state.players[0].bombs = 2, 1
    play(state, bomb_over(state, at(5, 3, 3)), "roll gem one-hit blank", "draw grail-water")
    assert state.players[0].passed_out and state.players[0].health == 0
    play(state, "end turn", "end turn")
    assert state.players[0].health == 1 and state.current_player() == 1, "turn skipped"


def test_sc14_stars_may_become_hits_when_only_characters_are_in_the_block() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "...b2..")}, abilities="off")
    state.players[0].bombs = 1
    play(state, bomb_over(state, at(5, 2, 3), at(5, 2, 4), at(5, 3, 3)),
         "roll star blank blank")
    assert options(state) == ["gems 0", "gems 1"]
    play(state, "gems 0")
    assert state.players[1].health == MAX_HEALTH - 2 and state.players[0].health == 4


def test_sc32_a_magnet_won_back_from_a_mimic_gathers_at_once() -> None:
    state = build({5: "T.....T\n.G.....\n" + ".......\n" + "...1...\n" + ".......\n" * 2
                   + "T.....T"}, abilities="off")
    state.enemies[at(5, 2, 4)] = Token.MIMIC
    state.loot[at(5, 2, 4)] = ((0, Card.MAGNET),)
    state.players[0].treasures = [(Card.MAGNET, TreasureState.STOLEN)]
    play(state, "attack ne", "roll one-hit blank blank")
    assert state.players[0].gems == [1, 0, 0] and not state.items


def test_sc36_one_bomb_block_per_set_of_things_hit() -> None:
    state = build({5: KNIGHT_AND_MIMIC.replace("..dm...", "...b...")}, abilities="off")
    state.players[0].bombs = 1
    bombs = [text for text in options(state) if text.startswith("bomb")]
    # one block per set of things hit: the bush, the bush and the bomber, the bomber
    # alone, and nothing at all (SC-12 gives the choice; SC-36 merges equal blocks)
    assert len(bombs) == 4, bombs


# SC-38, SC-12: one enemy at a time -------------------------------------------------------


def test_sc38_kills_are_chosen_one_enemy_at_a_time_among_maximal_sets() -> None:
    state = build({5: THREE_MIMICS}, abilities="off")
    first, second, third = at(5, 2, 2), at(5, 2, 3), at(5, 3, 2)
    play(state, "attack nw", "roll two-hits one-hit blank")  # any two of the three die
    assert options(state) == [f"kill {name(sq)}" for sq in (first, second, third)]
    play(state, f"kill {name(second)}")
    top = state.pending[-1]
    assert isinstance(top, KillChoice) and top.chosen == (second,)
    assert options(state) == [f"kill {name(first)}", f"kill {name(third)}"], "no `done`"
    asked = wire.awaiting(state.observe(None))
    assert asked is not None and asked.decision == "kill" and asked.squares == [name(second)]
    assert GAME.from_text(state.to_text()) == state, "the chosen enemy is in the position"
    assert refused(state, f"kill {name(second)}").ruling == "SC-38"
    assert refused(state, "kill r1c1").ruling == "SC-12"
    play(state, f"kill {name(third)}")  # {second, third} is the one set left: no more asked
    assert state.enemies == {first: Token.MIMIC} and not state.pending


def killed_sets(state) -> set[frozenset[int]]:  # type: ignore[no-untyped-def]
    """Every set of enemies some sequence of `kill` answers ends up killing."""
    if not (state.pending and isinstance(state.pending[-1], KillChoice)):
        return {frozenset()}
    found: set[frozenset[int]] = set()
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        gone = frozenset(set(state.enemies) - set(after.enemies))
        found |= {gone | more for more in killed_sets(after)}
    return found


def test_sc38_one_at_a_time_reaches_exactly_the_maximal_kill_sets() -> None:
    for scene, knight_alone in ((THREE_MIMICS, False), (KNIGHT_AND_MIMIC.replace(
            "...1...", "..p1..."), True)):  # a Knight (3 hits), a Mimic (1), a Plant (2)
        state = build({5: scene}, abilities="off")
        play(state, "attack nw", "roll two-hits one-hit blank")
        top = state.pending[-1]
        assert isinstance(top, KillChoice)
        assert killed_sets(state) == {frozenset(kill) for kill in top.kills}
        assert ((at(5, 2, 2),) in top.kills) == knight_alone


def test_sc38_an_enemy_in_no_maximal_kill_set_is_refused() -> None:
    state = build({5: THREE_MIMICS.replace("..mm...", "..dm...")}, abilities="off")
    knight, mimic, other = at(5, 2, 2), at(5, 2, 3), at(5, 3, 2)
    play(state, "attack nw", "roll one-hit blank blank")  # one Mimic or the other
    assert options(state) == [f"kill {name(mimic)}", f"kill {name(other)}"]
    assert refused(state, f"kill {name(knight)}").ruling == "SC-38"
    with pytest.raises(InvalidActionError, match="one enemy at a time"):
        GAME.parse_action(state, f"kill {name(mimic)} {name(other)}")
    with pytest.raises(InvalidActionError, match="one enemy at a time"):
        GAME.parse_action(state, f"loot {name(mimic)} {name(other)}")
    play(state, f"kill {name(other)}")
    assert set(state.enemies) == {knight, mimic}


def test_sc38_the_heuristic_kills_the_first_maximal_set_one_enemy_at_a_time() -> None:
    """The bot reaches the set it chose whole before choices went one at a time."""
    state = build({5: THREE_MIMICS}, abilities="off")
    play(state, "attack nw", "roll two-hits one-hit blank")
    top = state.pending[-1]
    assert isinstance(top, KillChoice)
    expected = set(top.kills[0])
    while state.pending and isinstance(state.pending[-1], KillChoice):
        state.apply(strategy.policy(state, random.Random(0)))
    assert {at(5, 2, 2), at(5, 2, 3), at(5, 3, 2)} - set(state.enemies) == expected


def test_sc12_loot_is_chosen_one_enemy_at_a_time() -> None:
    state = build({5: THREE_MIMICS.replace("..m1...", "...1...").replace(
        "..mm...", "..mmm..")}, abilities="off")
    first, second, third = at(5, 2, 2), at(5, 2, 3), at(5, 2, 4)
    state.players[0].bombs = 1
    state.item_supply[Item.BOMB] -= 1
    play(state, bomb_over(state, first, second, third), "roll two-hits gem gem")
    assert not state.enemies, "2 hits reach every Mimic in the block (SC-14)"
    assert options(state) == [f"loot {name(sq)}" for sq in (first, second, third)]
    drawn = set()
    for one in (first, second, third):
        for two in {first, second, third} - {one}:
            after = play(state.clone(), f"loot {name(one)}", f"loot {name(two)}")
            assert isinstance(after.pending[-1], CardDraws)
            drawn.add(after.pending[-1].sources)
    assert drawn == {(first, second), (first, third), (second, third)}, "any two of three"
    play(state, f"loot {name(third)}")
    top = state.pending[-1]
    assert isinstance(top, LootChoice) and top.chosen == (third,) and top.count == 2
    assert GAME.from_text(state.to_text()) == state
    assert refused(state, f"loot {name(third)}").ruling == "SC-28"
    assert refused(state, "loot r1c1").ruling == "SC-12"
    play(state, f"loot {name(first)}")  # two Gems, two enemies named: they draw
    draws = state.pending[-1]
    assert draws == CardDraws(Deck.SMALL_LOOT, 2, (first, third))
