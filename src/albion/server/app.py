"""`albion serve`: FastAPI over the Table — a small HTTP API for the lobby (OpenAPI docs at
/docs) and a WebSocket per table for play. Server-authoritative: each seat and each
spectator receives only its own view and its own events; errors are JSON with a code,
never a traceback."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from pydantic import TypeAdapter, ValidationError
from starlette.exceptions import HTTPException

from albion import __version__
from albion.bots.registry import is_cheat, parse_players
from albion.bots.specs import PlayerSpec, PlayerSpecError
from albion.core.errors import (
    AlbionError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurn,
    StaleVersion,
)
from albion.core.registry import all_games, get_game
from albion.server.actor import Client, TableActor
from albion.server.errors import ApiError
from albion.server.hub import Hub
from albion.server.logs import install as redact_logs
from albion.server.messages import (
    ClientMessage,
    Clock,
    CreatedTable,
    CreateTable,
    ErrorBody,
    SeatLink,
    Submit,
    TableSummary,
    error,
)
from albion.server.outbox import Outbox
from albion.server.pages import add_pages
from albion.server.ratelimit import TokenBucket
from albion.server.settings import ServerSettings
from albion.server.store import Store, TableRow, new_table_id, new_token
from albion.table import Table
from albion.table.seeding import fresh_seed

log = logging.getLogger("albion.server")
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def create_app(settings: ServerSettings) -> FastAPI:
    redact_logs()  # no token in any log line, even at --log-level debug
    store = Store(settings.database_url)
    store.migrate()
    hub = Hub(store, settings)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()

    app = FastAPI(title="Albion", version=__version__, lifespan=lifespan,
                  description="Play Albion's games online: a lobby over HTTP, a table "
                  "over a WebSocket (docs/protocol/server.md).")
    app.state.hub = hub
    app.state.settings = settings
    app.add_middleware(GZipMiddleware, minimum_size=4096)
    _errors(app)
    _routes(app, hub, settings)
    add_pages(app, settings.reports)
    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(ErrorBody(error=exc.code, message=str(exc.detail)).model_dump(),
                            status_code=exc.status_code)

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, exc: HTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "error")
        return JSONResponse({"error": code, "message": str(exc.detail)},
                            status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "bad request"}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
        return JSONResponse({"error": "bad_request",
                             "message": f"{where}: {first.get('msg')}".strip(": ")},
                            status_code=422)

    @app.exception_handler(Exception)
    async def server_error(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return JSONResponse({"error": "server_error", "message": "something went wrong on "
                             "the server; it is logged"}, status_code=500)


def _routes(app: FastAPI, hub: Hub, settings: ServerSettings) -> None:
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
              responses={400: {"model": ErrorBody}, 422: {"model": ErrorBody}})
    async def create(request: Request, body: CreateTable) -> CreatedTable:
        """A new table: one private link per human seat (an unguessable token) and a
        spectator link."""
        return await _create(hub, body, str(request.base_url).rstrip("/"))

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
              responses={404: {"model": ErrorBody}, 409: {"model": ErrorBody}})
    async def rematch(request: Request, table_id: str) -> CreatedTable:
        """The same game, seats and variant again, with a new seed."""
        row = await _row(hub, table_id)
        if row.status != "over":
            raise ApiError(409, "not_over", "a rematch follows a game that is over")
        body = CreateTable(game=row.game, players=row.players, variant=row.variant,
                           seed=None, clock=Clock.model_validate(row.clock) if row.clock
                           else None)
        return await _create(hub, body, str(request.base_url).rstrip("/"), rematch_of=row.id)

    @app.websocket("/ws/tables/{table_id}")
    async def play(socket: WebSocket, table_id: str) -> None:
        await _play(socket, hub, settings, table_id)


async def _create(hub: Hub, body: CreateTable, base: str,
                  rematch_of: str | None = None) -> CreatedTable:
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


async def _play(socket: WebSocket, hub: Hub, settings: ServerSettings,
                table_id: str) -> None:
    """One seat's (or spectator's) connection: updates out, decisions in."""
    origin = socket.headers.get("origin")
    if origin is not None and not settings.origin_allowed(origin, socket.headers.get("host")):
        await socket.close(code=1008, reason="origin not allowed")
        return
    token = socket.query_params.get("token")
    seat = None
    if token is not None:
        seat = await asyncio.to_thread(hub.store.seat_of, table_id, token)
        if seat is None:
            await socket.close(code=1008, reason="that token opens no seat at this table")
            return
    actor = await hub.actor(table_id)
    if actor is None:
        await socket.close(code=1008, reason="no such table")
        return
    await socket.accept()
    if seat is not None and await asyncio.to_thread(hub.store.take_seat, table_id, seat):
        await actor.start()
    outbox = Outbox(socket, settings.send_queue)  # the table never waits for this client
    client = Client(seat, outbox.send)
    bucket = TokenBucket(settings.message_rate, settings.message_burst)
    stopped = asyncio.ensure_future(outbox.stopped.wait())
    await actor.join(client)
    try:
        while True:
            receiving = asyncio.ensure_future(socket.receive())
            await asyncio.wait({receiving, stopped}, return_when=asyncio.FIRST_COMPLETED)
            if not receiving.done():  # the socket closed, or the client fell behind
                receiving.cancel()
                if outbox.behind:
                    await outbox.close(1008, "too slow: updates were not read")
                return
            frame = receiving.result()
            if frame["type"] == "websocket.disconnect":
                return
            if not bucket.take():  # every frame counts, binary ones too
                await outbox.close(1008, "too many messages")
                return
            text = frame.get("text")
            if text is None:
                await client.send(error("bad_message", "messages are JSON text frames"))
                continue
            if len(text.encode()) > settings.frame_limit:
                await client.send(error("too_big", f"a message is at most "
                                        f"{settings.frame_limit} bytes"))
                await outbox.flush(5.0)
                await outbox.close(1009)
                return
            try:
                await _handle(actor, client, text)
            except Exception:  # logged; the player gets a code, never a traceback
                log.exception("table %s: a message failed", actor.id)
                await client.send(error("server_error", "something went wrong on the "
                                        "server; it is logged"))
    except WebSocketDisconnect:
        pass
    finally:
        actor.leave(client)
        outbox.stop()
        stopped.cancel()


async def _handle(actor: TableActor, client: Client, text: str) -> None:
    try:
        message = CLIENT_MESSAGE.validate_python(json.loads(text))
    except (ValueError, RecursionError, ValidationError) as problem:  # deep nesting too
        await client.send(error("bad_message", _first_line(problem)))
        return
    if isinstance(message, Submit):
        await _submit(actor, client, message)
    elif message.type == "hello":
        actor.replay_from(client, message.since)
        await actor.send_update(client)
    elif message.type == "join":
        if client.seat is None:
            await client.send(error("not_a_seat", "spectators have no seat to name"))
            return
        await actor.name(client.seat, message.name)
    else:
        await _hint(actor, client)


async def _hint(actor: TableActor, client: Client) -> None:
    """The ISMCTS bot's choice for the asking seat, from its view, and its win chance;
    a few per minute per connection."""
    seat = client.seat
    if seat is None:
        await client.send(error("not_a_seat", "spectators get no hints"))
        return
    table = actor.table
    if seat not in table.to_move():
        await client.send(error("not_your_turn", "a hint is for a decision you have to "
                                "make now"))
        return
    if not actor.hint_allowance(seat).take():
        await client.send(error("rate_limited", "hints are limited to a few a minute"))
        return
    version = table.version
    view, legal = table.decision_inputs(seat)
    texts = table.legal(seat)
    advice = await actor.hub.bots.hint(table.game.id, seat, actor.seed, version, view,
                                       legal)
    await client.send({"type": "hint", "version": version, "action": texts[advice.index],
                       "win_chance": None if advice.iterations == 0
                       else round(advice.win_chance, 3),
                       "iterations": advice.iterations})


async def _submit(actor: TableActor, client: Client, message: Submit) -> None:
    if client.seat is None:
        await client.send(error("not_your_turn", "a spectator cannot decide"))
        return
    try:
        await actor.submit(client.seat, message.action, message.version)
    except NotYourTurn as refusal:
        await client.send(error("not_your_turn", str(refusal)))
    except StaleVersion as refusal:
        await client.send(error("stale", str(refusal)))
        await actor.send_update(client)
    except IllegalActionError as refusal:
        await client.send(error("illegal", refusal.reason, refusal.ruling))
    except InvalidActionError as refusal:
        await client.send(error("invalid", str(refusal)))


def _first_line(problem: Exception) -> str:
    if isinstance(problem, ValidationError):
        first = problem.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        return f"{where}: {first['msg']}" if where else str(first["msg"])
    return f"not JSON: {str(problem).splitlines()[0]}"
