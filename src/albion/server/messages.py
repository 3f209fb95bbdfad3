"""The server's wire messages (docs/protocol/server.md): what the HTTP API takes and gives,
and what travels over a table's WebSocket. Views and events inside them follow the table
protocol (`albion.table.protocol`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Clock(Message):
    """Optional: a seat silent past `seconds_per_move` (or gone past `grace_seconds`) is
    played by `bot` until its owner returns."""

    seconds_per_move: float = Field(gt=0, le=86_400)
    grace_seconds: float = Field(30, ge=0, le=86_400)
    bot: str = Field("heuristic", description="The fair bot that stands in")


class CreateTable(Message):
    game: str = Field(description="A game id (GET /api/games)")
    players: list[Annotated[str, Field(max_length=200)]] = Field(
        min_length=1, max_length=8, description='One spec per seat: "human" or a bot spec')
    variant: dict[str, str | int] = Field(default_factory=dict)
    seed: int | None = Field(None, ge=0, le=2**63 - 1)
    clock: Clock | None = None


class SeatLink(Message):
    seat: int
    token: str
    url: str


class CreatedTable(Message):
    table: str
    seats: list[SeatLink]
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


class ErrorBody(Message):
    error: str
    message: str


# -- over a table's WebSocket --------------------------------------------------------------


class Submit(Message):
    type: Literal["submit"]
    action: str = Field(max_length=200)
    version: int = Field(ge=0)


class Hello(Message):
    type: Literal["hello"]
    since: int = Field(ge=0)


class Join(Message):
    """A seat's display name, chosen when its player takes the seat."""

    type: Literal["join"]
    name: str = Field(min_length=1, max_length=40)


class Hint(Message):
    type: Literal["hint"]


ClientMessage = Annotated[Submit | Hello | Join | Hint, Field(discriminator="type")]


def error(code: str, message: str, ruling: str | None = None) -> dict[str, Any]:
    """A refusal over the WebSocket: changes nothing."""
    body: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ruling is not None:
        body["ruling"] = ruling
    return body
