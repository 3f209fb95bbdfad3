"""An account's seats (issue 30; docs/protocol/server.md, Accounts): a guest's seats kept
when they sign up (by their tokens, or from the seat's own page by its cookie), "my
tables" — every table where the account sits, those where it is to move first — and the
export of everything stored about the account.

The account's session opens its seats from any browser: the seat's page
(`/play/{table}?seat=S`, the `url` of each of its tables) connects with the session's
cookie when it holds no seat cookie (`app`). A seat held by another account is never
opened by this account's session, and a seat's token opens it as before."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import JSONResponse

from albion.core.words import say
from albion.server.account_messages import (
    AccountTable,
    KeepSeats,
    KeptSeat,
    KeptSeats,
    SeatNotKept,
)
from albion.server.account_routes import REFUSALS, AccountKit
from albion.server.credentials import is_table_id, offered_token
from albion.server.errors import ApiError
from albion.server.friends import Friends
from albion.server.lobby import check_origin, table_row
from albion.server.notifications import notification_data
from albion.server.public import own_base
from albion.server.store import TableRow
from albion.server.vacations import Vacations
from albion.table.protocol import words_value

EXPORT_FORMAT = "albion-account/1"
STATUS_ORDER = {"playing": 0, "waiting": 1, "over": 2}
HELD_ELSEWHERE = say("another account holds this seat")
NO_SEAT = say("that token opens no seat at this table")


def add_account_tables(app: FastAPI, kit: AccountKit) -> None:
    """The routes of an account's seats on `app`."""
    store = kit.hub.store

    @app.post("/api/account/seats", response_model=KeptSeats, responses=REFUSALS)
    async def keep_seats(request: Request, body: KeepSeats) -> KeptSeats:
        """Seats held by their tokens (a guest's) become the account's: each kept, or
        refused with why (the others are kept all the same)."""
        check_origin(request, kit.hub.settings)
        session = await kit.session(request)
        kept, refused = [], []
        for given in body.seats:
            seat = await asyncio.to_thread(store.seat_of, given.table, given.token) \
                if is_table_id(given.table) else None
            if seat is None:
                refused.append(SeatNotKept(table=given.table, error="bad_credential",
                                           message=str(NO_SEAT), words=words_value(NO_SEAT)))
            elif not await asyncio.to_thread(kit.seats.link, session.account_id,
                                             given.table, seat):
                refused.append(SeatNotKept(table=given.table, error="seat_held",
                                           message=str(HELD_ELSEWHERE),
                                           words=words_value(HELD_ELSEWHERE)))
            else:
                kept.append(KeptSeat(table=given.table, seat=seat))
        return KeptSeats(kept=kept, refused=refused)

    @app.post("/api/tables/{table_id}/keep", response_model=KeptSeat, responses=REFUSALS)
    async def keep(request: Request, table_id: str) -> KeptSeat:
        """The seat this page holds (its cookie and `?seat=S`, or `Authorization: Bearer
        T`) becomes the signed-in account's."""
        check_origin(request, kit.hub.settings)
        session = await kit.session(request)
        await table_row(kit.hub, table_id)
        token = offered_token(request.headers, request.cookies, request.query_params)
        if token is None:
            raise ApiError(401, "no_credential", say(
                "this needs the seat's token: the seat's cookie, or Authorization: Bearer "
                "TOKEN"))
        seat = await asyncio.to_thread(store.seat_of, table_id, token)
        if seat is None:
            raise ApiError(403, "bad_credential", NO_SEAT)
        if not await asyncio.to_thread(kit.seats.link, session.account_id, table_id, seat):
            raise ApiError(409, "seat_held", HELD_ELSEWHERE)
        return KeptSeat(table=table_id, seat=seat)

    @app.get("/api/account/tables", response_model=list[AccountTable], responses=REFUSALS)
    async def my_tables(request: Request,
                        limit: Annotated[int, Query(ge=1, le=1000)] = 1000,
                        ) -> list[AccountTable]:
        """Every table where the account sits: those where it is to move first, then
        the others in play, the waiting ones, the finished ones; the newest first."""
        session = await kit.session(request)
        held = await asyncio.to_thread(kit.seats.held, session.account_id)
        rows = await asyncio.to_thread(kit.seats.tables, [seat.table for seat in held])
        facts = await asyncio.to_thread(store.seat_facts, list(rows))
        base = own_base(request)
        found = []
        for seat in held:
            row = rows.get(seat.table)
            if row is not None:
                found.append(AccountTable(
                    table=row.id, seat=seat.seat, game=row.game,
                    status=row.status,  # type: ignore[arg-type]
                    to_move=await _to_move(kit, row, seat.seat), version=row.version,
                    players=row.players, names=facts[row.id][0],
                    created_at=row.created_at.isoformat(), winners=row.winners,
                    url=f"{base}/play/{row.id}?seat={seat.seat}"))
        found.sort(key=lambda entry: entry.created_at, reverse=True)  # then, stably:
        found.sort(key=lambda entry: (not entry.to_move, STATUS_ORDER[entry.status]))
        return found[:limit]

    @app.get("/api/account/export", responses=REFUSALS)
    async def export(request: Request) -> JSONResponse:
        """Everything stored about the account, as JSON: no password hash, no token."""
        session = await kit.session(request)
        data = await asyncio.to_thread(_export, kit, session.account_id,
                                       session.token_hash, own_base(request))
        name = session.username
        return JSONResponse(data, headers={
            "Content-Disposition": f'attachment; filename="albion-account-{name}.json"',
            "Cache-Control": "no-store"})


async def _to_move(kit: AccountKit, row: TableRow, seat: int) -> bool:
    """Whether the seat has a decision to make now (the table's actor knows)."""
    if row.status != "playing":
        return False
    actor = await kit.hub.actor(row.id)
    return actor is not None and actor.status == "playing" and \
        seat in actor.table.to_move()


def _export(kit: AccountKit, account_id: str, current: str, base: str) -> dict[str, Any]:
    """The account's data: its name, its sessions (when, not what), the seats it holds
    (each table's facts, the name it chose, the chat lines it wrote there), the seats
    offered to it and its friends and requests."""
    account = kit.accounts.account(account_id)
    assert account is not None
    held = kit.seats.held(account_id)
    offers = kit.seats.offers(account_id)
    circle = Friends(kit.hub.store).circle(account_id)
    rows = kit.seats.tables([seat.table for seat in held + offers])
    names = kit.hub.store.seat_facts(list(rows))
    seats = []
    for seat in held:
        row = rows.get(seat.table)
        if row is None:
            continue
        seats.append({
            "table": row.id, "seat": seat.seat, "game": row.game, "status": row.status,
            "players": row.players, "name": names[row.id][0].get(seat.seat),
            "created_at": row.created_at.isoformat(), "held_since": seat.at.isoformat(),
            "winners": row.winners,
            "record": f"{base}/api/tables/{row.id}/record" if row.status == "over" else None,
            "chat": [{"seq": line.seq, "text": line.text, "at": line.at.isoformat()}
                     for line in kit.seats.chat_of(row.id, seat.seat)]})
    return {
        "format": EXPORT_FORMAT, "exported_at": datetime.now(UTC).isoformat(),
        "account": {"id": account.id, "username": account.username,
                    "created_at": account.created_at.isoformat()},
        "sessions": kit.accounts.sessions_of(account_id, current),
        "seats": seats,
        "invitations": [{"table": offer.table, "seat": offer.seat,
                         "game": rows[offer.table].game,
                         "offered_at": offer.at.isoformat()}
                        for offer in offers if offer.table in rows],
        "notifications": notification_data(kit.hub.store, account_id),
        "vacations": [{"starts_at": v.start.isoformat(), "ends_at": v.end.isoformat()}
                      for v in Vacations(kit.hub.store).of(account_id)],
        "friends": {part: [{"username": link.username, "since": link.since.isoformat()}
                           for link in getattr(circle, part)]
                    for part in ("friends", "asked", "asking")}}
