"""The courier (issue 31): each server process delivers the notifications due — at once
when a decision of its own made some (`poke`), and every `poll_seconds` for those
another process made or left behind when it died — to each account's channels: its
e-mail address when it opted in (`mailer`), its subscribed browsers (`push`). The pages
read them besides (`GET /api/account/notifications`). A row is leased before it is sent
and marked once sent (`notifications`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select

from albion.core.registry import get_game
from albion.core.words import Words, say
from albion.i18n import translator
from albion.server.mailer import MailSession, SmtpSettings
from albion.server.notifications import (
    Notification,
    Notifications,
    account_emails,
    push_subscriptions,
)
from albion.server.push import PushGoneError, PushSettings, send_push
from albion.server.store import Store, tables

log = logging.getLogger("albion.server")
BATCH = 10
"""Notifications claimed at once: sent well within their lease (`notifications.LEASE`)
even when the mail server is slow."""


@dataclass(frozen=True)
class Letter:
    """A notification as a person reads it: a title, a line, and the page it opens."""

    title: str
    body: str
    url: str


def letter(note: Notification, game: str, lang: str, base: str) -> Letter:
    """The words of `note` about a table of `game`, in `lang`, its link under `base`."""
    say_in = translator(lang).words
    name = get_game(game).name if game else game
    table = note.table_id
    words: tuple[Words, Words, str] = {
        "turn": (say("Your turn at {game}", game=name),
                 say("It is your turn to play at {game}.", game=name),
                 f"{base}/play/{table}?seat={note.seat}"),
        "invited": (say("You are invited to {game}", game=name),
                    say("A seat at a table of {game} is offered to you: accept or decline "
                        "it on your account's page.", game=name),
                    f"{base}/account"),
        "ended": (say("The game of {game} is over", game=name),
                  say("Your game of {game} has ended: see how it went.", game=name),
                  f"{base}/replay/{table}"),
    }[note.kind]
    return Letter(say_in(words[0]), say_in(words[1]), words[2])


class Courier:
    """Delivers the notifications of `store`'s database (one per process)."""

    def __init__(self, store: Store, smtp: SmtpSettings | None, push: PushSettings | None,
                 poll_seconds: float, sent: Callable[[Notification], None] | None = None
                 ) -> None:
        self.store = store
        self.notes = Notifications(store)
        self.smtp = smtp
        self.push = push
        self.poll_seconds = poll_seconds
        self.sent = sent
        """Told of each notification once delivered (the benchmark counts them)."""
        self.wake = asyncio.Event()

    def poke(self) -> None:
        """Notifications were just made due here: deliver them now."""
        self.wake.set()

    async def run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), self.poll_seconds)
            self.wake.clear()
            try:
                while await self.deliver_some():
                    pass
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("notifications not delivered; trying again")

    async def deliver_some(self) -> bool:
        """One batch: claimed, each sent then marked at once (a process killed between
        the two can send that one twice — at most one a batch, shown once by its
        Message-ID). Whether there was any."""
        batch = await asyncio.to_thread(self.notes.claim, BATCH)
        if not batch:
            return False
        done, failed = await asyncio.to_thread(self._deliver, batch)
        await asyncio.to_thread(self.notes.failed, failed)
        if self.sent is not None:
            for note in batch:
                if note.id in done:
                    self.sent(note)
        return True

    def _deliver(self, batch: list[Notification]) -> tuple[list[int], list[int]]:
        accounts = sorted({note.account_id for note in batch})
        with self.store.engine.connect() as db:
            games = {str(row.id): str(row.game) for row in db.execute(
                select(tables.c.id, tables.c.game).where(
                    tables.c.id.in_({note.table_id for note in batch})))}
            emails = {str(row.account_id): row for row in db.execute(
                select(account_emails).where(account_emails.c.account_id.in_(accounts),
                                             account_emails.c.notify.is_(True),
                                             account_emails.c.confirmed.is_(True)))}
            browsers: dict[str, list[Any]] = {}
            for row in db.execute(select(push_subscriptions).where(
                    push_subscriptions.c.account_id.in_(accounts))):
                browsers.setdefault(str(row.account_id), []).append(row)
        done, failed = [], []
        with contextlib.ExitStack() as stack:
            mail = stack.enter_context(MailSession(self.smtp)) if self.smtp else None
            for note in batch:
                try:
                    self._send(note, games.get(note.table_id, ""), mail,
                               emails.get(note.account_id), browsers.get(note.account_id, []))
                except Exception as problem:
                    log.warning("notification %d not delivered: %s", note.id, problem)
                    failed.append(note.id)
                    continue
                self.notes.delivered([note.id])
                done.append(note.id)
        return done, failed

    def _send(self, note: Notification, game: str, mail: MailSession | None, email: Any,
              browsers: list[Any]) -> None:
        if email is not None and mail is not None:
            words = letter(note, game, email.lang, email.base)
            mail.send(email.address, words.title, f"{words.body}\n\n{words.url}\n",
                      f"<notification-{note.id}@albion>")
        for browser in browsers if self.push is not None else []:
            assert self.push is not None
            words = letter(note, game, browser.lang, browser.base)
            try:
                send_push(self.push, browser.endpoint, browser.p256dh, browser.auth,
                          json.dumps({"id": note.id, "kind": note.kind, "title": words.title,
                                      "body": words.body, "url": words.url}))
            except PushGoneError:
                with self.store.transaction() as db:
                    db.execute(delete(push_subscriptions).where(
                        push_subscriptions.c.endpoint == browser.endpoint))
            except Exception as problem:  # one browser's push service: never a reason to
                log.warning("notification %d not pushed to a browser: %s",  # mail again
                            note.id, problem)
