"""The High Card rules: one mutable state and its view.

The deck is a multiset of counts (chance is a player): dealing a card is the outcome
`Deal(card)` with probability count/size. Plays are public, hands secret (HC-1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from albion.core.errors import InvalidActionError, Refusal
from albion.core.state import CHANCE, TERMINAL, State, check_viewer, shared_returns

from .rules import (
    CARDS,
    COPIES,
    DEAL,
    DEALING,
    HAND,
    NOT_DEALING,
    OVER,
    PLAY,
    Deal,
    HighCardAction,
    Play,
    points,
    seat_of_play,
)


@dataclass(frozen=True, slots=True)
class HighCardView:
    """What a seat (or, with `seat=None`, a spectator) may know: its own hand only."""

    seat: int | None
    num_players: int
    current_player: int
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    plays: tuple[int, ...]
    """Every card played so far, in order (HC-2: face up)."""


class HighCardState(State[HighCardAction, HighCardView]):
    """A High Card position: the deck's counts (index = number), the hands, the plays."""

    __slots__ = ("n", "deck", "hands", "plays")
    game: ClassVar[Any]

    def __init__(self, num_players: int) -> None:
        self.n = num_players
        self.deck = [0] + [COPIES] * len(CARDS)
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.plays: list[int] = []

    @property
    def num_players(self) -> int:
        return self.n

    def dealt(self) -> int:
        return sum(len(hand) for hand in self.hands) + len(self.plays)

    def seat_of_play(self, index: int) -> int:
        return seat_of_play(index, self.n)

    def current_player(self) -> int:
        if self.dealt() < HAND * self.n:
            return CHANCE
        if len(self.plays) == HAND * self.n:
            return TERMINAL
        return self.seat_of_play(len(self.plays))

    def dealing_to(self) -> int:
        """HC-1: the seat the next card goes to (P1's three first)."""
        return self.dealt() // HAND

    def legal_actions(self) -> list[HighCardAction]:
        player = self.current_player()
        if player == CHANCE:
            return [DEAL[card] for card in CARDS if self.deck[card]]
        if player == TERMINAL:
            return []
        return [PLAY[card] for card in sorted(set(self.hands[player]))]

    def chance_outcomes(self) -> list[tuple[HighCardAction, float]]:
        if self.current_player() != CHANCE:
            return []
        size = sum(self.deck)
        return [(DEAL[card], self.deck[card] / size) for card in CARDS if self.deck[card]]

    def refusal(self, action: object) -> Refusal | None:
        if not isinstance(action, Deal | Play) or action.card not in CARDS:
            raise InvalidActionError(f"{action!r} is not a High Card action")
        player = self.current_player()
        if player == TERMINAL:
            return OVER
        if isinstance(action, Deal):
            if player != CHANCE:
                return NOT_DEALING
            return None if self.deck[action.card] else Refusal(
                "HC-1", f"no {action.card} is left to deal")
        if player == CHANCE:
            return DEALING
        if action.card not in self.hands[player]:
            return Refusal("HC-2", f"P{player + 1} holds no {action.card}")
        return None

    def apply_legal(self, action: HighCardAction) -> None:
        if action.__class__ is Deal:
            self.deck[action.card] -= 1
            hand = self.hands[self.dealing_to()]
            hand.append(action.card)
            hand.sort()
        else:
            self.hands[self.current_player()].remove(action.card)
            self.plays.append(action.card)

    def points(self) -> list[int]:
        return points(self.plays, self.n)

    def returns(self) -> list[float]:
        """ALL-1: the most points win (shared on a tie); 0s while playing."""
        if not self.is_terminal():
            return [0.0] * self.n
        won = self.points()
        return shared_returns(self.n, [seat for seat, p in enumerate(won) if p == max(won)])

    def end_reason(self) -> str | None:
        return "points" if self.is_terminal() else None

    def observe(self, seat: int | None) -> HighCardView:
        """HC-1: the seat's own hand and every hand's size; HC-2: every play."""
        check_viewer(seat, self.n)
        return HighCardView(
            seat=seat, num_players=self.n, current_player=self.current_player(),
            hand=None if seat is None else tuple(self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands), plays=tuple(self.plays))

    def to_text(self) -> str:
        from .position import to_text  # noqa: PLC0415 - the notation sits beside the rules

        return to_text(self)

    def clone(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.n = self.n
        other.deck = self.deck[:]
        other.hands = [hand[:] for hand in self.hands]
        other.plays = self.plays[:]
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HighCardState):
            return NotImplemented
        return (self.n, self.deck, self.hands, self.plays) == \
            (other.n, other.deck, other.hands, other.plays)

    def __repr__(self) -> str:
        return f"<HighCardState {self.to_text()}>"
