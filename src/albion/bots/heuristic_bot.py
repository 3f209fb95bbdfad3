"""The heuristic bot: the game's hand-written strategy, applied to a state sampled from its
own view (the strategies read only what the seat may know, or what it guesses)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from albion.bots.base import AgentBase
from albion.core.game import AnyGame
from albion.core.plugin import Strategy


class HeuristicBot(AgentBase):
    name = "heuristic"

    def __init__(self, game: AnyGame, rng: random.Random, strategy: Strategy) -> None:
        self.game = game
        self.rng = rng
        self.strategy = strategy

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        state = self.game.sample_state(view, self.rng)
        action = self.strategy.policy(state, self.rng)
        return action if action in legal else legal[0]
