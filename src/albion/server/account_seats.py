"""The seats an account holds, and the seats offered to it by name (issue 30), as stored.

A seat comes to an account only from whoever holds it: its token (a guest's seats, kept
when they sign up), a seat taken while signed in (an invitation claimed, a public table's
free seat, a rematch), or an invitation's holder offering it to the account by name,
which the account accepts. A seat is held by one account at most, so a session of one
account never opens another's seat; the seat's token opens it as before."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from albion.server.accounts import account_seats, moment, seat_offers
from albion.server.chat import ChatLine
from albion.server.store import (
    InviteUsed,
    Store,
    TableRow,
    chat,
    new_token,
    seats,
    tables,
    token_hash,
)


@dataclass(frozen=True)
class HeldSeat:
    table: str
    seat: int
    at: datetime
    """When the account came to hold it (or was offered it)."""


class AccountSeats:
    """Seats held by and offered to accounts, in `store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def link(self, account_id: str, table_id: str, seat: int) -> bool:
        """The account holds the seat from now on (already: nothing changes); False when
        another account holds it."""
        try:
            with self.store.transaction() as db:
                holder = db.execute(select(account_seats.c.account_id).where(
                    account_seats.c.table_id == table_id,
                    account_seats.c.seat == seat)).scalar()
                if holder is not None:
                    return str(holder) == account_id
                db.execute(insert(account_seats).values(
                    table_id=table_id, seat=seat, account_id=account_id,
                    linked_at=datetime.now(UTC)))
        except IntegrityError:  # another request linked it first
            return self.holder(table_id, seat) == account_id
        return True

    def holder(self, table_id: str, seat: int) -> str | None:
        """The account that holds the seat, if one does."""
        with self.store.engine.connect() as db:
            found = db.execute(select(account_seats.c.account_id).where(
                account_seats.c.table_id == table_id, account_seats.c.seat == seat)).scalar()
        return None if found is None else str(found)

    def held(self, account_id: str) -> list[HeldSeat]:
        """The seats the account holds, the newest first."""
        with self.store.engine.connect() as db:
            rows = db.execute(select(account_seats).where(
                account_seats.c.account_id == account_id)
                .order_by(account_seats.c.linked_at.desc()))
            return [HeldSeat(str(row.table_id), int(row.seat), moment(row.linked_at))
                    for row in rows]

    def seats_at(self, account_id: str, table_id: str) -> list[int]:
        """The account's seats at one table."""
        with self.store.engine.connect() as db:
            return sorted(int(seat) for seat in db.execute(select(account_seats.c.seat).where(
                account_seats.c.account_id == account_id,
                account_seats.c.table_id == table_id)).scalars())

    def tables(self, table_ids: list[str]) -> dict[str, TableRow]:
        """The stored tables of `table_ids` (their secrets left out), by id."""
        if not table_ids:
            return {}
        columns = [column for column in tables.c if column.name != "secret"]
        with self.store.engine.connect() as db:
            return {str(row.id): TableRow(**row._asdict()) for row in db.execute(
                select(*columns).where(tables.c.id.in_(sorted(set(table_ids)))))}

    def chat_of(self, table_id: str, seat: int) -> list[ChatLine]:
        """The chat lines written from the seat, in order."""
        with self.store.engine.connect() as db:
            return [ChatLine(row.seq, row.seat, row.text, row.created_at)
                    for row in db.execute(select(chat).where(
                        chat.c.table_id == table_id, chat.c.seat == seat)
                        .order_by(chat.c.seq))]

    # -- offers by name ------------------------------------------------------------------

    def offer(self, table_id: str, invite: str, account_id: str) -> int | None:
        """Offer the seat `invite` opens to the account (in place of any offer of that
        seat before): the seat, None when the invitation opens no seat here, InviteUsed
        when its seat is taken."""
        digest = token_hash(invite)
        with self.store.transaction() as db:
            found = db.execute(select(seats.c.seat, seats.c.token_hash).where(
                seats.c.table_id == table_id, seats.c.invite_hash == digest)).first()
            if found is None:
                return None
            if found.token_hash is not None:
                raise InviteUsed(int(found.seat))
            seat = int(found.seat)
            db.execute(delete(seat_offers).where(seat_offers.c.table_id == table_id,
                                                 seat_offers.c.seat == seat))
            db.execute(insert(seat_offers).values(
                table_id=table_id, seat=seat, account_id=account_id, invite_hash=digest,
                offered_at=datetime.now(UTC)))
        return seat

    def offers(self, account_id: str) -> list[HeldSeat]:
        """The seats offered to the account that it may still take (their invitation
        unclaimed), the newest first."""
        with self.store.engine.connect() as db:
            rows = db.execute(select(seat_offers.c.table_id, seat_offers.c.seat,
                                     seat_offers.c.offered_at).join(
                seats, (seats.c.table_id == seat_offers.c.table_id)
                & (seats.c.seat == seat_offers.c.seat)
                & (seats.c.invite_hash == seat_offers.c.invite_hash)).where(
                seat_offers.c.account_id == account_id, seats.c.token_hash.is_(None))
                .order_by(seat_offers.c.offered_at.desc()))
            return [HeldSeat(str(row.table_id), int(row.seat), moment(row.offered_at))
                    for row in rows]

    def accept(self, account_id: str, table_id: str, seat: int) -> str | None:
        """Take the seat offered to the account: its new token (the account holds the
        seat, the invitation opens nothing now); None when no such offer is open to it;
        InviteUsed when its invitation was claimed meanwhile (the offer is gone)."""
        token = new_token()
        with self.store.transaction() as db:
            offered = db.execute(select(seat_offers.c.invite_hash).where(
                seat_offers.c.table_id == table_id, seat_offers.c.seat == seat,
                seat_offers.c.account_id == account_id)).scalar()
            if offered is None:
                return None
            db.execute(delete(seat_offers).where(seat_offers.c.table_id == table_id,
                                                 seat_offers.c.seat == seat))
            taken = db.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.seat == seat,
                seats.c.invite_hash == offered, seats.c.token_hash.is_(None))
                .values(token_hash=token_hash(token))).rowcount
            if taken:
                db.execute(delete(account_seats).where(account_seats.c.table_id == table_id,
                                                       account_seats.c.seat == seat))
                db.execute(insert(account_seats).values(
                    table_id=table_id, seat=seat, account_id=account_id,
                    linked_at=datetime.now(UTC)))
                return token
        raise InviteUsed(seat)

    def decline(self, account_id: str, table_id: str, seat: int) -> bool:
        """The account says no: the offer goes (the invitation still opens the seat).
        False when there was no such offer to it."""
        with self.store.transaction() as db:
            return bool(db.execute(delete(seat_offers).where(
                seat_offers.c.table_id == table_id, seat_offers.c.seat == seat,
                seat_offers.c.account_id == account_id)).rowcount)
