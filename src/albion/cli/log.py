"""The play log: a table's events as one viewer may read them."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from albion.core.events import ActionTaken, ChanceResult
from albion.table import AnyTable

SHOWN_CHANCE_STEPS = 6


class PlayLog:
    """The table's events as `viewer` (one person's seat, or None on a shared screen) may
    read them: each decision on a line, chance steps summed up, what they brought about."""

    def __init__(self, console: Console, table: AnyTable, viewer: int | None) -> None:
        self.console = console
        self.table = table
        self.viewer = viewer
        self.shown = 0
        self.chance: list[str] = []

    def show_new(self) -> None:
        outcomes: list[str] = []
        for entry in self.table.events_for(self.viewer, self.shown):
            event = entry.event
            if isinstance(event, ActionTaken | ChanceResult):
                self._flush_outcomes(outcomes)
            if isinstance(event, ChanceResult):
                self.chance.append(event.outcome)
            elif isinstance(event, ActionTaken):
                self._flush_chance()
                who = f"{self.table.game.seat_name(event.seat)} {self.table.names[event.seat]}"
                self.console.print(f"[bold]{escape(who)}[/]: {escape(event.action)}")
            else:
                outcomes.append(event.text)
        self._flush_outcomes(outcomes)
        self._flush_chance()
        self.shown = self.table.version

    def _flush_outcomes(self, outcomes: list[str]) -> None:
        if outcomes:
            self._flush_chance()
            self.console.print(f"   [cyan]⇒ {escape('; '.join(outcomes))}[/]")
            outcomes.clear()

    def _flush_chance(self) -> None:
        if self.chance:
            self.console.print(f"   [dim]↳ {escape(summarise(self.chance))}[/]")
            self.chance.clear()


def summarise(texts: list[str]) -> str:
    """Consecutive chance steps on one line; a long deal is only counted (the table
    shows where the cards went)."""
    if len(texts) <= SHOWN_CHANCE_STEPS:
        return "; ".join(texts)
    return f"{texts[0]}; … {len(texts)} chance steps in all (the table shows them)"
