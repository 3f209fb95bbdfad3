"""The heuristic bot: the game's hand-written strategy, applied to a state sampled from its
own view (the strategies read only what the seat may know, or what it guesses). With
`noise` it plays a uniformly random legal action instead on that share of its decisions:
a bot of graded strength between the random bot (1) and the strategy (0), the ladder of
the rating benchmark (issue 30)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from albion.bots.base import AgentBase
from albion.bots.search import random_index
from albion.core.game import AnyGame
from albion.core.plugin import Strategy


class HeuristicBot(AgentBase):
    name = "heuristic"

    def __init__(self, game: AnyGame, rng: random.Random, strategy: Strategy,
                 noise: float = 0.0) -> None:
        self.game = game
        self.rng = rng
        self.strategy = strategy
        self.noise = noise

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        # without noise, no draw: the same games as before the option existed
        if self.noise and self.rng.random() < self.noise:
            return legal[random_index(self.rng, len(legal))]
        state = self.game.sample_state(view, self.rng)
        action = self.strategy.policy(state, self.rng)
        return action if action in legal else legal[0]
