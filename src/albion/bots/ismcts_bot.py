"""The ISMCTS bot: information-set Monte Carlo tree search from its seat's view only (each
iteration plays in a state drawn with the game's `sampler`), and its cheating twin for
analysis, which searches the true state."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from albion.bots.base import AgentBase
from albion.bots.search import SearchResult, SearchSettings, search
from albion.core.game import AnyGame, AnyState


class IsmctsBot(AgentBase):
    """Sees only its view; `last` keeps the latest search (for hints and benchmarks)."""

    name = "ismcts"
    sees_state = False

    def __init__(self, game: AnyGame, rng: random.Random, settings: SearchSettings) -> None:
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
        draw, rng = self.game.sampler(view), self.rng
        return search(lambda: draw(rng), view.seat, legal, rng, self.settings)


class CheatingMctsBot(AgentBase):
    """MCTS on the true state: for measuring what hidden information is worth. It is given
    the state (`sees_state`), and every output labels it."""

    name = "cheat-mcts"
    sees_state = True

    def __init__(self, game: AnyGame, rng: random.Random, settings: SearchSettings) -> None:
        self.game = game
        self.rng = rng
        self.settings = settings

    def choose(self, state: AnyState, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        return search(state.clone, state.current_player(), legal, self.rng,
                      self.settings).action
