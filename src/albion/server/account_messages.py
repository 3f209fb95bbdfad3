"""The account API's wire models (issue 30; docs/protocol/server.md, Accounts): what its
routes take and give. The lobby's own are `messages`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from albion.server.messages import Message
from albion.table.protocol import WordsValue


class Credentials(Message):
    """`POST /api/account/signup` and `/signin`: a name and a password."""

    username: str = Field(min_length=1, max_length=100)
    password: str = Field(min_length=1, max_length=1000)


class PasswordConfirmation(Message):
    """`DELETE /api/account`: the account's password, once more."""

    password: str = Field(min_length=1, max_length=1000)


class AccountInfo(Message):
    """The signed-in account, and the token its state-changing requests carry in
    `X-CSRF-Token`."""

    id: str
    username: str
    csrf: str


class SeatToken(Message):
    table: str = Field(min_length=1, max_length=32)
    token: str = Field(min_length=1, max_length=100)


class KeepSeats(Message):
    """`POST /api/account/seats`: seats a guest holds by their tokens, for the account."""

    seats: list[SeatToken] = Field(min_length=1, max_length=100)


class KeptSeat(Message):
    table: str
    seat: int


class SeatNotKept(Message):
    """A seat not kept: why, as a code, in English and as words (issue 29)."""

    table: str
    error: str
    message: str
    words: WordsValue | None = None


class KeptSeats(Message):
    kept: list[KeptSeat]
    refused: list[SeatNotKept]


class Offer(Message):
    """`POST /api/tables/{id}/offer`: the seat an invitation opens, offered to an account
    by its name."""

    invite: str = Field(min_length=1, max_length=100)
    username: str = Field(min_length=1, max_length=100)


class Offered(Message):
    table: str
    seat: int
    username: str


class AccountTable(Message):
    """One seat the account holds, for its "my tables" (`GET /api/account/tables`)."""

    table: str
    seat: int
    game: str
    status: Literal["waiting", "playing", "over"]
    to_move: bool = Field(description="The seat has a decision to make now")
    version: int
    players: list[str]
    names: dict[int, str]
    created_at: str
    winners: list[int] | None = None
    url: str = Field(description="The seat's page: the account's session opens it in any "
                     "browser")


class Invitation(Message):
    """A seat offered to the account (`GET /api/account/invitations`)."""

    table: str
    seat: int
    game: str
    status: Literal["waiting", "playing", "over"]
    players: list[str]
    names: dict[int, str]
    offered_at: str
