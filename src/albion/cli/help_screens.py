"""The help screens — `albion --help`, `albion COMMAND --help`, and `albion` alone — in the
reader's language (issue 29). The commands' and options' help texts are English in the
code, marked `N_()` so that the catalogue collects them; typer's and click's own words on
those screens (the panels' titles, `[default: …]`, `[required]`, `Usage:`, the help
option's line, `Try … for help.`) are said here. `speak(group)` puts them into the command
tree and typer's help formatting once the language is known, before any help is shown.
What is typed stays as typed: flags, command names, metavars (`GAME`, `KEY=VALUE`,
`[OPTIONS]`), types, ranges and defaults.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar
from weakref import WeakKeyDictionary

from rich.markup import escape
from typer import rich_utils
from typer._click.core import Command, Context
from typer._click.formatting import HelpFormatter
from typer.core import TyperGroup

from albion.i18n import _

USAGE = "Usage: "
"""The usage line's prefix as click writes it (and typer's highlighter colours it)."""

_LINE_BREAK = re.compile(r"[ \t]*(?<!\n)\n(?!\n)[ \t]*")
"""A line break inside a paragraph (not a blank line between two), with its spaces."""

_english: WeakKeyDictionary[object, dict[str, str]] = WeakKeyDictionary()
"""Each help text's English as the code gave it (the catalogue's key), by object and
attribute: a tree said again in another language starts from it."""


def speak(group: TyperGroup) -> None:
    """`group`'s help screens, and its commands', in the current language."""
    _speak_typer()
    for command in _commands(group):
        _speak_command(command)


def _commands(group: TyperGroup) -> list[Command]:
    found: list[Command] = [group]
    for command in group.commands.values():
        found += _commands(command) if isinstance(command, TyperGroup) else [command]
    return found


def _speak_command(command: Command) -> None:
    for attribute in ("help", "short_help", "epilog"):
        _say(command, attribute)
    for param in command.params:
        _say(param, "help")
    command.context_class = SpokenContext


def _say(thing: object, attribute: str) -> None:
    """`thing.attribute`, a help text (English in the code), in the current language, as
    plain text: typer reads help as rich markup, where a `[rl]` would vanish."""
    text = getattr(thing, attribute, None)
    if text:
        english = _english.setdefault(thing, {}).setdefault(attribute, text)
        setattr(thing, attribute, escape(one_line_per_paragraph(_(english))))


def one_line_per_paragraph(text: str) -> str:
    """A help text's lines as typer's full help screen reads them: a line break inside a
    paragraph is a space (the code and the catalogue wrap long texts). The commands' list
    showed them as breaks mid-sentence ("… `hint` for the ISMCTS" / "bot's advice")."""
    return _LINE_BREAK.sub(" ", text)


def _speak_typer() -> None:
    """typer's words on the help screens (module constants it reads as it formats)."""
    words: dict[str, Any] = {
        "ARGUMENTS_PANEL_TITLE": escape(_("Arguments")),
        "OPTIONS_PANEL_TITLE": escape(_("Options")),
        "COMMANDS_PANEL_TITLE": escape(_("Commands")),
        "ERRORS_PANEL_TITLE": escape(_("Error")),
        "DEFAULT_STRING": _("[default: {value}]", value="{}"),
        "ENVVAR_STRING": _("[env var: {name}]", name="{}"),
        "REQUIRED_LONG_STRING": _("[required]"),
        "DEPRECATED_STRING": _("(deprecated)") + " ",
        "ABORTED_TEXT": _("Aborted."),
        "RICH_HELP": escape(_("Try {command} for help.")).replace(
            "{command}", "[blue]'{command_path} {help_option}'[/]"),
    }
    for name, value in words.items():
        setattr(rich_utils, name, value)
    rich_utils.highlighter = _highlighter(usage_prefix())


def _highlighter(prefix: str) -> rich_utils.OptionHighlighter:
    """typer's highlighter of the help screens, the usage line's `prefix` coloured."""

    class Spoken(rich_utils.OptionHighlighter):
        highlights: ClassVar[list[str]] = [
            pattern.replace(USAGE, re.escape(prefix))
            for pattern in rich_utils.OptionHighlighter.highlights]

    return Spoken()


def usage_prefix() -> str:
    return _("Usage:") + " "


class SpokenFormatter(HelpFormatter):
    """click's help formatter, its usage line's prefix in the current language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, usage_prefix() if prefix is None else prefix)


class SpokenContext(Context):
    """A command's context: its usage line and its help option's line in the current
    language (click makes the help option with each context, in English)."""

    formatter_class = SpokenFormatter

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        option = self.command.get_help_option(self)
        if option is not None:
            option.help = _("Show this message and exit.")
