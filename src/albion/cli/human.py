"""A person at the terminal, deciding for one seat of a table: sees the table from that
seat, picks an action by number or by notation, and is told plainly why the table refused
anything else (the ruling it breaks) — in the reader's language (issue 29): the options'
labels and a refusal from their words; the notation, typed as it is, stays the game's."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.text import Text

from albion.bots.ismcts_bot import IsmctsBot
from albion.bots.registry import make_bot
from albion.bots.specs import PlayerSpec
from albion.cli.log import PlayLog
from albion.cli.render import render_view
from albion.core.errors import IllegalActionError, InvalidActionError
from albion.core.words import Words, from_json
from albion.i18n import _, _n, current
from albion.table import AnyTable

QUIT_WORDS = {"quit", "exit"}
"""The commands are typed in English in every language, as the notation is."""
LONGEST_ANSWER = 200
"""Characters read from one line: no action is longer; a longer line is not echoed."""
HELP_WORDS = {"help", "?"}
COLUMN_GAP = 3
"""Spaces between the columns of packed options."""


class QuitRequested(Exception):  # noqa: N818 - a request, not an error
    """The person typed `quit`, pressed Ctrl-C, or closed the input."""


class TerminalSeat:
    """Asks at the terminal and submits to the table. `read` is `input` unless a test
    supplies lines."""

    def __init__(self, console: Console, table: AnyTable, seat: int, seat_names: Sequence[str],
                 read: Callable[[str], str] = input, hotseat: bool = False) -> None:
        self.console = console
        self.table = table
        self.seat = seat
        self.seat_names = seat_names
        self.read = read
        self.hotseat = hotseat
        """Several people share this screen and the game has secrets: show this seat's
        view only after a "pass to" screen, and clear it after the choice."""
        self.recap = PlayLog(console, table, seat)
        """What this seat has been shown of the game (its own wording of the events)."""

    @property
    def who(self) -> str:
        return f"{self.table.game.seat_name(self.seat)} ({self.seat_names[self.seat]})"

    def seat_name(self, seat: int) -> str:
        """A seat named in an option's words: `P2`."""
        return self.table.game.seat_name(seat)

    def label(self, entry: dict[str, Any]) -> str:
        """A legal action's label in the reader's language (its words), else its English
        label."""
        words = entry.get("label_words")
        label = entry.get("label") or ""
        if not words:
            return label
        said = from_json(words)
        return current().words(said, self.seat_name) if isinstance(said, Words) else label

    def decide(self, already_here: bool = False) -> None:
        """Ask until the table accepts a decision of this seat. On a shared screen with
        secrets, a person not already at the keyboard gets a pass screen first, then what
        happened since their last turn, in their own wording."""
        if not self.hotseat:
            self._decide()
            return
        if not already_here:
            self._clear()
            self.console.print(Text(" " + _("Pass to {player}, then press Enter",
                                            player=self.who) + " ", style="bold reverse"))
            if self._ask().lower() in QUIT_WORDS:
                raise QuitRequested
            self.console.print(Text(_("Since {player}'s last turn:", player=self.who),
                                    style="bold"))
        self.recap.show_new()
        self._decide()
        self.recap.show_new()
        if self.table.is_over() or self.seat not in self.table.to_move():
            self._clear()
            self.console.print(Text(_("{player} has chosen.", player=self.who), style="dim"))

    def _clear(self) -> None:
        """Clear the screen and, where the terminal allows, its scrollback."""
        console = self.console
        if console.is_terminal:
            console.clear()
            console.file.write("\033[3J")
            console.file.flush()
        else:
            console.print("\n" + "─" * 40)

    def _decide(self) -> None:
        table, console = self.table, self.console
        legal = table.legal(self.seat)
        entries = table.view(self.seat)["legal"]
        view = render_view(table.game.id, table.observe(self.seat), self.seat_names)
        menu, height = self._fit(view, entries)
        console.print()
        console.print(view, height=height)
        console.print(menu)
        while True:
            answer = self._ask()
            if len(answer) > LONGEST_ANSWER:
                console.print(Text(_n(
                    "That line is {count} character long; type an action's number or its "
                    "words.", "That line is {count} characters long; type an action's number "
                    "or its words.", len(answer), count=format(len(answer), ",")),
                    style="yellow"))
                continue
            word = answer.lower()
            if word in QUIT_WORDS:
                raise QuitRequested
            if word in HELP_WORDS or not word:
                console.print(self._menu(entries))
                console.print(self._help(len(legal)))
                continue
            if word == "hint":
                console.print(self._hint())
                continue
            if word.isdigit():
                number = int(word)
                if not 1 <= number <= len(legal):
                    console.print(Text(_("Choose a number from 1 to {count}.",
                                         count=len(legal)), style="yellow"))
                    continue
                answer = legal[number - 1]
            if self._submitted(answer):
                return

    def _submitted(self, answer: str) -> bool:
        """Submit `answer` (notation) to the table: True when it took it, else False
        with the reason said (the ruling it breaks)."""
        try:
            self.table.submit(self.seat, answer, self.table.version)
            return True
        except InvalidActionError as error:
            self.console.print(Text(self._said(error), style="yellow"))
        except IllegalActionError as error:
            self.console.print(Text(_("Not now: {reason} ({ruling})", reason=error.words,
                                      ruling=error.ruling), style="yellow"))
        return False

    def _said(self, error: Exception) -> str:
        """An error in the reader's language where it carries its words, else its text."""
        words = getattr(error, "words", None)
        return current().words(words, self.seat_name) if isinstance(words, Words) \
            else str(error)

    def _ask(self) -> str:
        prompt = f"{self.table.game.seat_name(self.seat)} > "
        try:
            return self.read(prompt).strip()
        except (KeyboardInterrupt, EOFError):
            self.console.print()
            raise QuitRequested from None

    def _fit(self, view: RenderableType, legal: Sequence[dict[str, Any]]
             ) -> tuple[Text, int]:
        """Issue 27: the options and the lines left to the view, so that the whole
        position and its options fit one screen (with the blank line above the view and
        the prompt below): each option on its line while that fits, else packed in
        columns (its words only: `help` lists what each does)."""
        room = self.console.height - 2
        menu = self._menu(legal)
        height = room - len(menu.plain.splitlines())
        if self._height(view, max(height, 1)) > height:
            menu = self._packed(legal)
            height = room - len(menu.plain.splitlines())
        return menu, max(height, 1)

    def _height(self, view: RenderableType, height: int) -> int:
        """The lines `view` takes when given `height` of them."""
        options = self.console.options.update(height=height)
        return sum(1 for _ in Segment.split_lines(self.console.render(view, options)))

    def _packed(self, legal: Sequence[dict[str, Any]]) -> Text:
        """The options' numbers and words in columns, numbered down each column."""
        cells = [f"{number:>2}  {entry['text']}" for number, entry in enumerate(legal, 1)]
        heading = _("Your options ('help' says what each does):")
        width = max(40, self.console.width)
        cell_width = min(max(len(cell) for cell in cells) + COLUMN_GAP, width)
        rows = math.ceil(len(cells) / max(1, (width + COLUMN_GAP) // cell_width))
        lines = Text(heading + "\n", style="bold")
        for row in range(rows):
            line = Text()
            for column, cell in enumerate(cells[row::rows]):
                line.pad_right(max(0, column * cell_width - line.cell_len))
                line.append(cell[:4], style="cyan")
                line.append(cell[4:])
            line.truncate(width, overflow="ellipsis")
            lines.append(line)
            lines.append("\n")
        lines.rstrip()
        return lines

    def _menu(self, legal: Sequence[dict[str, Any]]) -> Text:
        """Each option's words to type, and what it does in its game's words (the
        presentation model's label and ruling, as the browser shows them), on one line."""
        lines = Text(_("Your options:") + "\n", style="bold")
        width = max(40, self.console.width)
        for number, entry in enumerate(legal, start=1):
            line = Text(f" {number:>2}  ", style="cyan")
            line.append(entry["text"])
            english, ruling = entry.get("label") or "", entry.get("ruling")
            said = self.label(entry) if english.lower() != entry["text"] else ""
            said += f" ({ruling})" if ruling else ""
            if said:
                line.append(f"  {said}", style="dim")
            line.truncate(width, overflow="ellipsis")
            lines.append(line)
            lines.append("\n")
        lines.rstrip()
        return lines

    def _help(self, count: int) -> str:
        return _("Type a number from 1 to {count}, or the action's words (as listed); 'hint' "
                 "for the ISMCTS bot's advice; 'quit' to stop (you can save the game).",
                 count=count)

    def _hint(self) -> Text:
        """The ISMCTS bot's choice from this seat's view, and its estimated win chance."""
        table = self.table
        legal = table.legal_actions(self.seat)
        bot = make_bot(PlayerSpec("ismcts"), table.game, random.Random(len(legal)))
        assert isinstance(bot, IsmctsBot)
        result = bot.think(table.observe(self.seat), legal)
        text = table.legal(self.seat)[legal.index(result.action)]
        return Text(_n("Hint: {action} (number {number}) — estimated win chance {chance} "
                       "after {count} iteration",
                       "Hint: {action} (number {number}) — estimated win chance {chance} "
                       "after {count} iterations", result.iterations, action=text,
                       number=legal.index(result.action) + 1, chance=format(result.value, ".0%")),
                    style="cyan")
