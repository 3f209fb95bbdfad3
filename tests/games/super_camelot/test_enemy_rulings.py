"""Super Camelot scenario tests on the Enemy Turn (SC-22 … SC-25, SC-30, SC-31, SC-40),
including the rulebook's own examples, named after their rulings."""

from __future__ import annotations

from albion.core import CHANCE
from albion.games.super_camelot.board import name
from albion.games.super_camelot.components import MAX_HEALTH, Card, Item, Token
from albion.games.super_camelot.movement import allowance
from albion.games.super_camelot.pieces import Thing, TreasureState
from albion.games.super_camelot.scene import at, build
from tests.games.super_camelot.helpers import options, play


def give(state, seat: int, card: Card) -> None:  # type: ignore[no-untyped-def]
    state.players[seat].treasures.append((card, TreasureState.UP))


# SC-22 -------------------------------------------------------------------------------


def test_sc22_the_active_player_is_attacked_first_if_reachable() -> None:
    state = build({5: """
        T.....T
        .d2....
        .......
        .......
        ....1..
        .......
        T.....T"""}, abilities="off")
    play(state, "end turn")
    assert state.current_player() == CHANCE, "P1 rolls to defend, though P2 is nearer"
    play(state, "roll blank")
    assert state.players[0].health == MAX_HEALTH - 3
    assert state.players[1].health == MAX_HEALTH
    assert state.current_player() == 1


def test_sc22_an_enemy_with_no_reachable_target_does_not_act() -> None:
    state = build({5: """
        T.....T
        .rrr...
        .rdr...
        .rrr...
        ....1..
        .......
        T.....T"""}, abilities="off")
    play(state, "end turn")
    assert state.current_player() == 1 and state.players[0].health == MAX_HEALTH


def test_sc22_else_the_nearest_other_character_ties_chosen_by_the_active_player() -> None:
    state = build({5: """
        T.....T
        ...2...
        .......
        ...d...
        .......
        .r.3...
        T1r....T"""[:-1]}, players=3, abilities="off")
    play(state, "end turn")
    assert state.current_player() == 0, "P1 (walled in) chooses between P2 and P3"
    assert set(options(state)) == {"target P2", "target P3"}
    play(state, "target P3", "roll blank")
    assert state.players[2].health == MAX_HEALTH - 3


def test_sc22_enemy_order_may_be_chosen() -> None:
    state = build({5: """
        T.....T
        .p.....
        .......
        ...1...
        .......
        .....p.
        T.....T"""}, abilities="off", enemy_order="choose")
    play(state, "end turn")
    assert set(options(state)) == {f"activate {name(at(5, 1, 1))}",
                                   f"activate {name(at(5, 5, 5))}"}
    play(state, f"activate {name(at(5, 5, 5))}", "roll blank")
    assert state.players[0].health == MAX_HEALTH - 2
    play(state, "roll blank")
    assert state.players[0].health == MAX_HEALTH - 4


# SC-23 -------------------------------------------------------------------------------


def test_sc23_only_one_knight_acts_when_one_square_is_adjacent() -> None:
    # the rulebook's example: Arthur has a single free square beside him
    state = build({5: """
        T.....T
        .dd....
        .......
        .rrr...
        .r1r...
        .......
        T.....T"""}, abilities="off")
    play(state, "end turn")
    assert state.current_player() == CHANCE
    play(state, "roll blank")
    assert state.players[0].health == MAX_HEALTH - 3
    assert state.current_player() == 1, "the second Knight found no free square beside him"
    assert sorted(state.enemies) == [at(5, 1, 2), at(5, 5, 2)]


def test_sc23_a_shield_or_a_star_blocks_the_whole_attack() -> None:
    for face in ("shield", "star"):
        state = build({5: "T.....T\n.d.....\n" + ".......\n" * 2 + "...1...\n.......\nT.....T"},
                      abilities="off")
        play(state, "end turn", f"roll {face}")
        assert state.players[0].health == MAX_HEALTH


def test_sc23_royal_shield_rolls_two_dice() -> None:
    state = build({5: "T.....T\n.d.....\n" + ".......\n" * 2 + "...1...\n.......\nT.....T"},
                  abilities="off")
    give(state, 0, Card.ROYAL_SHIELD)
    play(state, "end turn")
    assert len(state.chance_outcomes()) == 21
    play(state, "roll blank shield")
    assert state.players[0].health == MAX_HEALTH


# SC-24, SC-40 ------------------------------------------------------------------------


def test_sc24_a_mimic_steals_then_another_player_kills_it() -> None:
    state = build({5: """
        T.....T
        .m.....
        .......
        ...1...
        ....2..
        .......
        T.....T"""}, abilities="off")
    give(state, 0, Card.MAGNET)
    give(state, 0, Card.SHOVEL)
    play(state, "end turn")
    assert state.current_player() == 0, "the victim chooses the treasure"
    assert set(options(state)) == {"give up magnet", "give up shovel"}
    play(state, "give up shovel", "roll blank")
    mimic = at(5, 3, 3)
    assert state.enemies[mimic] is Token.MIMIC and state.players[0].health == MAX_HEALTH - 1
    assert (Card.SHOVEL, TreasureState.STOLEN) in state.players[0].treasures
    assert state.loot[mimic] == ((0, Card.SHOVEL),)
    play(state, "attack nw", "roll one-hit blank blank")  # P2 kills it
    assert mimic not in state.enemies
    assert state.players[1].treasures == [(Card.SHOVEL, TreasureState.UP)]
    assert state.players[0].treasures == [(Card.MAGNET, TreasureState.UP)]


def test_sc24_killed_by_its_victim_the_treasure_turns_face_up() -> None:
    state = build({5: "T.....T\n" + ".......\n" * 2 + "...1...\n" + ".......\n" * 2 + "T.....T"},
                  abilities="off")
    state.enemies[at(5, 2, 2)] = Token.MIMIC
    state.loot[at(5, 2, 2)] = ((0, Card.MAGNET),)
    state.players[0].treasures = [(Card.MAGNET, TreasureState.STOLEN)]
    play(state, "attack nw", "roll one-hit blank blank")
    assert state.players[0].treasures == [(Card.MAGNET, TreasureState.UP)]


def test_sc40_a_mimic_keeps_its_hoard_and_loses_it_face_down_when_it_leaves() -> None:
    state = build({5: "T.....T\n" + ".......\n" * 2 + "...1...\n" + ".......\n" * 2 + "T.....T"},
                  keys={5: "meadow"}, abilities="off")
    mimic = at(5, 3, 3)
    state.enemies[mimic] = Token.MIMIC
    give(state, 0, Card.MAGNET)
    give(state, 0, Card.SHOVEL)
    play(state, "end turn", "give up magnet", "roll blank")
    play(state, "end turn")  # P2 not on the map: P1's turn again
    play(state, "end turn")
    assert state.loot[mimic] == ((0, Card.MAGNET), (0, Card.SHOVEL)), "acts again, steals"
    play(state, "roll blank", "end turn", "step north", "step north", "step north",
         "step north", "tile fire-shrine")  # P1 leaves: the Mimic leaves play unkilled
    assert state.players[0].treasures == [(Card.MAGNET, TreasureState.LOST),
                                          (Card.SHOVEL, TreasureState.LOST)]


# SC-25 -------------------------------------------------------------------------------


def test_sc25_a_plant_turns_past_a_blocked_line_to_the_next_character() -> None:
    # the rulebook's example: Arthur is behind a rock, so the plant spits at Gwenivere
    state = build({5: """
        T.....T
        .......
        .1.....
        .r.....
        .p...2.
        .......
        T.....T"""}, abilities="off")
    plant = at(5, 4, 1)
    play(state, "end turn")
    assert state.facing[plant] == 2, "turned clockwise to face east"
    play(state, "roll blank")
    assert state.players[1].health == MAX_HEALTH - 2
    assert state.players[0].health == MAX_HEALTH


def test_sc25_a_plant_checks_its_facing_first_and_lines_ignore_enemies() -> None:
    state = build({5: """
        T.....T
        ...1...
        ...d...
        .......
        ...p...
        .2.....
        T.....T"""}, abilities="off")
    plant = at(5, 4, 3)
    play(state, "end turn", "roll blank")  # the Knight, already beside P1, strikes
    assert state.enemies[at(5, 2, 3)] is Token.DARK_KNIGHT
    assert state.facing[plant] == 0 and state.current_player() == CHANCE
    play(state, "roll blank")  # north already sees P1, through the Knight
    assert state.players[0].health == MAX_HEALTH - 3 - 2
    assert state.players[1].health == MAX_HEALTH


# SC-30 -------------------------------------------------------------------------------


def test_sc30_equal_paths_end_on_the_first_square_in_reading_order() -> None:
    state = build({5: """
        T.....T
        .......
        .......
        .d.1...
        .......
        .......
        T.....T"""}, abilities="off")
    play(state, "end turn")
    assert state.enemies.get(at(5, 3, 2)) is Token.DARK_KNIGHT
    state = build({5: """
        T.....T
        .......
        ..d....
        .......
        ....1..
        .......
        T.....T"""}, abilities="off")
    play(state, "end turn")
    assert at(5, 3, 4) in state.enemies, "north of P1 comes before west of P1"


# SC-31 -------------------------------------------------------------------------------


def test_sc31_an_open_chest_still_blocks_and_a_repopulated_plant_faces_north() -> None:
    state = build({5: "T.....T\n.......\n...x...\n...1...\n.......\n.......\nT.....T"},
                  abilities="off")
    assert state.things[at(5, 2, 3)] is Thing.OPEN_SMALL_CHEST
    assert "step north" not in options(state)
    glade = build({5: "T.....T\n" + ".......\n" * 4 + ".....##\nT1...##"},
                  keys={9: "glade"}, abilities="off")
    play(glade, "step south")
    plant = next(sq for sq, token in glade.enemies.items() if token is Token.PLANT)
    assert glade.facing[plant] == 0


def test_sc31_duplicates_do_not_stack_and_a_knight_card_needs_a_knight() -> None:
    state = build({5: "T.....T\n.......\n..b....\n...1...\n.......\n.......\nT.....T"},
                  abilities="off")
    give(state, 0, Card.RACING_BOOTS)
    give(state, 0, Card.RACING_BOOTS)
    assert allowance(state, 0) == 4
    state.token_supply[Token.DARK_KNIGHT] = 0
    play(state, "attack nw", "roll gem blank blank", "draw dark-knight")
    assert not state.enemies


def test_sc31_target_passed_out_variant() -> None:
    scene = """
        T.....T
        .d.....
        ..2....
        .......
        .rrr...
        .r1r...
        Trrr..T"""
    state = build({5: scene}, abilities="off")
    state.players[1].passed_out, state.players[1].health = True, 0
    play(state, "end turn")
    assert state.current_player() == 0, "not a target; P2 then recovers and skips"
    assert state.players[1].health == 1 and state.enemies == {at(5, 1, 1): Token.DARK_KNIGHT}
    on = build({5: scene}, abilities="off", target_passed_out="yes")
    on.players[1].passed_out, on.players[1].health = True, 0
    play(on, "end turn")
    assert on.current_player() == CHANCE, "the Knight goes for P2"


def test_sc31_items_on_a_killed_mimics_square_go_to_the_character_there() -> None:
    state = build({5: "T.....T\n" + ".......\n" * 2 + "...1...\n" + ".......\n" * 2 + "T.....T"},
                  players=2, abilities="off")
    state.players[1].position = at(5, 2, 2)
    state.enemies[at(5, 2, 2)] = Token.MIMIC
    play(state, "attack nw", "roll one-hit gem blank", "draw green-gem")
    assert state.players[1].gems == [1, 0, 0] and Item.GREEN_GEM not in {
        item for items in state.items.values() for item in items}


def test_sc22_a_knight_cannot_walk_through_the_character_it_attacks() -> None:
    state = build({5: """
        T.....T
        .......
        rrrrrrr
        dm1.r..
        bbbbbbb
        .......
        T....##"""}, abilities="off")  # 8 rocks: the box holds 12; bushes wall as well
    play(state, "end turn")
    assert state.enemies.get(at(5, 3, 0)) is Token.DARK_KNIGHT, "no way round P1"
    assert state.current_player() == CHANCE, "the Mimic beside P1 still steps onto it"
    play(state, "roll blank")
    assert state.players[0].health == MAX_HEALTH - 1
