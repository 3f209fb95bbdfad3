"""The heuristic strategies' arithmetic, against the plain definitions it shortcuts (the
rollouts call it at every step, so it is written for speed)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from albion.core import CHANCE, get_game
from albion.games.diamoniak import GAME as DIAMONIAK
from albion.games.diamoniak import Card, Choice, DiamoniakState, Lose
from albion.games.diamoniak import strategy as di
from albion.games.raiding_stonehenge import Phase, Place, Play, RaidingState, Take
from albion.games.raiding_stonehenge import strategy as rs
from albion.games.raiding_stonehenge.resolution import rank_at_pile
from albion.games.raiding_stonehenge.scoring import score
from tests.conformance.harness import choose

DISKS = st.lists(st.integers(0, 10), min_size=5, max_size=5)


@given(DISKS)
def test_rs_gain_is_the_score_change_of_one_more_disk(disks: list[int]) -> None:
    """RS-16: the closed form agrees with scoring before and after."""
    for colour in range(5):
        more = disks[:]
        more[colour] += 1
        assert rs.gain(disks, colour) == score(more) - score(disks)


def _state_with(right: list[int], castle_size: int) -> DiamoniakState:
    state = DIAMONIAK.new_state(2)
    assert isinstance(state, DiamoniakState)
    state.castle[0] = Card.RED if castle_size else -1
    state.castle_size[0] = castle_size
    state.right[0] = right
    return state


RIGHT = st.lists(st.integers(0, 4), min_size=7, max_size=7)


@given(RIGHT, st.integers(0, 5))
def test_di_toll_is_the_three_cheapest_cards_at_risk(right: list[int], castle: int) -> None:
    """DI-8: the witch's price the strategy weighs: the three cheapest cards, summed
    cheapest first (castle 3, diamond 1, another colour 0.4)."""
    state = _state_with(right, castle)
    values = sorted([di.CASTLE_VALUE] * castle + [di.DIAMOND_VALUE] * right[Card.DIAMOND]
                    + [di.OTHER_VALUE] * sum(right[:4]))
    assert di.toll(state) == sum(values[:3])


def test_di_witch_gets_another_colour_then_a_diamond_then_the_castle() -> None:
    """DI-8: the cheapest card goes first."""
    other, diamond = Lose(Card.BLUE), Lose(Card.DIAMOND)
    castle = Choice.LOSE_CASTLE
    assert di.cheapest_loss([castle, other, diamond]) == other
    assert di.cheapest_loss([castle, diamond, other]) == other
    assert di.cheapest_loss([castle, diamond]) == diamond
    assert di.cheapest_loss([castle]) == castle


def test_rs_place_values_rank_the_black_card_as_rs9_does() -> None:
    """RS-9: the black card is first at a pile exactly when `rank_at_pile` puts it
    first among the players already there."""
    game = get_game("raiding-stonehenge")
    rng = random.Random(4)
    checked = 0
    for _ in range(40):
        state = game.new_state(4)
        while not state.is_terminal():
            if isinstance(state, RaidingState) and state.phase is Phase.PLACE:
                seat, values = state.seat, rs.place_values(state)
                for colour in range(5):
                    there = [s for s in range(4) if state.at_pile[s] == colour] + [seat]
                    first = rank_at_pile(there, state.plays, state.start)[0] == seat
                    disks = state.disks[seat]
                    expected = ((rs.gain(disks, colour) if state.piles[colour] else 0)
                                if first else (-1 if sum(disks) else 0))
                    assert values[colour] == expected
                checked += 1
            state.apply_legal(choose(state, rng))
    assert checked > 50


@given(DISKS)
def test_rs_worth_tables_are_card_worth(disks: list[int]) -> None:
    """The rollout's table lookup gives `card_worth` for every card number."""
    gains = [rs.gain(disks, colour) for colour in range(5)]
    assert list(rs.worths(disks)) == [rs.card_worth(gains, n) for n in range(31)]


def test_rs_evaluation_is_a_win_chance_that_follows_the_score() -> None:
    """The cut-off evaluation: chances summing to 1 for every table size, the returns
    once the game is over, and more for a seat one disk from a set than for one that
    holds nothing, all else equal."""
    game = get_game("raiding-stonehenge")
    rng = random.Random(6)
    for players in range(game.min_players, game.max_players + 1):
        assert players in rs.EVALUATION_WEIGHTS
        state = game.new_state(players)
        while not state.is_terminal():
            chances = rs.evaluate(state)
            assert len(chances) == players and abs(sum(chances) - 1) < 1e-9
            assert all(0 < chance < 1 for chance in chances)
            state.apply_legal(choose(state, rng))
        assert rs.evaluate(state) == state.returns()
    state = game.new_state(2)
    while state.current_player() == CHANCE:
        state.apply_legal(choose(state, rng))
    assert isinstance(state, RaidingState)
    state.hands[1] = state.hands[0][:]
    state.disks = [[1, 1, 1, 1, 0], [0, 0, 0, 0, 0]]
    near, empty = rs.evaluate(state)
    assert near > empty


def test_rs_policy_is_the_first_best_legal_action() -> None:
    """The policy reads lines and hands straight; it picks what scoring every legal action
    and taking the first of the best would pick (a take by its bottom card's worth, a play
    by its card's worth, a pile by `place_values`)."""
    game = get_game("raiding-stonehenge")
    rng = random.Random(8)
    checked = set()
    for players in (2, 3, 5):
        for _ in range(15):
            state = game.new_state(players)
            while not state.is_terminal():
                if isinstance(state, RaidingState) and state.current_player() >= 0:
                    legal = state.legal_actions()
                    worth = rs.worths(state.disks[state.seat])
                    values: list[float] | None = None
                    if state.phase is Phase.PICK:
                        values = [worth[state.lines[a.line][-1]] for a in legal
                                  if isinstance(a, Take)]
                    elif state.phase is Phase.PLAY:
                        values = [worth[a.number] for a in legal if isinstance(a, Play)]
                    elif state.phase is Phase.PLACE:
                        values = [rs.place_values(state)[a.colour] for a in legal
                                  if isinstance(a, Place)]
                    if values is not None:
                        best = legal[values.index(max(values))]
                        assert rs.policy(state, rng) == best
                        checked.add(state.phase)
                state.apply_legal(choose(state, rng))
    assert checked == {Phase.PICK, Phase.PLAY, Phase.PLACE}
