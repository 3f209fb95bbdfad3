"""Friends (issue 30), as stored: an account adds another by name; two accounts that
have each added the other are friends. Only friends see each other online or at a table
(a one-sided add shows nothing of the other: nobody can watch a stranger come and go),
and only a friend may be sent a table in one click (`friend_routes`).

Removing a name ends the friendship, withdraws one's own request or declines the other's,
whichever it was: both links go. A deleted account's links go with it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from sqlalchemy import and_, delete, func, or_, select
from sqlalchemy.exc import IntegrityError

from albion.server.accounts import (
    account_seats,
    account_sessions,
    accounts,
    friend_links,
    moment,
)
from albion.server.store import Store, tables

ONLINE_FOR = timedelta(minutes=10)
"""A friend whose session was used this recently is online (a session's use is written
at most every five minutes, `accounts.SEEN_EVERY`; a friend connected at a table is
online whatever their session says)."""


class Added(StrEnum):
    """What adding a name did."""

    FRIENDS = "friends"
    """Both have added each other now."""
    ASKED = "asked"
    """Only this account has: the other sees the request until they add back."""


@dataclass(frozen=True)
class Link:
    """Another account as this one sees it: its id, its name, since when."""

    id: str
    username: str
    since: datetime


@dataclass(frozen=True)
class Circle:
    """An account's friends, the requests it sent and those it received, by name."""

    friends: list[Link]
    asked: list[Link]
    asking: list[Link]


@dataclass(frozen=True)
class SeatAt:
    """A seat an account holds at an unfinished table."""

    account_id: str
    table: str
    seat: int
    game: str
    status: str


class Friends:
    """Friend links between the accounts in `store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def add(self, account_id: str, friend_id: str) -> Added | None:
        """`account_id` adds `friend_id`: friends now, or asked; None when it had
        already (nothing changes)."""
        try:
            with self.store.transaction() as db:
                db.execute(friend_links.insert().values(
                    account_id=account_id, friend_id=friend_id, added_at=datetime.now(UTC)))
                back = db.execute(select(friend_links.c.account_id).where(
                    friend_links.c.account_id == friend_id,
                    friend_links.c.friend_id == account_id)).first()
        except IntegrityError:
            return None
        return Added.FRIENDS if back is not None else Added.ASKED

    def remove(self, account_id: str, other_id: str) -> bool:
        """Both links between the two go; False when there was none."""
        with self.store.transaction() as db:
            return bool(db.execute(delete(friend_links).where(or_(
                and_(friend_links.c.account_id == account_id,
                     friend_links.c.friend_id == other_id),
                and_(friend_links.c.account_id == other_id,
                     friend_links.c.friend_id == account_id)))).rowcount)

    def count(self, account_id: str) -> int:
        """How many names the account has added (friends and requests)."""
        with self.store.engine.connect() as db:
            return int(db.execute(select(func.count()).select_from(friend_links).where(
                friend_links.c.account_id == account_id)).scalar_one())

    def are_friends(self, account_id: str, other_id: str) -> bool:
        with self.store.engine.connect() as db:
            return int(db.execute(select(func.count()).select_from(friend_links).where(or_(
                and_(friend_links.c.account_id == account_id,
                     friend_links.c.friend_id == other_id),
                and_(friend_links.c.account_id == other_id,
                     friend_links.c.friend_id == account_id)))).scalar_one()) == 2

    def circle(self, account_id: str) -> Circle:
        """The account's friends (by name), its requests and the requests to it; the
        deleted left out."""
        with self.store.engine.connect() as db:
            mine = {str(row.friend_id): moment(row.added_at) for row in db.execute(
                select(friend_links.c.friend_id, friend_links.c.added_at).where(
                    friend_links.c.account_id == account_id))}
            theirs = {str(row.account_id): moment(row.added_at) for row in db.execute(
                select(friend_links.c.account_id, friend_links.c.added_at).where(
                    friend_links.c.friend_id == account_id))}
            names = {str(row.id): str(row.username) for row in db.execute(
                select(accounts.c.id, accounts.c.username).where(
                    accounts.c.id.in_(set(mine) | set(theirs)),
                    accounts.c.deleted.is_(False)))}

        def links(ids: dict[str, datetime]) -> list[Link]:
            found = [Link(id, names[id], since) for id, since in ids.items() if id in names]
            return sorted(found, key=lambda link: link.username.casefold())

        return Circle(
            friends=links({id: max(since, theirs[id]) for id, since in mine.items()
                           if id in theirs}),
            asked=links({id: since for id, since in mine.items() if id not in theirs}),
            asking=links({id: since for id, since in theirs.items() if id not in mine}))

    def recently_seen(self, account_ids: list[str]) -> set[str]:
        """The accounts among `account_ids` whose session was used lately
        (`ONLINE_FOR`)."""
        if not account_ids:
            return set()
        since = datetime.now(UTC) - ONLINE_FOR
        with self.store.engine.connect() as db:
            rows = db.execute(select(account_sessions.c.account_id,
                                     account_sessions.c.seen_at).where(
                account_sessions.c.account_id.in_(account_ids)))
            return {str(row.account_id) for row in rows if moment(row.seen_at) >= since}

    def unfinished_seats(self, account_ids: list[str]) -> list[SeatAt]:
        """The seats the accounts hold at tables not over yet, the newest table first."""
        if not account_ids:
            return []
        with self.store.engine.connect() as db:
            rows = db.execute(select(
                account_seats.c.account_id, account_seats.c.table_id, account_seats.c.seat,
                tables.c.game, tables.c.status).join(
                tables, tables.c.id == account_seats.c.table_id).where(
                account_seats.c.account_id.in_(account_ids), tables.c.status != "over")
                .order_by(tables.c.created_at.desc()))
            return [SeatAt(str(row.account_id), str(row.table_id), int(row.seat),
                           str(row.game), str(row.status)) for row in rows]
