"""The heuristic strategies' arithmetic, against the plain definitions it shortcuts (the
rollouts call it at every step, so it is written for speed)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from albion.bots.heuristics import diamoniak as di
from albion.bots.heuristics import raiding_stonehenge as rs
from albion.games.diamoniak import GAME as DIAMONIAK
from albion.games.diamoniak import Card, Choice, DiamoniakState, Lose
from albion.games.raiding_stonehenge.scoring import score

DISKS = st.lists(st.integers(0, 10), min_size=5, max_size=5)


@given(DISKS)
def test_rs_gain_is_the_score_change_of_one_more_disk(disks: list[int]) -> None:
    """RS-16: the closed form agrees with scoring before and after."""
    for colour in range(5):
        more = disks[:]
        more[colour] += 1
        assert rs.gain(disks, colour) == score(more) - score(disks)
    assert rs.colour_gains(disks) == [rs.gain(disks, colour) for colour in range(5)]


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
