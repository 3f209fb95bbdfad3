"""A game: its identity, player range, variants and rulings, and how to start and read it."""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Self, TypeVar

from albion.core.action_space import ActionSpace
from albion.core.errors import PlayerCountError
from albion.core.events import ActionTaken, ChanceResult, Event, public_text
from albion.core.observation import ObservationLayout
from albion.core.rulings import Ruling
from albion.core.state import CHANCE, State
from albion.core.variants import Variant, VariantOption, VariantValue, resolve_variant
from albion.core.words import say

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
    players_ruling: str | None = None
    """The ruling that sets the player counts (cited when a count is refused)."""
    """The printed player range when the engine accepts more (RS-2)."""
    has_secrets: bool = False
    """Whether some seat knows what another does not (hands, committed cards…): then
    people sharing one screen must not see each other's views."""
    has_simultaneous: bool = False
    """Whether some decisions are made by several seats at once (RS-6): a table lets each
    of them decide in any order (`State.decision_seats`)."""
    action_space: ActionSpace[A] | None = None
    """The game's fixed action space (`core.action_space`), if it has one."""

    preset: Variant | None = None
    """The variant `new_state` uses when given none (set by `albion.load_game`)."""

    def variant(self, overrides: Mapping[str, VariantValue] | None = None) -> Variant:
        """The full variant: defaults with `overrides` applied; bad keys or values raise."""
        return resolve_variant(self.variant_options, overrides)

    def configured(self, **overrides: VariantValue) -> Self:
        """This game with `overrides` as its variant (OpenSpiel's game parameters):
        `new_state(players)` then starts under them. VariantError on a bad key or value."""
        other = copy.copy(self)
        other.preset = self.variant({**(self.preset or {}), **overrides})
        return other

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise PlayerCountError(say("{game} takes {low} to {high} players, not {count}",
                                       game=self.name, low=self.min_players,
                                       high=self.max_players, count=num_players),
                                   ruling=self.players_ruling)

    def new_state(
        self, num_players: int, variant: Variant | Mapping[str, VariantValue] | None = None
    ) -> S:
        """The initial state (often a chance node). Raises on a bad count or variant."""
        self.check_players(num_players)
        if variant is None and self.preset is not None:
            return self._new_state(num_players, self.preset)
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

    @property
    def moves_are_public(self) -> bool:
        """Every viewer gets the same account of every decision, so `decision_event` is
        asked once, for everyone: true of a game that keeps this class's
        `describe_action` and `decision_event` (one that overrides either may tell a move
        apart for some viewers, so each viewer's account is asked for). A game whose
        own events are public anyway says so by overriding this."""
        kind = type(self)
        return kind.describe_action is Game.describe_action and \
            kind.decision_event is Game.decision_event

    def decision_event(self, state: S, actor: int, action: A, text: str,
                       viewer: int | None) -> Event:
        """A decision of `actor` (a seat, or CHANCE for an outcome), taken in `state` and
        written `text`, as the event `viewer` receives: by default its wording
        (`describe_action`) in an `ActionTaken` or a `ChanceResult`. Games override it to
        say what happened as values a face can draw (the card revealed, to whom, where),
        so no face parses the notation (issue 26); `text` and `outcome` stay the words."""
        wording = text if self.moves_are_public else \
            self.describe_action(state, action, viewer)
        if actor == CHANCE:
            return ChanceResult(text=wording, outcome=wording)
        return ActionTaken(text=f"{self.seat_name(actor)} {wording}", seat=actor,
                           action=wording)

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

    def seat_label_values(self) -> dict[str, tuple[str, ...]]:
        """Every value each `seat_labels` key can take, so a report shows a value no game
        drew (at n=0) instead of leaving it out; empty for most games."""
        return {}

    def plant_canary(self, state: S, seat: int) -> S | None:
        """For leak tests: a copy of `state` where every field private to `seat` that can
        change holds another value, or None when `seat` has no private information."""
        return None

    @property
    def num_distinct_actions(self) -> int:
        """The size of the fixed action space (OpenSpiel's NumDistinctActions): every
        action, chance outcomes included, has an index below it, the same in every
        state, player count and variant. 0: the game has no fixed space."""
        return self.action_space.size if self.action_space is not None else 0

    def action_index(self, action: A) -> int:
        """The action's index in the fixed action space, the same in every state (a codec
        beside the notation, for research adapters and compact messages)."""
        return self._space().index(action)

    def action_at(self, index: int, state: S) -> A:
        """The action with `index` in `state` (InvalidActionError outside the space);
        `action_index` reads it back."""
        return self._space().at(index)

    def _space(self) -> ActionSpace[A]:
        if self.action_space is None:
            raise NotImplementedError(f"{self.name} has no fixed action space")
        return self.action_space

    def legal_mask(self, state: S) -> list[bool]:
        """Over the fixed action space: True where the action is legal in `state` (at a
        chance node, where the outcome is possible) — PettingZoo's action mask."""
        mask = [False] * self.num_distinct_actions
        for action in state.legal_actions():
            mask[self.action_index(action)] = True
        return mask

    def observation_layout(self, num_players: int) -> ObservationLayout:
        """The named slices of `observation_tensor` for `num_players` (docs/observations.md).
        Games with an encoder override it; the default has none."""
        raise NotImplementedError(f"{self.name} has no observation tensor")

    def observation_shape(self, num_players: int) -> tuple[int, ...]:
        """The fixed shape of `observation_tensor` for any view of a `num_players` game
        (OpenSpiel's ObservationTensorShape)."""
        return (self.observation_layout(num_players).size,)

    def observation_tensor(self, view: V) -> Any:
        """The view as a numpy float32 vector of `observation_shape` with every value in
        [0, 1] (OpenSpiel's ObservationTensor, pgx's observation): read from the view alone,
        so it holds exactly what the viewing seat may know. Needs numpy (the `[rl]`
        extra); games with an encoder override it."""
        raise NotImplementedError(f"{self.name} has no observation tensor")

    def max_game_length(self, num_players: int,
                        variant: Variant | Mapping[str, VariantValue] | None = None) -> int:
        """An upper bound on the actions of one game (chance outcomes included), from its
        safety cap: no game of `num_players` under `variant` can be longer."""
        raise NotImplementedError(f"{self.name} states no bound on its length")

    @property
    def info(self) -> GameInfo:
        """What a researcher asks first (OpenSpiel's GameType and GameInfo)."""
        longest = max(self.max_game_length(players)
                      for players in range(self.min_players, self.max_players + 1))
        return GameInfo(
            id=self.id, name=self.name, rules_version=self.version,
            min_players=self.min_players, max_players=self.max_players,
            num_distinct_actions=self.num_distinct_actions, max_game_length=longest,
            safety_cap=next((option.key for option in self.variant_options
                             if option.key == "max_turns"), None),
            has_secrets=self.has_secrets, has_simultaneous=self.has_simultaneous,
            variants={option.key: option.default for option in self.variant_options})

    def ruling(self, ruling_id: str) -> Ruling:
        for ruling in self.rulings:
            if ruling.id == ruling_id:
                return ruling
        raise KeyError(ruling_id)

    def seat_name(self, seat: int) -> str:
        """How seats are named to people: P1, P2, … (seats are 0-based inside)."""
        return f"P{seat + 1}"


@dataclass(frozen=True)
class GameInfo:
    """A game at a glance. `max_game_length` bounds the actions of a game (chance
    included) at the default variant for the largest table; `safety_cap` names the
    variant key that caps it, if any."""

    id: str
    name: str
    rules_version: str
    min_players: int
    max_players: int
    num_distinct_actions: int
    max_game_length: int
    safety_cap: str | None
    has_secrets: bool
    has_simultaneous: bool
    variants: dict[str, VariantValue]


AnyGame = Game[Any, Any, Any]
