"""A fixed action space (OpenSpiel's NumDistinctActions, PettingZoo's masks): every action
a game can produce, chance outcomes included, at one index that is the same in every
state. A game lists its actions in labelled ranges; the space reads indices and actions
back exactly (the actions are the game's prebuilt values)."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Generic, TypeVar

from albion.core.errors import InvalidActionError

A = TypeVar("A")


class ActionSpace(Generic[A]):
    """`segments`: (label, actions) in index order; each action at base + position."""

    def __init__(self, game_name: str, segments: Sequence[tuple[str, Sequence[A]]]) -> None:
        self.game_name = game_name
        self.segments = tuple((label, tuple(actions)) for label, actions in segments)
        self.actions: tuple[A, ...] = tuple(a for _, actions in self.segments for a in actions)
        self.indices: dict[A, int] = {action: i for i, action in enumerate(self.actions)}
        if len(self.indices) != len(self.actions):
            raise ValueError(f"{game_name}: an action appears twice in the action space")

    @property
    def size(self) -> int:
        return len(self.actions)

    def layout(self) -> list[tuple[int, int, str]]:
        """(first, last, label) of each range, in index order (docs/action-spaces.md)."""
        rows, start = [], 0
        for label, actions in self.segments:
            rows.append((start, start + len(actions) - 1, label))
            start += len(actions)
        return rows

    def index(self, action: object) -> int:
        """The index of `action` (one dict lookup); InvalidActionError for a non-action."""
        try:
            return self.indices[action]  # type: ignore[index]
        except (KeyError, TypeError):
            raise InvalidActionError(f"{action!r} is not a {self.game_name} action") from None

    def at(self, index: int) -> A:
        """The action at `index`; InvalidActionError outside the space."""
        try:
            position = operator.index(index)
        except TypeError:
            raise InvalidActionError(f"{index!r} is not an action index") from None
        if isinstance(index, bool) or not 0 <= position < self.size:
            raise InvalidActionError(f"{index!r} is outside {self.game_name}'s action space "
                                     f"(0 to {self.size - 1})")
        return self.actions[position]
