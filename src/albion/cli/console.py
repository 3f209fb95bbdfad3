"""The consoles the commands print to, and the one way they fail: a line, exit 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer
from rich.console import Console

from albion.core.errors import AlbionError

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

EXIT_USAGE = 2


def fail(message: str) -> NoReturn:
    """Print `error: message` on one line of stderr and exit with status 2."""
    err_console.print(f"[bold red]error:[/] {message}", soft_wrap=True, markup=True)
    raise typer.Exit(EXIT_USAGE)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn Albion's own errors (bad game, variant, players, record…) into `fail`."""
    try:
        yield
    except AlbionError as error:
        fail(str(error).replace("[", r"\["))
