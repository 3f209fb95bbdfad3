"""Vacations (issue 31): an account on vacation has its seats' clocks stand — at every
turn-based table (a real-time game waits for nobody's vacation) — from the moment it
leaves until the moment it comes back or its days run out. Each account has
`vacation_days` a calendar year (counted by the days asked for, in the year each vacation
begins); a vacation ended early gives its unused whole days back. Its windows are stored,
so every process pauses the same seats alike (`time_banks.Pause`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Column, DateTime, ForeignKey, Integer, String, Table, select, update

from albion.server.accounts import PERSONAL, account_seats, moment
from albion.server.store import Store, metadata, tables
from albion.server.time_banks import Pause

vacations = Table(
    "vacations", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", String(16), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("starts_at", DateTime(timezone=True), nullable=False),
    Column("ends_at", DateTime(timezone=True), nullable=False),
)
"""When an account was, is or will be away: its seats' time stands in between."""
PERSONAL.append(vacations)


@dataclass(frozen=True)
class Vacation:
    start: datetime
    end: datetime

    @property
    def days(self) -> int:
        """Whole days it takes from the year's allowance (a started day counts)."""
        return max(1, -(-int((self.end - self.start).total_seconds()) // 86_400))


class Vacations:
    """The accounts' vacations in `store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def of(self, account_id: str) -> list[Vacation]:
        with self.store.engine.connect() as db:
            return [Vacation(moment(row.starts_at), moment(row.ends_at)) for row in
                    db.execute(select(vacations).where(vacations.c.account_id == account_id)
                               .order_by(vacations.c.starts_at))]

    def current(self, account_id: str, now: datetime) -> Vacation | None:
        return next((v for v in self.of(account_id) if v.start <= now < v.end), None)

    def used(self, account_id: str, year: int) -> int:
        """Days of `year`'s allowance taken (by the vacations begun in it)."""
        return sum(v.days for v in self.of(account_id) if v.start.year == year)

    def begin(self, account_id: str, days: int, now: datetime) -> Vacation:
        """A vacation of `days` from `now` (the caller checked the allowance)."""
        vacation = Vacation(now, now + timedelta(days=days))
        with self.store.transaction() as db:
            db.execute(vacations.insert().values(account_id=account_id, starts_at=now,
                                                 ends_at=vacation.end))
        return vacation

    def end(self, account_id: str, now: datetime) -> bool:
        """The current vacation ends now; False when there is none."""
        with self.store.transaction() as db:
            return bool(db.execute(update(vacations).where(
                vacations.c.account_id == account_id, vacations.c.starts_at <= now,
                vacations.c.ends_at > now).values(ends_at=now)).rowcount)

    def pauses_at(self, table_id: str) -> dict[int, list[Pause]]:
        """Per seat of the table held by an account, its account's vacations."""
        with self.store.engine.connect() as db:
            rows = db.execute(select(account_seats.c.seat, vacations.c.starts_at,
                                     vacations.c.ends_at).join(
                vacations, vacations.c.account_id == account_seats.c.account_id).where(
                account_seats.c.table_id == table_id))
            found: dict[int, list[Pause]] = {}
            for row in rows:
                found.setdefault(int(row.seat), []).append(Pause(
                    moment(row.starts_at).timestamp(), moment(row.ends_at).timestamp()))
            return found

    def unfinished_tables(self, account_id: str) -> list[str]:
        """The tables not over where the account holds a seat (their clocks pause)."""
        with self.store.engine.connect() as db:
            return sorted({str(row.table_id) for row in db.execute(
                select(account_seats.c.table_id).join(
                    tables, tables.c.id == account_seats.c.table_id).where(
                    account_seats.c.account_id == account_id, tables.c.status != "over"))})
