"""Rated tables (issue 30): when a rated table ends, each seat's entity — the account
holding a person's seat, the bot spec at a bot's — is rated once, in one transaction, by
`albion.sim.rating`'s book (OpenSkill Plackett–Luce, its scale pinned by reference bots).

A table is rated only if its creator asked for it (the lobby's `rated` option), its chance
came from the server's secret (no chosen seed) and it plays the standard rules; it counts
only if every person's seat is held by an account when it ends (a guest's seat leaves it
unrated, and the table says why). Ratings are per game and player count. Each rated table
leaves one step per entity (`rating_steps`), the points of a profile's graph."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any

from sqlalchemy import (
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    and_,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection

from albion.server.accounts import account_seats
from albion.server.store import Store, metadata, tables
from albion.sim.rating import (
    Rating,
    RatingBook,
    RatingError,
    RatingRow,
    account_entity,
    bot_entity,
)

ratings = Table(
    "ratings", metadata,
    Column("entity", String(200), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("players", Integer, primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", String(40), nullable=True),
)
rating_steps = Table(
    "rating_steps", metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("entity", String(200), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("display", Float, nullable=False),
    Column("returned", Float, nullable=False),
    Column("rated_at", DateTime(timezone=True), nullable=False),
)

@cache
def shipped_book() -> RatingBook:
    """The shipped anchors and scale, read once."""
    return RatingBook()


RATED = "rated"
GUEST_SEAT = "guest-seat"
"""`tables.rating` once a rated table has ended: rated, or why not."""
REFUSED = "refused"


@dataclass(frozen=True)
class Step:
    """One entity's rating after one rated table."""

    table: str
    entity: str
    game: str
    players: int
    mu: float
    sigma: float
    display: float
    returned: float
    rated_at: datetime

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "game": self.game, "players": self.players,
                "rating": round(self.display, 2), "mu": round(self.mu, 3),
                "sigma": round(self.sigma, 3), "returned": self.returned,
                "at": self.rated_at.isoformat()}


class Ratings:
    """The server's rating book, kept in the database."""

    def __init__(self, store: Store, book: RatingBook | None = None) -> None:
        self.store = store
        self.book = book if book is not None else shipped_book()
        """Only its anchors and scale are used: rows are read fresh for each table."""

    def rate_table(self, table_id: str, game: str, bots: Sequence[str | None],
                   returns: Sequence[float]) -> str | None:
        """Rate table `table_id`, ended with `returns`, once: `bots[seat]` is a bot seat's
        spec, None for a person's. Returns what `tables.rating` now says (None: not a
        rated table). On PostgreSQL the rows are locked, so two tables sharing a player
        that end at once are rated one after the other."""
        with self.store.transaction() as db:
            row = db.execute(select(tables.c.rated, tables.c.rating).where(
                tables.c.id == table_id).with_for_update()).first()
            if row is None or not row.rated:
                return None
            if row.rating is not None:
                return str(row.rating)
            entities = self._entities(db, table_id, bots)
            outcome = self._rate(db, table_id, game, entities, returns) \
                if entities is not None else GUEST_SEAT
            db.execute(update(tables).where(tables.c.id == table_id).values(rating=outcome))
            return outcome

    def _entities(self, db: Connection, table_id: str, bots: Sequence[str | None]
                  ) -> list[str] | None:
        held = {row.seat: row.account_id for row in db.execute(
            select(account_seats.c.seat, account_seats.c.account_id)
            .where(account_seats.c.table_id == table_id))}
        entities = []
        for seat, spec in enumerate(bots):
            if spec is not None:
                entities.append(bot_entity(spec))
            elif seat in held:
                entities.append(account_entity(held[seat]))
            else:
                return None
        return entities

    def _rate(self, db: Connection, table_id: str, game: str, entities: list[str],
              returns: Sequence[float]) -> str:
        players = len(entities)
        stored = db.execute(select(ratings).where(
            ratings.c.game == game, ratings.c.players == players,
            ratings.c.entity.in_(entities)).with_for_update()).all()
        book = RatingBook(self.book.anchors)
        book.add_rows(RatingRow(r.entity, r.game, r.players, r.mu, r.sigma, r.games,
                                r.updated) for r in stored)
        now = datetime.now(UTC)
        try:
            after = book.rate(game, players, entities, returns, when=now.isoformat())
        except RatingError:
            return REFUSED
        known = {r.entity for r in stored}
        for entity in dict.fromkeys(entities):
            if book.is_pinned(game, players, entity):
                continue
            rating = book.rating(game, players, entity)
            values = {"mu": rating.mu, "sigma": rating.sigma, "games": rating.games,
                      "updated": now.isoformat()}
            if entity in known:
                db.execute(update(ratings).where(and_(
                    ratings.c.entity == entity, ratings.c.game == game,
                    ratings.c.players == players)).values(**values))
            else:
                db.execute(insert(ratings).values(entity=entity, game=game,
                                                  players=players, **values))
        seen = set()
        for seat, entity in enumerate(entities):
            if entity in seen or book.is_pinned(game, players, entity):
                continue
            seen.add(entity)
            rating = after[seat]
            db.execute(insert(rating_steps).values(
                table_id=table_id, entity=entity, game=game, players=players,
                mu=rating.mu, sigma=rating.sigma, display=rating.ordinal,
                returned=float(returns[seat]), rated_at=now))
        return RATED

    def of(self, entity: str) -> list[RatingRow]:
        """An entity's ratings, every format it has played rated."""
        with self.store.transaction() as db:
            rows = db.execute(select(ratings).where(ratings.c.entity == entity)
                              .order_by(ratings.c.game, ratings.c.players)).all()
        return [RatingRow(r.entity, r.game, r.players, r.mu, r.sigma, r.games, r.updated)
                for r in rows]

    def steps(self, entity: str, game: str | None = None, players: int | None = None,
              limit: int = 500) -> list[Step]:
        """An entity's rating after each of its rated tables, oldest first (the last
        `limit`)."""
        query = select(rating_steps).where(rating_steps.c.entity == entity)
        if game is not None:
            query = query.where(rating_steps.c.game == game)
        if players is not None:
            query = query.where(rating_steps.c.players == players)
        query = query.order_by(rating_steps.c.rated_at.desc(),
                               rating_steps.c.table_id.desc()).limit(limit)
        with self.store.transaction() as db:
            rows = db.execute(query).all()
        return [Step(r.table_id, r.entity, r.game, r.players, r.mu, r.sigma, r.display,
                     r.returned, _aware(r.rated_at)) for r in reversed(rows)]

    def leaders(self, game: str, players: int, limit: int = 50) -> list[RatingRow]:
        """A format's rated entities, best displayed rating first."""
        with self.store.transaction() as db:
            rows = db.execute(select(ratings).where(
                ratings.c.game == game, ratings.c.players == players)).all()
        found = [RatingRow(r.entity, r.game, r.players, r.mu, r.sigma, r.games, r.updated)
                 for r in rows]
        return sorted(found, key=lambda row: Rating(row.mu, row.sigma).ordinal,
                      reverse=True)[:limit]


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes; they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)

