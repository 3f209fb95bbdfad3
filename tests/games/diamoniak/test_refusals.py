"""Every kind of Diamoniak refusal, each with the ruling it must name (issue 12: the
ruling comes from the checks that build the legal actions, so it is the rule that really
forbids the move). A refused action changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from albion.core.errors import AlbionError, NotYourTurn
from albion.games.diamoniak import Choice, DiamoniakState, Phase
from albion.games.diamoniak import legality as diamoniak_legality
from tests.games.diamoniak.positions import play, position
from tests.games.refusal_coverage import assert_refused, kind_of, refusal_kinds

KINDS = refusal_kinds(Path(diamoniak_legality.__file__))


def over() -> DiamoniakState:
    return play(position(2, max_turns=1), "draw", "reveal diamond", "stop")


def drawing() -> DiamoniakState:
    return play(position(2, pile={"diamond": 5, "witch": 1}), "draw")


def fairy_choice() -> DiamoniakState:
    return play(position(2, right={0: {"fairy": 1}}, pile={"witch": 2}), "draw",
                "reveal witch")


def toll() -> DiamoniakState:
    """P1 holds a blue castle of 2 and diamonds and red cards: the witch asks."""
    return play(position(2, castles={0: ("blue", 2)}, right={0: {"diamond": 2, "red": 2}},
                         pile={"witch": 2}), "draw", "reveal witch")


def toll_no_castle() -> DiamoniakState:
    return play(position(2, right={0: {"diamond": 2, "red": 2}}, pile={"witch": 2}),
                "draw", "reveal witch")


def buyer(**extra: object) -> DiamoniakState:
    """P1 owns red with 3 diamonds; P2 holds blue and green on its right."""
    return position(2, castles={0: ("red", 2)}, right={0: {"diamond": 3},
                                                       1: {"blue": 1, "green": 1}},
                    **extra)  # type: ignore[arg-type]


def empty_pile_and_discard() -> DiamoniakState:
    """DI-9's case: nothing left to draw. A real game always keeps its witches in the
    pile or the discard, so the check is tested on a state emptied by hand."""
    state = position(2)
    state.pile = [0] * len(state.pile)
    state.discard = [0] * len(state.discard)
    return state


CASES: list[tuple[str, Callable[[], DiamoniakState], str, str]] = [
    ("the game is over", over, "draw", "DI-10"),
    ("a card turns up only when drawn", lambda: position(2), "reveal red", "DI-2"),
    ("the pile holds no such card", drawing, "reveal red", "DI-1"),
    ("the first player is drawn at the start only", lambda: position(2), "first P2", "DI-2"),
    ("no such seat to start", lambda: position(2, first="random", phase=Phase.FIRST_PLAYER),
     "first P4", "DI-2"),
    # issue 26: a move while a card is drawn breaks DI-3 (a draw), not DI-2 (the start)
    ("a card is being drawn", drawing, "stop", "DI-3"),
    ("the first player is being chosen",
     lambda: position(2, first="random", phase=Phase.FIRST_PLAYER), "stop", "DI-2"),
    ("a buy after a draw", lambda: play(position(2, castles={0: ("red", 1)},
                                                 right={0: {"diamond": 3},
                                                        1: {"red": 1}}),
                                        "draw", "reveal diamond"), "buy red from P2", "DI-3"),
    ("the first draw is mandatory", lambda: position(2), "stop", "DI-3"),
    ("the seller holds none", buyer, "buy red from P2", "DI-7"),
    ("three diamonds", lambda: position(2, castles={0: ("red", 1)},
                                        right={0: {"diamond": 2}, 1: {"red": 1}}),
     "buy red from P2", "DI-7"),
    ("from an opponent", buyer, "buy red from P1", "DI-7"),
    ("a castle first", lambda: position(2, right={0: {"diamond": 3}, 1: {"red": 1}}),
     "buy red from P2", "DI-7"),
    ("own colour only", buyer, "buy blue from P2", "DI-7"),
    ("the fairy first", fairy_choice, "lose castle", "DI-8"),
    ("fairies are never lost", toll, "lose fairy", "DI-8"),
    ("the witch is not one of the three", toll, "lose witch", "DI-8"),
    ("choose what to lose", toll, "draw", "DI-8"),
    ("a card not held", toll, "lose green", "DI-8"),
    ("an empty castle", toll_no_castle, "lose castle", "DI-8"),
    ("only a witch asks", lambda: position(2), "use fairy", "DI-8"),
    ("nothing to draw", empty_pile_and_discard, "draw", "DI-9"),
    ("pass while a card can be drawn", lambda: position(2), "pass", "DI-9"),
    ("pass after a draw", lambda: play(position(2), "draw", "reveal diamond"), "pass",
     "DI-9"),
]


@pytest.mark.parametrize(("case", "build", "text", "ruling"), CASES,
                         ids=[case[0] for case in CASES])
def test_di_refusals_name_their_ruling(case: str, build: Callable[[], DiamoniakState],
                                       text: str, ruling: str) -> None:
    assert_refused(build(), text, ruling)


def test_di_every_kind_of_refusal_is_tested() -> None:
    produced = set()
    for _, build, text, _ in CASES:
        state = build()
        found = state.refusal(state.game.parse_action(state, text))
        assert found is not None
        produced.add(kind_of(found, KINDS))
    assert KINDS - produced == set(), "kinds of refusal without a test"


def test_di3_a_seat_that_may_not_decide_is_told_not_your_turn() -> None:
    """`apply_for` for a seat whose turn it is not raises `NotYourTurn` (an
    `AlbionError`, issue 26) and changes nothing."""
    state = position(2)
    before = state.clone()
    with pytest.raises(NotYourTurn) as refused:
        state.apply_for(1, Choice.DRAW)
    assert isinstance(refused.value, AlbionError) and refused.value.to_move == (0,)
    assert state == before
