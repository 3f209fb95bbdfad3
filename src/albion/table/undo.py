"""Taking back a move (issue 31, ALL-3), on the table for every game, as Board Game
Arena allows it: a seat takes back its own decisions, one at a time, within its own turn,
until chance decides, a secret is revealed (an event whose kind `reveals`) or another
seat decides — except that a pick made while several seats decide at once (RS-6) may be
taken back until the last of them has decided, although others picked meanwhile.

The table keeps, from the last barrier on, each seat decision with the position before
it (`UndoPoints`); taking one back is that position with the later picks of the same
simultaneous round applied again (`take_back`), which is the game as it would be had
the decision never been made."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from albion.core.errors import UndoRefused
from albion.core.game import AnyState
from albion.table.decisions import decision_state

UNDO = "undo"
"""The notation of a log row taking back its seat's last decision (a reserved word: no
game's action is written so)."""


@dataclass(frozen=True, slots=True)
class Point:
    """A seat decision that may still be taken back: the version it made, who took it,
    the action and the table's position before it (never changed: restored as a clone)."""

    version: int
    actor: int
    action: Any
    before: AnyState


@dataclass(frozen=True, slots=True)
class TakeBack:
    """What taking `point` back makes: the `position` without it, and the later picks
    of its simultaneous round applied again (each with whether it is now taken ahead of
    its turn)."""

    point: Point
    position: AnyState
    replayed: tuple[tuple[Point, bool], ...]


class UndoPoints:
    """The decisions since the last barrier, and for each seat why it may take back
    nothing older (`UndoRefused.why`)."""

    def __init__(self, num_players: int) -> None:
        self.points: list[Point] = []
        self.why = ["nothing"] * num_players

    def fork(self) -> UndoPoints:
        """An independent copy (points are frozen, their positions never changed)."""
        copied = UndoPoints(0)
        copied.points, copied.why = list(self.points), list(self.why)
        return copied

    def barrier(self, why: str) -> None:
        """Chance decided, or a secret was revealed: nothing before it comes back."""
        self.points.clear()
        self.why = [why] * len(self.why)

    def decided(self, point: Point, simultaneous: bool) -> None:
        """`point.actor` decided; unless others decide with it at once (RS-6), every other
        seat's decisions are now beyond taking back."""
        if not simultaneous:
            self.points = [kept for kept in self.points if kept.actor == point.actor]
            self.why = ["seat" if seat != point.actor else why
                        for seat, why in enumerate(self.why)]
        self.points.append(point)

    def take_back(self, seat: int, now: AnyState) -> TakeBack:
        """Taking back `seat`'s last decision at position `now`, or UndoRefused naming the
        barrier. Its later decisions by others must be picks of the same simultaneous
        round, still open; otherwise `seat` must still be deciding (its turn goes on)."""
        mine = [index for index, point in enumerate(self.points) if point.actor == seat]
        if not mine:
            raise UndoRefused(seat, self.why[seat])
        point, later = self.points[mine[-1]], self.points[mine[-1] + 1:]
        deciding = now.decision_seats()
        if later or seat not in deciding:
            round_seats = point.before.decision_seats()
            if len(round_seats) < 2 or not deciding or seat in deciding or \
                    not set(deciding) <= set(round_seats):
                raise UndoRefused(seat, "seat" if later else "turn")
        position = point.before.clone()
        replayed: list[tuple[Point, bool]] = []
        for other in later:
            if other.actor not in position.decision_seats() or decision_state(
                    position, other.actor).refusal(other.action) is not None:
                raise UndoRefused(seat, "seat")
            early = other.actor != position.current_player()
            replayed.append((replace(other, before=position.clone()), early))
            if early:
                position.apply_for(other.actor, other.action)
            else:
                position.apply_legal(other.action)
        return TakeBack(point, position, tuple(replayed))

    def taken_back(self, done: TakeBack) -> None:
        """`done` was applied: its point is gone, the later picks start from their new
        positions."""
        index = next(index for index, point in enumerate(self.points)
                     if point is done.point)
        self.points[index:] = [point for point, _ in done.replayed]
