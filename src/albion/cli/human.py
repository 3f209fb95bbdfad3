"""A person at the terminal as an agent: sees the table from their seat, picks a legal
action by number or by notation, and is told plainly why anything else is refused."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from albion.bots.ismcts_bot import IsmctsBot
from albion.bots.registry import make_bot
from albion.bots.specs import PlayerSpec
from albion.cli.render import render_view
from albion.core.errors import AlbionError, InvalidActionError
from albion.core.game import AnyGame

QUIT_WORDS = {"quit", "exit"}
HELP_WORDS = {"help", "?"}


class QuitRequested(Exception):  # noqa: N818 - a request, not an error
    """The person typed `quit`, pressed Ctrl-C, or closed the input."""


class HumanAgent:
    """Asks at the terminal. `read` is `input` unless a test supplies lines."""

    name = "human"

    def __init__(self, console: Console, game: AnyGame, seat: int, seat_names: Sequence[str],
                 read: Callable[[str], str] = input, hotseat: bool = False) -> None:
        self.console = console
        self.game = game
        self.seat = seat
        self.seat_names = seat_names
        self.read = read
        self.hotseat = hotseat
        """Several people share this screen and the game has secrets: show this seat's
        view only after a "pass to" screen, and clear it after the choice."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if not self.hotseat:
            return self._choose(view, legal)
        who = f"{self.game.seat_name(self.seat)} ({self.seat_names[self.seat]})"
        self._clear()
        self.console.print(f"[bold reverse] Pass to {who}, then press Enter [/]")
        if self._ask().lower() in QUIT_WORDS:
            raise QuitRequested
        try:
            return self._choose(view, legal)
        finally:
            self._clear()
            self.console.print(f"[dim]{who} has chosen.[/]")

    def _clear(self) -> None:
        """Clear the screen and, where the terminal allows, its scrollback."""
        console = self.console
        if console.is_terminal:
            console.clear()
            console.file.write("\033[3J")
            console.file.flush()
        else:
            console.print("\n" + "─" * 40)

    def _choose(self, view: Any, legal: Sequence[Any]) -> Any:
        game, console = self.game, self.console
        # A state rebuilt from the view reads notation and explains refusals exactly as
        # the true state would: both depend only on what this seat may know.
        state = game.sample_state(view, random.Random(0))
        console.print()
        console.print(render_view(game.id, view, self.seat_names))
        console.print(self._menu(state, legal))
        while True:
            answer = self._ask()
            word = answer.lower()
            if word in QUIT_WORDS:
                raise QuitRequested
            if word in HELP_WORDS or not word:
                console.print(self._help(len(legal)))
                continue
            if word == "hint":
                console.print(self._hint(view, legal, state))
                continue
            if word.isdigit():
                number = int(word)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                console.print(f"[yellow]Choose a number from 1 to {len(legal)}.[/]")
                continue
            try:
                action = game.parse_action(state, answer)
            except InvalidActionError as error:
                console.print(f"[yellow]{error}[/]")
                continue
            if action in legal:
                return action
            refusal: AlbionError = state.explain_illegal(action)
            console.print(f"[yellow]Not now: {refusal}[/]")

    def _ask(self) -> str:
        prompt = f"{self.game.seat_name(self.seat)} > "
        try:
            return self.read(prompt).strip()
        except (KeyboardInterrupt, EOFError):
            self.console.print()
            raise QuitRequested from None

    def _menu(self, state: Any, legal: Sequence[Any]) -> Text:
        lines = Text("Your options:\n", style="bold")
        for number, action in enumerate(legal, start=1):
            lines.append(f" {number:>2}  ", style="cyan")
            lines.append(self.game.action_text(state, action) + "\n")
        return lines

    def _help(self, count: int) -> str:
        return (f"Type a number from 1 to {count}, or the action's words (as listed); "
                "'hint' for the ISMCTS bot's advice; 'quit' to stop (you can save the game).")

    def _hint(self, view: Any, legal: Sequence[Any], state: Any) -> str:
        """The ISMCTS bot's choice from this seat's view, and its estimated win chance."""
        bot = make_bot(PlayerSpec("ismcts"), self.game, random.Random(len(legal)))
        assert isinstance(bot, IsmctsBot)
        result = bot.think(view, legal)
        text = self.game.action_text(state, result.action)
        return (f"[cyan]Hint: {text} (number {legal.index(result.action) + 1}) — estimated "
                f"win chance {result.value:.0%} after {result.iterations} iterations[/]")
