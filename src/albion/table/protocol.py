"""The table protocol: what a table sends a seat or a spectator, as JSON with a schema and a
version (`docs/protocol/`). Views carry public facts in plain terms and the viewer's legal
actions; never engine internals, never another seat's secrets.

Conventions shared by every game: seats are 0-based integers and are named P1, P2, … to
people; enumerations are lower-case words with underscores (`turn_start`, `dark_knight`);
colours are their English names; squares are written `r<row>c<col>` (1-based).
"""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from albion.core.words import Words

PROTOCOL: Literal[1] = 1
"""Bumped whenever a field changes meaning or goes away; new optional fields keep it."""

Board = TypeVar("Board", bound=BaseModel)
Recap = TypeVar("Recap", bound=BaseModel)


class Wire(BaseModel):
    """Base of every protocol model: unknown fields are refused, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class SeatInfo(Wire):
    seat: int = Field(ge=0, description="0-based seat index")
    name: str = Field(description="How the seat is named to people: P1, P2, …")
    player: str = Field(description="Who plays it: `human` or a bot spec")
    is_bot: bool


class Place(Wire):
    """Where on the board an action sits, in the game's own terms (`core.presentation`)."""

    area: str = Field(description="The part of the board: draw_pile, right_pile, line, "
                                  "hand, square, circle, dice… (each game's own words)")
    seat: int | None = Field(None, description="The seat whose part of the board it is")
    square: str | None = Field(None, description="A square, r<row>c<col>")
    item: str | None = Field(None, description="A card kind, a colour, a die face…")
    number: int | None = Field(None, description="A line's or a card's number")


class WordsValue(Wire):
    """A sentence as a value (issue 29): a catalogue message — its English text with
    `{name}` placeholders — and its arguments, which each face puts into its reader's
    language. An argument is a number, a text, a seat (`{"seat": n}`, named as the table
    names it) or words of its own."""

    message: str = Field(description="The message's key: its English text")
    args: dict[str, Any] = Field(default_factory=dict, description="The placeholders' "
                                 "values")
    plural: str | None = Field(None, description="Its English plural form, where the "
                               "message has one; `n` chooses the form")
    n: int | None = Field(None, description="The count that chooses a plural form")


def words_value(value: object) -> WordsValue | None:
    """`value`'s words on the wire (None for a plain text)."""
    return WordsValue(**value.to_json()) if isinstance(value, Words) else None


class LegalAction(Wire):
    """A legal action: its notation (submit it as it is) and how a face shows it, so that
    no face reads the notation to place or label it (issue 26)."""

    text: str = Field(description="The action in notation: submit it as it is")
    index: int | None = Field(None, description="Its index in the game's fixed action "
                              "space, where the game has one")
    kind: str = Field("action", description="What it does, one word per kind of action "
                                            "(draw, buy, step, attack…)")
    label: str = Field("", description="What it does, in words a player reads (English)")
    label_words: WordsValue | None = Field(None, description="The label as words, for a "
                                           "face to say in its reader's language")
    ruling: str | None = Field(None, description="The ruling it follows")
    at: Place | None = Field(None, description="Where it sits on the board; null: it is a "
                                               "choice of its own (a button)")
    reaches: list[str] = Field(default_factory=list, description="The squares it strikes "
                               "or crosses (r<row>c<col>)")


class Result(Wire):
    returns: list[float] = Field(description="ALL-1: per seat, summing to 1")
    winners: list[int] = Field(description="Winning seats (empty for a draw)")
    reason: str = Field(description="How the game ended (castle, score, grail, gems, cap…)")


class NoRecap(Wire):
    """The recap of a game whose wire module tells none (it is always null)."""


class TableView(Wire, Generic[Board, Recap]):
    """One viewer's view of a table."""

    protocol: Literal[1] = 1
    game: str
    game_version: str
    variant: dict[str, str | int]
    version: int = Field(ge=0, description="Grows by one per decision the table accepts")
    viewer: int | None = Field(description="The seat this view is for; null: a spectator")
    seats: list[SeatInfo]
    status: Literal["playing", "over"]
    to_move: list[int] = Field(description="Seats that may decide now (several where "
                               "decisions are simultaneous)")
    legal: list[LegalAction] = Field(description="What the viewer may submit now")
    result: Result | None
    board: Board
    recap: Recap | None = Field(
        None, description="What just happened that the board alone does not show, as the "
                          "game's wire module tells it (Diamoniak: this turn's reveals); "
                          "null when there is nothing to tell")


class EventModel(Wire):
    """An event as sent: its kind, the version it happened at, its wording, and its
    fields (which depend on the kind)."""

    model_config = ConfigDict(extra="allow", frozen=True)
    type: str
    version: int
    text: str


def schema_of(board: type[BaseModel], recap: type[BaseModel] = NoRecap) -> dict[str, Any]:
    """The JSON Schema of a game's table view."""
    return TableView[board, recap].model_json_schema()  # type: ignore[valid-type]
