"""A command typed wrong — an unknown flag, a missing argument, a value of the wrong kind,
an unknown command — told in the reader's language (issue 29), on the one `error: …` line
every other refusal takes, with where to find the command's options; in English as the
command-line parser (click) words it. What was typed (flags, values, command names) stays
as typed; a mistake not known here is told as the parser tells it."""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError
from rich.text import Text
from typer import Abort
from typer._click.core import Context
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    ClickException,
    MissingParameter,
    NoSuchOption,
    UsageError,
)
from typer.core import TyperGroup

from albion import i18n
from albion.bots.registry import problem_words
from albion.cli.console import err_console, filled, shown
from albion.cli.help_screens import speak
from albion.core.words import Words, say, say_n
from albion.i18n import _

EXTRA = re.compile(r"Got unexpected extra argument(?:\(s\)|s)? \((?P<arguments>.*)\)")
NO_COMMAND = re.compile(r"No such command '(?P<command>.*)'\.")
NEEDS_VALUE = re.compile(r"Option '.*' requires (?:an argument|\d+ arguments)\.")
TAKES_NO_VALUE = re.compile(r"Option '.*' does not take a value\.")


class UsageGroup(TyperGroup):
    """The `albion` command group: its help screens in the reader's language, its usage
    errors said in words (the rest as typer shows them: `--version`, the commands' own
    exits)."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        reader_language(sys.argv[1:] if args is None else args)
        speak(self)  # before parsing: `--help` may come before `--lang`, and is eager too
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode,
                                windows_expand_args, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args,
                                **extra)
        except UsageError as error:
            said = mistake(error)
            if said is None:
                _as_typer_shows(error)
            else:
                tell(said, error.ctx)
            sys.exit(error.exit_code)
        except ClickException as error:
            _as_typer_shows(error)
            sys.exit(error.exit_code)
        except Abort:
            err_console.print(Text(_("Aborted."), style="red"))
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def reader_language(args: Sequence[str]) -> None:
    """The language `--lang` or the terminal asks for, read before the command line is
    parsed: for a help screen asked before `--lang` (`albion --help --lang fr`), and for a
    mistake found before `albion --lang` was read (among the root's own options); as
    `albion --lang` chooses it (which refuses a language Albion does not speak)."""
    words = list(args)
    value = next((word.partition("=")[2] for word in words if word.startswith("--lang=")),
                 None)
    if "--lang" in words[:-1]:
        value = words[words.index("--lang") + 1]
    chosen = i18n.supported(value) if value else i18n.from_environment()
    if chosen is not None:
        i18n.use(chosen)


def mistake(error: UsageError) -> Words | None:
    """What is wrong with the command as typed, in words; None for a mistake this module
    does not know (and for `albion` alone, which shows the help)."""
    ctx = error.ctx
    if isinstance(error, NoSuchOption):
        if error.possibilities:
            return say("No such option: {option} (Possible options: {options})",
                       option=error.option_name,
                       options=", ".join(sorted(error.possibilities)))
        return say("No such option: {option}", option=error.option_name)
    if isinstance(error, MissingParameter):
        hint = error.param.get_error_hint() if error.param is not None else ""
        if error.param is not None and error.param.param_type_name == "option":
            return say("Missing option {option}.", option=hint)
        return say("Missing argument {argument}.", argument=hint)
    if isinstance(error, BadParameter):
        hint = error.param.get_error_hint() if error.param is not None else ""
        cause = error.__cause__
        why: Words | str = problem_words(cause.errors()[0]) \
            if isinstance(cause, ValidationError) and cause.errors() else error.message
        return say("Invalid value for {option}: {problem}", option=hint, problem=why)
    if isinstance(error, BadOptionUsage):
        if NEEDS_VALUE.fullmatch(error.message):
            return say("Option '{option}' requires an argument.", option=error.option_name)
        if TAKES_NO_VALUE.fullmatch(error.message):
            return say("Option '{option}' does not take a value.", option=error.option_name)
        return None
    if (extra := EXTRA.fullmatch(error.message)) is not None:
        typed = extra["arguments"]
        return say_n("Got unexpected extra argument ({arguments})",
                     "Got unexpected extra arguments ({arguments})", len(typed.split()),
                     arguments=typed)
    commands = ", ".join(ctx.command.list_commands(ctx)) if ctx is not None and \
        hasattr(ctx.command, "list_commands") else ""
    if (unknown := NO_COMMAND.fullmatch(error.message)) is not None:
        return say("No such command '{command}'; commands: {commands}",
                   command=unknown["command"], commands=commands)
    if error.message == "Missing command.":
        return say("Missing command; commands: {commands}", commands=commands)
    return None


def tell(said: Words, ctx: Context | None) -> None:
    """`error: …` on one line of stderr, then where the command's options are listed."""
    err_console.print(filled(_("error: {message}"), "bold red", message=shown(said)),
                      soft_wrap=True)
    if ctx is not None and ctx.command.get_help_option(ctx) is not None:
        command = f"{ctx.command_path} {ctx.help_option_names[0]}"
        err_console.print(Text(_("See {command} for its options.", command=command),
                               style="dim"), soft_wrap=True)


def _as_typer_shows(error: ClickException) -> None:
    from typer import rich_utils  # noqa: PLC0415 - rich's help formatting, when needed

    rich_utils.rich_format_error(error)
