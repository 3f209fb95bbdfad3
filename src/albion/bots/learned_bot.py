"""The learned bot (issue 34): a small policy network trained by self-play on the batched
engine (`albion.rl.learned`), played from the seat's view only — the view's observation
tensor in, the best legal action out. Its weights ship in the package
(`albion.bots.weights`); a game without weights has no learned bot, and says so.
docs/learned.md tells how the weights were trained and how strong they are."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np

from albion.bots.base import AgentBase
from albion.bots.learned_policy import PolicyNetwork, masked_choice, shipped
from albion.core.game import AnyGame


@cache
def network_for(game_id: str) -> PolicyNetwork | None:
    """The shipped weights of a game, read once per process."""
    return shipped(game_id)


class LearnedBot(AgentBase):
    name = "learned"

    def __init__(self, game: AnyGame, rng: random.Random, network: PolicyNetwork,
                 temperature: float = 0.0) -> None:
        self.game = game
        self.rng = rng
        self.network = network
        self.temperature = temperature

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """The policy's choice among `legal`, from the view's tensor (never the state)."""
        if len(legal) == 1:
            return legal[0]
        tensor = np.asarray(self.game.observation_tensor(view), dtype=np.float32)
        logits, _ = self.network.forward(tensor[None, :])
        indices = np.array([self.game.action_index(action) for action in legal], dtype=np.intp)
        # without temperature, no draw: the same game from the same seed either way
        uniform = self.rng.random() if self.temperature > 0 else 0.0
        return legal[masked_choice(logits[0], indices, self.temperature, uniform)]

    def value(self, view: Any) -> float:
        """The network's estimate of the seat's zero-sum outcome (−1 to 1)."""
        tensor = np.asarray(self.game.observation_tensor(view), dtype=np.float32)
        return float(self.network.forward(tensor[None, :])[1][0])
