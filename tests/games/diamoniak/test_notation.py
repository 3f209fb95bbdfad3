"""Diamoniak notation: canonical texts, forgiving reading, clear refusals."""

from __future__ import annotations

import pytest

from albion.core import InvalidActionError
from albion.games.diamoniak import GAME, Buy, Card, Choice, FirstPlayer, Lose, Reveal
from tests.games.diamoniak.positions import position

CASES = [
    (Choice.DRAW, "draw"),
    (Choice.STOP, "stop"),
    (Choice.PASS, "pass"),
    (Choice.USE_FAIRY, "use fairy"),
    (Choice.KEEP_FAIRY, "keep fairy"),
    (Choice.LOSE_CASTLE, "lose castle"),
    (Buy(1, Card.RED), "buy red from P2"),
    (Lose(Card.DIAMOND), "lose diamond"),
    (Reveal(Card.WITCH), "reveal witch"),
    (FirstPlayer(3), "first P4"),
]


@pytest.mark.parametrize(("action", "text"), CASES, ids=[t for _, t in CASES])
def test_canonical_text_reads_back(action: object, text: str) -> None:
    state = position()
    assert GAME.action_text(state, action) == text
    assert GAME.parse_action(state, text) == action


def test_reading_is_forgiving() -> None:
    state = position(castles={0: ("blue", 1)})
    assert GAME.parse_action(state, "  BUY   Blue from p3 ") == Buy(2, Card.BLUE)
    assert GAME.parse_action(state, "buy from P2") == Buy(1, Card.BLUE)
    assert GAME.parse_action(state, "Use   Fairy") == Choice.USE_FAIRY


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("buy from P2", "name the colour"),
        ("buy diamond from P2", "not a card here"),
        ("buy red from P9", "not a seat"),
        ("lose sword", "not a card"),
        ("dance", "try: draw"),
        ("", "not a Diamoniak action"),
    ],
)
def test_bad_text_is_invalid_with_a_hint(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        GAME.parse_action(position(), text)
