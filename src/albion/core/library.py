"""The library's entry points (OpenSpiel's `load_game`, pgx's `make`): a game by id with
its variant, and chance played with a generator of one's own."""

from __future__ import annotations

import random
from typing import Any, TypeVar, overload

from albion.core.errors import UnknownGameError
from albion.core.game import AnyGame, AnyState
from albion.core.registry import all_plugins, get_game
from albion.core.state import CHANCE
from albion.core.variants import VariantValue

G = TypeVar("G", bound=AnyGame)


@overload
def load_game(game_id: str, **variant: VariantValue) -> AnyGame: ...


@overload
def load_game(game_id: type[G], **variant: VariantValue) -> G: ...


def load_game(game_id: str | type[AnyGame], **variant: VariantValue) -> AnyGame:
    """The game registered as `game_id` (its id, or its class for a typed game:
    `albion.load_game(Diamoniak)` is a `Game[DiamoniakState, DiamoniakAction,
    DiamoniakView]`, and a Table of it carries those types), its `new_state(players)`
    starting under `variant` (`albion.load_game("diamoniak", fairy="auto")`).
    UnknownGameError lists the ids; VariantError names the allowed values."""
    game = get_game(game_id) if isinstance(game_id, str) else registered(game_id)
    return game.configured(**variant) if variant else game


def registered(kind: type[G]) -> G:
    """The registered instance of the game class `kind` (UnknownGameError if none)."""
    for plugin in all_plugins():
        if type(plugin.game) is kind:
            return plugin.game
    raise UnknownGameError(f"no game of class {kind.__name__} is registered; known games: "
                           f"{', '.join(plugin.id for plugin in all_plugins()) or 'none'}")


def play_chance(state: AnyState, rng: random.Random) -> list[Any]:
    """Resolve chance until a seat must decide or the game ends, drawing each outcome with
    its probability from `rng`; the outcomes applied, in order."""
    applied = []
    while state.current_player() == CHANCE:
        outcome = state.sample_chance(rng.random())
        state.apply_legal(outcome)
        applied.append(outcome)
    return applied
