"""The consoles the commands print to, and the one way they fail: a line, exit 2 — in the
reader's language (issue 29: `albion --lang`, `LANG`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer
from rich.console import Console
from rich.text import Text

from albion.core.errors import AlbionError
from albion.core.words import PLACEHOLDER, Words, say
from albion.i18n import _, current

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

EXIT_USAGE = 2


def fail(message: str | Words) -> NoReturn:
    """Print `error: message` on one line of stderr and exit with status 2 (the message
    as written: a `[` in it is no markup; words are said in the reader's language)."""
    err_console.print(filled(_("error: {message}"), "bold red", message=shown(message)),
                      soft_wrap=True)
    raise typer.Exit(EXIT_USAGE)


def shown(message: str | Words) -> str:
    """`message` in the reader's language (a plain text as it is)."""
    return current().words(message)


def filled(template: str, style: str = "", /, **parts: str | Text) -> Text:
    """A translated sentence (`_("…")` without arguments keeps its `{name}`s) as rich text:
    each `{name}` filled by `parts[name]` as written (a `Text` keeps its own style), the
    sentence's own words in `style`. No markup is read from either."""
    text = Text()
    last = 0
    for match in PLACEHOLDER.finditer(template):
        text.append(template[last:match.start()], style=style)
        text.append(parts.get(match.group(1), match.group(0)))
        last = match.end()
    text.append(template[last:], style=style)
    return text


EXIT_INTERRUPTED = 130


@contextmanager
def interrupted(say: Callable[[], str]) -> Iterator[None]:
    """Ctrl-C stops a long run at once (its workers too) with one line saying what was
    kept and how to go on; exit status 130, as shells expect."""
    try:
        yield
    except KeyboardInterrupt:
        err_console.print(Text(say(), style="yellow"), soft_wrap=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn Albion's own errors (bad game, variant, players, record…) into `fail`: in
    the reader's language where the error carries its words (a refusal's), else as its
    English text."""
    try:
        yield
    except AlbionError as error:
        words = getattr(error, "words", None)
        if isinstance(words, Words):
            ruling = getattr(error, "ruling", None)
            fail(say("{reason} ({ruling})", reason=words, ruling=ruling) if ruling else words)
        fail(str(error))  # `fail` prints it as written
