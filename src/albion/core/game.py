"""A game: its identity, player range, variants and rulings, and how to start and read it."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from albion.core.errors import PlayerCountError
from albion.core.events import Event, public_text
from albion.core.rulings import Ruling
from albion.core.state import State
from albion.core.variants import Variant, VariantOption, VariantValue, resolve_variant

AnyState = State[Any, Any]
S = TypeVar("S", bound=AnyState)
A = TypeVar("A")
V = TypeVar("V")


class Game(ABC, Generic[S, A, V]):
    """Everything about a game that is not one position (OpenSpiel's Game, python-chess's
    variant class), typed by its state `S`, action `A` and view `V`. One instance per game,
    registered under `id`."""

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
    has_simultaneous: bool = False
    """Whether some decisions are made by several seats at once (RS-6): a table lets each
    of them decide in any order (`State.decision_seats`)."""

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
    ) -> S:
        """The initial state (often a chance node). Raises on a bad count or variant."""
        self.check_players(num_players)
        resolved = variant if isinstance(variant, Variant) else self.variant(variant)
        return self._new_state(num_players, resolved)

    @abstractmethod
    def _new_state(self, num_players: int, variant: Variant) -> S: ...

    @abstractmethod
    def from_text(self, text: str) -> S:
        """The position a position text describes (`state.to_text()` writes them);
        PositionError says what is wrong and where."""

    @abstractmethod
    def parse_action(self, state: S, text: str) -> A:
        """The action `text` names in `state` (InvalidActionError if it names none).
        Legality is checked when applied, not here."""

    @abstractmethod
    def action_text(self, state: S, action: A) -> str:
        """Canonical notation of `action` in `state`; `parse_action` reads it back."""

    def parse_view_action(self, view: V, text: str) -> A:
        """`parse_action` from what a seat sees: notation depends only on what the deciding
        seat may know, so a state drawn from its view reads it exactly as the true one."""
        return self.parse_action(self.sample_state(view, random.Random(0)), text)

    def view_action_text(self, view: V, action: A) -> str:
        """`action_text` from what a seat sees (see `parse_view_action`)."""
        return self.action_text(self.sample_state(view, random.Random(0)), action)

    def describe_action(self, state: S, action: A, viewer: int | None) -> str:
        """The action as `viewer` may see it (games with secret moves override this)."""
        return self.action_text(state, action)

    def outcome_events(self, before: S, after: S) -> list[Event]:
        """What an action brought about that its text does not say (a witch's toll, a
        reveal and its payout, an enemy's step), each event with its audience."""
        return []

    def describe_outcome(self, before: S, after: S) -> str | None:
        """The public outcome events on one line (for logs); None if nothing."""
        return public_text(self.outcome_events(before, after))

    @abstractmethod
    def sample_state(self, view: V, rng: random.Random) -> S:
        """A full state consistent with `view`: observing it from the view's seat gives
        the same view back. Hidden parts are drawn with `rng`."""

    def sampler(self, view: V) -> Callable[[random.Random], S]:
        """Draws `sample_state(view, rng)` many times (a search draws once per iteration).
        Games override it to build the part the view fixes once and clone it per draw;
        a draw consumes `rng` exactly as `sample_state` does."""
        return lambda rng: self.sample_state(view, rng)

    def seat_labels(self, state: S) -> dict[str, list[str]]:
        """Public facts about each seat worth a column in reports (Super Camelot: the
        characters), by name; empty for most games."""
        return {}

    def plant_canary(self, state: S, seat: int) -> S | None:
        """For leak tests: a copy of `state` where every field private to `seat` that can
        change holds another value, or None when `seat` has no private information."""
        return None

    def ruling(self, ruling_id: str) -> Ruling:
        for ruling in self.rulings:
            if ruling.id == ruling_id:
                return ruling
        raise KeyError(ruling_id)

    def seat_name(self, seat: int) -> str:
        """How seats are named to people: P1, P2, … (seats are 0-based inside)."""
        return f"P{seat + 1}"


AnyGame = Game[Any, Any, Any]
