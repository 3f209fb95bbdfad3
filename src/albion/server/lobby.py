"""The lobby (docs/protocol/server.md): the HTTP API that lists the games, creates tables
(one unguessable token per person's seat; so many per client address, `TableQuota`), and
serves their summaries, records, replays and rematches."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from fastapi import FastAPI, Request

from albion.bots.registry import is_cheat, parse_players
from albion.bots.specs import PlayerSpec, PlayerSpecError
from albion.core.errors import AlbionError
from albion.core.registry import all_games, get_game
from albion.server.actor import TableActor
from albion.server.errors import ApiError
from albion.server.hub import Hub
from albion.server.messages import (
    Clock,
    CreatedTable,
    CreateTable,
    ErrorBody,
    SeatLink,
    TableSummary,
)
from albion.server.quotas import TableQuota, address_of
from albion.server.store import TableRow, new_table_id, new_token
from albion.table import Table
from albion.table.seeding import fresh_seed


def add_lobby(app: FastAPI, hub: Hub, quota: TableQuota) -> None:
    """The lobby's routes on `app`."""
    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """The games this server plays, their player counts and variants."""
        return [{"id": game.id, "name": game.name, "summary": game.summary,
                 "min_players": game.min_players, "max_players": game.max_players,
                 "variants": [{"key": o.key, "default": o.default, "ruling": o.ruling,
                               "summary": o.summary, "choices": list(o.choices),
                               "meanings": [o.meaning(choice) for choice in o.choices],
                               "minimum": o.minimum, "maximum": o.maximum}
                              for o in game.variant_options]}
                for game in all_games()]

    @app.post("/api/tables", status_code=201, response_model=CreatedTable,
              responses={400: {"model": ErrorBody}, 422: {"model": ErrorBody},
                         429: {"model": ErrorBody}})
    async def create(request: Request, body: CreateTable) -> CreatedTable:
        """A new table: one private link per human seat (an unguessable token) and a
        spectator link."""
        return await _create(hub, body, request, quota)

    @app.get("/api/tables", response_model=list[TableSummary])
    async def list_tables(status: str | None = None) -> list[TableSummary]:
        """Open, running and finished tables (newest first)."""
        if status is not None and status not in ("waiting", "playing", "over"):
            raise ApiError(400, "bad_status", "status is waiting, playing or over")
        rows = await asyncio.to_thread(hub.store.list_tables, status)
        return [_summary(row, {}) for row in rows]

    @app.get("/api/tables/{table_id}", response_model=TableSummary,
             responses={404: {"model": ErrorBody}})
    async def table(table_id: str) -> TableSummary:
        row = await _row(hub, table_id)
        return _summary(row, await asyncio.to_thread(hub.store.names, table_id))

    @app.get("/api/tables/{table_id}/record", responses={404: {"model": ErrorBody},
                                                          409: {"model": ErrorBody}})
    async def record(table_id: str) -> dict[str, Any]:
        """The full record, once the game is over (before that it holds secrets)."""
        actor = await _actor(hub, table_id)
        async with actor.lock:
            await actor.catch_up()  # another process may have ended it
        if not actor.table.is_over():
            raise ApiError(409, "not_over", "the record is served once the game is over")
        return actor.table.record().to_json_dict()

    @app.get("/api/tables/{table_id}/replay", responses={404: {"model": ErrorBody},
                                                          409: {"model": ErrorBody}})
    async def replay(table_id: str) -> dict[str, Any]:
        """A finished game as a spectator saw it, for the replay viewer: the view at
        every version (`steps[v]` is the view at version v) and every event."""
        actor = await _actor(hub, table_id)
        async with actor.lock:
            await actor.catch_up()
        if not actor.table.is_over():
            raise ApiError(409, "not_over", "a game is replayed once it is over")
        table = actor.table
        names = await asyncio.to_thread(hub.store.names, table_id)
        if actor.replay_steps is None:  # a finished game never changes: built once
            actor.replay_steps = await asyncio.to_thread(
                lambda: list(table.views_since_start(None)))
        return {"table": table_id, "game": table.game.id, "names": names,
                "steps": actor.replay_steps,
                "events": [entry.to_json() for entry in table.events_for(None)]}

    @app.post("/api/tables/{table_id}/rematch", status_code=201, response_model=CreatedTable,
              responses={404: {"model": ErrorBody}, 409: {"model": ErrorBody},
                         429: {"model": ErrorBody}})
    async def rematch(request: Request, table_id: str) -> CreatedTable:
        """The same game, seats and variant again, with a new seed."""
        row = await _row(hub, table_id)
        if row.status != "over":
            raise ApiError(409, "not_over", "a rematch follows a game that is over")
        body = CreateTable(game=row.game, players=row.players, variant=row.variant,
                           seed=None, clock=Clock.model_validate(row.clock) if row.clock
                           else None)
        return await _create(hub, body, request, quota, rematch_of=row.id)


async def _create(hub: Hub, body: CreateTable, request: Request, quota: TableQuota,
                  rematch_of: str | None = None) -> CreatedTable:
    """Check the request, take one of the client's tables (429 when it has none left:
    only a request that would create a table counts), then create it."""
    try:
        game = get_game(body.game)
        specs = [_one_spec(text) for text in body.players]
        game.check_players(len(specs))
        variant = game.variant(body.variant)
        cheats = [str(spec) for spec in specs if is_cheat(spec)]
        if cheats:
            raise ApiError(400, "bad_players", f"{', '.join(cheats)} sees hidden "
                           "information: not allowed at a table")
        if body.clock is not None:
            stand_in = _one_spec(body.clock.bot, allow_human=False)
            if is_cheat(stand_in):
                raise ApiError(400, "bad_clock", f"{stand_in} sees hidden information: "
                               "it may not stand in for a player")
    except AlbionError as problem:
        raise ApiError(400, _code(problem), str(problem)) from None
    _take_one(quota, address_of(request.client))
    base = str(request.base_url).rstrip("/")
    seed = fresh_seed() if body.seed is None else body.seed
    table = Table(game, specs, variant, seed, autoplay=False)
    table_id = new_table_id()
    tokens = {seat: new_token() for seat, spec in enumerate(specs) if spec.is_human}
    row = TableRow(table_id, game.id, variant.as_dict(), [str(s) for s in specs], seed,
                   body.clock.model_dump() if body.clock else None,
                   "waiting" if tokens else "playing", table.version, rematch_of,
                   datetime.now(UTC))
    await asyncio.to_thread(hub.store.create_table, row, tokens, table.log(),
                            [not spec.is_human for spec in specs])
    actor = TableActor(hub, table_id, table, seed, row.players, body.clock,
                       started=row.status != "waiting", owner=await hub.claim(table_id))
    hub.actors[table_id] = actor
    actor.schedule()
    return CreatedTable(
        table=table_id,
        seats=[SeatLink(seat=seat, token=token, url=f"{base}/play/{table_id}?token={token}")
               for seat, token in tokens.items()],
        spectate=f"{base}/watch/{table_id}")


def _take_one(quota: TableQuota, address: str) -> None:
    """One of the tables `address` may create now, or 429 with how long to wait."""
    if not quota.take(address):
        wait = quota.retry_after(address)
        raise ApiError(429, "rate_limited", f"too many new tables from your address: "
                       f"try again in {wait} s", headers={"Retry-After": str(wait)})


def _one_spec(text: str, allow_human: bool = True) -> PlayerSpec:
    """One seat's player: a single spec (`human`, `ismcts:iterations=500`)."""
    specs = parse_players(text, allow_human=allow_human)
    if len(specs) != 1:
        raise PlayerSpecError(f"{text!r}: one player per seat (give a list of specs)")
    return specs[0]


def _code(problem: AlbionError) -> str:
    return {"UnknownGameError": "unknown_game", "PlayerSpecError": "bad_players",
            "PlayerCountError": "bad_players", "VariantError": "bad_variant"}.get(
        type(problem).__name__, "bad_request")


async def _row(hub: Hub, table_id: str) -> TableRow:
    row = await asyncio.to_thread(hub.store.table, table_id)
    if row is None:
        raise ApiError(404, "not_found", f"no table {table_id!r}")
    return row


async def _actor(hub: Hub, table_id: str) -> TableActor:
    actor = await hub.actor(table_id)
    if actor is None:
        raise ApiError(404, "not_found", f"no table {table_id!r}")
    return actor


def _summary(row: TableRow, names: dict[int, str]) -> TableSummary:
    return TableSummary(table=row.id, game=row.game, status=row.status,  # type: ignore[arg-type]
                        version=row.version, players=row.players, names=names,
                        created_at=row.created_at.isoformat(), rematch_of=row.rematch_of)
