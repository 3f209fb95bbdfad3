"""A game: its identity, player range, variants and rulings, and how to start and read it."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any

from albion.core.errors import PlayerCountError
from albion.core.rulings import Ruling
from albion.core.state import State
from albion.core.variants import Variant, VariantOption, VariantValue, resolve_variant

AnyState = State[Any, Any]


class Game(ABC):
    """Everything about a game that is not one position (OpenSpiel's Game, python-chess's
    variant class). One instance per game, registered under `id`."""

    id: str
    name: str
    version: str
    summary: str
    min_players: int
    max_players: int
    variant_options: tuple[VariantOption, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    published_players: tuple[int, int] | None = None
    """The printed player range when the engine accepts more (RS-2)."""
    has_secrets: bool = False
    """Whether some seat knows what another does not (hands, committed cards…): then
    people sharing one screen must not see each other's views."""

    def variant(self, overrides: Mapping[str, VariantValue] | None = None) -> Variant:
        """The full variant: defaults with `overrides` applied; bad keys or values raise."""
        return resolve_variant(self.variant_options, overrides)

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise PlayerCountError(
                f"{self.name} takes {self.min_players} to {self.max_players} players, "
                f"not {num_players}"
            )

    def new_state(
        self, num_players: int, variant: Variant | Mapping[str, VariantValue] | None = None
    ) -> AnyState:
        """The initial state (often a chance node). Raises on a bad count or variant."""
        self.check_players(num_players)
        resolved = variant if isinstance(variant, Variant) else self.variant(variant)
        return self._new_state(num_players, resolved)

    @abstractmethod
    def _new_state(self, num_players: int, variant: Variant) -> AnyState: ...

    @abstractmethod
    def parse_action(self, state: AnyState, text: str) -> Any:
        """The action `text` names in `state` (InvalidActionError if it names none).
        Legality is checked when applied, not here."""

    @abstractmethod
    def action_text(self, state: AnyState, action: Any) -> str:
        """Canonical notation of `action` in `state`; `parse_action` reads it back."""

    def describe_action(self, state: AnyState, action: Any, viewer: int | None) -> str:
        """The action as `viewer` may see it (games with secret moves override this)."""
        return self.action_text(state, action)

    def describe_outcome(self, before: AnyState, after: AnyState) -> str | None:
        """What an action brought about that everyone may now know and its text does not
        say (a witch's toll, a reveal and its payout); None if nothing. Never secrets."""
        return None

    @abstractmethod
    def sample_state(self, view: Any, rng: random.Random) -> AnyState:
        """A full state consistent with `view`: observing it from the view's seat gives
        the same view back. Hidden parts are drawn with `rng`."""

    def sampler(self, view: Any) -> Callable[[random.Random], AnyState]:
        """Draws `sample_state(view, rng)` many times (a search draws once per iteration).
        Games override it to build the part the view fixes once and clone it per draw;
        a draw consumes `rng` exactly as `sample_state` does."""
        return lambda rng: self.sample_state(view, rng)

    def seat_labels(self, state: AnyState) -> dict[str, list[str]]:
        """Public facts about each seat worth a column in reports (Super Camelot: the
        characters), by name; empty for most games."""
        return {}

    def plant_canary(self, state: AnyState, seat: int) -> AnyState | None:
        """For leak tests: a copy of `state` where a field private to `seat` holds a value
        that cannot otherwise occur, or None when `seat` has no private information."""
        return None

    def ruling(self, ruling_id: str) -> Ruling:
        for ruling in self.rulings:
            if ruling.id == ruling_id:
                return ruling
        raise KeyError(ruling_id)

    def seat_name(self, seat: int) -> str:
        """How seats are named to people: P1, P2, … (seats are 0-based inside)."""
        return f"P{seat + 1}"
