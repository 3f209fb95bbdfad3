"""Every kind of Raiding Stonehenge refusal, each with the ruling it must name (issue 12:
the ruling comes from the checks that build the legal actions — a pick from an empty line
breaks RS-5, not RS-4). A refused action changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from albion.core import IllegalActionError
from albion.core.errors import AlbionError, NotYourTurn
from albion.games.raiding_stonehenge import GAME, Phase, Play, RaidingState
from albion.games.raiding_stonehenge import legality as raiding_legality
from albion.games.raiding_stonehenge import record as raiding_record
from albion.games.raiding_stonehenge import state as raiding_state
from tests.games.raiding_stonehenge.positions import play, position
from tests.games.refusal_coverage import assert_refused, kind_of, refusal_kinds

KINDS = refusal_kinds(Path(raiding_legality.__file__), Path(raiding_state.__file__))
LINES = [[1, 2, 3], [7, 8, 9], [13, 14, 15], [19, 20, 21], [25, 26, 27]]


def pick() -> RaidingState:
    return position(2, lines=[[2], [], [], [], []], hands=[[4], [5]])


def playing() -> RaidingState:
    """Both picked; P1 commits first."""
    return play(position(2, lines=LINES, hands=[[4], [5]]), "take line 1", "take line 2")


def placing() -> RaidingState:
    """P2 played a black 30: it chooses a pile."""
    return play(position(2, lines=LINES, hands=[[4], [30]]), "take line 1", "take line 2",
                "play 4", "play 30")


def setting_aside() -> RaidingState:
    """P2 lost at a contested pile holding white and blue disks: it chooses."""
    return play(position(2, lines=LINES, hands=[[29], [23]], deck=[],
                         disks=[{}, {"white": 2, "blue": 1}]),
                "take line 5", "take line 5", "play 29", "play 23")


def setting_aside_by_pile_colour() -> RaidingState:
    """RS-11 with set_aside=pile-colour asks nothing (one colour at most), so its refusal
    is tested on a set-aside step set by hand."""
    state = setting_aside()
    state.rules = raiding_record.Rules.of(GAME.variant({"set_aside": "pile-colour"}))
    return state


def refilling() -> RaidingState:
    """Round 1 is over and the lines are being refilled from the deck."""
    return play(position(2, lines=[[1], [7], [], [], []], hands=[[4], [5]],
                         deck=[10, 11, 12]), "take line 1", "take line 2", "play 4",
                "play 5")


def over() -> RaidingState:
    return play(position(2, lines=[[1], [7], [], [], []], hands=[[4], [5]], deck=[]),
                "take line 1", "take line 2", "play 4", "play 5")


CASES: list[tuple[str, Callable[[], RaidingState], str, str]] = [
    ("the game is over", over, "take line 1", "RS-15"),
    ("cards are dealt by chance", pick, "deal 3", "RS-3"),
    ("no such card left to deal", lambda: play(GAME.new_state(2), "deal 3", "deal 3"),
     "deal 3", "RS-1"),
    ("the deal is on", lambda: GAME.new_state(2), "take line 1", "RS-3"),
    ("the refill is on", refilling, "take line 1", "RS-13"),
    ("an empty line", pick, "take line 3", "RS-5"),
    ("picks come first", playing, "take line 1", "RS-5"),
    ("a card not in hand", playing, "play 9", "RS-6"),
    ("play after picking", pick, "play 4", "RS-6"),
    ("only black cards choose a pile", pick, "place red", "RS-8"),
    ("set aside only at a contested pile", pick, "set aside red", "RS-11"),
    # issue 26: a refusal names the step the round is at, not one that is over
    ("a play while a pile is chosen", placing, "play 4", "RS-8"),
    ("a play while disks are set aside", setting_aside, "play 29", "RS-11"),
    ("a set-aside before the pile is chosen", placing, "set aside red", "RS-8"),
    ("a disk not held", setting_aside, "set aside red", "RS-11"),
    ("the pile's colour", setting_aside_by_pile_colour, "set aside blue", "RS-11"),
]


@pytest.mark.parametrize(("case", "build", "text", "ruling"), CASES,
                         ids=[case[0] for case in CASES])
def test_rs_refusals_name_their_ruling(case: str, build: Callable[[], RaidingState],
                                       text: str, ruling: str) -> None:
    assert_refused(build(), text, ruling)


def test_rs6_an_early_commit_of_a_card_not_in_hand_is_refused() -> None:
    """RS-6 at a table: a seat committing ahead of its turn (`apply_for`) must hold the
    card, and a refusal changes nothing."""
    state = play(position(3, lines=LINES, hands=[[4], [5], [6]]), "take line 1",
                 "take line 2", "take line 3")
    before = state.clone()
    with pytest.raises(IllegalActionError) as refused:
        state.apply_for(2, Play(5))
    assert refused.value.ruling == "RS-6" and state == before
    state.apply_for(2, Play(6))
    assert state.plays == [0, 0, 6] and state.current_player() == 0


def test_rs_every_kind_of_refusal_is_tested() -> None:
    produced = {kind_of(IllegalActionError("RS-6", "5 is not in your hand"), KINDS)}
    for _, build, text, _ in CASES:
        state = build()
        found = state.refusal(GAME.parse_action(state, text))
        assert found is not None
        produced.add(kind_of(found, KINDS))
    assert KINDS - produced == set(), "kinds of refusal without a test"


def test_rs_phases_of_the_refusal_positions() -> None:
    """The positions above are the steps they claim to be."""
    assert pick().phase is Phase.PICK and playing().phase is Phase.PLAY
    assert placing().phase is Phase.PLACE and setting_aside().phase is Phase.SET_ASIDE
    assert refilling().phase is Phase.DEALING and over().phase is Phase.OVER


def test_rs6_a_seat_that_may_not_decide_is_told_not_your_turn() -> None:
    """`apply_for` for a seat that may not decide raises `NotYourTurn` (an `AlbionError`,
    issue 26), at the pick and at the play, and changes nothing."""
    picking = pick()
    committing = play(position(3, lines=LINES, hands=[[4], [5], [6]]), "take line 1",
                      "take line 2")
    for state, seat, action in ((picking, 1, GAME.parse_action(picking, "take line 1")),
                                (committing, 1, Play(5))):
        before = state.clone()
        with pytest.raises(NotYourTurn) as refused:
            state.apply_for(seat, action)
        assert isinstance(refused.value, AlbionError) and refused.value.seat == seat
        assert state == before
