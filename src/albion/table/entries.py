"""An event as a table logs it: the version it happened at, and the event itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from albion.core.events import Event


@dataclass(frozen=True, slots=True)
class Entry:
    """`event` happened when the table reached `version`."""

    version: int
    event: Event

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, **self.event.to_json()}
