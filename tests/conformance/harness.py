"""Random seeded playouts over every registered game, player count and variant value."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from albion.core import CHANCE, AnyState, Game, Variant, all_games, pick_outcome


@dataclass(frozen=True)
class Setup:
    """A game, a player count and a variant: one column of the conformance suite."""

    game: Game
    players: int
    variant: Variant

    def __str__(self) -> str:
        changed = {k: v for k, v in self.variant.items()
                   if v != self.game.variant()[k]}
        extra = ",".join(f"{k}={v}" for k, v in changed.items())
        return f"{self.game.id}-{self.players}p" + (f"-{extra}" if extra else "")


def setups() -> list[Setup]:
    """Each player count with the default variant, and each non-default variant value
    (the smallest one for numbers, which exercises safety caps) with the fewest players."""
    result = []
    for game in all_games():
        for players in range(game.min_players, game.max_players + 1):
            result.append(Setup(game, players, game.variant()))
        for option in game.variant_options:
            values = [c for c in option.choices if c != option.default] or [option.minimum]
            for value in values:
                result.append(Setup(game, game.min_players, game.variant({option.key: value})))
    return result


def choose(state: AnyState, rng: random.Random) -> Any:
    """A random legal action, chance outcomes drawn with their probabilities."""
    if state.current_player() == CHANCE:
        return pick_outcome(state.chance_outcomes(), rng.random())
    return rng.choice(state.legal_actions())


def playout(setup: Setup, seed: int, max_steps: int = 20_000) -> Iterator[AnyState]:
    """Every state of one random game, initial and terminal included (the live state:
    callers must not change it)."""
    rng = random.Random(seed)
    state = setup.game.new_state(setup.players, setup.variant)
    yield state
    for _ in range(max_steps):
        if state.is_terminal():
            return
        state.apply(choose(state, rng))
        yield state
    raise AssertionError(f"{setup} seed {seed}: no end after {max_steps} steps")
