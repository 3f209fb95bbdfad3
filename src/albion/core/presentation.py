"""What a face draws of a decision beside its notation (issue 26, "one drawing per game"):
where a legal action sits on the board, what it reaches, what kind of move it is, its words
and its ruling. A game's wire module annotates its legal actions from the deciding seat's
view; the table sends the notes with the notation, and the browser places and labels each
action from them without ever reading the notation (boardgame.io leaves this to each
client; pgx keeps one drawing beside each game's rules)."""

from __future__ import annotations

from dataclasses import dataclass

from albion.core.pickling import picklable
from albion.core.words import Words


@dataclass(frozen=True, slots=True)
class Place:
    """Where on the board something sits, in the game's own terms: `area` names a part of
    the board (`draw_pile`, `right_pile`, `line`, `hand`, `square`, `circle`, `dice`…), and
    `seat`, `square`, `item` (a card kind, a colour, a die face) and `number` (a line, a
    card's number) narrow it down where they apply."""

    area: str
    seat: int | None = None
    square: str | None = None
    item: str | None = None
    number: int | None = None


@dataclass(frozen=True, slots=True)
class ActionNote:
    """A legal action as a face shows it: `kind` says what it does in one word (`draw`,
    `buy`, `step`, `attack`…: the same word for every action of that kind, so a face may
    group or style them), `label` in words a player reads (as words, each face says it in
    its reader's language: issue 29), `ruling` the ruling it follows, `at` where it sits
    (None: a button of its own) and `reaches` the squares it strikes
    or crosses, in the notation's square names."""

    kind: str
    label: str | Words
    ruling: str | None = None
    at: Place | None = None
    reaches: tuple[str, ...] = ()


def plain_note(text: str) -> ActionNote:
    """The note of an action its game does not annotate: a button with its notation."""
    return ActionNote(kind="action", label=text)


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
