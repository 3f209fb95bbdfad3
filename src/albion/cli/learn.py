"""`albion learn GAME`: a game's guided first game at the terminal (issue 32), in the
reader's language. Each step shows its words, where to look and the position, drawn by the
game's own renderer with the options listed as in `albion play`; the learner answers by
number or notation (`hint` repeats the step's hint). The moves go through the tutorial
engine (`albion.table.tutorial`) to a real table: a wrong one is refused with the ruling
it breaks and the hint, and the step stays."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from albion.cli.human import QuitRequested, TerminalSeat
from albion.cli.log import PlayLog
from albion.core.game import AnyGame
from albion.core.tutorial import Tutorial
from albion.i18n import _, current
from albion.table.tutorial import Lesson, Played, Refused, look_words


class LearnerSeat(TerminalSeat):
    """The learner's seat at one step's table: the terminal seat of `albion play`, whose
    moves go through the lesson (which refuses what the step does not ask for)."""

    def __init__(self, console: Console, lesson: Lesson, read: Callable[[str], str]) -> None:
        super().__init__(console, lesson.table, lesson.seat, lesson.table.names, read)
        self.lesson = lesson
        self.played: Played | None = None

    def _submitted(self, answer: str) -> bool:
        outcome = self.lesson.try_move(answer)
        if isinstance(outcome, Refused):
            reason = current().words(outcome.words, self.seat_name)
            self.console.print(Text(_("Not now: {reason} ({ruling})", reason=reason,
                                      ruling=outcome.ruling) if outcome.ruling else reason,
                                    style="yellow"))
            self.console.print(self._hint())
            return False
        self.played = outcome
        return True

    def _hint(self) -> Text:
        return Text(_("Hint: {hint}", hint=current().text(self.lesson.step.hint)),
                    style="cyan")

    def _help(self, count: int) -> str:
        return _("Type a number from 1 to {count}, or the move's words (as listed); 'hint' "
                 "for this step's hint; 'quit' to stop.", count=count)


def learn(game: AnyGame, tutorial: Tutorial, console: Console,
          read: Callable[[str], str] = input) -> bool:
    """Play `tutorial` to its end (True) or until the learner quits (False)."""
    say = current().text
    lesson = Lesson(game, tutorial)
    console.print(Text(say(tutorial.title), style="bold"))
    if tutorial.intro:
        console.print(say(tutorial.intro))
    try:
        while not lesson.is_done:
            step, number = lesson.step, lesson.index + 1
            console.print()
            console.print(Text(_("Step {number} of {count}: {title}", number=number,
                                 count=len(tutorial.steps), title=say(step.title)),
                               style="bold reverse"))
            console.print(say(step.text))
            console.print(Text(_("Look at: {place}", place=current().words(
                look_words(step.point, lesson.seat), game.seat_name)), style="dim"))
            seat = LearnerSeat(console, lesson, read)
            seat.decide()
            assert seat.played is not None
            _show_outcome(console, seat.played, seat.seat)
    except QuitRequested:
        console.print(Text(_("Tutorial stopped at step {number}; run albion learn {game} "
                             "to start again.", number=lesson.index + 1, game=game.id),
                           style="yellow"))
        return False
    console.print()
    console.print(Text(_("Tutorial complete. Play a whole game with: albion play {game}",
                         game=game.id), style="bold green"))
    return True


def _show_outcome(console: Console, played: Played, seat: int) -> None:
    """What the move brought about (the table's events, as the learner's seat reads
    them) and the step's closing words."""
    log = PlayLog(console, played.table, seat)
    log.shown = played.since
    log.show_new()
    if played.step.after:
        console.print(Text(current().text(played.step.after), style="green"))
