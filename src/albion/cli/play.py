"""`albion play`: a game at the terminal between people and bots."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from albion.bots.registry import make_bot
from albion.bots.specs import PlayerSpec
from albion.cli.human import HumanAgent, QuitRequested
from albion.cli.render import render_view
from albion.core.errors import RecordError
from albion.core.game import AnyGame
from albion.core.state import CHANCE
from albion.core.variants import Variant
from albion.sim.match import Match, Step
from albion.sim.records import save_record
from albion.table.seeding import derive_rng


def play_game(game: AnyGame, variant: Variant, specs: Sequence[PlayerSpec], seed: int,
              save: Path | None, console: Console, read: Callable[[str], str] = input) -> None:
    """Play one game to its end (or until the person quits, offering to save it)."""
    names = [str(spec) for spec in specs]
    hotseat = game.has_secrets and sum(spec.is_human for spec in specs) > 1
    agents = [
        HumanAgent(console, game, seat, names, read, hotseat) if spec.is_human
        else make_bot(spec, game, derive_rng(seed, "seat", seat))
        for seat, spec in enumerate(specs)
    ]
    match = Match(game, variant, agents, seed, seat_names=names)
    console.print(f"[bold]{game.name}[/] — " + ", ".join(
        f"{game.seat_name(seat)} {name}" for seat, name in enumerate(names))
        + f" · seed {seed}")

    chance: list[str] = []

    def flush_chance() -> None:
        if chance:
            console.print(f"   [dim]↳ {escape(summarise(chance))}[/]")
            chance.clear()

    def show(step: Step) -> None:
        if step.actor == CHANCE:
            chance.append(step.public_text)
        else:
            who = f"{game.seat_name(step.actor)} {names[step.actor]}"
            console.print(f"[bold]{who}[/]: {escape(step.public_text)}")
        if step.outcome:
            flush_chance()
            console.print(f"   [cyan]⇒ {escape(step.outcome)}[/]")

    state = match.state
    try:
        while not state.is_terminal():
            if state.current_player() != CHANCE:
                flush_chance()
            show(match.step())
    except QuitRequested:
        console.print("[yellow]AnyGame stopped.[/]")
        _offer_save(match, save, console, read)
        return
    flush_chance()
    console.print()
    console.print(render_view(game.id, state.observe(None), names))
    if save is not None:
        _save(match, save, console)


SHOWN_CHANCE_STEPS = 6


def summarise(texts: list[str]) -> str:
    """Consecutive chance steps on one line; a long deal is only counted (the table
    shows where the cards went)."""
    if len(texts) <= SHOWN_CHANCE_STEPS:
        return "; ".join(texts)
    return f"{texts[0]}; … {len(texts)} chance steps in all (the table shows them)"


def _offer_save(match: Match, save: Path | None, console: Console,
                read: Callable[[str], str]) -> None:
    default = save or Path(f"{match.game.id}-{datetime.now():%Y%m%d-%H%M%S}.json")
    try:
        answer = read("Save the record? [y/N] ").strip().lower()
        if answer not in {"y", "yes"}:
            return
        where = read(f"File [{default}]: ").strip()
    except (KeyboardInterrupt, EOFError):
        console.print()
        return
    _save(match, Path(where) if where else default, console)


def _save(match: Match, path: Path, console: Console) -> None:
    try:
        save_record(path, match.record())
    except RecordError as error:
        console.print(f"[red]{error}[/]")
        return
    console.print(f"Record saved to {path} (replay it with: albion replay {path})")
