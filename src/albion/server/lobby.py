"""The lobby (docs/protocol/server.md): the HTTP API that lists the games, creates tables
(one single-claim invitation per person's seat; so many per client address,
`TableQuota`) and serves their summaries.

Issue 25: a table's chance comes from a secret only this server holds; a creator who
chooses the seed holds every person's seat (tokens, not invitations) and everyone at the
table is shown that the seed was chosen. Bots may think only as much as the server
allows (`budgets`)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request

from albion.bots.registry import bots_for, check_playable, is_cheat, parse_players
from albion.bots.specs import PlayerSpec, PlayerSpecError
from albion.core.errors import AlbionError
from albion.core.game import AnyGame
from albion.core.registry import all_plugins, get_game
from albion.core.words import Words, say, say_n
from albion.i18n import translator
from albion.server.actor import TableActor
from albion.server.bots import Chance
from albion.server.budgets import check_budget, number
from albion.server.credentials import is_table_id
from albion.server.errors import ApiError
from albion.server.hosts import origin_matches
from albion.server.hub import Hub
from albion.server.languages import page_language
from albion.server.messages import (
    Clock,
    CreatedTable,
    CreateTable,
    ErrorBody,
    SeatLink,
    TableSummary,
)
from albion.server.pages import board_assets
from albion.server.public import public_base
from albion.server.quotas import TableQuota, address_of
from albion.server.settings import ServerSettings
from albion.server.store import SeatKey, TableRow, new_invite, new_table_id, new_token
from albion.table import Table
from albion.table.seeding import new_secret


def add_lobby(app: FastAPI, hub: Hub, quota: TableQuota) -> None:
    """The lobby's routes on `app`."""
    @app.get("/api/games")
    async def games(request: Request) -> list[dict[str, Any]]:
        """The games this server plays, their player counts and variants; their words in
        the language of `?lang=`, else the reader's (issue 29)."""
        text = translator(page_language(request)).text
        return [{"id": game.id, "name": game.name, "summary": text(game.summary),
                 "min_players": game.min_players, "max_players": game.max_players,
                 "variants": [{"key": o.key, "default": o.default, "ruling": o.ruling,
                               "summary": text(o.summary), "choices": list(o.choices),
                               "meanings": [text(o.meaning(choice)) for choice in o.choices],
                               "minimum": o.minimum, "maximum": o.maximum}
                              for o in game.variant_options],
                 "board": board_assets(plugin),
                 "tutorial": f"/learn/{game.id}" if plugin.tutorial else None,
                 "bots": bots_for(game)}
                for plugin in all_plugins() for game in (plugin.game,)]

    @app.post("/api/tables", status_code=201, response_model=CreatedTable,
              responses={400: {"model": ErrorBody}, 403: {"model": ErrorBody},
                         422: {"model": ErrorBody}, 429: {"model": ErrorBody}})
    async def create(request: Request, body: CreateTable) -> CreatedTable:
        """A new table: one single-claim invitation per person's seat (or, with a chosen
        seed, the seats' tokens: its creator holds them all) and a spectator link."""
        check_origin(request, hub.settings)
        created, _ = await create_table(hub, body, request, quota)
        return created

    @app.get("/api/tables", response_model=list[TableSummary])
    async def list_tables(status: str | None = None,
                          limit: Annotated[int, Query(ge=1, le=200)] = 200,
                          offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
                          ) -> list[TableSummary]:
        """Open, running and finished tables, newest first, a page at a time (`limit`
        of them after the first `offset`)."""
        if status is not None and status not in ("waiting", "playing", "over"):
            raise ApiError(400, "bad_status", say("status is waiting, playing or over"))
        rows = await asyncio.to_thread(hub.store.list_tables, status, limit, offset)
        facts = await asyncio.to_thread(hub.store.seat_facts, [row.id for row in rows])
        return [_summary(row, *facts[row.id]) for row in rows]

    @app.get("/api/tables/{table_id}", response_model=TableSummary,
             responses={404: {"model": ErrorBody}})
    async def table(table_id: str) -> TableSummary:
        row = await table_row(hub, table_id)
        facts = await asyncio.to_thread(hub.store.seat_facts, [table_id])
        return _summary(row, *facts[table_id])


def check_origin(request: Request, settings: ServerSettings) -> None:
    """A browser's request from another site's page may change nothing here (403)."""
    origin = request.headers.get("origin")
    if origin is not None and not origin_matches(origin, request.headers.get("host"),
                                                 settings.allowed_hosts,
                                                 settings.allowed_origins):
        raise ApiError(403, "bad_origin",
                       say("requests from pages of other sites are refused"))


async def create_table(hub: Hub, body: CreateTable, request: Request, quota: TableQuota,
                       rematch_of: str | None = None) -> tuple[CreatedTable, TableActor]:
    """Check the request, take one of the client's tables (429 when it has none left:
    only a request that would create a table counts), then create it. A rematch's seats
    are claimed by the people who held them before (no invitation, no token here).
    Conflict when `rematch_of` has a rematch already."""
    settings = hub.settings
    try:
        game = get_game(body.game)
        specs = [_one_spec(text, settings) for text in body.players]
        for spec in specs:
            check_playable(spec, game)
        game.check_players(len(specs))
        variant = game.variant(body.variant)
        cheats = [str(spec) for spec in specs if is_cheat(spec)]
        if cheats:
            raise ApiError(400, "bad_players", say_n(
                "{bots} sees hidden information: not allowed at a table",
                "{bots} see hidden information: not allowed at a table", len(cheats),
                bots=", ".join(cheats)), ruling=information_ruling(game))
        if body.clock is not None:
            _check_clock(body.clock, game, settings)
        if body.rated:
            _check_rated(body, variant != game.variant({}))
    except AlbionError as problem:
        raise ApiError.of(400, _code(problem), problem) from None
    _take_one(quota, address_of(request.client))
    base = public_base(request, settings)  # links to pass on (issue 27)
    chosen = body.seed is not None
    chance = Chance(body.seed, None) if chosen else Chance(None, new_secret())
    table = Table(game, specs, variant, chance.seed, secret=chance.secret, autoplay=False)
    table_id = new_table_id()
    people = [seat for seat, spec in enumerate(specs) if spec.is_human]
    keys = {seat: SeatKey() if rematch_of else SeatKey(token=new_token()) if chosen
            else SeatKey(invite=new_invite()) for seat in people}
    row = TableRow(table_id, game.id, variant.as_dict(), [str(s) for s in specs],
                   chance.seed, body.clock.model_dump() if body.clock else None,
                   "waiting" if people else "playing", table.version, rematch_of,
                   datetime.now(UTC), secret=chance.secret.hex() if chance.secret else None,
                   seed_chosen=chosen, public=body.public and not chosen,
                   rated=body.rated)
    await asyncio.to_thread(hub.store.create_table, row, keys, table.log(),
                            [not spec.is_human for spec in specs])  # Conflict: a rematch
    actor = await hub.open_created(row, table, chance, body.clock)
    created = CreatedTable(
        table=table_id,
        seats=[SeatLink(seat=seat, invite=key.invite, token=key.token,
                        url=f"{base}/play/{table_id}#" + (
                            f"invite={key.invite}" if key.invite else f"token={key.token}"
                            if key.token else f"seat={seat}"))
               for seat, key in keys.items()],
        spectate=f"{base}/watch/{table_id}", seed_chosen=chosen)
    return created, actor


def _check_rated(body: CreateTable, changes_rules: bool) -> None:
    """Issue 30: a rated table deals from the server's secret, by the standard rules."""
    if body.seed is not None:
        raise ApiError(400, "bad_rated", say(
            "a rated table deals from the server's secret: leave the seed out"))
    if changes_rules:
        raise ApiError(400, "bad_rated", say(
            "a rated table plays the standard rules: leave the variant out"))


def _check_clock(clock: Clock, game: AnyGame, settings: ServerSettings) -> None:
    stand_in = _one_spec(clock.bot, settings, allow_human=False)
    check_playable(stand_in, game)
    if is_cheat(stand_in):
        raise ApiError(400, "bad_clock", say("{bot} sees hidden information: it may not "
                                             "stand in for a player", bot=str(stand_in)),
                       ruling=information_ruling(game))
    if clock.turn_seconds < settings.min_move_seconds:
        raise ApiError(400, "bad_clock", say(
            "seconds_per_move is at least {seconds} on this server (a person needs the "
            "time to move)", seconds=number(settings.min_move_seconds)))


def information_ruling(game: AnyGame) -> str | None:
    """The game's ruling on what each seat may know (RS-18, DI-11, SC-27): a bot that
    sees past it may not sit at a table."""
    return next((ruling.id for ruling in game.rulings if ruling.title == "Information"),
                None)


def _take_one(quota: TableQuota, address: str) -> None:
    """One of the tables `address` may create now, or 429 with how long to wait."""
    if not quota.take(address):
        wait = quota.retry_after(address)
        raise ApiError(429, "rate_limited", say("too many new tables from your address: "
                                                "try again in {seconds} s", seconds=wait),
                       headers={"Retry-After": str(wait)})


def _one_spec(text: str, settings: ServerSettings, allow_human: bool = True) -> PlayerSpec:
    """One seat's player: a single spec (`human`, `ismcts:iterations=500`) within the
    server's ceilings."""
    specs = parse_players(text, allow_human=allow_human)
    if len(specs) != 1:
        raise PlayerSpecError(say("{players}: one player per seat (give a list of specs)",
                                  players=repr(text)))
    check_budget(specs[0], settings)
    return specs[0]


def _code(problem: AlbionError) -> str:
    return {"UnknownGameError": "unknown_game", "PlayerSpecError": "bad_players",
            "PlayerCountError": "bad_players", "VariantError": "bad_variant"}.get(
        type(problem).__name__, "bad_request")


async def table_row(hub: Hub, table_id: str) -> TableRow:
    """The stored table, or 404 (an id that cannot be one never reaches the database)."""
    row = await asyncio.to_thread(hub.store.table, table_id) if is_table_id(table_id) \
        else None
    if row is None:
        raise ApiError(404, "not_found", no_table(table_id))
    return row


async def table_actor(hub: Hub, table_id: str) -> TableActor:
    actor = await hub.actor(table_id)
    if actor is None:
        raise ApiError(404, "not_found", no_table(table_id))
    return actor


def no_table(table_id: str) -> Words:
    """The refusal of a table this server does not have."""
    return say("no table {table}", table=repr(table_id))


def _summary(row: TableRow, names: dict[int, str], seated: set[int]) -> TableSummary:
    return TableSummary(table=row.id, game=row.game, status=row.status,  # type: ignore[arg-type]
                        version=row.version, players=row.players, names=names,
                        created_at=row.created_at.isoformat(), rematch_of=row.rematch_of,
                        seed_chosen=row.seed_chosen, winners=row.winners,
                        public=row.public, seated=sorted(seated))
