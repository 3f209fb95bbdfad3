"""Random seeded playouts over every registered game, player count and variant value."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from albion.core import CHANCE, AnyGame, AnyState, Variant, all_games, pick_outcome


@dataclass(frozen=True)
class Setup:
    """A game, a player count and a variant: one column of the conformance suite."""

    game: AnyGame
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


CHECKED_STATES = 250
"""Per playout, the states a costly check looks at: every state of a short game, an even
sample of a long one (the game is still played to its end)."""


def playout(setup: Setup, seed: int, max_steps: int = 50_000,
            every: bool = False) -> Iterator[AnyState]:
    """States of one random game, initial and terminal included (the live state: callers
    must not change it). Long games yield about CHECKED_STATES of them unless `every`."""
    rng = random.Random(seed)
    state = setup.game.new_state(setup.players, setup.variant)
    stride = 1 if every else max(1, _length(setup, seed) // CHECKED_STATES)
    yield state
    for step in range(1, max_steps + 1):
        if state.is_terminal():
            if step % stride:
                yield state
            return
        state.apply(choose(state, rng))
        if step % stride == 0:
            yield state
    raise AssertionError(f"{setup} seed {seed}: no end after {max_steps} steps")


_lengths: dict[tuple[str, int, int, int], int] = {}


def _length(setup: Setup, seed: int) -> int:
    """How many actions the seeded game takes (played once, remembered)."""
    key = (setup.game.id, setup.players, hash(setup.variant), seed)
    if key not in _lengths:
        rng = random.Random(seed)
        state = setup.game.new_state(setup.players, setup.variant)
        count = 0
        while not state.is_terminal():
            state.apply_legal(choose(state, rng))
            count += 1
        _lengths[key] = count
    return _lengths[key]
