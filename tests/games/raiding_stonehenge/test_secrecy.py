"""RS-6 and RS-18: no view, and no action text shown to others, reveals a hand or a
committed card before the reveal — checked at every step of many random games."""

from __future__ import annotations

import random

import pytest

from albion.core import CHANCE
from albion.games.raiding_stonehenge import GAME, Deal, Phase, Play, RaidingState
from albion.games.raiding_stonehenge.record import HAND_TARGET
from tests.conformance.harness import choose

GAMES = 40


def viewers_other_than(state: RaidingState, seat: int) -> list[int | None]:
    return [None, *(other for other in range(state.n) if other != seat)]


@pytest.mark.parametrize("players", [2, 4, 5])
def test_rs6_canary_card_never_reaches_another_seat(players: int) -> None:
    checked_views = checked_texts = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = GAME.new_state(players)
        assert isinstance(state, RaidingState)
        while not state.is_terminal():
            for seat in range(players):
                planted = GAME.plant_canary(state, seat)
                if planted is None:
                    continue
                assert planted.observe(seat) != state.observe(seat)
                for viewer in viewers_other_than(state, seat):
                    assert planted.observe(viewer) == state.observe(viewer)
                    checked_views += 1
            checked_texts += _check_texts(state)
            state.apply(choose(state, rng))
    assert checked_views > 1000 and checked_texts > 1000


def _check_texts(state: RaidingState) -> int:
    """Every secret action (a play; a card dealt to a hand) reads the same to every other
    viewer whatever the card — and never names it."""
    actor = state.current_player()
    secret = [a for a in state.legal_actions() if isinstance(a, Play | Deal)]
    if actor == CHANCE:
        target = state.deal_queue[0]
        if target < HAND_TARGET:
            return 0
        owner = target - HAND_TARGET
    elif state.phase is Phase.PLAY:
        owner = actor
    else:
        return 0
    checked = 0
    for viewer in viewers_other_than(state, owner):
        texts = {GAME.describe_action(state, action, viewer) for action in secret}
        assert len(texts) == 1, texts
        assert not any(char.isdigit() for char in texts.pop().replace(f"P{owner + 1}", ""))
        checked += 1
    own = {GAME.describe_action(state, action, owner) for action in secret}
    assert len(own) == len(secret), "the owner reads the card"
    return checked
