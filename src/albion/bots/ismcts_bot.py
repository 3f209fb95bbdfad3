"""The ISMCTS bot: information-set Monte Carlo tree search from its seat's view only (each
iteration plays in a state sampled with `sample_state`), and its cheating twin for
analysis, which searches the true state."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from albion.bots.search import Budget, Evaluation, Policy, SearchResult, search
from albion.core.game import AnyState, Game


@dataclass(frozen=True)
class SearchSettings:
    budget: Budget
    c: float
    policy: Policy
    cutoff: int
    evaluate: Evaluation | None
    bias: float = 0.0


class IsmctsBot:
    """Sees only its view; `last` keeps the latest search (for hints and benchmarks)."""

    name = "ismcts"
    sees_state = False

    def __init__(self, game: Game, rng: random.Random, settings: SearchSettings) -> None:
        self.game = game
        self.rng = rng
        self.settings = settings
        self.last: SearchResult | None = None

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        self.last = self.think(view, legal)
        return self.last.action

    def think(self, view: Any, legal: Sequence[Any]) -> SearchResult:
        settings = self.settings
        return search(lambda: self.game.sample_state(view, self.rng), view.seat, legal,
                      self.rng, settings.budget, settings.c, settings.policy, settings.cutoff,
                      settings.evaluate, settings.bias)


class CheatingMctsBot:
    """MCTS on the true state: for measuring what hidden information is worth. It is given
    the state (`sees_state`), and every output labels it."""

    name = "cheat-mcts"
    sees_state = True

    def __init__(self, game: Game, rng: random.Random, settings: SearchSettings) -> None:
        self.game = game
        self.rng = rng
        self.settings = settings

    def choose(self, state: AnyState, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        settings = self.settings
        return search(state.clone, state.current_player(), legal, self.rng, settings.budget,
                      settings.c, settings.policy, settings.cutoff, settings.evaluate,
                      settings.bias).action
