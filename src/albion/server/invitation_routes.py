"""A seat offered to an account by its name (issue 30), beside the invitation link: the
holder of a seat's invitation (its table's creator, who hands the links out) offers the
seat to an account; the account sees the offer (`GET /api/account/invitations`) and
accepts it — it then holds the seat, and the invitation opens nothing, as if it had been
claimed — or declines it (the link still opens the seat). The offer stands for the
invitation: once the link is claimed, the offer opens nothing either. One offer per seat:
a new one replaces the last."""

from __future__ import annotations

import asyncio

from fastapi import FastAPI, Path, Request, Response

from albion.core.words import say
from albion.server.account_messages import Invitation, Offer, Offered
from albion.server.account_routes import REFUSALS, AccountKit, take_one
from albion.server.credentials import is_table_id, set_seat_cookies
from albion.server.errors import ApiError
from albion.server.lobby import check_origin, table_row
from albion.server.messages import SeatSession
from albion.server.notifications import Kind, Notifications
from albion.server.public import own_base
from albion.server.quotas import address_of
from albion.server.sessions import is_secure
from albion.server.store import InviteUsed

INVITE_USED = say("this invitation was used already: its seat is taken")
NO_OFFER = say("no such seat is offered to you")


def add_invitation_routes(app: FastAPI, kit: AccountKit) -> None:
    """The routes of seats offered by name on `app`."""
    hub = kit.hub

    @app.post("/api/tables/{table_id}/offer", status_code=201, response_model=Offered,
              responses=REFUSALS)
    async def offer(request: Request, table_id: str, body: Offer) -> Offered:
        """Offer the seat `invite` opens to the account named `username`."""
        check_origin(request, hub.settings)
        await table_row(hub, table_id)
        take_one(kit.quotas.offers, address_of(request.client), say(
            "too many seats offered from your address lately: try again in {seconds} s"))
        account = await asyncio.to_thread(kit.accounts.named, body.username)
        if account is None:
            raise ApiError(404, "no_account", say("no account is called {name}",
                                                  name=body.username.strip()[:24]))
        try:
            seat = await asyncio.to_thread(kit.seats.offer, table_id, body.invite,
                                           account.id)
        except InviteUsed:
            raise ApiError(410, "invite_used", INVITE_USED) from None
        if seat is None:
            raise ApiError(403, "bad_invite", say("that invitation opens no seat at this "
                                                  "table"))
        await notify_invited(kit, account.id, table_id, seat)
        return Offered(table=table_id, seat=seat, username=account.username)

    @app.get("/api/account/invitations", response_model=list[Invitation],
             responses=REFUSALS)
    async def invitations(request: Request) -> list[Invitation]:
        """The seats offered to the account that it may still take, the newest first."""
        session = await kit.session(request)
        offers = await asyncio.to_thread(kit.seats.offers, session.account_id)
        rows = await asyncio.to_thread(kit.seats.tables, [o.table for o in offers])
        facts = await asyncio.to_thread(hub.store.seat_facts, list(rows))
        return [Invitation(table=o.table, seat=o.seat, game=rows[o.table].game,
                           status=rows[o.table].status,  # type: ignore[arg-type]
                           players=rows[o.table].players, names=facts[o.table][0],
                           offered_at=o.at.isoformat())
                for o in offers if o.table in rows]

    @app.post("/api/account/invitations/{table_id}/{seat}/accept",
              response_model=SeatSession, responses=REFUSALS)
    async def accept(request: Request, response: Response, table_id: str,
                     seat: int = Path(ge=0, le=99)) -> SeatSession:
        """Take the seat offered: the account holds it (its session opens it anywhere),
        and this browser gets the seat's token and cookies as a claim gives them."""
        check_origin(request, hub.settings)
        session = await kit.session(request)
        await table_row(hub, table_id)
        try:
            token = await asyncio.to_thread(kit.seats.accept, session.account_id,
                                            table_id, seat)
        except InviteUsed:
            raise ApiError(410, "invite_used", INVITE_USED) from None
        if token is None:
            raise ApiError(404, "no_invitation", NO_OFFER)
        set_seat_cookies(response, table_id, seat, token, secure=is_secure(request))
        return SeatSession(table=table_id, seat=seat, token=token,
                           url=f"{own_base(request)}/play/{table_id}?seat={seat}")

    @app.post("/api/account/invitations/{table_id}/{seat}/decline", status_code=204,
              responses=REFUSALS)
    async def decline(request: Request, table_id: str,
                      seat: int = Path(ge=0, le=99)) -> Response:
        """No thanks: the offer goes; the invitation still opens the seat."""
        check_origin(request, hub.settings)
        session = await kit.session(request)
        if not is_table_id(table_id) or not await asyncio.to_thread(
                kit.seats.decline, session.account_id, table_id, seat):
            raise ApiError(404, "no_invitation", NO_OFFER)
        return Response(status_code=204)


async def notify_invited(kit: AccountKit, account_id: str, table_id: str, seat: int) -> None:
    """Issue 31: "a seat is offered to you", once per seat, on the account's channels."""
    await asyncio.to_thread(Notifications(kit.hub.store).add, account_id, Kind.INVITED,
                            table_id, seat, seat)
    kit.hub.notifications_due()
