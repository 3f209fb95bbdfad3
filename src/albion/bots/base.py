"""What a bot is: it sees its seat's view and the legal actions, owns its random
generator, and returns one of the legal actions. It never sees a state."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Agent(Protocol):
    """Anything that decides for a seat: a bot, or a person at a terminal. Its flags tell
    a table how to ask it (issue 26: part of the protocol, never guessed):

    - `sees_state`: it is handed the state, not a view — only the labelled cheating bot;
    - `needs_view`: it reads the view (False: the table spares building one);
    - `picks_from_legal`: it returns an element of the list it is handed without reading
      the view (the random bot: the simulations' fast path asks it with no view at all).

    `AgentBase` gives the usual values; an object with only a `name` and a `choose` is
    taken as one (`as_agent`)."""

    name: str
    sees_state: bool
    needs_view: bool
    picks_from_legal: bool

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """One of `legal`, chosen knowing only `view`."""
        ...


class AgentBase:
    """The flags of an agent that reads its view and nothing else."""

    name = "agent"
    sees_state = False
    needs_view = True
    picks_from_legal = False
    uniform_index: Callable[[int], int] | None = None
    """For a bot whose choice is `legal[uniform_index(len(legal))]` and nothing else (the
    random bot): the simulations' fast path picks so itself, sparing a call to `choose`."""
    uniform_rng: random.Random | None = None
    """For such a bot whose `uniform_index` is this generator's `randrange`: the fast path
    draws from it directly, as `randrange` does (issue 28)."""


class Chooser(AgentBase):
    """An object with a `name` and a `choose(view, legal)` and no flags, taken as an agent
    that reads its view."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = str(inner.name)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return self.inner.choose(view, legal)


def as_agent(player: Any) -> Agent:
    """`player` as an Agent: itself when it declares the protocol's flags, else wrapped
    with the flags of an agent that reads its view."""
    return player if isinstance(player, Agent) else Chooser(player)
