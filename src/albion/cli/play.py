"""`albion play`: a game at the terminal between people and bots, at a table, in the
reader's language (issue 29)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from rich.console import Console
from rich.text import Text

from albion.bots.specs import PlayerSpec
from albion.cli.console import filled
from albion.cli.human import QuitRequested, TerminalSeat
from albion.cli.log import PlayLog
from albion.cli.render import render_view
from albion.core.errors import RecordError
from albion.core.game import AnyGame
from albion.core.registry import plugin_of
from albion.core.variants import Variant
from albion.i18n import _, current
from albion.sim.records import check_writable, save_record
from albion.table import AnyTable, Table


def play_game(game: AnyGame, variant: Variant, specs: Sequence[PlayerSpec], seed: int,
              save: Path | None, console: Console, read: Callable[[str], str] = input) -> None:
    """Play one game to its end (or until the person quits, offering to save it)."""
    names = [str(spec) for spec in specs]
    humans = [seat for seat, spec in enumerate(specs) if spec.is_human]
    hotseat = game.has_secrets and len(humans) > 1
    console.print(filled(_("{game} — {players} · seed {seed}"), "",
                         game=Text(game.name, style="bold"), players=", ".join(
                             f"{game.seat_name(seat)} {name}"
                             for seat, name in enumerate(names)), seed=str(seed)))
    intro = plugin_of(game).intro
    if intro:
        console.print(Text(current().text(intro), style="dim"))
    try:
        table = Table(game, specs, variant, seed, names=names)
    except KeyboardInterrupt:  # the bots playing first were interrupted: nothing to keep
        console.print(Text(_("Game stopped before anyone decided."), style="yellow"))
        return
    seats = {seat: TerminalSeat(console, table, seat, names, read, hotseat) for seat in humans}
    # On a shared screen with secrets, each person is shown what happened since their turn
    # once the screen is theirs (a shared log would be cleared by the pass screens).
    log = PlayLog(console, table, humans[0] if len(humans) == 1 else None)
    at_keyboard: int | None = None
    try:
        while not table.is_over():
            if not hotseat:
                log.show_new()
            seat = table.to_move()[0]
            seats[seat].decide(already_here=seat == at_keyboard)
            at_keyboard = seat
    except (QuitRequested, KeyboardInterrupt) as stop:
        if not hotseat:
            log.show_new()
        console.print(Text(_("Game stopped while a bot was thinking.")
                           if isinstance(stop, KeyboardInterrupt) else _("Game stopped."),
                           style="yellow"))
        if save is not None:
            _save(table, save, console)
        else:
            _offer_save(table, console, read)
        return
    if hotseat:
        console.print(Text(_("The game is over. What was played, as everyone saw it:"),
                           style="bold"))
    log.show_new()
    console.print()
    console.print(render_view(game.id, table.observe(None), names))
    if save is not None:
        _save(table, save, console)


def _offer_save(table: AnyTable, console: Console, read: Callable[[str], str]) -> None:
    """Without --save: ask, and ask again while the chosen file cannot be written."""
    default = Path(f"{table.game.id}-{datetime.now():%Y%m%d-%H%M%S}.json")
    try:
        answer = read(_("Save the record? [y/N] ")).strip().lower()
        if answer not in {"y", "yes", _("y"), _("yes")}:
            return
        while True:
            where = read(_("File [{file}]: ", file=str(default))).strip()
            try:
                _save(table, Path(where) if where else default, console)
                return
            except RecordError as error:
                console.print(filled(_("{problem} — another file?"), "",
                                     problem=Text(str(error), style="red")))
    except (KeyboardInterrupt, EOFError):
        console.print()


def _save(table: AnyTable, path: Path, console: Console) -> None:
    """Write the record; RecordError when it cannot be (the command then fails)."""
    check_writable(path)
    save_record(path, table.record())
    console.print(Text(_("Record saved to {file} (replay it with: albion replay {file})",
                         file=str(path))))
