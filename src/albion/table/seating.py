"""Who sits at a table: the player specs as the command line takes them, and the agents
deciding for bot seats (timed, for a tournament's think-time columns)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from albion.bots.base import Agent, AgentBase
from albion.bots.registry import parse_players
from albion.bots.specs import PlayerSpec


class TimedAgent(AgentBase):
    """A bot whose thinking time a tournament measures."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.sees_state = inner.sees_state
        self.needs_view = inner.needs_view
        self.picks_from_legal = False  # every decision is timed, the quick ones too
        self.seconds = 0.0

    def choose(self, seen: Any, legal: Sequence[Any]) -> Any:
        start = time.perf_counter()
        try:
            return self.inner.choose(seen, legal)
        finally:
            self.seconds += time.perf_counter() - start


def specs_of(players: Sequence[str | PlayerSpec]) -> list[PlayerSpec]:
    """Specs as given; a string may hold one spec or a comma-separated list of them."""
    specs: list[PlayerSpec] = []
    for player in players:
        specs += [player] if isinstance(player, PlayerSpec) else parse_players(player)
    return specs
