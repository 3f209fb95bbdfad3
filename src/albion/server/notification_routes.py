"""Notifications on `albion serve` (issue 31; docs/protocol/server.md, Notifications):
the account's unread notifications for its pages (a badge, a list), marking them read,
its e-mail address and whether notifications go there (opt-in), and its browsers' Web
Push subscriptions."""

from __future__ import annotations

import asyncio
import ipaddress
import re
import secrets
import socket
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Query, Request, Response
from fastapi.responses import RedirectResponse
from sqlalchemy import delete, select, update

from albion.core.words import say
from albion.i18n import translator
from albion.server.account_messages import (
    EmailChoice,
    MarkRead,
    NotificationItem,
    NotificationList,
    PushSubscription,
)
from albion.server.account_routes import REFUSALS, AccountKit, take_one
from albion.server.courier import letter
from albion.server.errors import ApiError
from albion.server.languages import page_language
from albion.server.lobby import check_origin
from albion.server.mailer import MailSession, SmtpSettings
from albion.server.notifications import Notifications, account_emails, push_subscriptions
from albion.server.public import own_base, public_base
from albion.server.store import tables, token_hash
from albion.server.upsert import upsert

ADDRESS = re.compile(r"[^@\s<>\"',;]+@[^@\s<>\"',;]+\.[^@\s<>\"',;]+")
"""An e-mail address as a person types it (a name, @, a domain with a dot)."""


def add_notification_routes(app: FastAPI, kit: AccountKit) -> None:
    """The notifications' routes on `app`."""
    hub = kit.hub
    notes = Notifications(hub.store)

    @app.get("/api/account/notifications", response_model=NotificationList,
             responses=REFUSALS)
    async def unread(request: Request) -> NotificationList:
        """The account's notifications not yet read, the newest first (at most 50)."""
        session = await kit.session(request)
        found = await asyncio.to_thread(notes.unread, session.account_id)
        games = await asyncio.to_thread(_games, hub.store, [n.table_id for n in found])
        base = own_base(request)
        lang = page_language(request)
        return NotificationList(unread=[NotificationItem(
            id=n.id, kind=n.kind,  # type: ignore[arg-type]
            table=n.table_id, seat=n.seat, game=games.get(n.table_id, ""),
            created_at=n.created_at.isoformat(),
            url=letter(n, games.get(n.table_id, ""), lang, base).url) for n in found])

    @app.post("/api/account/notifications/read", responses=REFUSALS)
    async def read(request: Request, body: MarkRead) -> dict[str, int]:
        """Mark these notifications read (or all of them)."""
        check_origin(request, hub.settings)
        session = await kit.session(request)
        return {"read": await asyncio.to_thread(notes.mark_read, session.account_id,
                                                body.ids)}

    @app.get("/api/account/email", responses=REFUSALS)
    async def email(request: Request) -> dict[str, Any]:
        """The account's e-mail address (None), whether notifications go there, and
        whether the address is confirmed (nothing else is sent to it until then)."""
        session = await kit.session(request)
        row = await asyncio.to_thread(_email_of, hub.store, session.account_id)
        return {"address": row.address if row else None,
                "notify": bool(row.notify) if row else False,
                "confirmed": bool(row.confirmed) if row else False,
                "sending": hub.settings.smtp_host is not None}

    @app.put("/api/account/email", responses=REFUSALS)
    async def choose_email(request: Request, body: EmailChoice) -> dict[str, Any]:
        """Set the address and the choice; the mails are in this page's language, their
        links on this server's public address. A new address gets a confirmation mail
        first, and nothing else until its link is opened (a few a day per account)."""
        check_origin(request, hub.settings)
        session = await kit.session(request)
        address = body.address.strip()
        if not ADDRESS.fullmatch(address):
            raise ApiError(400, "bad_email", say("{address} is not an e-mail address",
                                                 address=address[:80]))
        row = await asyncio.to_thread(_email_of, hub.store, session.account_id)
        same = row is not None and row.address == address and bool(row.confirmed)
        values: dict[str, Any] = {
            "account_id": session.account_id, "address": address, "notify": body.notify,
            "lang": page_language(request), "base": public_base(request, hub.settings)}
        token = None
        if not same:
            take_one(kit.quotas.email_changes, session.account_id, say(
                "too many e-mail addresses lately: try again in {seconds} s"))
            token = secrets.token_urlsafe(32)
            values |= {"confirmed": False, "confirm_hash": token_hash(token)}
        await asyncio.to_thread(upsert, hub.store, account_emails, values, ["account_id"])
        if token is not None and hub.courier.smtp is not None:
            await asyncio.to_thread(_send_confirmation, hub.courier.smtp, address,
                                    page_language(request), values["base"], token)
        return {"address": address, "notify": body.notify, "confirmed": same,
                "sending": hub.settings.smtp_host is not None}

    @app.get("/api/account/email/confirm", include_in_schema=True)
    async def confirm_email(token: str = Query(min_length=1, max_length=100)) -> Response:
        """The link of a confirmation mail: the address is confirmed (no session needed:
        the token is the proof), and the browser goes to the account page."""
        if not await asyncio.to_thread(_confirm, hub.store, token):
            raise ApiError(404, "bad_token", say(
                "this confirmation link is not valid (or was used already)"))
        return RedirectResponse("/account#notifications", status_code=303)

    @app.get("/api/push/key")
    async def push_key() -> dict[str, str]:
        """The server's VAPID public key, for `PushManager.subscribe`; 404 `no_push`
        when this server offers no Web Push."""
        push = hub.courier.push
        if push is None:
            raise ApiError(404, "no_push", say("this server sends no push notifications"))
        return {"key": await asyncio.to_thread(push.public_key)}

    @app.post("/api/account/push", status_code=201, responses=REFUSALS)
    async def subscribe(request: Request, body: PushSubscription) -> dict[str, str]:
        """This browser's push subscription, for the account's notifications."""
        check_origin(request, hub.settings)
        session = await kit.session(request)
        if hub.courier.push is None:
            raise ApiError(404, "no_push", say("this server sends no push notifications"))
        if not hub.settings.allow_http_push and not await asyncio.to_thread(
                is_public_https, body.endpoint):
            raise ApiError(400, "bad_push", say(
                "a push subscription's endpoint is an https address on the internet"))
        values = {"endpoint": body.endpoint, "account_id": session.account_id,
                  "p256dh": body.keys.p256dh, "auth": body.keys.auth,
                  "lang": page_language(request),
                  "base": public_base(request, hub.settings),
                  "created_at": datetime.now(UTC)}
        await asyncio.to_thread(upsert, hub.store, push_subscriptions, values, ["endpoint"])
        return {"endpoint": body.endpoint}

    @app.delete("/api/account/push", status_code=204, responses=REFUSALS)
    async def unsubscribe(request: Request, body: PushSubscription) -> Response:
        """This browser no longer hears the account's notifications."""
        check_origin(request, hub.settings)
        session = await kit.session(request)

        def forget() -> None:
            with hub.store.transaction() as db:
                db.execute(delete(push_subscriptions).where(
                    push_subscriptions.c.endpoint == body.endpoint,
                    push_subscriptions.c.account_id == session.account_id))

        await asyncio.to_thread(forget)
        return Response(status_code=204)


def is_public_https(url: str) -> bool:
    """Whether `url` is https to a host whose every address is public: the server posts
    to it, so it may not be made to reach this machine or its private network (SSRF)."""
    parts = urlsplit(url)
    if parts.scheme != "https" or not parts.hostname:
        return False
    try:
        found = socket.getaddrinfo(parts.hostname, parts.port or 443,
                                   proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return False
    return bool(found) and all(ipaddress.ip_address(info[4][0]).is_global
                               for info in found)


def _send_confirmation(smtp: SmtpSettings, address: str, lang: str, base: str,
                       token: str) -> None:
    say_in = translator(lang).words
    with MailSession(smtp) as mail:
        mail.send(address, say_in(say("Confirm your e-mail address for Albion")),
                  say_in(say("Open this link to receive Albion's notifications at this "
                             "address (your turn, a seat offered to you, a game ended). "
                             "If you did not ask for them, do nothing: nothing more will "
                             "come.")) + f"\n\n{base}/api/account/email/confirm?token={token}\n",
                  f"<confirm-{token_hash(token)[:32]}@albion>")


def _confirm(store: Any, token: str) -> bool:
    with store.transaction() as db:
        return bool(db.execute(update(account_emails).where(
            account_emails.c.confirm_hash == token_hash(token)).values(
            confirmed=True, confirm_hash=None)).rowcount)


def _games(store: Any, table_ids: list[str]) -> dict[str, str]:
    if not table_ids:
        return {}
    with store.engine.connect() as db:
        return {str(row.id): str(row.game) for row in db.execute(
            select(tables.c.id, tables.c.game).where(tables.c.id.in_(set(table_ids))))}


def _email_of(store: Any, account_id: str) -> Any:
    with store.engine.connect() as db:
        return db.execute(select(account_emails).where(
            account_emails.c.account_id == account_id)).first()
