"""Super Camelot scenario tests on the map, movement and exploration (SC-1 … SC-11,
SC-34, SC-36, SC-37), named after their rulings."""

from __future__ import annotations

import pytest

from albion.core import CAP, CHANCE, PlayerCountError
from albion.games.super_camelot import GAME, SuperCamelotState
from albion.games.super_camelot.board import (
    CASTLE,
    CIRCLE_EXITS,
    CIRCLES,
    NEIGHBOURS,
    START_BLOCK,
    square,
)
from albion.games.super_camelot.components import Card, Character, Item, Special, Token
from albion.games.super_camelot.movement import has_free_exit
from albion.games.super_camelot.pieces import Phase, Thing, TreasureState
from albion.games.super_camelot.scene import at, build
from albion.games.super_camelot.tile_check import check_tiles
from albion.games.super_camelot.tiles import parse_tiles
from albion.games.super_camelot.world import TILES, UNNAMED
from tests.games.super_camelot.helpers import EMPTY, options, play, refused

OPEN = """
T.....T
.......
.......
...1...
.......
.......
T.....T
"""


def choose_characters(state: SuperCamelotState, *names: str) -> None:
    for name in names:
        play(state, f"pick {name}")


# SC-1, SC-2, SC-3 --------------------------------------------------------------------


def test_sc1_centre_tiles_are_drawn_from_the_unnamed_ones() -> None:
    state = GAME.new_state(2)
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert {TILES[a.tile].key for a, _ in outcomes} == {TILES[i].key for i in UNNAMED}
    assert all(p == pytest.approx(1 / 11) for _, p in outcomes)
    play(state, "tile meadow", "tile glade", "tile thicket", "tile pass")
    assert [TILES[state.slot_tile[s]].key for s in (5, 6, 9, 10)] == [
        "meadow", "glade", "thicket", "pass"]
    assert len(state.tile_stack) == 12
    assert {"fire-shrine", "water-shrine", "wind-shrine", "big-chest", "big-key"} <= {
        TILES[i].key for i in state.tile_stack}
    assert state.phase is Phase.CHOOSING and not any(state.populated)


def test_sc2_the_tile_set_passes_its_validator() -> None:
    assert len(TILES) == 16
    assert check_tiles(TILES) == []


def test_sc2_the_validator_catches_broken_tiles() -> None:
    rows = "T.....T\n" + ".......\n" * 5 + "T.....T"
    broken = parse_tiles(f"= bad\nname: Bad\n{rows.replace('.......', '..b....', 1)}")
    assert broken[0].rows[1] == "..b...."
    edge = parse_tiles("= edge\n" + rows.replace("T.....T", "Tb....T", 1))
    assert any("edge" in problem for problem in check_tiles(edge))
    chest = parse_tiles("= chest\n" + "T.....T\n.......\n...c...\n...b...\n.......\n"
                        ".......\nT.....T")
    assert any("south" in problem for problem in check_tiles(chest))
    walled = parse_tiles("= walled\n" + "T.....T\n.......\n..rrr..\n..r.r..\n..rrr..\n"
                         ".......\nT.....T")
    assert any("unreachable" in problem for problem in check_tiles(walled))
    assert any("16" in problem for problem in check_tiles(edge))


def test_sc3_starting_tile_castle_and_circles() -> None:
    assert len(START_BLOCK) == 16 and square(12, 12) in START_BLOCK
    assert square(15, 15) in START_BLOCK and square(16, 16) not in START_BLOCK
    assert {square(13, 13), square(13, 14), square(14, 13), square(14, 14)} == CASTLE
    for exits in CIRCLE_EXITS:
        assert len(exits) == 4
        assert not set(exits) & START_BLOCK
        assert all(set(NEIGHBOURS[sq]) & START_BLOCK for sq in exits)
    assert not set(CIRCLE_EXITS[0]) & set(CIRCLE_EXITS[1]), "circles are not adjacent"


# SC-4, SC-34 -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 5])
def test_sc4_two_to_four_players(players: int) -> None:
    with pytest.raises(PlayerCountError):
        GAME.new_state(players)


def test_sc4_most_stars_go_first_and_ties_roll_again() -> None:
    state = play(GAME.new_state(3), "tile meadow", "tile glade", "tile thicket", "tile pass")
    choose_characters(state, "merlin", "arthur", "galahad")
    assert state.current_player() == CHANCE
    assert [p for _, p in state.chance_outcomes()] == pytest.approx(
        [125 / 216, 75 / 216, 15 / 216, 1 / 216])
    play(state, "stars 2", "stars 0", "stars 2")
    play(state, "stars 1", "stars 1")  # P1 and P3 roll again, and tie again
    play(state, "stars 0", "stars 3")
    assert state.phase is Phase.PLAYING and state.current_player() == 2


def test_sc41_after_twenty_tied_rounds_one_even_draw_settles_the_roll_off() -> None:
    """SC-4's re-rolls stop after 20 rounds: the players still tied are settled by one
    draw among them, each as likely to start; a player not tied never starts."""
    state = play(GAME.new_state(3), "tile meadow", "tile glade", "tile thicket", "tile pass")
    choose_characters(state, "merlin", "arthur", "galahad")
    play(state, "stars 2", "stars 0", "stars 2")
    for _ in range(19):  # rounds 2 to 20: P1 and P3 tie again each time
        play(state, "stars 1", "stars 1")
    assert state.current_player() == CHANCE
    assert [(GAME.action_text(state, a), p) for a, p in state.chance_outcomes()] == [
        ("first P1", 0.5), ("first P3", 0.5)]
    assert refused(state, "first P2").ruling == "SC-41"
    play(state, "first P3")
    assert state.phase is Phase.PLAYING and state.current_player() == 2


def test_sc34_characters_are_chosen_in_seat_order_each_different() -> None:
    state = play(GAME.new_state(2), "tile meadow", "tile glade", "tile thicket", "tile pass")
    assert state.current_player() == 0
    play(state, "pick lancelot")
    assert state.current_player() == 1
    assert "pick lancelot" not in options(state)
    assert refused(state, "pick lancelot").ruling == "SC-4"
    play(state, "pick percival")
    assert [p.character for p in state.players] == [Character.LANCELOT, Character.PERCIVAL]


# SC-6, SC-7 --------------------------------------------------------------------------


def test_sc7_a_first_turn_starts_on_a_free_circle_and_moves_off_it() -> None:
    state = build({5: EMPTY, 6: EMPTY}, abilities="off")
    state.players[0].position, state.players[1].position = -1, CIRCLES[2]
    assert "circle south" not in options(state), "a taken circle is not offered"
    play(state, "circle north")
    assert state.players[0].position == CIRCLES[0]
    assert set(options(state)) == {"step r12c13", "step r12c14", "step r12c15",
                                   "step r12c16", "end turn"}
    assert refused(state, "dig").ruling == "SC-7"
    play(state, "step r12c14")
    assert state.players[0].position == square(11, 13) and state.actions_left == 2


def test_sc6_three_actions_then_only_the_end_of_the_turn() -> None:
    state = build({5: OPEN}, abilities="off")
    play(state, "step north", "stop", "step south", "stop", "step east", "stop")
    assert state.actions_left == 0
    assert options(state) == ["end turn"]
    assert refused(state, "step east").ruling == "SC-6"
    play(state, "end turn")
    assert state.current_player() == 1 and state.actions_left == 3


# SC-8 --------------------------------------------------------------------------------


def test_sc8_a_move_is_up_to_three_squares_and_collects_items() -> None:
    state = build({5: """
        T.....T
        .......
        .......
        .1GUR..
        .......
        .......
        T.....T"""}, abilities="off")
    play(state, "step east", "step east", "step east")
    assert state.move_left == 0 and state.actions_left == 2
    assert state.players[0].gems == [1, 1, 1]
    assert not state.items


def test_sc8_objects_enemies_characters_stacks_and_trees_block() -> None:
    state = build({5: """
        T.....T
        ..b....
        .r1c...
        ..2....
        .......
        .....##
        T....##"""}, abilities="off")
    assert not [text for text in options(state) if text.startswith("step")]
    state = build({5: """
        T.....T
        ..d....
        .f1m...
        .......
        .......
        .....##
        T....##"""}, abilities="off")
    assert [text for text in options(state) if text.startswith("step")] == ["step south"]
    assert "pick up fire-relic" in options(state)
    corner = build({5: "T1....T\n" + ".......\n" * 4 + ".....##\nT....##"}, abilities="off")
    assert "step west" not in options(corner), "trees block"


def test_sc8_the_starting_tile_is_closed_without_the_three_relics() -> None:
    rows = EMPTY.replace("T.....T\n.......\n.......\n.......\n.......",
                         "T.....T\n.......\n.......\n.......\n.....1.", 1)
    state = build({5: rows}, abilities="off")
    assert "step south" not in options(state)
    assert refused(state, "step south").ruling == "SC-8"
    for relic in (Special.FIRE_RELIC, Special.WATER_RELIC, Special.WIND_RELIC):
        state.players[0].specials[relic] = True
    assert "step east" in options(state)  # (4,5) -> (4,6): still on the tile


def test_sc8_racing_boots_add_a_square() -> None:
    state = build({5: OPEN}, abilities="off")
    state.players[0].treasures.append((Card.RACING_BOOTS, TreasureState.UP))
    play(state, "step north", "step north", "step east", "step east")
    assert state.move_left == 0 and state.actions_left == 2


# SC-9, SC-10, SC-11 ------------------------------------------------------------------


def test_sc9_no_entry_onto_a_square_that_will_hold_a_token() -> None:
    state = build({6: EMPTY.replace("T.....T", "T..1..T", 1)}, keys={5: "glade"},
                  abilities="off")
    state.players[0].position = CIRCLES[0]
    state.players[0].specials = [True] * 4  # holds the relics: may leave the circle
    # glade's (4,5) is a bush once populated: the north circle cannot lead there
    assert "step r12c13" not in options(state)
    assert refused(state, "step r12c13").ruling == "SC-9"
    assert "step r12c14" in options(state)


def test_sc9_a_square_with_no_way_out_cannot_be_entered() -> None:
    state = build({}, abilities="off")
    target = at(5, 4, 5)
    plan: dict[int, Token] = {at(5, 3, 5): Token.ROCK, at(5, 4, 4): Token.BUSH}
    state.things[at(5, 4, 6)] = Thing.SMALL_CHEST
    assert not has_free_exit(state, CIRCLES[0], target, plan)
    del state.things[at(5, 4, 6)]
    assert has_free_exit(state, CIRCLES[0], target, plan)
    assert has_free_exit(state, at(5, 3, 5), target, plan), "the square left behind"


def test_sc10_exploring_draws_a_tile_and_enters_it() -> None:
    state = build({5: "T..1..T\n" + ".......\n" * 4 + ".....##\nT....##"}, abilities="off")
    assert "step north" in options(state)
    play(state, "step north")
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(state.tile_stack) == 12
    play(state, "tile fire-shrine")
    assert TILES[state.slot_tile[1]].key == "fire-shrine"
    assert state.populated[1] and state.players[0].position == at(1, 6, 3)
    assert state.move_left == 2, "the move goes on"
    assert not state.populated[5], "the tile left empty was emptied"


def test_sc11_leaving_empties_a_tile_and_entering_repopulates_it() -> None:
    state = build({5: """
        T.....T
        ..b....
        .......
        ...c...
        ...O...
        .......
        T1...##"""}, keys={5: "meadow", 9: "glade"}, abilities="off")
    bushes = state.token_supply[Token.BUSH]
    state.things[at(5, 3, 3)] = Thing.OPEN_SMALL_CHEST
    play(state, "step south")  # into slot 9 (glade): slot 5 is emptied
    assert not state.populated[5]
    assert state.token_supply[Token.BUSH] == bushes + 1 - 3, "glade placed 3 bushes"
    assert state.lost_items[Item.BOMB] == 1, "the bomb left lying is lost for good"
    assert state.things[at(5, 3, 3)] is Thing.OPEN_SMALL_CHEST, "persistent"
    play(state, "step north")
    assert state.populated[5] and state.things[at(5, 2, 1)] is Thing.BUSH, "meadow's bush"


def test_sc11_a_short_supply_places_in_reading_order() -> None:
    state = build({5: "T.....T\n" + ".......\n" * 4 + ".....##\nT1...##"},
                  keys={5: "meadow", 9: "glade"}, abilities="off")
    state.token_supply[Token.BUSH] = 2
    play(state, "step south")
    glade_bushes = sorted(sq for sq, thing in state.things.items()
                          if thing is Thing.BUSH and sq // 28 >= 14)
    assert glade_bushes == [at(9, 2, 3), at(9, 4, 1)], "(4,5) was not placed"
    assert state.token_supply[Token.BUSH] == 0


def test_sc11_a_passed_out_character_keeps_its_tile_populated() -> None:
    state = build({5: "T.....T\n.b.....\n..2....\n" + ".......\n" * 2 + ".....##\nT1...##"},
                  keys={9: "meadow"}, abilities="off")
    state.players[1].passed_out, state.players[1].health = True, 0
    play(state, "step south")
    assert state.populated[5] and state.things[at(5, 1, 1)] is Thing.BUSH


# SC-36, SC-37 ------------------------------------------------------------------------


def test_sc36_moves_are_square_by_square_and_end_with_another_action() -> None:
    state = build({5: "T.....T\n.......\n..b....\n...1...\n" + ".......\n" * 2 + "T.....T"},
                  abilities="off")
    assert "stop" not in options(state), "no empty move"
    play(state, "step north")
    assert state.actions_left == 2 and state.move_left == 2
    assert "stop" in options(state) and "attack nw" in options(state)
    play(state, "attack nw")
    assert state.move_left == 0 and state.actions_left == 1


def test_sc37_the_safety_cap_ends_in_a_draw() -> None:
    state = build({5: OPEN}, abilities="off", max_turns=2)
    play(state, "end turn")
    assert not state.is_terminal()
    play(state, "end turn")
    assert state.is_terminal() and state.end_reason() == CAP
    assert state.returns() == [0.5, 0.5]
