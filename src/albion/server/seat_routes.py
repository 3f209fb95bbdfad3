"""Who holds a seat (issue 25): an invitation is claimed once, by whoever opens it first
(the creator no longer holds everyone's tokens unseen); a seat's holder can sign its other
sessions out by taking a new token; a rematch is asked for, and joined, with the seat's own
credential (never by a page of another site)."""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import FastAPI, Query, Request, Response

from albion.core.words import say
from albion.server.credentials import cookie_name, offered_token, set_seat_cookies
from albion.server.errors import ApiError
from albion.server.hub import Hub
from albion.server.lobby import check_origin, create_table, table_row
from albion.server.messages import Claim, Clock, CreateTable, ErrorBody, Rematch, SeatSession
from albion.server.public import own_base, public_base
from albion.server.quotas import TableQuota
from albion.server.sessions import is_secure, session_of, session_seat
from albion.server.store import Conflict, InviteUsed, TableRow, token_hash

NO_REMATCH_YET = say("a rematch follows a game that is over")
REFUSALS: dict[int | str, dict[str, object]] = {
    code: {"model": ErrorBody} for code in (401, 403, 404, 409, 410, 429)}


def add_seat_routes(app: FastAPI, hub: Hub, quota: TableQuota) -> None:
    """The routes that hand seats out, on `app`."""
    @app.post("/api/tables/{table_id}/claim", response_model=SeatSession,
              responses=REFUSALS)
    async def claim(request: Request, response: Response, table_id: str,
                    body: Claim) -> SeatSession:
        """Take the seat an invitation opens: the first to claim it gets the seat's
        token (also set as cookies for the table's page); the invitation then opens
        nothing (410 `invite_used`)."""
        check_origin(request, hub.settings)
        await table_row(hub, table_id)
        try:
            taken = await asyncio.to_thread(hub.store.claim, table_id, body.invite)
        except InviteUsed as used:  # by this very browser (its cookie opens the seat)?
            held = request.cookies.get(cookie_name(used.seat))
            if held is not None and await asyncio.to_thread(
                    hub.store.seat_of, table_id, held) == used.seat:
                return _session(request, response, table_id, used.seat, None, cookie=held)
            raise ApiError(410, "invite_used", say(
                "this invitation was used already: its seat is taken (if not by you, tell "
                "whoever sent you the link)")) from None
        if taken is None:
            raise ApiError(403, "bad_invite",
                           say("that invitation opens no seat at this table"))
        seat, token = taken
        await keep_if_signed_in(hub, request, table_id, seat)
        return _session(request, response, table_id, seat, token)

    @app.post("/api/tables/{table_id}/sit", response_model=SeatSession,
              responses=REFUSALS)
    async def sit(request: Request, response: Response, table_id: str,
                  seat: Annotated[int, Query(ge=0, le=99)]) -> SeatSession:
        """Take a free seat of a public table that has not begun (the lobby's "take
        this seat"): the first to ask gets it, with the seat's cookies; its invitation
        then opens nothing. 409 `seat_taken` otherwise."""
        check_origin(request, hub.settings)
        row = await table_row(hub, table_id)
        if not row.public:
            raise ApiError(403, "not_public", say("this table's seats are taken by "
                                                  "invitation only: ask whoever made it "
                                                  "for a link"))
        token = await asyncio.to_thread(hub.store.take_free_seat, table_id, seat)
        if token is None:
            raise ApiError(409, "seat_taken", say("seat {seat} is not free (taken, a "
                                                  "bot's, or the game has begun)",
                                                  seat=seat + 1))
        await keep_if_signed_in(hub, request, table_id, seat)
        return _session(request, response, table_id, seat, token)

    @app.post("/api/tables/{table_id}/session", response_model=SeatSession,
              responses=REFUSALS)
    async def session(request: Request, response: Response, table_id: str) -> SeatSession:
        """The page of a seat whose token it was given (`Authorization: Bearer`): the
        seat's cookies, so the token leaves the page's address. A seat the signed-in
        account holds (`?seat=S`, no token) needs none: its session opens it."""
        check_origin(request, hub.settings)
        seat, token = await _credential(hub, request, table_id)
        if token is None:
            return SeatSession(table=table_id, seat=seat, token=None,
                               url=f"{own_base(request)}/play/{table_id}?seat={seat}")
        return _session(request, response, table_id, seat, None, cookie=token)

    @app.post("/api/tables/{table_id}/revoke", response_model=SeatSession,
              responses=REFUSALS)
    async def revoke(request: Request, response: Response, table_id: str) -> SeatSession:
        """Sign the seat's other sessions out: a new token opens it from now on (also
        set as cookies); every connection opened with the old one is closed. The
        account holding the seat may ask too (its session, `?seat=S`), and its own
        sessions' connections stay."""
        check_origin(request, hub.settings)
        seat, token = await _credential(hub, request, table_id)
        fresh = await asyncio.to_thread(hub.store.rotate, table_id, seat, token)
        if fresh is None:
            raise ApiError(403, "bad_credential",
                           say("that token no longer opens a seat here"))
        actor = hub.actors.get(table_id)
        if actor is not None:
            await actor.sign_out(seat, token_hash(fresh))
        await hub.announce(table_id, f"revoke:{seat}")
        return _session(request, response, table_id, seat, fresh)

    @app.post("/api/tables/{table_id}/rematch", status_code=201, response_model=Rematch,
              responses=REFUSALS)
    async def rematch(request: Request, response: Response, table_id: str) -> Rematch:
        """The same game, seats, variant and clock again, dealt afresh: offered by the
        first of the table's people to ask (it is created then), accepted by the others
        (each takes the seat they had, at the same table). Every seat's update says who
        offered it and who accepted (`rematch_offer`). A table with people needs one of
        their credentials."""
        check_origin(request, hub.settings)
        row = await table_row(hub, table_id)
        if row.status != "over":
            raise ApiError(409, "not_over", NO_REMATCH_YET)
        people = [spec == "human" for spec in row.players]
        seat = (await _credential(hub, request, table_id))[0] if any(people) else None
        base = str(request.base_url).rstrip("/")
        new_id = await asyncio.to_thread(hub.store.rematch_of, table_id)
        offered = new_id is None
        if new_id is None:
            new_id, offered = await _create_rematch(hub, request, quota, row)
        token = None
        if seat is not None:
            token = await asyncio.to_thread(hub.store.claim_seat, new_id, seat)
            if token is None:
                raise ApiError(409, "seat_taken", say(
                    "your seat at the rematch {table} is taken already (by you, in another "
                    "window?)", table=new_id))
            set_seat_cookies(response, new_id, seat, token, secure=_secure(request))
            await keep_if_signed_in(hub, request, new_id, seat)
        await _tell_rematch(hub, table_id, new_id, seat if offered else None, seat)
        return Rematch(table=new_id, seat=seat, token=token,
                       url=f"{base}/play/{new_id}?seat={seat}" if seat is not None
                       else f"{base}/watch/{new_id}",
                       spectate=f"{public_base(request, hub.settings)}/watch/{new_id}")


    @app.post("/api/tables/{table_id}/rematch/decline", status_code=204,
              responses=REFUSALS)
    async def decline(request: Request, table_id: str) -> Response:
        """A seat says no to the rematch on offer: everyone at the table is told."""
        check_origin(request, hub.settings)
        row = await table_row(hub, table_id)
        if row.status != "over":
            raise ApiError(409, "not_over", NO_REMATCH_YET)
        seat = (await _credential(hub, request, table_id))[0]
        actor = await hub.actor(table_id)
        if actor is not None:
            actor.rematch_declined.add(seat)
            actor.rematch_joined.discard(seat)
            await actor.broadcast()
        await hub.announce(table_id, f"rematch:{seat}")
        return Response(status_code=204)


async def _tell_rematch(hub: Hub, table_id: str, new_id: str, offered_by: int | None,
                        seat: int | None) -> None:
    """The old table's people hear of the rematch: who offered it, who accepted."""
    old = hub.actors.get(table_id)
    if old is not None:
        old.rematch = new_id
        if offered_by is not None:
            old.rematch_by = offered_by
        if seat is not None:
            old.rematch_joined.add(seat)
            old.rematch_declined.discard(seat)
        await old.broadcast()
    await hub.announce(table_id, "rematch")


async def _create_rematch(hub: Hub, request: Request, quota: TableQuota,
                          row: TableRow) -> tuple[str, bool]:
    """The rematch of `row`, once, and whether this call made it (a rematch made
    meanwhile, by another seat or process, is the one)."""
    body = CreateTable(game=row.game, players=row.players, variant=row.variant, seed=None,
                       clock=Clock.model_validate(row.clock) if row.clock else None)
    try:
        created, _ = await create_table(hub, body, request, quota, rematch_of=row.id)
    except Conflict:
        made = await asyncio.to_thread(hub.store.rematch_of, row.id)
        assert made is not None
        return made, False
    return created.table, True


async def _credential(hub: Hub, request: Request,
                      table_id: str) -> tuple[int, str | None]:
    """The seat the request's token opens, and the token; or the seat `?seat=S` names
    that the signed-in account holds, and None (401 without either, 403 when the token
    opens nothing here)."""
    token = offered_token(request.headers, request.cookies, request.query_params)
    seat = None if token is None else await asyncio.to_thread(hub.store.seat_of,
                                                              table_id, token)
    if seat is not None:
        return seat, token
    held = await session_seat(request, hub.accounts, table_id)
    if held is not None:
        return held.seat, None
    if token is None:
        raise ApiError(401, "no_credential", say("this needs the seat's token: the seat's "
                                                 "cookie, or Authorization: Bearer TOKEN"))
    raise ApiError(403, "bad_credential", say("that token opens no seat at this table"))


async def keep_if_signed_in(hub: Hub, request: Request, table_id: str, seat: int) -> None:
    """A seat taken by a signed-in browser is its account's too (issue 30: "my
    tables"); a guest's stays a guest's."""
    session = await session_of(request, hub.accounts)
    if session is not None:
        await asyncio.to_thread(hub.account_seats.link, session.account_id, table_id, seat)


def _session(request: Request, response: Response, table_id: str, seat: int,
             token: str | None, *, cookie: str | None = None) -> SeatSession:
    set_seat_cookies(response, table_id, seat, token or cookie or "",
                     secure=_secure(request))
    base = str(request.base_url).rstrip("/")
    return SeatSession(table=table_id, seat=seat, token=token,
                       url=f"{base}/play/{table_id}?seat={seat}")


def _secure(request: Request) -> bool:
    return is_secure(request)
