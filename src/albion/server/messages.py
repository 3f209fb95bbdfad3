"""The server's wire messages (docs/protocol/server.md): what the HTTP API takes and gives,
and what travels over a table's WebSocket. Views and events inside them follow the table
protocol (`albion.table.protocol`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from albion.core.words import Words
from albion.table.protocol import WordsValue


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


DAY = 86_400.0
"""Seconds in a day: turn-based clocks count in days."""


class Clock(Message):
    """Optional: a person's seat out of time (or gone past `grace_seconds`, at real-time
    clocks) is played by `bot` until its owner returns (issue 27). Four kinds (issue 31):

    - `move` (real time): `seconds_per_move` for each turn, unused time lost;
    - `fischer` (real time): a bank of `bank_seconds`, and `increment_seconds` added after
      each of the seat's moves;
    - `days` (turn-based): `days_per_move` days for each turn, shown as a due date;
    - `days-bank` (turn-based): a bank of `bank_days` days, `increment_days` added after
      each move.

    A turn-based seat may be away between its moves: no grace period, and its account's
    vacation pauses its clock. A server sets the least time a move may have
    (`ServerSettings.min_move_seconds`, 5 s by default)."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)
    kind: Literal["move", "fischer", "days", "days-bank"] = "move"
    seconds_per_move: float | None = Field(None, gt=0, le=DAY)
    bank_seconds: float | None = Field(None, gt=0, le=DAY)
    increment_seconds: float = Field(0, ge=0, le=3_600)
    days_per_move: float | None = Field(None, gt=0, le=30)
    bank_days: float | None = Field(None, gt=0, le=90)
    increment_days: float = Field(0, ge=0, le=7)
    grace_seconds: float = Field(30, ge=0, le=86_400)
    bot: str = Field("heuristic", description="The fair bot that stands in")

    @model_validator(mode="after")
    def _fields_of_its_kind(self) -> Clock:
        wanted = {"move": "seconds_per_move", "fischer": "bank_seconds",
                  "days": "days_per_move", "days-bank": "bank_days"}[self.kind]
        if getattr(self, wanted) is None:
            raise ValueError(f"a {self.kind} clock needs {wanted}")
        return self

    @property
    def turn_based(self) -> bool:
        """Days, not seconds: players come and go between their moves."""
        return self.kind in ("days", "days-bank")

    @property
    def banked(self) -> bool:
        """Unused time is kept (a bank), rather than lost at each turn's end."""
        return self.kind in ("fischer", "days-bank")

    @property
    def turn_seconds(self) -> float:
        """A turn's time (per-move kinds), or the bank a seat starts with."""
        value = {"move": self.seconds_per_move, "fischer": self.bank_seconds,
                 "days": self.days_per_move, "days-bank": self.bank_days}[self.kind]
        assert value is not None
        return value * DAY if self.turn_based else value

    @property
    def increment(self) -> float:
        """Seconds added to the bank after each of a seat's moves (banked kinds)."""
        return self.increment_days * DAY if self.kind == "days-bank" else \
            self.increment_seconds if self.kind == "fischer" else 0.0


class CreateTable(Message):
    game: str = Field(description="A game id (GET /api/games)")
    players: list[Annotated[str, Field(max_length=200)]] = Field(
        min_length=1, max_length=8, description='One spec per seat: "human" or a bot spec')
    variant: dict[str, str | int] = Field(default_factory=dict)
    seed: int | None = Field(None, ge=0, le=2**63 - 1)
    clock: Clock | None = None
    public: bool = Field(default=False, description="Anyone in the lobby may take a free seat "
                         "(POST /api/tables/{id}/sit) until the game begins")
    rated: bool = Field(default=False, description="Its end rates every seat (issue 30): "
                        "standard rules and the server's secret only (no seed, no variant); "
                        "it counts if every person's seat is held by an account")


class SeatLink(Message):
    """A person's seat at a new table. `invite`: a single-claim invitation — the first
    to open `url` (or to claim it) takes the seat and gets its token; the link then
    opens nothing. `token` instead when the creator chose the seed: they hold the seat."""

    seat: int
    url: str
    invite: str | None = None
    token: str | None = None


class CreatedTable(Message):
    table: str
    seats: list[SeatLink]
    spectate: str
    seed_chosen: bool = Field(False, description="The creator chose the seed: whoever "
                              "knows it can compute every hand and draw")


class Claim(Message):
    """`POST /api/tables/{id}/claim`: take the seat an invitation opens."""

    invite: str = Field(min_length=1, max_length=100)


class SeatSession(Message):
    """A seat taken (or its token renewed): `token` opens it from now on (also set as
    cookies for the table's page); `url` is the seat's page."""

    table: str
    seat: int
    token: str | None = None
    url: str


class Rematch(Message):
    """`POST /api/tables/{id}/rematch`: the rematch table, and the caller's seat there
    (`seat` and `token` null when the old table had no people)."""

    table: str
    seat: int | None = None
    token: str | None = None
    url: str
    spectate: str


class TableSummary(Message):
    table: str
    game: str
    status: Literal["waiting", "playing", "over"]
    version: int
    players: list[str]
    names: dict[int, str] = Field(default_factory=dict)
    created_at: str
    rematch_of: str | None = None
    seed_chosen: bool = False
    winners: list[int] | None = Field(default=None, description="Once over: the seats that won "
                                      "(empty for a draw); null before, or not recorded")
    public: bool = False
    seated: list[int] = Field(default_factory=list, description="The people's seats "
                              "somebody has taken")


class ErrorBody(Message):
    """An HTTP refusal: its code, its sentence in English, and the sentence as words
    (issue 29) for a face to say in its reader's language."""

    error: str = Field(description="What was refused, as a code (docs/protocol/server.md)")
    message: str = Field(description="Why, in English (the words' English)")
    words: WordsValue | None = Field(None, description="Why, as words: a page says them in "
                                     "its reader's language (absent where the refusal has "
                                     "none)")


# -- over a table's WebSocket --------------------------------------------------------------


class Submit(Message):
    type: Literal["submit"]
    action: str = Field(max_length=200)
    version: int = Field(ge=0)


class Hello(Message):
    type: Literal["hello"]
    since: int = Field(ge=0)


class Join(Message):
    """A seat's display name, chosen when its player takes the seat (or later): trimmed,
    then at most 40 characters, with none that hide or reorder text (`names`)."""

    type: Literal["join"]
    name: str = Field(min_length=1, max_length=100)


class Hint(Message):
    type: Literal["hint"]


class Undo(Message):
    """ALL-3 (issue 31): the seat takes back its last decision, on `version` (one a
    message, within its own turn, never across chance, a reveal or another seat's
    decision; never a stand-in's)."""

    type: Literal["undo"]
    version: int = Field(ge=0)


class Back(Message):
    """A seat's person takes the seat back from the stand-in playing it (one click)."""

    type: Literal["back"]


class Chat(Message):
    """A line in the table's chat: a seat's, or a spectator's once a seat lets them
    (trimmed, then 1 to 200 characters, text only)."""

    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=1000)


class ChatSpectators(Message):
    """A seat lets the table's spectators write in its chat, or stops them."""

    type: Literal["chat_spectators"]
    allow: bool


class BoardPlace(Message):
    """A place on a game's board, as the presentation model names it (`Place` in the
    table protocol): `area` and whichever of `seat`, `square`, `item`, `number` apply."""

    area: str = Field(min_length=1, max_length=32, pattern=r"^[a-z_]+$")
    seat: int | None = Field(None, ge=0, le=15)
    square: str | None = Field(None, max_length=16)
    item: str | None = Field(None, max_length=32)
    number: int | None = Field(None, ge=-1, le=1000)


class WhyNot(Message):
    """Issue 32, "why not?": the seat selected `place`, where it has no legal action; the
    server answers that seat only (`why_not`) with the rulings and sentences that refuse
    the actions its drawing would put there, read from the seat's own view."""

    type: Literal["why_not"]
    place: BoardPlace


ClientMessage = Annotated[Submit | Hello | Join | Hint | Back | Chat | ChatSpectators | Undo
                          | WhyNot, Field(discriminator="type")]


def error(code: str, message: str, ruling: str | None = None, *,
          words: Words | None = None) -> dict[str, Any]:
    """A refusal over the WebSocket: changes nothing. `words`: the message as words, for
    a face to say in its reader's language (issue 29)."""
    body: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ruling is not None:
        body["ruling"] = ruling
    if words is not None:
        body["words"] = words.to_json()
    return body
