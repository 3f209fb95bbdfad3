"""`albion play`: a game at the terminal between people and bots, at a table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from albion.bots.specs import PlayerSpec
from albion.cli.human import QuitRequested, TerminalSeat
from albion.cli.render import render_view
from albion.core.errors import RecordError
from albion.core.events import ActionTaken, ChanceResult
from albion.core.game import AnyGame
from albion.core.variants import Variant
from albion.sim.records import save_record
from albion.table import Table

SHOWN_CHANCE_STEPS = 6


def play_game(game: AnyGame, variant: Variant, specs: Sequence[PlayerSpec], seed: int,
              save: Path | None, console: Console, read: Callable[[str], str] = input) -> None:
    """Play one game to its end (or until the person quits, offering to save it)."""
    names = [str(spec) for spec in specs]
    humans = [seat for seat, spec in enumerate(specs) if spec.is_human]
    hotseat = game.has_secrets and len(humans) > 1
    console.print(f"[bold]{game.name}[/] — " + ", ".join(
        f"{game.seat_name(seat)} {name}" for seat, name in enumerate(names))
        + f" · seed {seed}")
    table = Table(game, specs, variant, seed, names=names)
    seats = {seat: TerminalSeat(console, table, seat, names, read, hotseat) for seat in humans}
    log = PlayLog(console, table, humans[0] if len(humans) == 1 else None)
    try:
        while not table.is_over():
            log.show_new()
            seats[table.to_move()[0]].decide()
    except QuitRequested:
        log.show_new()
        console.print("[yellow]Game stopped.[/]")
        _offer_save(table, save, console, read)
        return
    log.show_new()
    console.print()
    console.print(render_view(game.id, table.observe(None), names))
    if save is not None:
        _save(table, save, console)


class PlayLog:
    """The table's events as `viewer` (one person's seat, or None on a shared screen) may
    read them: each decision on a line, chance steps summed up, what they brought about."""

    def __init__(self, console: Console, table: Table, viewer: int | None) -> None:
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


def _offer_save(table: Table, save: Path | None, console: Console,
                read: Callable[[str], str]) -> None:
    default = save or Path(f"{table.game.id}-{datetime.now():%Y%m%d-%H%M%S}.json")
    try:
        answer = read("Save the record? [y/N] ").strip().lower()
        if answer not in {"y", "yes"}:
            return
        where = read(f"File [{default}]: ").strip()
    except (KeyboardInterrupt, EOFError):
        console.print()
        return
    _save(table, Path(where) if where else default, console)


def _save(table: Table, path: Path, console: Console) -> None:
    try:
        save_record(path, table.record())
    except RecordError as error:
        console.print(f"[red]{escape(str(error))}[/]")
        return
    console.print(f"Record saved to {path} (replay it with: albion replay {path})")
