"""A table's time as every process can compute it (issue 31): each seat's bank and when
its turn began, followed from the moments the stored decisions were taken, so the clock
survives a restart and a move to another process by construction — nothing of it is
stored beside the decisions, the notices (a seat taken back) and the accounts'
vacations.

A per-move clock (`move`, `days`) gives each turn its full time and loses what is left; a
banked one (`fischer`, `days-bank`) keeps it and adds the increment after each move. A
seat's time does not run while its account is on vacation (`paused`). A seat that ran out
is played by the stand-in until its owner takes it back: then a per-move turn starts
afresh, and a banked seat with less than a tenth of its starting bank gets that tenth
(`REFILL`) — one late move costs little."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from albion.server.messages import Clock

REFILL = 0.1
"""The share of its starting bank a banked seat taken back from the stand-in gets at
least."""


@dataclass(frozen=True)
class Pause:
    """Seconds (epoch) between which a seat's time does not run: a vacation."""

    start: float
    end: float


def paused_between(pauses: Iterable[Pause], start: float, end: float) -> float:
    """How much of [start, end] the pauses cover (they may overlap one another)."""
    spans = sorted((max(p.start, start), min(p.end, end)) for p in pauses
                   if p.end > start and p.start < end)
    covered, reach = 0.0, start
    for low, high in spans:
        begin = max(low, reach)
        if high > begin:
            covered += high - begin
            reach = high
    return covered


@dataclass
class TimeBanks:
    """Each person's seat's time at one table under `clock`."""

    clock: Clock
    seats: int
    banks: list[float] = field(default_factory=list)
    since: list[float | None] = field(default_factory=list)
    """When each seat's turn began (None: not its turn)."""
    pauses: dict[int, list[Pause]] = field(default_factory=dict)
    ended: dict[int, tuple[float | None, float]] = field(default_factory=dict)
    """Per seat, its turn as it stood before the decision that ended it (since, bank):
    what a take-back restores."""

    def __post_init__(self) -> None:
        if not self.banks:
            self.banks = [self.clock.turn_seconds] * self.seats
            self.since = [None] * self.seats

    def used(self, seat: int, now: float) -> float:
        """The seconds the seat's turn has taken by `now`, its pauses left out."""
        began = self.since[seat]
        if began is None or now <= began:
            return 0.0
        return now - began - paused_between(self.pauses.get(seat, ()), began, now)

    def left(self, seat: int, now: float) -> float | None:
        """The seconds the seat has left for its turn (None: not its turn)."""
        if self.since[seat] is None:
            return None
        return max(0.0, self.banks[seat] - self.used(seat, now))

    def deadline(self, seat: int, now: float) -> float | None:
        """When (epoch seconds) the seat runs out if nothing pauses it meanwhile."""
        left = self.left(seat, now)
        return None if left is None else now + left

    def is_paused(self, seat: int, now: float) -> bool:
        return any(p.start <= now < p.end for p in self.pauses.get(seat, ()))

    def step(self, at: float, actor: int | None, to_move: Sequence[int], *,
             undo: bool = False) -> None:
        """A decision at `at` by `actor` (a seat; None for chance or a start), after
        which — and after the chance it brought — `to_move` must decide: the actor's turn
        ends unless it decides again, and new turns begin. A take-back (`undo`, ALL-3)
        gives the seat back the turn its decision ended as it was — the time still
        running from when it began, no increment earned — never a fresh one."""
        waiting = set(to_move)
        if undo and actor is not None and actor in self.ended:
            self.since[actor], self.banks[actor] = self.ended.pop(actor)
        elif actor is not None and actor >= 0 and self.since[actor] is not None and \
                actor not in waiting:  # a turn of several decisions has one clock
            self.ended[actor] = (self.since[actor], self.banks[actor])
            spent = self.used(actor, at)
            self.since[actor] = None
            if self.clock.banked:
                self.banks[actor] = max(0.0, self.banks[actor] - spent) + \
                    self.clock.increment
        for seat in range(self.seats):
            if seat in waiting and self.since[seat] is None:
                self.ended.pop(seat, None)
                self.since[seat] = at
                if not self.clock.banked:
                    self.banks[seat] = self.clock.turn_seconds
            elif seat not in waiting and self.since[seat] is not None:
                self.since[seat] = None  # its turn passed without its decision

    def taken_back(self, seat: int, at: float) -> None:
        """The owner took the seat back from the stand-in at `at`: at a per-move clock a
        turn under way starts afresh; a banked seat gets at least a tenth of its starting
        bank (`REFILL`)."""
        if not self.clock.banked:
            if self.since[seat] is not None:
                self.since[seat], self.banks[seat] = at, self.clock.turn_seconds
            return
        if self.since[seat] is not None:
            self.banks[seat] = self.left(seat, at) or 0.0
            self.since[seat] = at
        self.banks[seat] = max(self.banks[seat], REFILL * self.clock.turn_seconds)
