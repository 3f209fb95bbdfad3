"""The play log: a table's events as one viewer may read them, in the reader's language
(issue 29: an event's words where its game says it in words, else its English text)."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from albion.core.events import ActionTaken, ChanceResult, Event, GameOver
from albion.i18n import _, _n, current
from albion.table import AnyTable

SHOWN_CHANCE_STEPS = 6


def one_line(texts: list[str]) -> str:
    """Events on one line, one after the other (`a; b; c`: each language puts its own
    punctuation between them, French a space before the semicolon)."""
    line = texts[-1]
    for text in reversed(texts[:-1]):
        line = _("{first}; {rest}", first=text, rest=line)
    return line


class PlayLog:
    """The table's events as `viewer` (one person's seat, or None on a shared screen) may
    read them: each decision on a line, chance steps summed up, what they brought about."""

    def __init__(self, console: Console, table: AnyTable, viewer: int | None) -> None:
        self.console = console
        self.table = table
        self.viewer = viewer
        self.shown = 0
        self.chance: list[str] = []

    def seat_name(self, seat: int) -> str:
        """A seat as the log names it: `P1 random`."""
        return f"{self.table.game.seat_name(seat)} {self.table.names[seat]}"

    def said(self, event: Event, fallback: str) -> str:
        """`event` in the reader's language: its words, else `fallback` (English)."""
        if event.words is None:
            return fallback
        return current().words(event.words, self.seat_name)

    def game_over(self, event: GameOver) -> str:
        """ALL-1: how the game ended, from the event's winners and reason (the table's own
        id for it, as the game names it)."""
        if not event.winners:
            return _("game over ({reason}): a draw", reason=event.reason)
        names = [self.table.game.seat_name(seat) for seat in event.winners]
        players = names[-1]
        for name in reversed(names[:-1]):
            players = _("{first} and {rest}", first=name, rest=players)
        return _n("game over ({reason}): {players} wins", "game over ({reason}): {players} win",
                  len(names), reason=event.reason, players=players)

    def show_new(self) -> None:
        outcomes: list[str] = []
        for entry in self.table.events_for(self.viewer, self.shown):
            event = entry.event
            if isinstance(event, ActionTaken | ChanceResult):
                self._flush_outcomes(outcomes)
            if isinstance(event, ChanceResult):
                self.chance.append(self.said(event, event.outcome))
            elif isinstance(event, ActionTaken):
                self._flush_chance()
                if event.words is not None:
                    self.console.print(Text(self.said(event, "")))
                else:
                    self.console.print(Text.assemble(
                        (self.seat_name(event.seat), "bold"), ": ", event.action))
            elif isinstance(event, GameOver) and event.words is None:
                outcomes.append(self.game_over(event))
            else:
                outcomes.append(self.said(event, event.text))
        self._flush_outcomes(outcomes)
        self._flush_chance()
        self.shown = self.table.version

    def _flush_outcomes(self, outcomes: list[str]) -> None:
        if outcomes:
            self._flush_chance()
            self.console.print(Text(f"   ⇒ {one_line(outcomes)}", style="cyan"))
            outcomes.clear()

    def _flush_chance(self) -> None:
        if self.chance:
            self.console.print(Text(f"   ↳ {summarise(self.chance)}", style="dim"))
            self.chance.clear()


def summarise(texts: list[str]) -> str:
    """Consecutive chance steps on one line; a long deal is only counted (the table
    shows where the cards went)."""
    if len(texts) <= SHOWN_CHANCE_STEPS:
        return one_line(texts)
    return _n("{first}; … {count} chance step in all (the table shows them)",
              "{first}; … {count} chance steps in all (the table shows them)", len(texts),
              first=texts[0])
