"""A player's public face (issue 30): an account's ratings per game and player count with
their uncertainty, each rating's steps (the profile's graph), its finished games (paged,
filtered by game) and each format's leaders, bots and people on one scale. Only what a
spectator of those games could see: a finished game's seats, names, winners and replay."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Query
from sqlalchemy import func, select

from albion.core.errors import UnknownGameError
from albion.core.registry import get_game
from albion.core.words import say
from albion.server.accounts import Account, Accounts, account_seats, moment
from albion.server.errors import ApiError
from albion.server.ratings import Ratings
from albion.server.store import Store, notices, seats, tables
from albion.sim.rating import Rating, RatingRow, account_entity

PAGE = 20
"""Games per page of a profile's list."""


def add_profile_routes(app: FastAPI, store: Store, accounts: Accounts) -> None:
    """GET /api/players/{username}, …/ratings, …/games and GET /api/ratings/{game}/{n}."""
    ratings = Ratings(store)

    async def account_named(username: str) -> Account:
        account = await asyncio.to_thread(accounts.named, username)
        if account is None:
            raise ApiError(404, "no_player", say("no player is called {name}",
                                                 name=username[:40]))
        return account

    @app.get("/api/players/{username}", tags=["players"])
    async def profile(username: str) -> dict[str, Any]:
        """An account's ratings (displayed rating = mu − 3 sigma, shown with sigma) and
        its finished games played and won."""
        account = await account_named(username)
        rows = await asyncio.to_thread(ratings.of, account_entity(account.id))
        played, won = await asyncio.to_thread(_record, store, account.id)
        timeouts, clocked = await asyncio.to_thread(_absences, store, account.id)
        return {"username": account.username, "since": account.created_at.isoformat(),
                "ratings": [_rating_json(row) for row in rows],
                "played": played, "won": won, "timeouts": timeouts, "clocked": clocked}

    @app.get("/api/players/{username}/ratings", tags=["players"])
    async def steps(username: str, game: str = Query(..., max_length=64),
                    players: int = Query(..., ge=1, le=8)) -> dict[str, Any]:
        """The account's rating after each of its rated tables of one format, oldest
        first (the graph's points)."""
        account = await account_named(username)
        found = await asyncio.to_thread(ratings.steps, account_entity(account.id), game,
                                        players)
        return {"game": game, "players": players,
                "steps": [step.to_json() for step in found]}

    @app.get("/api/players/{username}/games", tags=["players"])
    async def games(username: str, game: str | None = Query(None, max_length=64),
                    page: int = Query(1, ge=1, le=10_000)) -> dict[str, Any]:
        """The account's finished games, newest first, `PAGE` a page."""
        if game is not None:
            _check_game(game)
        account = await account_named(username)
        listed, more = await asyncio.to_thread(_games, store, account.id, game, page)
        return {"page": page, "more": more, "games": listed}

    @app.get("/api/ratings/{game}/{players}", tags=["players"])
    async def leaders(game: str, players: int) -> dict[str, Any]:
        """A format's best displayed ratings: accounts and bots on one scale, and the
        reference bots that pin it (their ratings never move)."""
        _check_game(game)
        rows = await asyncio.to_thread(ratings.leaders, game, players)
        names = await asyncio.to_thread(_names_of, accounts, [row.entity for row in rows])
        pinned = ratings.book.anchors.formats.get((game, players))
        anchors = [] if pinned is None else [
            {"bot": entity, "rating": round(rating.ordinal, 2), "mu": round(rating.mu, 3),
             "sigma": round(rating.sigma, 3)} for entity, rating in pinned.ratings.items()]
        return {"game": game, "players": players,
                "leaders": [{**_rating_json(row), "player": names.get(row.entity),
                             "bot": None if row.entity.startswith("account:")
                             else row.entity} for row in rows
                            if not row.entity.startswith("account:") or
                            row.entity in names],
                "anchors": anchors}


def _check_game(game: str) -> None:
    try:
        get_game(game)
    except UnknownGameError:
        raise ApiError(404, "no_game", say("no game is called {name}",
                                           name=game[:40])) from None


def _rating_json(row: RatingRow) -> dict[str, Any]:
    rating = Rating(row.mu, row.sigma, row.games)
    return {"game": row.game, "players": row.players, "rating": round(rating.ordinal, 2),
            "mu": round(row.mu, 3), "sigma": round(row.sigma, 3), "games": row.games}


def _names_of(accounts: Accounts, entities: list[str]) -> dict[str, str]:
    names = {}
    for entity in entities:
        if entity.startswith("account:"):
            account = accounts.account(entity.removeprefix("account:"))
            if account is not None:
                names[entity] = account.username
    return names


def _finished(account_id: str) -> Any:
    return (select(tables.c.id, tables.c.game, tables.c.players, tables.c.winners,
                   tables.c.created_at, tables.c.rated, tables.c.rating,
                   account_seats.c.seat)
            .join(account_seats, account_seats.c.table_id == tables.c.id)
            .where(account_seats.c.account_id == account_id, tables.c.status == "over"))


def _record(store: Store, account_id: str) -> tuple[int, int]:
    with store.engine.connect() as db:
        rows = db.execute(_finished(account_id)).all()
    return len(rows), sum(1 for row in rows if row.seat in (row.winners or []))


def _absences(store: Store, account_id: str) -> tuple[int, int]:
    """Issue 31: how often the account's seats ran out of time (a stand-in took over),
    and at how many tables with a clock it has sat: each absence counts once, shown
    beside all the games — one late move is a small number among many."""
    with store.engine.connect() as db:
        timeouts = db.execute(select(func.count()).select_from(notices).join(
            account_seats, (account_seats.c.table_id == notices.c.table_id)
            & (account_seats.c.seat == notices.c.seat)).where(
            account_seats.c.account_id == account_id, notices.c.stand_in.is_not(None),
            notices.c.reason == "out of time")).scalar_one()
        clocks = db.execute(select(tables.c.clock).join(
            account_seats, account_seats.c.table_id == tables.c.id).where(
            account_seats.c.account_id == account_id,
            tables.c.status != "waiting")).scalars().all()  # JSON null: no clock
    return int(timeouts), sum(1 for clock in clocks if clock)


def _games(store: Store, account_id: str, game: str | None,
           page: int) -> tuple[list[dict[str, Any]], bool]:
    query = _finished(account_id)
    if game is not None:
        query = query.where(tables.c.game == game)
    query = query.order_by(tables.c.created_at.desc(), tables.c.id).offset(
        (page - 1) * PAGE).limit(PAGE + 1)
    with store.engine.connect() as db:
        rows = db.execute(query).all()
        ids = [row.id for row in rows[:PAGE]]
        named = db.execute(select(seats.c.table_id, seats.c.seat, seats.c.name)
                           .where(seats.c.table_id.in_(ids))).all() if ids else []
    names: dict[str, dict[int, str | None]] = {}
    for found in named:
        names.setdefault(found.table_id, {})[found.seat] = found.name
    listed = []
    for row in rows[:PAGE]:
        winners = list(row.winners or [])
        result = "won" if row.seat in winners else "draw" if not winners else "lost"
        listed.append({
            "table": row.id, "game": row.game, "players": len(row.players),
            "date": moment(row.created_at).isoformat(), "seat": row.seat,
            "result": result, "rated": row.rating == "rated",
            "opponents": [{"seat": seat, "name": names.get(row.id, {}).get(seat) or spec}
                          for seat, spec in enumerate(row.players) if seat != row.seat],
            "replay": f"/replay/{row.id}"})
    return listed, len(rows) > PAGE
