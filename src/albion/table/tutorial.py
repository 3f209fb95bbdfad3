"""A game's tutorial played on the real Table (issue 32): each step's position, read from
its position text, becomes the position of a table where the learner holds the seat to
move and bots hold the others. A move the rules refuse is refused with the refusal that
names its ruling (the same check that builds the legal actions); a legal move the step
does not ask for is refused too, naming the rulings the step teaches; either way the
step's hint goes with it and the step stays. An expected move is submitted to the table
(chance and the bots play on from it, as in any game) and the next step begins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from albion.core.errors import InvalidActionError
from albion.core.game import AnyGame
from albion.core.registry import get_game
from albion.core.state import CHANCE, TERMINAL
from albion.core.tutorial import Step, Tutorial, TutorialError
from albion.core.words import Words, say
from albion.table.decisions import decision_state
from albion.table.table import AnyTable, Table

OTHER_SEATS = "heuristic"
"""Who plays the seats the learner does not hold: the game's hand-written strategy."""


@dataclass(frozen=True, slots=True)
class Refused:
    """A move the step does not take: why (`words`, with the `ruling` it rests on, if
    one does) and the step's `hint` (an English catalogue key)."""

    words: Words | str
    ruling: str | None
    hint: str


@dataclass(frozen=True, slots=True)
class Played:
    """An expected move, made: the `table` it was played at (its events since `since`
    say what it brought about) and the step it ended."""

    table: AnyTable
    since: int
    step: Step


def step_table(game: AnyGame, step: Step, seed: int = 0) -> Table[Any, Any, Any]:
    """A table at `step`'s position: the learner at the seat to move there (a person),
    bots at the others, chance from `seed`. TutorialError when the position is not one
    where a seat decides; PositionError when it does not read."""
    position = game.from_text(step.position)
    seat = position.current_player()
    if seat in (CHANCE, TERMINAL):
        raise TutorialError(f"step {step.title!r}: nobody decides at its position")
    players = ["human" if other == seat else OTHER_SEATS
               for other in range(position.num_players)]
    start = Table(game, players, game.variant(step.variant_pairs), seed, autoplay=False)
    table = start.fork(position)
    table.autoplay = True  # the bots play on from the step's position, not before it
    return table


class Lesson:
    """A tutorial in progress: the current step, its table and the learner's seat."""

    def __init__(self, game: str | AnyGame, tutorial: Tutorial, seed: int = 0,
                 start: int = 0) -> None:
        """The lesson at step `start` (0-based: a face that keeps no lesson between
        requests, as the server's Learn page, starts one at the step it is asked for);
        IndexError for a step the tutorial does not have."""
        if not 0 <= start < len(tutorial.steps):
            raise IndexError(f"{tutorial.game}'s tutorial has no step {start + 1}")
        self.game: AnyGame = get_game(game) if isinstance(game, str) else game
        self.tutorial = tutorial
        self.seed = seed
        self.index = start
        self.table = step_table(self.game, self.step, seed)
        self.seat = self.table.to_move()[0]

    @property
    def step(self) -> Step:
        return self.tutorial.steps[self.index]

    @property
    def is_done(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    def expected(self) -> list[int]:
        """The 1-based numbers, among the seat's legal actions, of the moves this step
        expects (a face may use them; the tests feed them)."""
        legal = self.table.legal(self.seat)
        return [legal.index(text) + 1 for text in self.step.expect if text in legal]

    def try_move(self, move: str) -> Refused | Played:
        """The learner's `move` (its notation): Played when the step expects it (it is
        submitted and the next step begins), else Refused (nothing changes)."""
        step, table = self.step, self.table
        state = decision_state(table.position(), self.seat)
        try:
            action = self.game.parse_action(state, move)
            refusal = state.refusal(action)
        except InvalidActionError as error:
            return Refused(error.words or str(error), None, step.hint)
        if refusal is not None:
            illegal = refusal.error()
            return Refused(illegal.words, illegal.ruling, step.hint)
        text = self.game.action_text(state, action)
        if text not in step.expect:
            return Refused(say("{move} is allowed here, but this step teaches {rulings}",
                               move=text, rulings=", ".join(step.teaches)), None, step.hint)
        since = table.version
        table.submit(self.seat, action, since)
        self.index += 1
        if not self.is_done:
            self.table = step_table(self.game, self.step, self.seed)
            self.seat = self.table.to_move()[0]
        return Played(table, since, step)
