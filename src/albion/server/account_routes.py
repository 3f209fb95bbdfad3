"""Accounts on `albion serve` (issue 30; docs/protocol/server.md, Accounts): sign up and
sign in with a name and a password (Argon2id), the session in a cookie (`sessions`), sign
out here or everywhere, and delete the account (its games stay, its seats are called
"deleted player"). Anonymous play is unchanged: an account is optional.

Sign-in attempts are limited per client address and, when they fail, per account (from
every address together); an unknown name takes as long to refuse as a wrong password,
and both are refused alike. Passkeys are not offered yet."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from fastapi import FastAPI, Request, Response

from albion.core.words import Words, say
from albion.server.account_messages import AccountInfo, Credentials, PasswordConfirmation
from albion.server.account_seats import AccountSeats
from albion.server.accounts import Account, Accounts, Session
from albion.server.errors import ApiError
from albion.server.hub import Hub
from albion.server.lobby import check_origin
from albion.server.messages import ErrorBody
from albion.server.passwords import PasswordRefused, Passwords, check_password
from albion.server.quotas import Buckets, Quotas, address_of
from albion.server.sessions import clear_session_cookie, session_of, set_session_cookie
from albion.server.usernames import UsernameRefused, checked_username, folded

REFUSALS: dict[int | str, dict[str, object]] = {
    code: {"model": ErrorBody} for code in (400, 401, 403, 404, 409, 410, 422, 429)}
NOT_SIGNED_IN = say("this needs an account: sign in first")
WRONG_SIGNIN = say("wrong name or password")


@dataclass(frozen=True)
class AccountKit:
    """What the account routes share: the stored accounts, their seats, the password
    hasher and the limits."""

    hub: Hub
    accounts: Accounts
    seats: AccountSeats
    passwords: Passwords
    quotas: Quotas

    async def session(self, request: Request) -> Session:
        """The request's live session, or 401 `not_signed_in`."""
        session = await session_of(request, self.accounts)
        if session is None:
            raise ApiError(401, "not_signed_in", NOT_SIGNED_IN)
        return session

    def session_seconds(self) -> int:
        return int(self.hub.settings.session_days * 86_400)


def add_account_routes(app: FastAPI, kit: AccountKit) -> None:
    """The account's own routes on `app`."""
    accounts, passwords, quotas = kit.accounts, kit.passwords, kit.quotas

    @app.post("/api/account/signup", status_code=201, response_model=AccountInfo,
              responses=REFUSALS)
    async def signup(request: Request, response: Response, body: Credentials) -> AccountInfo:
        """A new account, signed in at once (its session's cookie is set)."""
        check_origin(request, kit.hub.settings)
        try:
            username = checked_username(body.username)
            check_password(body.password, username)
        except UsernameRefused as refusal:
            raise ApiError(400, "bad_username", refusal.words) from None
        except PasswordRefused as refusal:
            raise ApiError(400, "bad_password", refusal.words) from None
        take_one(quotas.signups, address_of(request.client), say(
            "too many new accounts from your address: try again in {seconds} s"))
        if await asyncio.to_thread(accounts.named, username) is not None:
            raise ApiError(409, "name_taken", _taken(username))
        hashed = await passwords.hash(body.password)
        account = await asyncio.to_thread(accounts.create, username, hashed)
        if account is None:  # taken meanwhile
            raise ApiError(409, "name_taken", _taken(username))
        return await _signed_in(kit, request, response, account)

    @app.post("/api/account/signin", response_model=AccountInfo, responses=REFUSALS)
    async def signin(request: Request, response: Response, body: Credentials) -> AccountInfo:
        """A new session of the account (a new cookie); any session this browser had
        before ends."""
        check_origin(request, kit.hub.settings)
        take_one(quotas.signins, address_of(request.client), say(
            "too many sign-ins from your address: try again in {seconds} s"))
        key = folded(body.username)
        _may_guess(quotas, key)
        account = await asyncio.to_thread(accounts.named, body.username)
        checked = await passwords.check(account.password_hash if account else None,
                                        body.password)
        if account is None or not checked.matches:
            quotas.failed_signins.take(key)
            raise ApiError(401, "bad_signin", WRONG_SIGNIN)
        if checked.rehashed is not None:
            await asyncio.to_thread(accounts.set_password_hash, account.id, checked.rehashed)
        return await _signed_in(kit, request, response, account)

    @app.post("/api/account/signout", status_code=204, responses=REFUSALS)
    async def signout(request: Request) -> Response:
        """This browser's session ends (its cookie is cleared); without one, nothing
        changes."""
        check_origin(request, kit.hub.settings)
        answer = Response(status_code=204)
        session = await session_of(request, accounts)
        if session is not None:
            await asyncio.to_thread(accounts.close_session, session.token_hash)
            await _drop_connections(kit, session.account_id)
        clear_session_cookie(answer, request)
        return answer

    @app.post("/api/account/signout-everywhere", status_code=204, responses=REFUSALS)
    async def signout_everywhere(request: Request) -> Response:
        """Every session of the account ends, in every browser, and every table
        connection they opened closes."""
        check_origin(request, kit.hub.settings)
        session = await kit.session(request)
        await asyncio.to_thread(accounts.close_sessions, session.account_id)
        await _drop_connections(kit, session.account_id)
        answer = Response(status_code=204)
        clear_session_cookie(answer, request)
        return answer

    @app.get("/api/account", response_model=AccountInfo, responses=REFUSALS)
    async def account(request: Request) -> AccountInfo:
        """The signed-in account and its session's CSRF token; 401 when not signed in."""
        session = await kit.session(request)
        return AccountInfo(id=session.account_id, username=session.username,
                           csrf=session.csrf)

    @app.delete("/api/account", status_code=204, responses=REFUSALS)
    async def delete(request: Request, body: PasswordConfirmation) -> Response:
        """Delete the account (its password confirms it): its sessions, name and seats
        go; its games stay, its seats called "deleted player"."""
        check_origin(request, kit.hub.settings)
        session = await kit.session(request)
        found = await asyncio.to_thread(accounts.account, session.account_id)
        key = folded(session.username)
        if found is None:
            raise ApiError(401, "not_signed_in", NOT_SIGNED_IN)
        _may_guess(quotas, key)
        if not (await passwords.check(found.password_hash, body.password)).matches:
            quotas.failed_signins.take(key)
            raise ApiError(403, "bad_password", say("wrong password: the account stays"))
        held = await asyncio.to_thread(accounts.delete, session.account_id)
        await kit.hub.renamed(held)
        await kit.hub.drop_sessions(held)
        answer = Response(status_code=204)
        clear_session_cookie(answer, request)
        return answer


async def _signed_in(kit: AccountKit, request: Request, response: Response,
                     account: Account) -> AccountInfo:
    """A new session for `account`, its cookie set; this browser's old session ends."""
    old = await session_of(request, kit.accounts)
    if old is not None:
        await asyncio.to_thread(kit.accounts.close_session, old.token_hash)
    token, session = await asyncio.to_thread(kit.accounts.open_session, account.id)
    set_session_cookie(response, request, token, kit.session_seconds())
    return AccountInfo(id=account.id, username=account.username, csrf=session.csrf)


async def _drop_connections(kit: AccountKit, account_id: str) -> None:
    """The table connections opened by sessions that ended close (on every process)."""
    held = await asyncio.to_thread(kit.seats.held, account_id)
    await kit.hub.drop_sessions([(seat.table, seat.seat) for seat in held])


def _taken(username: str) -> Words:
    return say("the name {name} is taken: choose another", name=username)


def _may_guess(quotas: Quotas, key: str) -> None:
    """429 while the account `key` (a folded name) has had too many wrong passwords
    lately, from any address: guesses spread over many addresses stop too."""
    if not quotas.failed_signins.has(key):
        wait = quotas.failed_signins.retry_after(key)
        raise ApiError(429, "rate_limited", say(
            "too many wrong passwords for this account lately: try again in {seconds} s",
            seconds=wait), headers={"Retry-After": str(wait)})


def take_one(buckets: Buckets, key: str, words: Words) -> None:
    """One of what `key` (an address, an account) may do now, or 429 with how long to
    wait (`words` has a `{seconds}`)."""
    if not buckets.take(key):
        wait = buckets.retry_after(key)
        raise ApiError(429, "rate_limited", words.with_args(seconds=wait),
                       headers={"Retry-After": str(wait)})
