"""A game's tutorial played on the real Table (issue 32): each step's position, read from
its position text, becomes the position of a table where the learner holds the seat to
move and bots hold the others. A move the rules refuse is refused with the refusal that
names its ruling (the same check that builds the legal actions); a legal move the step
does not ask for is refused too, naming the rulings the step teaches; either way the
step's hint goes with it and the step stays. An expected move is submitted to the table
(chance and the bots play on from it, as in any game) and the next step begins."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from albion.core.errors import InvalidActionError
from albion.core.game import AnyGame
from albion.core.presentation import Place
from albion.core.registry import get_game
from albion.core.state import CHANCE, TERMINAL
from albion.core.tutorial import Step, Tutorial, TutorialError
from albion.core.words import Seat, Words, say
from albion.table.decisions import decision_state
from albion.table.table import AnyTable, Table
from albion.table.why_not import WhyNot, table_why_not

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
    bots at the others, chance from the step's own seed (chosen so the draw leads into
    the next step) or else `seed`. TutorialError when the position is not one
    where a seat decides; PositionError when it does not read."""
    position = game.from_text(step.position)
    seat = position.current_player()
    if seat in (CHANCE, TERMINAL):
        raise TutorialError(f"step {step.title!r}: nobody decides at its position")
    players = ["human" if other == seat else OTHER_SEATS
               for other in range(position.num_players)]
    chance = step.seed if step.seed is not None else seed
    start = Table(game, players, game.variant(step.variant_pairs), chance, autoplay=False)
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

    def why_not(self, place: Place) -> WhyNot:
        """"Why not?" at `place` of the step's board, where the learner may have no legal
        action: the refusals of the actions the drawing would put there, by the same
        check that builds the legal actions (`albion.table.why_not`). Nothing changes:
        the step stays."""
        return table_why_not(self.table, self.seat, place)


def look_words(place: Place, learner: int) -> Words:
    """Where a step points, as a player would say it to the `learner`'s seat ("line 4",
    "the 29 in your hand", "the fairy card in your right-hand pile", "P2's castle"): one
    sentence for the terminal (`albion learn`) and the Learn page alike, put into the
    reader's language where shown."""
    mine = place.seat == learner
    other = Seat(place.seat) if place.seat is not None else None
    item: Words | None = say(place.item) if place.item else None  # the game's own word
    area = place.area
    if area == "right_pile":
        if item is not None:
            return (say("the {item} card in your right-hand pile", item=item) if mine else
                    say("the {item} card in {player}'s right-hand pile", item=item,
                        player=other or Seat(0)))
        return say("your right-hand pile") if mine or other is None else \
            say("{player}'s right-hand pile", player=other)
    if area == "castle":
        return say("your castle") if mine or other is None else \
            say("{player}'s castle", player=other)
    if area == "line" and place.number is not None:
        return say("line {number}", number=place.number)
    if area == "hand":
        if mine and place.number is not None:
            return say("the {number} in your hand", number=place.number)
        return say("your hand") if mine or other is None else \
            say("{player}'s hand", player=other)
    if area == "pile" and item is not None:
        return say("the {item} pile of disks", item=item)
    if area == "disks":
        if item is not None:
            return say("your {item} disks", item=item) if mine or other is None else \
                say("{player}'s {item} disks", player=other, item=item)
        return say("your disks") if mine or other is None else \
            say("{player}'s disks", player=other)
    if area == "square" and place.square is not None:
        found = SQUARE.fullmatch(place.square)
        if found is not None:
            return say("the square at row {row}, column {column}",
                       row=int(found["row"]), column=int(found["column"]))
    if area == "circle" and item is not None:
        return say("the {item} starting circle", item=item)
    return AREAS.get(area) or say("the {area}", area=area.replace("_", " "))


SQUARE = re.compile(r"r(?P<row>\d+)c(?P<column>\d+)")
"""A square's name on the board (Super Camelot's `r12c14`)."""
AREAS = {"draw_pile": say("the draw pile"), "right_pile": say("a right-hand pile"),
         "castle": say("a castle"), "line": say("a line"), "hand": say("a hand"),
         "pile": say("a pile of disks"), "disks": say("a player's disks"),
         "square": say("a square"), "circle": say("a starting circle")}
"""A board area, when the point names nothing more of it."""
