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
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse, Response
from pydantic import TypeAdapter, ValidationError
from starlette.exceptions import HTTPException

from albion import __version__
from albion.bots.registry import problem_words
from albion.core.errors import StaleVersion
from albion.core.words import Words, say
from albion.server.account_routes import AccountKit, add_account_routes
from albion.server.account_tables import add_account_tables
from albion.server.actor import Client, TableActor
from albion.server.analyses import Analyses
from albion.server.analysis_routes import add_analysis_routes
from albion.server.body_limit import BodyLimit
from albion.server.bots import HintsBusy
from albion.server.chat import LineRefused, clean_line
from albion.server.credentials import asks_for_seat, is_table_id, offered_token
from albion.server.csrf import CsrfGuard
from albion.server.errors import (
    ApiError,
    NotStarted,
    NotStored,
    StandInKeeps,
    not_found_page,
    wants_page,
)
from albion.server.friend_routes import add_friend_routes
from albion.server.hosts import HostCheck, origin_matches
from albion.server.hub import Hub
from albion.server.invitation_routes import add_invitation_routes
from albion.server.languages import page_language
from albion.server.learn_routes import add_learn_routes
from albion.server.lobby import add_lobby
from albion.server.logs import install as redact_logs
from albion.server.messages import ClientMessage, ErrorBody, Join, Submit, error
from albion.server.names import NameRefused, choose_name
from albion.server.notification_routes import add_notification_routes
from albion.server.outbox import Outbox
from albion.server.pages import add_pages
from albion.server.passwords import Passwords
from albion.server.profile_routes import add_profile_routes
from albion.server.public import add_public
from albion.server.quotas import Quotas, address_of
from albion.server.ratelimit import TokenBucket
from albion.server.refusals import (
    BACK_FOR_SPECTATOR,
    CHAT_CLOSED,
    CHAT_LIMITED,
    CHAT_SETTING_FOR_SPECTATOR,
    DECISION_REFUSALS,
    HELLO_LIMITED,
    HINT_BUSY,
    HINT_FOR_SPECTATOR,
    HINT_LIMITED,
    HINT_NOT_NOW,
    NAME_FOR_SPECTATOR,
    NAME_LIMITED,
    NAMES_OVER,
    NOT_AWAY,
    NOT_STARTED,
    SPECTATOR_DECIDES,
    STAND_IN,
    UNDO_FOR_SPECTATOR,
    UNDO_LIMITED,
    UNDOS_SPENT,
    decision_refused,
    refusal_words,
    refused,
)
from albion.server.replays import add_replays
from albion.server.seat_routes import add_seat_routes
from albion.server.sessions import session_seat
from albion.server.settings import ServerSettings
from albion.server.store import Store, token_hash
from albion.server.vacation_routes import add_vacation_routes
from albion.server.why_not import answer_why_not, why_not_allowance
from albion.table.protocol import words_value

log = logging.getLogger("albion.server")
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)
HELLO_RATE, HELLO_BURST = 1.0, 5
"""`hello`s a connection may send a second, on average, and at once (each costs a view)."""


def create_app(settings: ServerSettings) -> FastAPI:
    redact_logs()  # no token in any log line, even at --log-level debug
    store = Store(settings.database_url)
    store.migrate()
    hub = Hub(store, settings)
    analyses = Analyses(store, settings)  # issue 33: workers of their own, started at need

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        analyses.close()
        await hub.stop()

    app = FastAPI(title="Albion", version=__version__, lifespan=lifespan,
                  description="Play Albion's games online: a lobby over HTTP, a table "
                  "over a WebSocket (docs/protocol/server.md).",
                  docs_url=None, redoc_url=None)  # /docs is a page of our own (pages.py)
    app.state.hub = hub
    app.state.settings = settings
    app.add_middleware(GZipMiddleware, minimum_size=4096)
    app.add_middleware(BodyLimit, limit=settings.body_limit)  # inside the pages' headers
    quotas = Quotas.of(settings)
    _errors(app)
    kit = AccountKit(hub, hub.accounts, hub.account_seats,
                     Passwords((settings.password_time_cost, settings.password_memory_kib,
                                settings.password_lanes), settings.password_hashes), quotas)
    add_lobby(app, hub, quotas.tables)
    add_seat_routes(app, hub, quotas.tables)
    add_account_routes(app, kit)
    add_account_tables(app, kit)
    add_invitation_routes(app, kit)
    add_friend_routes(app, kit)
    add_vacation_routes(app, kit)
    add_notification_routes(app, kit)
    add_profile_routes(app, hub.store, hub.accounts)
    add_replays(app, hub)
    add_analysis_routes(app, hub, analyses)  # issue 33: after the game, its analysis
    add_learn_routes(app, settings)  # issue 32: the tutorials in the browser
    _table_socket(app, hub, settings, quotas)
    add_pages(app, settings.reports)
    add_public(app, settings)
    app.add_middleware(CsrfGuard, accounts=hub.accounts)  # a signed-in browser's token
    app.add_middleware(HostCheck, allowed=settings.allowed_hosts)  # outermost: first
    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        if exc.status_code == 404 and wants_page(request):
            # a browser that opened it: a page (in its reader's language), not JSON
            return not_found_page(page_language(request))
        body = ErrorBody(error=exc.code, message=str(exc.detail), words=words_value(exc.words))
        return JSONResponse(body.model_dump(exclude_none=True), status_code=exc.status_code,
                            headers=exc.headers)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        if exc.status_code == 404 and wants_page(request):
            return not_found_page(page_language(request))
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "error")
        return JSONResponse({"error": code, "message": str(exc.detail)},
                            status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "bad request"}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
        message = f"{where}: {first.get('msg')}".strip(": ")
        body = ErrorBody(error="bad_request", message=message,
                         words=words_value(_invalid_words(first, where, message)))
        return JSONResponse(body.model_dump(exclude_none=True), status_code=422)

    @app.exception_handler(Exception)
    async def server_error(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        said = say("something went wrong on the server; it is logged")
        body = ErrorBody(error="server_error", message=str(said), words=words_value(said))
        return JSONResponse(body.model_dump(), status_code=500)


def _invalid_words(first: Any, where: str, message: str) -> Words | None:
    """A body's first problem as words ("seed: Input should be greater than or equal to
    0"), where pydantic's refusal is one known in words (`problem_words`) and they read as
    its English; None otherwise (the page shows the English)."""
    problem = problem_words(first) if "type" in first else first.get("msg")
    if not isinstance(problem, Words):
        return None
    words = say("{field}: {problem}", field=where, problem=problem) if where else problem
    return words if str(words) == message else None


def _table_socket(app: FastAPI, hub: Hub, settings: ServerSettings,
                  quotas: Quotas) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def play(socket: WebSocket, table_id: str) -> None:
        address = address_of(socket.client)
        if not quotas.connections.enter(address):  # before accepting: HTTP 403
            await socket.close(code=1008, reason="too many connections from your address")
            return
        try:
            if not quotas.connects.take(address):
                await socket.close(code=1008, reason="too many new connections from your "
                                   "address: wait a moment")
                return
            await _play(socket, hub, settings, table_id, quotas, address)
        finally:
            quotas.connections.leave(address)


async def _refuse(socket: WebSocket, reason: str) -> None:
    await socket.close(code=1008, reason=reason)


async def _play(socket: WebSocket, hub: Hub, settings: ServerSettings, table_id: str,
                quotas: Quotas, address: str) -> None:
    """One seat's (or spectator's) connection: updates out, decisions in."""
    origin = socket.headers.get("origin")
    if origin is not None and not origin_matches(origin, socket.headers.get("host"),
                                                 settings.allowed_hosts,
                                                 settings.allowed_origins):
        await _refuse(socket, "origin not allowed")
        return
    if not is_table_id(table_id):
        await _refuse(socket, "no such table")
        return
    token = offered_token(socket.headers, socket.cookies, socket.query_params,
                          allow_query=True)
    seat = None
    if token is not None:
        seat = await asyncio.to_thread(hub.store.seat_of, table_id, token)
    held = None if seat is not None else await session_seat(socket, hub.accounts, table_id)
    if held is not None:  # no seat cookie (or a stale one): the account's session
        seat, token = held.seat, None
    if seat is None and token is not None:
        await _refuse(socket, "that token opens no seat at this table")
        return
    if seat is None and asks_for_seat(socket.query_params, socket.headers):
        await _refuse(socket, "this browser holds no such seat at this table (was its "
                      "link opened in another one?)")
        return
    if seat is not None and not quotas.seat_connects.take((table_id, seat)):
        await _refuse(socket, "this seat reconnects too often: wait a moment")
        return
    actor = await hub.actor(table_id)
    if actor is None:
        await _refuse(socket, "no such table")
        return
    await socket.accept()
    people = [other for other in range(actor.table.num_players)
              if actor.table.is_human(other)]
    if seat is not None and await asyncio.to_thread(hub.store.take_seat, table_id, seat,
                                                    people):
        await actor.start(opening=seat)
    outbox = Outbox(socket, settings.send_queue)  # the table never waits for this client
    client = Client(seat, outbox.send, token_hash=token_hash(token) if token else None,
                    close=outbox.close, address=address,
                    session_hash=held.session_hash if held else None)
    bucket = TokenBucket(settings.message_rate, settings.message_burst)
    hellos = TokenBucket(HELLO_RATE, HELLO_BURST)
    why_nots = why_not_allowance()
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
                await _handle(actor, client, text, hellos, quotas, why_nots)
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


async def _handle(actor: TableActor, client: Client, text: str, hellos: TokenBucket,
                  quotas: Quotas, why_nots: TokenBucket) -> None:
    try:
        message = CLIENT_MESSAGE.validate_python(json.loads(text))
    except (ValueError, RecursionError, ValidationError) as problem:  # deep nesting too
        await client.send(error("bad_message", _first_line(problem)))
        return
    if isinstance(message, Submit):
        await _submit(actor, client, message)
    elif message.type == "hello":
        if not hellos.take():
            await client.send(refused(HELLO_LIMITED))
            return
        actor.replay_from(client, message.since)
        await actor.send_update(client)
    elif message.type == "join":
        await _join(actor, client, message, quotas)
    elif message.type == "back":
        await _back(actor, client)
    elif message.type == "undo":
        await _undo(actor, client, message.version)
    elif message.type == "chat":
        await _chat(actor, client, message.text)
    elif message.type == "chat_spectators":
        if client.seat is None:
            await client.send(refused(CHAT_SETTING_FOR_SPECTATOR))
        else:
            await actor.let_spectators_chat(message.allow)
    elif message.type == "why_not":
        await answer_why_not(actor, client, message, why_nots)
    else:
        await _hint(actor, client)


async def _chat(actor: TableActor, client: Client, raw: str) -> None:
    """A chat line: a seat's, or a spectator's when a seat lets them; a few a minute."""
    if client.seat is None and not actor.spectators_chat:
        await client.send(refused(CHAT_CLOSED))
        return
    try:
        line = clean_line(raw)
    except LineRefused as refusal:
        await client.send(error("bad_chat", str(refusal), words=refusal.words))
        return
    who: int | str = client.seat if client.seat is not None else client.address
    if not actor.chat_allowance(who).take():
        await client.send(refused(CHAT_LIMITED))
        return
    await actor.say(client.seat, line)


async def _back(actor: TableActor, client: Client) -> None:
    """The seat's person takes it back from the stand-in: everyone is told (a notice)."""
    if client.seat is None:
        await client.send(refused(BACK_FOR_SPECTATOR))
        return
    try:
        if not await actor.take_back(client.seat):
            await client.send(refused(NOT_AWAY))
    except StandInKeeps as keeps:
        await client.send(error(*STAND_IN, words=keeps.words))


async def _join(actor: TableActor, client: Client, message: Join, quotas: Quotas) -> None:
    """A seat's display name: trimmed (and the person told so), refused when it could
    mislead (`names`), a few a minute."""
    seat = client.seat
    if seat is None:
        await client.send(refused(NAME_FOR_SPECTATOR))
        return
    table = actor.table
    if table.is_over():
        await client.send(refused(NAMES_OVER))
        return
    labels = [table.game.seat_name(other) for other in range(table.num_players)]
    taken = [label for other, label in enumerate(labels) if other != seat] + [
        name for other, name in actor.names.items() if other != seat]
    try:
        chosen = choose_name(message.name, labels[seat], taken)
    except NameRefused as refusal:
        await client.send(error("bad_name", str(refusal), words=refusal.words))
        return
    if not actor.rename_allowance(seat).take() or not quotas.renames.take(client.address):
        await client.send(refused(NAME_LIMITED))
        return
    await actor.name(seat, chosen.name)
    await client.send({"type": "named", "name": chosen.name, "trimmed": chosen.trimmed})


async def _hint(actor: TableActor, client: Client) -> None:
    """The ISMCTS bot's choice for the asking seat, from its view, and its win chance;
    a few per minute per connection."""
    seat = client.seat
    if seat is None:
        await client.send(refused(HINT_FOR_SPECTATOR))
        return
    if not actor.started:
        async with actor.lock:
            if not await actor.has_started():  # nobody plays yet: no search is run
                await client.send(error(*NOT_STARTED, words=NotStarted.WORDS))
                return
    table = actor.table
    if seat not in table.to_move():
        await client.send(refused(HINT_NOT_NOW))
        return
    if not actor.hint_allowance(seat).take():
        await client.send(refused(HINT_LIMITED))
        return
    version = table.version
    texts = table.legal(seat)
    try:
        advice = await actor.hint(client.address, seat)
    except HintsBusy:
        await client.send(refused(HINT_BUSY))
        return
    await client.send({"type": "hint", "version": version, "action": texts[advice.index],
                       "win_chance": None if advice.iterations == 0
                       else round(advice.win_chance, 3),
                       "iterations": advice.iterations})


async def _submit(actor: TableActor, client: Client, message: Submit) -> None:
    if client.seat is None:
        await client.send(refused(SPECTATOR_DECIDES))
        return
    try:
        await actor.submit(client.seat, message.action, message.version)
    except DECISION_REFUSALS as refusal:
        await client.send(error(*decision_refused(refusal), words=refusal_words(refusal)))
        if isinstance(refusal, NotStored | StaleVersion):  # what the table holds now
            await actor.send_update(client)


async def _undo(actor: TableActor, client: Client, version: int) -> None:
    """ALL-3: the seat takes back its last decision; refused as a decision is."""
    if client.seat is None:
        await client.send(refused(UNDO_FOR_SPECTATOR))
        return
    if actor.undos_spent():
        await client.send(refused(UNDOS_SPENT))
        return
    if not actor.undo_allowance(client.seat).take():
        await client.send(refused(UNDO_LIMITED))
        return
    try:
        await actor.undo(client.seat, version)
    except DECISION_REFUSALS as refusal:
        await client.send(error(*decision_refused(refusal), words=refusal_words(refusal)))
        if isinstance(refusal, NotStored | StaleVersion):
            await actor.send_update(client)


def _first_line(problem: Exception) -> str:
    if isinstance(problem, ValidationError):
        first = problem.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        return f"{where}: {first['msg']}" if where else str(first["msg"])
    return f"not JSON: {str(problem).splitlines()[0]}"
