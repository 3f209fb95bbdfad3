"""Scenario tests, one or more per Raiding Stonehenge ruling, named after it."""

from __future__ import annotations

import math
import random

import pytest

from albion.core import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidActionError,
    PlayerCountError,
    pick_outcome,
)
from albion.games.raiding_stonehenge import (
    GAME,
    Colour,
    Phase,
    Play,
    RaidingState,
    SetAside,
    card_colour,
)
from albion.games.raiding_stonehenge.scoring import score, winners
from tests.games.raiding_stonehenge.positions import play, position, total_cards, total_disks

WHITE, BLUE, GREEN, YELLOW, RED = Colour
BLACK = -1
LINES = [[1, 2, 3], [7, 8, 9], [13, 14, 15], [19, 20, 21], [25, 26, 27]]


def refused(state: RaidingState, text: str) -> IllegalActionError:
    before = state.clone()
    with pytest.raises(IllegalActionError) as error:
        play(state, text)
    assert state == before
    return error.value


def pick_and_play(state: RaidingState, cards: dict[int, int]) -> None:
    """Everyone able to pick takes from the fullest line (clockwise from the start player),
    then everyone commits `cards[seat]`, in commit order."""
    while state.phase is Phase.PICK:
        fullest = max(range(5), key=lambda line: len(state.lines[line]))
        play(state, f"take line {fullest + 1}")
    for k in range(state.n):
        seat = (state.start + k) % state.n
        assert state.current_player() == seat
        play(state, f"play {cards[seat]}")


# RS-1 -------------------------------------------------------------------------------


def test_rs1_components() -> None:
    state = GAME.new_state(4)
    assert total_cards(state) == 60 and all(state.deck[n] == 2 for n in range(1, 31))
    assert state.piles == [10] * 5 and total_disks(state) == 50
    assert [card_colour(n) for n in (1, 2, 3, 4, 5, 6)] == [WHITE, BLUE, GREEN, YELLOW,
                                                            RED, BLACK]
    assert [card_colour(n) for n in (25, 26, 27, 28, 29, 30)] == [WHITE, BLUE, GREEN,
                                                                  YELLOW, RED, BLACK]


# RS-2 -------------------------------------------------------------------------------


def test_rs2_two_to_five_players_published_four_to_five() -> None:
    for players in range(2, 6):
        assert GAME.new_state(players).num_players == players
    for players in (1, 6):
        with pytest.raises(PlayerCountError):
            GAME.new_state(players)
    assert GAME.published_players == (4, 5)


# RS-3 and RS-19 ---------------------------------------------------------------------


def test_rs3_setup_deals_lines_then_hands() -> None:
    state = GAME.new_state(3)
    assert state.current_player() == CHANCE
    for number in range(1, 16):  # 5 lines x 3 cards, one per line per pass
        play(state, f"deal {number}")
    assert state.lines == [[1, 6, 11], [2, 7, 12], [3, 8, 13], [4, 9, 14], [5, 10, 15]]
    assert all(not hand for hand in state.hands)
    for number in range(16, 31):
        play(state, f"deal {number}")
    assert [len(hand) for hand in state.hands] == [5, 5, 5]
    assert sum(state.deck) == 60 - 30
    assert state.current_player() == 0 and state.phase is Phase.PICK


def test_rs3_a_draw_past_the_rounded_sum_deals_the_last_card() -> None:
    """Six cards' chances add up to just below 1 in floating point: a uniform number
    not below that sum deals the last card, drawn from the counts as from the list."""
    state = GAME.new_state(2)
    state.deck = [0] * 31
    for number, count in ((1, 1), (12, 2), (14, 1), (21, 1), (25, 1)):
        state.deck[number] = count
    outcomes = state.chance_outcomes()
    total = 0.0
    for _, probability in outcomes:
        total += probability  # as pick_outcome adds them
    uniform = math.nextafter(1.0, 0.0)
    assert total <= uniform
    assert state.sample_chance(uniform) == pick_outcome(outcomes, uniform) == outcomes[-1][0]


def test_rs19_seat0_starts_and_hands_are_dealt_clockwise_from_it() -> None:
    state = GAME.new_state(2)
    for number in range(1, 11):
        play(state, f"deal {number}")
    assert GAME.action_text(state, state.legal_actions()[0]) == "deal 1 to P1"
    play(state, "deal 11 to P1", "deal 12 to P2", "deal 13 to P1")
    assert state.hands == [[11, 13], [12]]


# RS-4 and RS-5 ----------------------------------------------------------------------


def test_rs4_only_the_bottom_card_is_taken() -> None:
    state = play(position(2, lines=LINES), "take line 2")
    assert state.hands[0] == [9] and state.lines[1] == [7, 8]
    assert GAME.describe_action(state, state.legal_actions()[1], None) == \
        "take 8 from line 2"


def test_rs5_pick_clockwise_from_the_start_same_line_allowed() -> None:
    state = position(3, start=2, lines=LINES, hands=[[4], [5], [10]])
    assert state.current_player() == 2
    play(state, "take line 1")
    assert state.current_player() == 0
    play(state, "take line 1", "take line 1")
    assert state.hands == [[2, 4], [1, 5], [3, 10]]
    assert state.phase is Phase.PLAY and state.current_player() == 2


def test_rs5_a_player_who_cannot_pick_plays_from_hand() -> None:
    state = position(3, lines=[[2], [], [], [], []], hands=[[4], [5], [10]], deck=[])
    play(state, "take line 1")
    assert state.phase is Phase.PLAY, "the lines ran out: the others keep their hands"
    assert state.hands == [[2, 4], [5], [10]]


def test_rs5_take_from_an_empty_line_is_refused() -> None:
    state = position(2, lines=[[2], [], [], [], []], hands=[[4], [5]])
    # the any-non-empty-line rule (RS-5), not the bottom-card rule (RS-4)
    assert refused(state, "take line 3").ruling == "RS-5"
    assert refused(state, "play 4").ruling == "RS-6"


# RS-6 -------------------------------------------------------------------------------


def test_rs6_commitments_are_secret_until_every_seat_has_played() -> None:
    state = position(3, lines=LINES, hands=[[4, 5], [10, 11], [16, 17]])
    play(state, "take line 1", "take line 1", "take line 1")
    play(state, "play 5")
    assert GAME.describe_action(state, state.legal_actions()[0], 0) == \
        "play a card face down"
    for viewer in (None, 0, 2):
        view = state.observe(viewer)
        assert view.committed == (True, False, False)
        assert 5 not in view.revealed and view.own_play == (5 if viewer == 0 else 0)
    play(state, "play 11")
    assert state.observe(2).revealed == (0, 0, 0)
    play(state, "play 17")
    assert state.phase is not Phase.PLAY


def test_rs6_played_cards_leave_the_game() -> None:
    state = position(2, lines=LINES, hands=[[4], [5]], deck=[])
    before = state.discard[:]
    pick_and_play(state, {0: 4, 1: 5})
    assert state.discard[4] == before[4] + 1 and state.discard[5] == before[5] + 1
    assert 4 not in state.hands[0] and state.plays == [0, 0]
    assert total_cards(state) == 60


def test_rs6_a_card_not_in_hand_is_refused() -> None:
    state = play(position(2, lines=LINES, hands=[[4], [5]]), "take line 1", "take line 1")
    assert refused(state, "play 29").ruling == "RS-6"


# RS-7 -------------------------------------------------------------------------------


def test_rs7_all_piles_distinct_each_takes_one_disk() -> None:
    state = position(4, lines=LINES, hands=[[25], [26], [27], [28]], deck=[])
    pick_and_play(state, {0: 25, 1: 26, 2: 27, 3: 28})
    assert [state.disks[seat] for seat in range(4)] == [
        [1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 0]]
    assert state.piles == [9, 9, 9, 9, 10]


def test_rs7_twins_the_player_nearer_the_start_ranks_first() -> None:
    # Day and night 17 (red) at the red pile; the start player is P3 (seat 2):
    # P4 is at distance 1, P2 at distance 3, so P4 takes and P2 sets aside.
    state = position(4, start=2, lines=LINES, hands=[[4], [17], [10], [17]], deck=[],
                     disks=[{}, {"blue": 1}, {}, {}])
    pick_and_play(state, {0: 4, 1: 17, 2: 10, 3: 17})
    assert state.disks[3][RED] == 1
    assert state.disks[1] == [0, 0, 0, 0, 0], "P2's only disk (blue) went back"
    assert state.piles[BLUE] == 10 and state.piles[RED] == 9


# RS-8 and RS-9 ----------------------------------------------------------------------


def test_rs8_black_cards_place_after_coloured_ones_and_choose() -> None:
    state = position(4, lines=LINES, hands=[[30], [5], [12], [26]], deck=[])
    pick_and_play(state, {0: 30, 1: 5, 2: 12, 3: 26})
    assert state.phase is Phase.PLACE and state.current_player() == 0, "30 before 12"
    view = state.observe(0)
    assert view.revealed == (30, 5, 12, 26)
    assert view.at_pile == (-1, RED, -1, BLUE), "earlier placements are seen"
    play(state, "place green")
    assert state.current_player() == 2
    assert state.observe(2).at_pile == (GREEN, RED, -1, BLUE)
    play(state, "place red")
    # Red pile: P2 (coloured 5) ranks above P3 (black 12) though 12 > 5 (RS-9).
    assert state.disks[1][RED] == 1 and state.disks[0][GREEN] == 1
    assert state.disks[2] == [0] * 5 and state.disks[3][BLUE] == 1


def test_rs9_black_players_rank_by_number_then_distance() -> None:
    state = position(3, start=1, lines=LINES, hands=[[18], [18], [6]], deck=[],
                     disks=[{}, {}, {"white": 1}])
    pick_and_play(state, {0: 18, 1: 18, 2: 6})
    assert state.current_player() == 1, "twin 18s: P2 is the start player"
    play(state, "place yellow", "place yellow", "place yellow")
    assert state.disks[1][YELLOW] == 1
    assert state.disks[2][WHITE] == 0 and state.piles[WHITE] == 10


# RS-10 ------------------------------------------------------------------------------


def test_rs10_contested_first_takes() -> None:
    state = position(3, lines=LINES, hands=[[29], [23], [17]], deck=[],
                     disks=[{}, {"green": 1}, {"white": 1}])
    pick_and_play(state, {0: 29, 1: 23, 2: 17})
    assert state.disks[0][RED] == 1
    assert state.disks[1] == [0] * 5 and state.disks[2] == [0] * 5
    assert state.piles == [10, 10, 10, 10, 9]


def test_rs10_contested_all_lose_variant() -> None:
    state = position(3, lines=LINES, hands=[[29], [23], [4]], deck=[],
                     disks=[{"blue": 1}, {"green": 1}, {}], contest="all-lose")
    pick_and_play(state, {0: 29, 1: 23, 2: 4})
    assert state.disks[0] == [0] * 5 and state.disks[1] == [0] * 5
    assert state.disks[2][YELLOW] == 1, "alone at yellow: takes"
    assert state.piles == [10, 10, 10, 9, 10]


# RS-11 ------------------------------------------------------------------------------


def test_rs11_set_aside_is_chosen_among_disks_held_before_the_round() -> None:
    state = position(2, lines=LINES, hands=[[29], [23]], deck=[],
                     disks=[{}, {"white": 2, "blue": 1}])
    pick_and_play(state, {0: 29, 1: 23})
    assert state.phase is Phase.SET_ASIDE and state.current_player() == 1
    texts = [GAME.action_text(state, action) for action in state.legal_actions()]
    assert texts == ["set aside white", "set aside blue"]
    assert refused(state, "set aside red").ruling == "RS-11"
    play(state, "set aside blue")
    assert state.disks[1] == [2, 0, 0, 0, 0] and state.piles[BLUE] == 10


def test_rs11_too_few_disks_give_what_there_is() -> None:
    state = position(2, lines=LINES, hands=[[29], [23]], deck=[])
    pick_and_play(state, {0: 29, 1: 23})
    assert state.disks[1] == [0] * 5 and state.phase is Phase.PICK


def test_rs11_a_pile_that_runs_out_gives_nothing() -> None:
    state = position(2, lines=LINES, hands=[[29], [4]], deck=[],
                     disks=[{"red": 5}, {"red": 5}])
    assert state.piles[RED] == 0
    pick_and_play(state, {0: 29, 1: 4})
    assert state.disks[0][RED] == 5 and state.disks[1][YELLOW] == 1


def test_rs11_pile_colour_variant() -> None:
    state = position(3, lines=LINES, hands=[[29], [23], [17]], deck=[],
                     disks=[{}, {"white": 1, "red": 1}, {"white": 1}],
                     set_aside="pile-colour")
    pick_and_play(state, {0: 29, 1: 23, 2: 17})
    assert state.disks[1] == [1, 0, 0, 0, 0], "gave red, the pile's colour, unasked"
    assert state.disks[2] == [1, 0, 0, 0, 0], "no red: gives nothing (RS-20)"


# RS-12 ------------------------------------------------------------------------------


def test_rs12_a_disk_returned_this_round_cannot_be_taken_this_round() -> None:
    # The red pile is empty; P2 sets aside a red disk at the contested white pile, but
    # P3, alone at red, takes first and gets nothing.
    state = position(3, lines=LINES, hands=[[25], [19], [29]], deck=[],
                     disks=[{"red": 5}, {"red": 5}, {}])
    pick_and_play(state, {0: 25, 1: 19, 2: 29})
    assert state.disks[2][RED] == 0
    assert state.piles[RED] == 1 and state.disks[1][RED] == 4
    assert state.disks[0][WHITE] == 1


# RS-13 ------------------------------------------------------------------------------


def test_rs13_refill_left_to_right_one_card_per_line_per_pass() -> None:
    state = position(3, lines=[[1, 2, 3], [7], [13, 14], [19, 20, 21], [25, 26]],
                     hands=[[4], [10], [16]], deck=[5, 6, 11, 12, 17, 23, 29])
    play(state, "take line 1", "take line 1", "take line 4")
    play(state, "play 4", "play 10", "play 16")
    assert state.current_player() == CHANCE
    texts = []
    while state.current_player() == CHANCE:
        action = state.legal_actions()[0]
        texts.append(GAME.action_text(state, action))
        state.apply(action)
    # Lines hold 1, 1, 2, 2, 2 cards: a first pass over all five, a second over the
    # first two; the smallest number is dealt each time here.
    assert texts == ["deal 5 to line 1", "deal 6 to line 2", "deal 11 to line 3",
                     "deal 12 to line 4", "deal 17 to line 5", "deal 23 to line 1",
                     "deal 29 to line 2"]
    assert state.lines[1] == [7, 6, 29], "new cards go to the bottom"
    assert all(len(line) == 3 for line in state.lines)


# RS-14 ------------------------------------------------------------------------------


@pytest.mark.parametrize(("rotate", "next_start"), [("yes", 1), ("no", 0)])
def test_rs14_the_start_player_passes_clockwise(rotate: str, next_start: int) -> None:
    state = position(3, lines=LINES, hands=[[4], [10], [16]], deck=[],
                     rotate_start=rotate)
    pick_and_play(state, {0: 4, 1: 10, 2: 16})
    assert state.start == next_start and state.current_player() == next_start


# RS-15 ------------------------------------------------------------------------------


def test_rs15_the_game_ends_when_no_one_can_pick() -> None:
    state = position(2, lines=[[2], [3], [], [], []], hands=[[4], [5]], deck=[])
    pick_and_play(state, {0: 4, 1: 5})
    assert state.current_player() == TERMINAL and state.is_terminal()
    assert state.legal_actions() == []
    assert refused(state, "take line 1").ruling == "RS-15"


# RS-16 and RS-17 --------------------------------------------------------------------


def test_rs16_score() -> None:
    assert score([0, 0, 0, 0, 0]) == 0
    assert score([1, 1, 1, 1, 1]) == 10
    assert score([3, 0, 1, 0, 0]) == -4
    assert score([2, 3, 2, 2, 4]) == 20 - 3


def test_rs17_winner_by_score_then_hand() -> None:
    assert winners([10, 12, 3], [[1], [2], [30]]) == [1]
    assert winners([5, 5, 3], [[20, 3], [20, 4], [30]]) == [1]
    assert winners([5, 5, 5], [[20, 4], [20, 4], [1]]) == [0, 1]


def test_rs17_identical_hands_share_the_win() -> None:
    state = position(2, lines=[[8], [8], [], [], []], hands=[[4, 9], [4, 16]], deck=[])
    pick_and_play(state, {0: 9, 1: 16})  # both alone at a pile: one disk each
    assert state.is_terminal() and state.scores() == [-1, -1]
    assert state.hands == [[4, 8], [4, 8]]
    assert state.returns() == [0.5, 0.5] and state.end_reason() == "shared"


def test_rs17_equal_scores_the_best_hand_wins() -> None:
    state = position(2, lines=[[8], [8], [], [], []], hands=[[4, 9], [5, 16]], deck=[])
    pick_and_play(state, {0: 9, 1: 16})
    assert state.hands == [[4, 8], [5, 8]]
    assert state.returns() == [0.0, 1.0] and state.end_reason() == "hand"


# RS-18 and RS-20 --------------------------------------------------------------------


def test_rs18_hands_are_private_everything_else_public() -> None:
    state = position(3, lines=LINES, hands=[[4, 5], [10, 11], [16, 17]],
                     disks=[{"red": 1}, {}, {}])
    spectator = state.observe(None)
    assert spectator.hand is None and spectator.hand_sizes == (2, 2, 2)
    assert state.observe(1).hand == (10, 11)
    for viewer in (None, 0, 2):
        assert 10 not in (state.observe(viewer).hand or ())
    assert spectator.lines == tuple(map(tuple, LINES))
    assert spectator.disks[0] == (0, 0, 0, 0, 1)


def test_rs20_views_show_counts_and_samples_deal_unseen_cards_consistently() -> None:
    state = GAME.new_state(4)
    rng = random.Random(3)
    while state.phase is Phase.DEALING:
        state.apply(random.choice(state.legal_actions()))
    view = state.observe(2)
    assert view.deck_size == 20 and view.hand_sizes == (5, 5, 5, 5)
    seen = set()
    for _ in range(20):
        sampled = GAME.sample_state(view, rng)
        assert sampled.observe(2) == view
        assert sampled.hands[2] == state.hands[2]
        assert total_cards(sampled) == 60
        seen.add(tuple(sampled.hands[0]))
    assert len(seen) > 1, "other hands are drawn from the unseen cards"


# RS-21 ------------------------------------------------------------------------------


def test_rs21_set_asides_in_placement_order_and_only_real_choices_asked() -> None:
    # Red pile: P1 29 takes; P2 23 and P4 (black 24) set aside. P3 holds one colour only.
    state = position(4, lines=LINES, hands=[[29], [23], [17], [24]], deck=[],
                     disks=[{}, {"white": 1, "blue": 1}, {"green": 2},
                            {"white": 1, "yellow": 1}])
    pick_and_play(state, {0: 29, 1: 23, 2: 17, 3: 24})
    play(state, "place red")
    assert state.phase is Phase.SET_ASIDE and state.current_player() == 1
    assert state.pending == [1, 2, 3]
    play(state, "set aside white")
    assert state.disks[2] == [0, 0, 1, 0, 0], "one colour held: given at once"
    assert state.current_player() == 3
    play(state, "set aside yellow")
    assert state.disks[1] == [0, 1, 0, 0, 0] and state.disks[3] == [1, 0, 0, 0, 0]
    assert total_disks(state) == 50


# ALL-1 ------------------------------------------------------------------------------


def test_all1_raiding_stonehenge_returns_sum_to_one() -> None:
    state = position(3, lines=[[2], [3], [], [], []], hands=[[4, 7], [4, 8], [9, 10]],
                     deck=[])
    assert state.returns() == [0.0, 0.0, 0.0]
    play(state, "take line 1", "take line 2", "play 4", "play 4", "play 9")
    assert state.is_terminal()
    assert sum(state.returns()) == pytest.approx(1.0)


def test_rs18_views_remember_cards_seen_taken_and_the_last_reveal() -> None:
    state = position(2, lines=LINES, hands=[[4, 9], [10, 11]], deck=[])
    play(state, "take line 5", "take line 5")  # P1 takes 27, P2 takes 26
    view = state.observe(1)
    assert view.taken == ((27,), (26,))
    rng = random.Random(0)
    for _ in range(10):
        assert 27 in GAME.sample_state(view, rng).hands[0], "a card seen taken is known"
    play(state, "play 27", "play 10")
    assert state.observe(None).last_plays == (27, 10)
    assert state.observe(0).taken == ((), (26,)), "played: no longer known in hand"


def test_rs18_observing_from_no_seat_is_refused() -> None:
    state = position(3, lines=LINES, hands=[[4], [10], [16]])
    for bad in (CHANCE, TERMINAL, 3):
        with pytest.raises(ValueError, match="no seat"):
            state.observe(bad)


def test_rs6_plain_numbers_are_read_as_the_engines_own_values() -> None:
    state = play(position(2, lines=LINES, hands=[[4], [10]], deck=[]), "take line 1",
                 "take line 1")
    state.apply(Play(4.0))  # type: ignore[arg-type]
    assert state.plays[0] == 4 and type(state.plays[0]) is int
    with pytest.raises(InvalidActionError):
        state.apply(SetAside(9))  # type: ignore[arg-type]
