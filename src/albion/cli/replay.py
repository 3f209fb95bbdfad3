"""`albion replay`: step through a saved record, rendered as in play, in the reader's
language (issue 29: each action from its game's words where it says them). The browsing
keys are typed as they are in every language."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from albion.cli.render import render_view
from albion.core.errors import RecordError, UnknownGameError
from albion.core.game import AnyGame, AnyState
from albion.core.record import GameRecord, replay
from albion.core.registry import get_game
from albion.i18n import _, _n, current
from albion.sim.records import load_record


def keys() -> str:
    """The browsing keys, said in the reader's language (the keys stay as typed)."""
    return _("Enter/n next · b back · j N jump to action N · s start · e end · q quit")


def load_replay(path: Path) -> tuple[AnyGame, GameRecord, list[AnyState]]:
    """The game, record and every state of a record file; RecordError on any problem."""
    record = load_record(path)
    try:
        game = get_game(record.game)
    except UnknownGameError as error:
        raise RecordError(_("record {file}: {problem}", file=str(path),
                            problem=str(error))) from None
    return game, record, replay(game, record)


def show_position(console: Console, game: AnyGame, record: GameRecord, states: list[AnyState],
                  index: int) -> None:
    """The table after `index` actions, with the action that led there and the next one."""
    total = len(record.actions)
    console.print()
    console.print(render_view(game.id, states[index].observe(None), record.seats))
    last = _("action {index}/{total}: {action}", index=index, total=total,
             action=_as_seen(game, states, record, index - 1)) if index \
        else _n("start (0/{count} action)", "start (0/{count} actions)", total)
    following = _(" · next: {action}", action=_as_seen(game, states, record, index)) \
        if index < total else _(" · end of record")
    console.print(Text.assemble((last, "bold"), following), soft_wrap=True)


def _as_seen(game: AnyGame, states: list[AnyState], record: GameRecord, step: int) -> str:
    """Action `step` as a spectator reads it: the replay shows the table as a spectator
    sees it, so a face-down card stays face down in the status line too (RS-6): its
    event's words for a spectator where its game says them (the seats by their short
    names: the position above names their players)."""
    before = states[step]
    action = game.parse_action(before, record.actions[step])
    words = game.decision_event(before, before.current_player(), action,
                                record.actions[step], None).words
    if words is None:
        return game.describe_action(before, action, None)
    return current().words(words, game.seat_name)


def browse(console: Console, path: Path, at: int | None,
           read: Callable[[str], str] = input) -> None:
    """Show position `at` and stop, or browse interactively from the start."""
    game, record, states = load_replay(path)
    total = len(record.actions)
    if at is not None:
        if not 0 <= at <= total:
            raise RecordError(_("--at {at} is outside the record (0 to {total})", at=at,
                                total=total))
        show_position(console, game, record, states, at)
        return
    console.print(Text(_n("{game} record: {players} · {count} action",
                          "{game} record: {players} · {count} actions", total,
                          game=game.name, players=", ".join(record.seats)), style="bold"))
    console.print(Text(keys(), style="dim"))
    index = 0
    show_position(console, game, record, states, index)
    while True:
        try:
            command = read(_("replay > ")).strip().lower()
        except (KeyboardInterrupt, EOFError):
            console.print()
            return
        target = _target(command, index, total)
        if target is None:
            if command in {"q", "quit", "exit"}:
                return
            console.print(Text(keys(), style="yellow"))
            continue
        if target == index:
            console.print(Text(_("(already there)"), style="dim"))
            continue
        index = target
        show_position(console, game, record, states, index)


def _target(command: str, index: int, total: int) -> int | None:
    """Where a browsing command leads, or None if it is not a move command."""
    word, _space, argument = command.partition(" ")
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
