"""What a table tells its faces after a decision (issue 26: one update per decision): the
version it reached, the entries the decision brought (every audience's), and for each
distinct viewer its view and legal actions, each built once however many connections
show it. A server's broadcast only filters it per connection."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from albion.table.entries import Entry

ViewAndLegal = tuple[dict[str, Any], list[str]]


class Update:
    """The table at `version`: the `entries` since the version the update was asked from,
    and each viewer's view and legal notation, built on first request by `build` (valid
    while the table is still at `version`)."""

    def __init__(self, version: int, since: int, entries: Sequence[Entry],
                 build: Callable[[int | None], ViewAndLegal],
                 current: Callable[[], int]) -> None:
        self.version = version
        self.since = since
        self.entries = tuple(entries)
        self._build = build
        self._current = current
        self._built: dict[int | None, ViewAndLegal] = {}

    def view_for(self, viewer: int | None) -> ViewAndLegal:
        """`viewer`'s view and the notation it may submit, built once."""
        if viewer not in self._built:
            if self._current() != self.version:
                raise RuntimeError(f"an update of version {self.version} asked for a view "
                                   f"after the table moved on to {self._current()}")
            self._built[viewer] = self._build(viewer)
        return self._built[viewer]

    def events_for(self, viewer: int | None, since: int | None = None) -> list[Entry]:
        """The update's entries `viewer` may receive, after version `since` (at least the
        update's own `since`)."""
        after = self.since if since is None else max(since, self.since)
        return [entry for entry in self.entries
                if entry.version > after and entry.event.is_for(viewer)]
