"""The random bot: a uniform choice among the legal actions (the baseline of baselines)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any

from albion.bots.base import AgentBase
from albion.bots.search import random_index


class RandomBot(AgentBase):
    """Uniform over legal actions, from its own seeded generator."""

    name = "random"
    needs_view = False
    """It reads no view, so a table spares building one (the fast path of simulations)."""
    picks_from_legal = True
    """It returns an element of the list it is handed, so a table need not check it."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        # `rng.randrange`, drawn the same way by the compiled search (issue 28)
        self.uniform_index = partial(random_index, rng)
        self.uniform_rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[random_index(self.rng, len(legal))]
