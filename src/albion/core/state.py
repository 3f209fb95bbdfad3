"""The state of one game in progress: the authoritative reducer of the game contract.

Chance is a player (OpenSpiel): shuffles, draws and dice are outcomes applied like any
action, so a state never holds a random generator or a seed, and a record is the list of
actions. Views (`observe`) are what one seat may know; bots and clients only ever get views.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Generic, Self, TypeVar

from albion.core.chance import pick_outcome
from albion.core.compiling import mypyc_attr
from albion.core.errors import AlbionError, NotYourTurn, Refusal

CHANCE: Final = -1
"""`current_player()` when the next action is a chance outcome."""

TERMINAL: Final = -2
"""`current_player()` once the game is over."""

CAP: Final = "cap"
"""`end_reason()` of a game stopped by its safety cap: a draw (ALL-1)."""

A = TypeVar("A")
V = TypeVar("V")


def shared_returns(num_players: int, winners: Sequence[int]) -> list[float]:
    """ALL-1: 1/k to each of the k winners; no winner (a draw at a safety cap) 1/n each."""
    if not winners:
        return [1.0 / num_players] * num_players
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(num_players)]


def winners_of(returns: Sequence[float], reason: str) -> list[int]:
    """ALL-1: the seats with the best return, none when the game stopped at a safety
    cap (a draw); the one rule the Table's game-over event and every view state."""
    if reason == CAP:
        return []
    best = max(returns)
    return [seat for seat, value in enumerate(returns) if value == best]


def check_viewer(seat: int | None, num_players: int) -> None:
    """`observe` takes a seat or None (a spectator); anything else (CHANCE, TERMINAL, a
    seat out of range) would index the wrong player's secrets."""
    if seat is not None and not 0 <= seat < num_players:
        raise ValueError(f"no seat {seat!r} to observe from (0 to {num_players - 1}, or None)")


@mypyc_attr(allow_interpreted_subclasses=True)  # plug-in games and tests subclass it
class State(ABC, Generic[A, V]):
    """A mutable game position. Subclasses use `__slots__` and a hand-written `clone()`."""

    __slots__ = ()
    game: ClassVar[Any]
    """The game this is a state of (set by each game on its state class)."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def current_player(self) -> int:
        """The seat to decide (0-based), `CHANCE`, or `TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """Legal actions in a fixed order, without repeats; at a chance node, the outcomes."""

    def decision_seats(self) -> tuple[int, ...]:
        """The seats that may decide now: usually just `current_player()`; where a decision
        is simultaneous (RS-6), every seat still to make it, in the order the engine takes
        them (the current player first). Their choices do not depend on one another, so a
        table may take them in any order and apply them in this one. Empty at chance and
        at the end."""
        player = self.current_player()
        return (player,) if player >= 0 else ()

    def apply_for(self, seat: int, action: A) -> None:
        """Apply `seat`'s decision, `seat` being one of `decision_seats()`: where decisions
        are simultaneous (RS-6) a later seat may decide before the current player; the
        outcome equals deciding in the engine's order. Checked like `apply`."""
        if seat != self.current_player():
            raise NotYourTurn(seat, self.decision_seats())
        self.apply(action)

    def chance_outcomes(self) -> list[tuple[A, float]]:
        """(outcome, probability) pairs at a chance node; probabilities sum to 1."""
        return []

    def sample_chance(self, uniform: float) -> A:
        """The chance outcome `uniform` (0 ≤ uniform < 1) draws: exactly
        `pick_outcome(self.chance_outcomes(), uniform)`, so a seeded game is the same
        either way. Games override it to draw straight from their counts without building
        the outcome list (the fast path of playouts, simulations, search and the Table)."""
        return pick_outcome(self.chance_outcomes(), uniform)

    @abstractmethod
    def apply_legal(self, action: A) -> None:
        """Apply an action taken from `legal_actions()`. Unchecked: the fast path."""

    @abstractmethod
    def refusal(self, action: object) -> Refusal | None:
        """Why `action` is not legal now — the ruling it breaks and a sentence a player
        understands — or None when it is legal. Games build `legal_actions()` from these
        same checks, so a refusal names the rule that really forbids the action. Raises
        InvalidActionError for a value that is no action of this game at all."""

    def explain_illegal(self, action: object) -> AlbionError:
        """Why `action` is refused here: an IllegalActionError with its ruling, or an
        InvalidActionError when it is not an action of this game at all."""
        try:
            found = self.refusal(action)
        except AlbionError as error:
            return error
        if found is None:
            raise ValueError(f"{action!r} is legal here")
        return found.error()

    def apply(self, action: A) -> None:
        """Apply `action` if legal; otherwise raise and leave the state unchanged. The
        engine applies its own canonical copy, so an equal value of another type (a plain
        int for an enum, say) never gets inside."""
        legal = self.legal_actions()
        try:
            canonical = legal[legal.index(action)]
        except ValueError:
            raise self.explain_illegal(action) from None
        self.apply_legal(canonical)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    @abstractmethod
    def returns(self) -> list[float]:
        """ALL-1: per seat, summing to 1 at the end (winner 1, shared win 1/k, draw 1/n)."""

    @abstractmethod
    def end_reason(self) -> str | None:
        """How the game ended (e.g. "castle", "grail", or `CAP` for a draw); None while on."""

    @abstractmethod
    def observe(self, seat: int | None) -> V:
        """What `seat` may know (None: a spectator). Immutable and comparable."""

    def play(self, text: str) -> A:
        """Read `text` in the game's notation and apply it (checked, like `apply`): the
        library's one-liner, python-chess's `push_san`. Returns the action applied."""
        action: A = self.game.parse_action(self, text)
        self.apply(action)
        return action

    @abstractmethod
    def to_text(self) -> str:
        """The position text (like chess's FEN): everything the state holds, readable and
        editable; `game.from_text` reads it back to an equal state."""

    def __str__(self) -> str:
        """A readable plain-text picture (games draw their table, then the position)."""
        return self.to_text()

    @abstractmethod
    def clone(self) -> Self: ...

    @abstractmethod
    def __eq__(self, other: object) -> bool: ...

    __hash__ = None  # type: ignore[assignment]  # mutable: never a dict key
