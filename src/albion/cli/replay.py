"""`albion replay`: step through a saved record, rendered as in play."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from albion.cli.render import render_view
from albion.core.errors import RecordError, UnknownGameError
from albion.core.game import AnyGame, AnyState
from albion.core.record import GameRecord, replay
from albion.core.registry import get_game
from albion.sim.records import load_record

KEYS = "Enter/n next · b back · j N jump to action N · s start · e end · q quit"


def load_replay(path: Path) -> tuple[AnyGame, GameRecord, list[AnyState]]:
    """The game, record and every state of a record file; RecordError on any problem."""
    record = load_record(path)
    try:
        game = get_game(record.game)
    except UnknownGameError as error:
        raise RecordError(f"record {path}: {error}") from None
    return game, record, replay(game, record)


def show_position(console: Console, game: AnyGame, record: GameRecord, states: list[AnyState],
                  index: int) -> None:
    """The table after `index` actions, with the action that led there and the next one."""
    total = len(record.actions)
    console.print()
    console.print(render_view(game.id, states[index].observe(None), record.seats))
    last = f"action {index}/{total}: {_as_seen(game, states, record, index - 1)}" if index \
        else f"start (0/{total} actions)"
    following = f" · next: {_as_seen(game, states, record, index)}" if index < total else \
        " · end of record"
    console.print(f"[bold]{escape(last)}[/]{escape(following)}")


def _as_seen(game: AnyGame, states: list[AnyState], record: GameRecord, step: int) -> str:
    """Action `step` as a spectator reads it: the replay shows the table as a spectator
    sees it, so a face-down card stays face down in the status line too (RS-6)."""
    before = states[step]
    return game.describe_action(before, game.parse_action(before, record.actions[step]), None)


def browse(console: Console, path: Path, at: int | None,
           read: Callable[[str], str] = input) -> None:
    """Show position `at` and stop, or browse interactively from the start."""
    game, record, states = load_replay(path)
    total = len(record.actions)
    if at is not None:
        if not 0 <= at <= total:
            raise RecordError(f"--at {at} is outside the record (0 to {total})")
        show_position(console, game, record, states, at)
        return
    console.print(f"[bold]{game.name}[/] record: {', '.join(record.seats)} · {total} actions")
    console.print(f"[dim]{KEYS}[/]")
    index = 0
    show_position(console, game, record, states, index)
    while True:
        try:
            command = read("replay > ").strip().lower()
        except (KeyboardInterrupt, EOFError):
            console.print()
            return
        target = _target(command, index, total)
        if target is None:
            if command in {"q", "quit", "exit"}:
                return
            console.print(f"[yellow]{KEYS}[/]")
            continue
        if target == index:
            console.print("[dim](already there)[/]")
            continue
        index = target
        show_position(console, game, record, states, index)


def _target(command: str, index: int, total: int) -> int | None:
    """Where a browsing command leads, or None if it is not a move command."""
    word, _, argument = command.partition(" ")
    if word in {"", "n", "next"}:
        return min(index + 1, total)
    if word in {"b", "back"}:
        return max(index - 1, 0)
    if word in {"s", "start"}:
        return 0
    if word in {"e", "end"}:
        return total
    if word in {"j", "jump"} and argument.strip().isdigit():
        return min(int(argument), total)
    if word.isdigit():
        return min(int(word), total)
    return None
