"""A table's log: every decision it accepted, in the order it accepted them, who took each
and how it was written, and the events each brought (issue 26: one log, one replay).

Seats deciding at once (RS-6) may decide out of the engine's order: such a decision is
`early`, and the replay applies it for its seat (`State.apply_for`) where it was taken.

A decision taken back (ALL-3) stays in the rows, followed by the row that took it back
(`undo.UNDO`); the game, its replay and record, and what is read back of its events are
the game as played after the take-backs (Board Game Arena's replays show no undone move)."""

from __future__ import annotations

import copy
from bisect import bisect_right
from collections.abc import Iterator
from typing import Any, NamedTuple

from albion.core.events import Event
from albion.core.game import AnyGame, AnyState
from albion.core.variants import Variant
from albion.table.entries import Entry


class LogRow(NamedTuple):
    """One accepted decision: the version it made, who took it (a seat, or CHANCE) and
    its notation as written in the position it was taken in."""

    version: int
    actor: int
    action: str


class Step(NamedTuple):
    """One version of a replayed game: the position at `version` (live: read it before
    the next step), and the decision taken from it (`actor` and `action`; both None at
    the end)."""

    version: int
    position: AnyState
    actor: int | None
    action: Any


class TableLog:
    """The decisions a table accepted and, with `events` kept, how each was written, who
    took it and the events of every audience."""

    def __init__(self, events: bool = True) -> None:
        self.actions: list[Any] = []
        """One action per version, in the order the table accepted them."""
        self.early: dict[int, int] = {}
        """Version index → seat, for decisions taken ahead of their turn (RS-6); any other
        action's actor is the engine's current player at its version."""
        self.keeps_events = events
        self.entries: list[Entry] = []
        self.texts: list[str] = []
        self.actors: list[int] = []
        """With events kept: each version's notation (an action's as written when it was
        taken, or `UNDO`) and who took it (`rows`)."""
        self.versions: list[int] | None = None
        """The version each action made, once a decision has been taken back (before, the
        action at index i made version i + 1)."""
        self.undone: set[int] = set()
        self.undos: set[int] = set()
        """The versions of the decisions taken back, and of the rows taking them back."""

    def __len__(self) -> int:
        """The versions logged (the table's version)."""
        return len(self.actions) + len(self.undone) + len(self.undos)

    def add(self, actor: int, action: Any, *, early: bool, text: str | None) -> None:
        """Log `action` by `actor` (taken ahead of its turn when `early`), written `text`
        when events are kept."""
        if self.versions is not None:
            self.versions.append(len(self) + 1)
        if early:
            self.early[len(self.actions)] = actor
        self.actions.append(action)
        if text is not None:
            self.texts.append(text)
            self.actors.append(actor)

    def take_back(self, version: int, seat: int, text: str, early: list[bool]) -> None:
        """ALL-3: `seat` took back its decision of `version` in a row written `text`; the
        actions after it (the later picks of its simultaneous round) are now each taken
        ahead of its turn or not as `early` says."""
        if self.versions is None:
            self.versions = list(range(1, len(self.actions) + 1))
        index = self.versions.index(version)
        later = self.versions[index + 1:]
        del self.actions[index], self.versions[index]
        self.early = {at: actor for at, actor in self.early.items() if at < index}
        for offset, taken_early in enumerate(early):
            if taken_early:
                self.early[index + offset] = self.actors[later[offset] - 1]
        self.undone.add(version)
        self.undos.add(len(self) + 1)
        self.texts.append(text)
        self.actors.append(seat)

    def emit(self, version: int, events: list[Event]) -> None:
        self.entries.extend(Entry(version, event) for event in events)

    def fork(self) -> TableLog:
        """An independent copy (entries are frozen values, shared)."""
        copied = copy.copy(self)
        copied.actions, copied.early = list(self.actions), dict(self.early)
        copied.entries, copied.texts = list(self.entries), list(self.texts)
        copied.actors = list(self.actors)
        copied.versions = None if self.versions is None else list(self.versions)
        copied.undone, copied.undos = set(self.undone), set(self.undos)
        return copied

    # -- reading it back ---------------------------------------------------------------

    def replay(self, game: AnyGame, num_players: int, variant: Variant) -> Iterator[Step]:
        """The game again from its start: the position at every version from 0 to now
        that an action of the game made (after take-backs, the game as played: its last
        position at the current version), with the decision taken from it (the one
        replay every reader of the log uses)."""
        state = game.new_state(num_players, variant)
        versions = self.versions
        version = 0
        for index, action in enumerate(self.actions):
            actor = self.early.get(index)
            early = actor is not None
            if actor is None:
                actor = state.current_player()
            yield Step(version, state, actor, action)
            if early:
                state.apply_for(actor, action)
            else:
                state.apply_legal(action)
            version = index + 1 if versions is None else versions[index]
        yield Step(len(self), state, None, None)

    def rows(self, since: int = 0) -> list[LogRow]:
        """The decisions accepted after version `since`, one row per version — what a
        server stores, append-only, keyed by (table, version). Needs the events kept."""
        if not self.keeps_events:
            raise ValueError("a table without events keeps no notation log")
        return [LogRow(version + 1, self.actors[version], self.texts[version])
                for version in range(since, len(self.texts))]

    def events_for(self, viewer: int | None, since_version: int = 0) -> list[Entry]:
        """The events after `since_version` that `viewer` may receive, in its wording."""
        undone = self.undone
        return [entry for entry in self.entries[self.stop(since_version):]
                if entry.event.is_for(viewer) and entry.version not in undone]

    def heard(self, viewer: int | None, version: int) -> Iterator[Event]:
        """The events `viewer` had received by `version`, newest first, read lazily (a
        recap reads back only as far as it needs), as played after the take-backs: the
        decisions taken back and the rows taking them back are not among them (ALL-3)."""
        entries, skipped = self.entries, self.undone | self.undos
        return (entries[index].event for index in range(self.stop(version) - 1, -1, -1)
                if entries[index].event.is_for(viewer)
                and entries[index].version not in skipped)

    def stop(self, version: int) -> int:
        """How many entries happened at `version` or before."""
        return bisect_right(self.entries, version, key=lambda entry: entry.version)
