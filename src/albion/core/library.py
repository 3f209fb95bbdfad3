"""The library's entry points (OpenSpiel's `load_game`, pgx's `make`): a game by id with
its variant, and chance played with a generator of one's own."""

from __future__ import annotations

import random
from typing import Any

from albion.core.chance import pick_outcome
from albion.core.game import AnyGame, AnyState
from albion.core.registry import get_game
from albion.core.state import CHANCE
from albion.core.variants import VariantValue


def load_game(game_id: str, **variant: VariantValue) -> AnyGame:
    """The game registered as `game_id`, its `new_state(players)` starting under `variant`
    (`albion.load_game("diamoniak", fairy="auto")`). UnknownGameError lists the ids;
    VariantError names the allowed values."""
    game = get_game(game_id)
    return game.configured(**variant) if variant else game


def play_chance(state: AnyState, rng: random.Random) -> list[Any]:
    """Resolve chance until a seat must decide or the game ends, drawing each outcome with
    its probability from `rng`; the outcomes applied, in order."""
    applied = []
    while state.current_player() == CHANCE:
        outcome = pick_outcome(state.chance_outcomes(), rng.random())
        state.apply_legal(outcome)
        applied.append(outcome)
    return applied
