"""The account API's wire models (issue 30; docs/protocol/server.md, Accounts): what its
routes take and give. The lobby's own are `messages`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from albion.server.messages import Clock, Message, SeatLink
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


class AddFriend(Message):
    """`POST /api/account/friends`: the name of an account to add."""

    username: str = Field(min_length=1, max_length=100)


class FriendAdded(Message):
    """`friends`: both have added each other; `asked`: the other sees the request until
    they add back."""

    username: str
    state: Literal["friends", "asked"]


class FriendSeat(Message):
    """A table a friend sits at with a connection open: `watch` is its spectator page."""

    table: str
    seat: int
    game: str
    status: Literal["waiting", "playing"]
    watch: str


class Friend(Message):
    """A friend: `online` when they used the site in the last ten minutes or are
    connected at a table; `tables`: where they sit and are connected now."""

    username: str
    since: str
    online: bool
    tables: list[FriendSeat]


class FriendName(Message):
    """A request sent or received: the other account's name, and since when."""

    username: str
    since: str


class Friends(Message):
    """`GET /api/account/friends`: friends (both added each other), the names this
    account added that have not added it (`asked`) and those that added it (`asking`:
    add back to accept, remove to decline)."""

    friends: list[Friend]
    asked: list[FriendName]
    asking: list[FriendName]


class FriendGame(Message):
    """`POST /api/account/friends/{username}/table`: a new table for this account (the
    first seat) and the friend (the second, offered by name); any other seats get
    invitation links. A bot spec per extra seat in `bots` seats bots instead."""

    game: str = Field(min_length=1, max_length=64, description="A game id (GET /api/games)")
    players: int = Field(2, ge=2, le=8)
    bots: list[Annotated[str, Field(max_length=200)]] = Field(
        default_factory=list, max_length=6,
        description="Bot specs for the seats after the friend's; the rest are people")
    rated: bool = False
    clock: Clock | None = Field(None, description="The table's time control (issue 31): a "
                                "turn-based one lets friends play a move a day")


class FriendInvited(Message):
    """The table made: this account's seat (its token, also set as cookies, and its
    page), the seat offered to the friend, and invitation links for any other person's
    seat."""

    table: str
    seat: int
    token: str
    url: str
    friend: str
    friend_seat: int
    others: list[SeatLink]


class VacationRequest(Message):
    """`POST /api/account/vacation`: how many days from now the account is away."""

    days: int = Field(ge=1, le=365)


class VacationInfo(Message):
    """The account's vacation: whether it is on one now and until when, and its
    allowance this calendar year (whole days)."""

    on_vacation: bool
    until: str | None
    days_per_year: int
    days_used: int
    days_left: int


class NotificationItem(Message):
    """A notification not yet read: `kind` is `turn`, `invited` or `ended`; `url` the
    page it opens."""

    id: int
    kind: Literal["turn", "invited", "ended"]
    table: str
    seat: int
    game: str
    created_at: str
    url: str


class NotificationList(Message):
    unread: list[NotificationItem]


class MarkRead(Message):
    """`POST /api/account/notifications/read`: these (or, without `ids`, all) are read."""

    ids: list[Annotated[int, Field(ge=1, lt=2**31)]] | None = Field(None, max_length=500)


class EmailChoice(Message):
    """The account's e-mail address and whether notifications go there (opt-in)."""

    address: str = Field(min_length=3, max_length=254)
    notify: bool = False


class PushKeys(Message):
    p256dh: str = Field(min_length=1, max_length=200)
    auth: str = Field(min_length=1, max_length=100)


class PushSubscription(Message):
    """A browser's push subscription (`PushSubscription.toJSON()`, less its expiry)."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    endpoint: str = Field(min_length=10, max_length=2000)
    keys: PushKeys
