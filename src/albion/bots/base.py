"""What a bot is: it sees its seat's view and the legal actions, owns its random
generator, and returns one of the legal actions. It never sees a state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Agent(Protocol):
    """Anything that decides for a seat: a bot, or a person at a terminal. Only an agent
    declaring `sees_state = True` (the labelled cheating bot) is handed the state."""

    name: str

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """One of `legal`, chosen knowing only `view`."""
        ...
