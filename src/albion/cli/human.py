"""A person at the terminal, deciding for one seat of a table: sees the table from that
seat, picks an action by number or by notation, and is told plainly why the table refused
anything else (the ruling it breaks)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.segment import Segment
from rich.text import Text

from albion.bots.ismcts_bot import IsmctsBot
from albion.bots.registry import make_bot
from albion.bots.specs import PlayerSpec
from albion.cli.log import PlayLog
from albion.cli.render import render_view
from albion.core.errors import IllegalActionError, InvalidActionError
from albion.table import AnyTable

QUIT_WORDS = {"quit", "exit"}
LONGEST_ANSWER = 200
"""Characters read from one line: no action is longer; a longer line is not echoed."""
HELP_WORDS = {"help", "?"}
OPTIONS_HEADING = "Your options:"
PACKED_HEADING = "Your options ('help' says what each does):"
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

    def decide(self, already_here: bool = False) -> None:
        """Ask until the table accepts a decision of this seat. On a shared screen with
        secrets, a person not already at the keyboard gets a pass screen first, then what
        happened since their last turn, in their own wording."""
        if not self.hotseat:
            self._decide()
            return
        if not already_here:
            self._clear()
            self.console.print(f"[bold reverse] Pass to {self.who}, then press Enter [/]")
            if self._ask().lower() in QUIT_WORDS:
                raise QuitRequested
            self.console.print(f"[bold]Since {self.who}'s last turn:[/]")
        self.recap.show_new()
        self._decide()
        self.recap.show_new()
        if self.table.is_over() or self.seat not in self.table.to_move():
            self._clear()
            self.console.print(f"[dim]{self.who} has chosen.[/]")

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
                console.print(f"[yellow]That line is {len(answer):,} characters long; type an "
                              "action's number or its words.[/]")
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
                    console.print(f"[yellow]Choose a number from 1 to {len(legal)}.[/]")
                    continue
                answer = legal[number - 1]
            try:
                table.submit(self.seat, answer, table.version)
                return
            except InvalidActionError as error:
                console.print(f"[yellow]{escape(str(error))}[/]")
            except IllegalActionError as error:
                console.print(f"[yellow]Not now: {escape(str(error))}[/]")

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
        width = max(40, self.console.width)
        cell_width = min(max(len(cell) for cell in cells) + COLUMN_GAP, width)
        rows = math.ceil(len(cells) / max(1, (width + COLUMN_GAP) // cell_width))
        lines = Text(PACKED_HEADING + "\n", style="bold")
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
        lines = Text(OPTIONS_HEADING + "\n", style="bold")
        width = max(40, self.console.width)
        for number, entry in enumerate(legal, start=1):
            line = Text(f" {number:>2}  ", style="cyan")
            line.append(entry["text"])
            label, ruling = entry.get("label") or "", entry.get("ruling")
            said = label if label.lower() != entry["text"] else ""
            said += f" ({ruling})" if ruling else ""
            if said:
                line.append(f"  {said}", style="dim")
            line.truncate(width, overflow="ellipsis")
            lines.append(line)
            lines.append("\n")
        lines.rstrip()
        return lines

    def _help(self, count: int) -> str:
        return (f"Type a number from 1 to {count}, or the action's words (as listed); "
                "'hint' for the ISMCTS bot's advice; 'quit' to stop (you can save the game).")

    def _hint(self) -> str:
        """The ISMCTS bot's choice from this seat's view, and its estimated win chance."""
        table = self.table
        legal = table.legal_actions(self.seat)
        bot = make_bot(PlayerSpec("ismcts"), table.game, random.Random(len(legal)))
        assert isinstance(bot, IsmctsBot)
        result = bot.think(table.observe(self.seat), legal)
        text = table.legal(self.seat)[legal.index(result.action)]
        return (f"[cyan]Hint: {text} (number {legal.index(result.action) + 1}) — estimated "
                f"win chance {result.value:.0%} after {result.iterations} iterations[/]")
