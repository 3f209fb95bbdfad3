"""Scenario tests, one or more per Diamoniak ruling, named after it (DI-1 … DI-14, ALL-1)."""

from __future__ import annotations

import pytest

from albion.core import (
    CAP,
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidActionError,
    PlayerCountError,
)
from albion.games.diamoniak import (
    GAME,
    Buy,
    Card,
    Choice,
    DiamoniakState,
    FirstPlayer,
    Lose,
    Phase,
)
from albion.games.diamoniak.cards import DECK_SIZE, NO_COLOUR
from tests.games.diamoniak.positions import play, position, total_cards

RED, BLUE, DIAMOND, WITCH, FAIRY = Card.RED, Card.BLUE, Card.DIAMOND, Card.WITCH, Card.FAIRY


def refused(state: DiamoniakState, text: str) -> IllegalActionError:
    """Apply `text`, expect a refusal, and check the state did not change."""
    before = state.clone()
    with pytest.raises(IllegalActionError) as error:
        play(state, text)
    assert state == before
    return error.value


# DI-1 -------------------------------------------------------------------------------


def test_di1_deck_holds_54_cards_of_four_kinds() -> None:
    state = position()
    assert state.pile == [6, 6, 6, 6, 20, 7, 3]
    assert sum(state.pile) == DECK_SIZE == 54


@pytest.mark.parametrize("players", [1, 5])
def test_di1_two_to_four_players(players: int) -> None:
    with pytest.raises(PlayerCountError, match="2 to 4"):
        GAME.new_state(players)


# DI-2 -------------------------------------------------------------------------------


def test_di2_seat0_starts_by_default() -> None:
    state = GAME.new_state(3)
    assert state.current_player() == 0


def test_di2_first_random_is_a_uniform_chance_outcome() -> None:
    state = GAME.new_state(4, {"first": "random"})
    assert state.current_player() == CHANCE
    assert [p for _, p in state.chance_outcomes()] == [0.25] * 4
    play(state, "first P3")
    assert state.current_player() == 2
    assert state.legal_actions() == [Choice.DRAW]


# DI-3 -------------------------------------------------------------------------------


def test_di3_first_draw_is_mandatory() -> None:
    state = position()
    assert refused(state, "stop").ruling == "DI-3"
    assert state.legal_actions() == [Choice.DRAW]


def test_di3_after_a_card_draw_again_or_stop() -> None:
    state = play(position(), "draw", "reveal diamond")
    assert state.legal_actions() == [Choice.DRAW, Choice.STOP]
    play(state, "stop")
    assert state.current_player() == 1


def test_di3_no_buy_after_drawing() -> None:
    state = position(castles={0: ("red", 1)}, right={0: {"diamond": 3}, 1: {"red": 1}})
    play(state, "draw", "reveal diamond")
    assert refused(state, "buy red from P2").ruling == "DI-3"


def test_di3_witch_ends_the_turn() -> None:
    state = play(position(), "draw", "reveal witch")
    assert state.current_player() == 1
    assert state.phase == Phase.TURN_START


# DI-4 -------------------------------------------------------------------------------


def test_di4_first_castle_card_starts_the_castle() -> None:
    state = play(position(), "draw", "reveal blue")
    assert (state.castle[0], state.castle_size[0]) == (BLUE, 1)


def test_di4_own_colour_joins_the_castle() -> None:
    state = play(position(castles={0: ("blue", 2)}), "draw", "reveal blue")
    assert state.castle_size[0] == 3


def test_di4_colour_owned_by_another_goes_to_the_right() -> None:
    state = play(position(castles={1: ("red", 1)}), "draw", "reveal red")
    assert state.castle[0] == NO_COLOUR
    assert state.right[0][RED] == 1


def test_di4_other_colour_with_a_castle_goes_to_the_right() -> None:
    state = play(position(castles={0: ("red", 1)}), "draw", "reveal blue")
    assert (state.castle[0], state.castle_size[0]) == (RED, 1)
    assert state.right[0][BLUE] == 1


# DI-5 -------------------------------------------------------------------------------


def test_di5_castle_is_only_started_by_drawing() -> None:
    state = position(right={0: {"diamond": 3}, 1: {"red": 1}})
    assert refused(state, "buy red from P2").ruling == "DI-7"


def test_di5_emptied_castle_keeps_its_colour() -> None:
    state = position(castles={0: ("red", 1)})
    play(state, "draw", "reveal witch")  # the only card at risk goes (DI-14)
    assert (state.castle[0], state.castle_size[0]) == (RED, 0)
    play(state, "draw", "reveal red")  # P2 may not start red: it is still owned
    assert state.castle[1] == NO_COLOUR and state.right[1][RED] == 1
    play(state, "stop", "draw", "reveal red")  # P1's red joins the empty castle
    assert state.castle_size[0] == 1


def test_di5_release_empty_frees_the_colour() -> None:
    state = position(castles={0: ("red", 1)}, release_empty="yes")
    play(state, "draw", "reveal witch")
    assert state.castle[0] == NO_COLOUR
    play(state, "draw", "reveal red")
    assert (state.castle[1], state.castle_size[1]) == (RED, 1)


# DI-6 -------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["diamond", "fairy"])
def test_di6_diamond_and_fairy_go_to_the_right(card: str) -> None:
    state = play(position(), "draw", f"reveal {card}")
    assert state.right[0][Card[card.upper()]] == 1
    assert state.castle[0] == NO_COLOUR


# DI-7 -------------------------------------------------------------------------------


def test_di7_buy_costs_three_diamonds_paid_to_the_seller() -> None:
    state = position(castles={0: ("red", 2)}, right={0: {"diamond": 4}, 1: {"red": 1}})
    play(state, "buy red from P2")
    assert state.castle_size[0] == 3
    assert state.right[0][DIAMOND] == 1
    assert state.right[1][DIAMOND] == 3
    assert state.right[1][RED] == 0
    assert state.current_player() == 1, "a purchase ends the turn"


def test_di7_diamonds_to_discard_variant() -> None:
    state = position(castles={0: ("red", 2)}, right={0: {"diamond": 3}, 1: {"red": 1}},
                     diamonds_to="discard")
    play(state, "buy red from P2")
    assert state.right[1][DIAMOND] == 0
    assert state.discard[DIAMOND] == 3


def test_di7_buyer_chooses_the_opponent() -> None:
    state = position(3, castles={0: ("red", 1)},
                     right={0: {"diamond": 3}, 1: {"red": 1}, 2: {"red": 2}})
    texts = [GAME.action_text(state, a) for a in state.legal_actions()]
    assert texts == ["draw", "buy red from P2", "buy red from P3"]


def test_di7_needs_three_diamonds() -> None:
    state = position(castles={0: ("red", 1)}, right={0: {"diamond": 2}, 1: {"red": 1}})
    error = refused(state, "buy red from P2")
    assert error.ruling == "DI-7" and "you have 2" in error.reason


def test_di7_only_own_colour_unless_buy_any() -> None:
    state = position(castles={0: ("red", 1)}, right={0: {"diamond": 3}, 1: {"blue": 1}})
    assert refused(state, "buy blue from P2").ruling == "DI-7"
    state = position(castles={0: ("red", 1)}, right={0: {"diamond": 3}, 1: {"blue": 1}},
                     buy="any")
    play(state, "buy blue from P2")
    assert state.right[0][BLUE] == 1


def test_di7_seller_must_hold_the_card() -> None:
    state = position(castles={0: ("red", 1)}, right={0: {"diamond": 3}})
    error = refused(state, "buy red from P2")
    assert error.ruling == "DI-7" and "no red" in error.reason
    assert refused(state, "buy red from P1").ruling == "DI-7"


# DI-8 -------------------------------------------------------------------------------


def test_di8_fairy_counters_witch() -> None:
    state = position(castles={0: ("red", 3)}, right={0: {"fairy": 1, "diamond": 2}})
    play(state, "draw", "reveal witch")
    assert state.legal_actions() == [Choice.USE_FAIRY, Choice.KEEP_FAIRY]
    play(state, "use fairy")
    assert state.castle_size[0] == 3 and state.right[0][DIAMOND] == 2
    assert state.right[0][FAIRY] == 0
    assert state.discard[WITCH] == 1 and state.discard[FAIRY] == 1
    assert state.current_player() == 1


def test_di8_keep_fairy_then_lose_three_cards() -> None:
    state = position(castles={0: ("red", 3)}, right={0: {"fairy": 1, "diamond": 2}})
    play(state, "draw", "reveal witch", "keep fairy", "lose castle", "lose diamond",
         "lose castle")
    assert state.castle_size[0] == 1 and state.right[0][DIAMOND] == 1
    assert state.right[0][FAIRY] == 1
    assert state.discard[RED] == 2 and state.discard[DIAMOND] == 1
    assert state.discard[WITCH] == 1
    assert state.current_player() == 1


def test_di8_fairy_auto_variant() -> None:
    state = position(right={0: {"fairy": 2, "diamond": 3}}, fairy="auto")
    play(state, "draw", "reveal witch")
    assert state.right[0][FAIRY] == 1 and state.right[0][DIAMOND] == 3
    assert state.current_player() == 1


def test_di8_fewer_than_three_cards_all_go() -> None:
    state = position(castles={0: ("red", 1)}, right={0: {"diamond": 1}})
    play(state, "draw", "reveal witch")
    assert state.castle_size[0] == 0 and state.right[0][DIAMOND] == 0
    assert state.current_player() == 1


def test_di8_fairies_are_never_lost() -> None:
    state = position(castles={0: ("red", 2)},
                     right={0: {"fairy": 1, "diamond": 2, "blue": 1}})
    play(state, "draw", "reveal witch", "keep fairy")
    assert refused(state, "lose fairy").ruling == "DI-8"
    assert refused(state, "lose witch").ruling == "DI-8"
    assert refused(state, "draw").ruling == "DI-8"
    play(state, "lose blue", "lose castle", "lose castle")
    assert state.right[0][FAIRY] == 1


def test_di8_right_hand_castle_cards_can_be_lost() -> None:
    state = position(right={0: {"blue": 2, "diamond": 2}})
    play(state, "draw", "reveal witch", "lose blue")
    assert state.toll_left == 2
    play(state, "lose blue")
    assert state.right[0][DIAMOND] == 1, "the last card was forced (DI-14)"


# DI-9 -------------------------------------------------------------------------------


def test_di9_empty_pile_takes_the_shuffled_discard() -> None:
    state = position(pile={}, discard={})
    assert sum(state.pile) == 0 and sum(state.discard) == 54
    play(state, "draw")
    assert sum(state.pile) == 54 and sum(state.discard) == 0
    assert state.current_player() == CHANCE


def test_di9_nothing_to_draw_only_buy_or_pass() -> None:
    state = position(castles={0: ("red", 5)}, right={0: {"diamond": 20}, 1: {"red": 1}},
                     pile={}, discard={})
    state.discard = [0] * 7  # every other card out of play for this scenario
    assert refused(state, "draw").ruling == "DI-9"
    texts = [GAME.action_text(state, a) for a in state.legal_actions()]
    assert texts == ["buy red from P2", "pass"]
    play(state, "pass")
    assert state.current_player() == 1
    assert refused(state, "draw").ruling == "DI-9"


def test_di9_pass_refused_when_a_card_can_be_drawn() -> None:
    assert refused(position(), "pass").ruling == "DI-9"


# DI-10 ------------------------------------------------------------------------------


def test_di10_sixth_card_drawn_wins_at_once() -> None:
    state = play(position(castles={0: ("green", 5)}), "draw", "reveal green")
    assert state.current_player() == TERMINAL
    assert state.end_reason() == "castle"
    assert state.returns() == [1.0, 0.0]
    assert refused(state, "draw").ruling == "DI-10"


def test_di10_sixth_card_bought_wins_at_once() -> None:
    state = position(castles={0: ("red", 5)}, right={0: {"diamond": 3}, 1: {"red": 1}})
    play(state, "buy red from P2")
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


def test_di10_cap_ends_the_game_as_a_draw() -> None:
    state = position(3, max_turns=2)
    play(state, "draw", "reveal diamond", "stop", "draw", "reveal witch")
    assert state.is_terminal() and state.end_reason() == CAP
    assert state.returns() == pytest.approx([1 / 3] * 3)


# DI-11 ------------------------------------------------------------------------------


def test_di11_every_seat_sees_the_same_table() -> None:
    state = play(position(3, castles={0: ("red", 2)}, right={1: {"diamond": 2}}), "draw")
    spectator = state.observe(None)
    for seat in range(3):
        view = state.observe(seat)
        assert view.seat == seat
        assert view.draw_pile == spectator.draw_pile == tuple(state.pile)
        assert view.castles == spectator.castles and view.right_piles == spectator.right_piles


# DI-12 ------------------------------------------------------------------------------


def test_di12_buy_any_other_colour_goes_to_the_right() -> None:
    state = position(castles={0: ("red", 1)}, right={0: {"diamond": 3}, 1: {"blue": 1}},
                     buy="any")
    play(state, "buy blue from P2")
    assert state.castle_size[0] == 1 and state.right[0][BLUE] == 1


def test_di12_empty_castle_still_owned_may_buy() -> None:
    state = position(castles={0: ("red", 0)}, right={0: {"diamond": 3}, 1: {"red": 1}})
    play(state, "buy red from P2")
    assert state.castle_size[0] == 1


def test_di12_empty_castle_may_not_start_another() -> None:
    state = play(position(castles={0: ("red", 0)}), "draw", "reveal blue")
    assert state.castle[0] == RED and state.right[0][BLUE] == 1


def test_di12_release_empty_keeps_right_hand_cards_and_allows_a_new_castle() -> None:
    state = position(castles={0: ("red", 1)}, right={0: {"fairy": 1}}, release_empty="yes")
    play(state, "draw", "reveal witch", "keep fairy")
    assert state.castle[0] == NO_COLOUR and state.right[0][FAIRY] == 1
    play(state, "draw", "reveal diamond", "stop", "draw", "reveal blue")
    assert (state.castle[0], state.castle_size[0]) == (BLUE, 1)


def test_di12_fairy_decision_comes_before_the_cards() -> None:
    state = position(castles={0: ("red", 2)}, right={0: {"fairy": 1, "diamond": 2}})
    play(state, "draw", "reveal witch")
    assert state.phase == Phase.FAIRY_CHOICE
    assert refused(state, "lose castle").ruling == "DI-8"
    play(state, "keep fairy")
    assert state.phase == Phase.WITCH_TOLL and state.toll_left == 3


def test_di12_max_turns_counts_each_seats_turn() -> None:
    state = position(2, max_turns=3)
    play(state, "draw", "reveal diamond", "stop")
    assert state.turns == 1 and state.current_player() == 1
    play(state, "draw", "reveal diamond", "stop", "draw", "reveal witch")
    assert state.turns == 3 and state.is_terminal()


# DI-13 ------------------------------------------------------------------------------


def test_di13_castle_cards_are_counted_by_colour() -> None:
    state = position(castles={0: ("yellow", 4)})
    assert state.pile[Card.YELLOW] == 2
    play(state, "draw", "reveal yellow", "draw", "reveal yellow")
    assert state.is_terminal() and state.pile[Card.YELLOW] == 0
    other = play(position(castles={0: ("yellow", 4)}, right={1: {"yellow": 2}}), "draw")
    assert refused(other, "reveal yellow").ruling == "DI-1", "six cards per colour, no more"


# DI-14 ------------------------------------------------------------------------------


def test_di14_one_kind_at_risk_is_taken_without_asking() -> None:
    state = play(position(right={0: {"diamond": 5}}), "draw", "reveal witch")
    assert state.right[0][DIAMOND] == 2 and state.current_player() == 1


def test_di14_all_at_risk_go_without_asking() -> None:
    state = play(position(castles={0: ("red", 1)}, right={0: {"diamond": 1, "blue": 1}}),
                 "draw", "reveal witch")
    assert state.castle_size[0] == 0 and sum(state.right[0]) == 0
    assert state.current_player() == 1


def test_di14_a_real_choice_is_asked() -> None:
    state = play(position(castles={0: ("red", 1)}, right={0: {"diamond": 3}}),
                 "draw", "reveal witch")
    assert state.phase == Phase.WITCH_TOLL
    texts = [GAME.action_text(state, a) for a in state.legal_actions()]
    assert texts == ["lose castle", "lose diamond"]
    play(state, "lose castle")
    assert state.right[0][DIAMOND] == 1, "the two remaining diamonds were forced"
    assert total_cards(state) == 54


# ALL-1 ------------------------------------------------------------------------------


def test_all1_returns_winner_one_draw_shared() -> None:
    state = position(3)
    assert state.returns() == [0.0, 0.0, 0.0]
    won = play(position(3, castles={1: ("blue", 5)}, seat=1), "draw", "reveal blue")
    assert won.returns() == [0.0, 1.0, 0.0]
    drawn = play(position(4, max_turns=1), "draw", "reveal witch")
    assert drawn.returns() == [0.25] * 4 and sum(drawn.returns()) == 1.0


def test_di7_plain_values_are_read_as_cards_and_refusals_stay_clean() -> None:
    state = position(castles={0: ("red", 1)}, right={0: {"diamond": 3}, 1: {"red": 1}})
    state.apply(Buy(1, 0))  # type: ignore[arg-type]
    assert state.castle_size[0] == 2
    other = position(castles={0: ("red", 1)}, right={0: {"diamond": 3}})
    assert refused(other, "buy red from P2").ruling == "DI-7"
    with pytest.raises(IllegalActionError, match="no red"):
        other.apply(Buy(1, 0))  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        other.apply(Lose(42))  # type: ignore[arg-type]
    chance = GAME.new_state(2, {"first": "random"})
    with pytest.raises(IllegalActionError, match="no seat P4") as error:
        chance.apply(FirstPlayer(3))
    assert error.value.ruling == "DI-2"
