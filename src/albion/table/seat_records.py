"""A seat's own record: what it saw and nothing else — its events and its views — so a
player can keep and step through their game without holding anyone else's secrets."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import jsonpatch

from albion.core.errors import RecordError
from albion.core.events import Event
from albion.core.game import AnyState
from albion.table.decisions import decision_state
from albion.table.views import LegalEntry, Seating, legal_entries, protocol_view

SEAT_RECORD_FORMAT = "albion-seat-record/1"


def seat_record(seating: Seating, seat: int,
                positions: Iterable[tuple[int, AnyState, tuple[int, ...]]], *,
                header: dict[str, Any], version: int, events: list[dict[str, Any]],
                heard: Callable[[int], Iterable[Event]]) -> dict[str, Any]:
    """`seat`'s record at `version`: the table's `header` (game, variant, seats), its
    `events`, and its view at each version where it changed (the first whole, the next
    ones as JSON patches against the one before); `heard(v)` is what the seat had heard
    by version v, newest first (for the views' recaps)."""
    views: list[dict[str, Any]] = []
    last: dict[str, Any] | None = None
    for at, state, deciding in positions:
        legal: list[LegalEntry] = []
        if seat in deciding:
            legal = legal_entries(seating.game, decision_state(state, seat))
        view = protocol_view(seating, state, at, seat, deciding, legal, heard(at))
        if last is None:
            views.append({"version": at, "view": view})
        else:
            patch = jsonpatch.make_patch(last, view).patch
            if [step for step in patch if step["path"] != "/version"]:
                views.append({"version": at, "patch": patch})
        last = view
    return {"format": SEAT_RECORD_FORMAT, **header, "seat": seat, "version": version,
            "events": events, "views": views}


def seat_views(record: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(version, view) for each stored step of a seat record, patches applied."""
    if record.get("format") != SEAT_RECORD_FORMAT:
        raise RecordError(f"not a seat record (format {record.get('format')!r})")
    view: dict[str, Any] | None = None
    try:
        for step in record["views"]:
            if "view" in step:
                view = step["view"]
            elif view is not None:
                view = jsonpatch.apply_patch(view, step["patch"])
            else:
                raise RecordError("a seat record's first view must be whole")
            assert view is not None
            view = {**view, "version": step["version"]}
            yield step["version"], view
    except (KeyError, TypeError, jsonpatch.JsonPatchException,
            jsonpatch.JsonPointerException) as error:
        raise RecordError(f"seat record is not valid: {error}") from None
