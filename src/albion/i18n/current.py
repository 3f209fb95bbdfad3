"""The language of the words a face says now (issue 29): one per terminal process
(`albion --lang`, `LANG`), one per request or connection in the server."""

from __future__ import annotations

from contextvars import ContextVar

from albion.core.words import Arg
from albion.i18n.catalogue import SOURCE, Translator, translator

_current: ContextVar[str] = ContextVar("albion_language", default=SOURCE)


def use(lang: str) -> None:
    """Say things in `lang` from now on (in this context)."""
    translator(lang)  # refuses a language Albion does not speak
    _current.set(lang)


def current() -> Translator:
    return translator(_current.get())


def _(message: str, /, **args: Arg) -> str:
    """`message` (English, a catalogue key) in the current language, `{name}`s filled."""
    return current().text(message, **args)


def N_(message: str, /) -> str:  # noqa: N802 - gettext's name for the marker
    """`message` as it is: marks an English text said later, where it is shown (a help
    text given to typer), for the catalogue to collect (`albion.i18n.extract`)."""
    return message


def _n(singular: str, plural: str, count: int, /, **args: Arg) -> str:
    """The form of a message with plurals for `count`, in the current language."""
    return current().plural(singular, plural, count, **args)
