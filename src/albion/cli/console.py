"""The consoles the commands print to, and the one way they fail: a line, exit 2."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from albion.core.errors import AlbionError

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

EXIT_USAGE = 2


def fail(message: str) -> NoReturn:
    """Print `error: message` on one line of stderr and exit with status 2 (the message
    as written: a `[` in it is no markup)."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True, markup=True)
    raise typer.Exit(EXIT_USAGE)


EXIT_INTERRUPTED = 130


@contextmanager
def interrupted(say: Callable[[], str]) -> Iterator[None]:
    """Ctrl-C stops a long run at once (its workers too) with one line saying what was
    kept and how to go on; exit status 130, as shells expect."""
    try:
        yield
    except KeyboardInterrupt:
        err_console.print(f"[yellow]{say()}[/]", soft_wrap=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn Albion's own errors (bad game, variant, players, record…) into `fail`."""
    try:
        yield
    except AlbionError as error:
        fail(str(error))  # `fail` prints it as written
