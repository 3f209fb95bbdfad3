"""Friends on `albion serve` (issue 30; docs/protocol/server.md, Friends): add an account
by name, see which friends are online and at which table, and start a table with a
friend in one click — this account takes the first seat, the friend is offered the
second by name (`invitation_routes`: they accept or decline it on their page).

Only friends (each added the other) see each other's presence: a request alone shows
nothing, so nobody can follow a stranger's comings and goings."""

from __future__ import annotations

import asyncio

from fastapi import FastAPI, Request, Response

from albion.core.words import Words, say, say_n
from albion.server.account_messages import (
    AddFriend,
    Friend,
    FriendAdded,
    FriendGame,
    FriendInvited,
    FriendName,
    Friends,
    FriendSeat,
)
from albion.server.account_routes import REFUSALS, AccountKit, take_one
from albion.server.accounts import Account
from albion.server.credentials import set_seat_cookies
from albion.server.errors import ApiError
from albion.server.friends import Added, Circle
from albion.server.friends import Friends as FriendLinks
from albion.server.invitation_routes import notify_invited
from albion.server.lobby import check_origin, create_table
from albion.server.messages import CreateTable
from albion.server.public import own_base
from albion.server.sessions import is_secure


def add_friend_routes(app: FastAPI, kit: AccountKit) -> None:
    """The friends' routes on `app`."""
    hub = kit.hub
    links = FriendLinks(hub.store)

    async def named(username: str) -> Account:
        account = await asyncio.to_thread(kit.accounts.named, username)
        if account is None:
            raise ApiError(404, "no_account", no_account(username))
        return account

    @app.get("/api/account/friends", response_model=Friends, responses=REFUSALS)
    async def friends(request: Request) -> Friends:
        """Friends (online or not, and the tables they are connected at), the requests
        this account sent and those it received."""
        session = await kit.session(request)
        circle = await asyncio.to_thread(links.circle, session.account_id)
        return await _presence(kit, links, circle, own_base(request))

    @app.post("/api/account/friends", status_code=201, response_model=FriendAdded,
              responses=REFUSALS)
    async def add(request: Request, body: AddFriend) -> FriendAdded:
        """Add the account named `username`: friends at once when it had added this one,
        else a request it sees until it adds back. Adding a name twice changes
        nothing."""
        check_origin(request, hub.settings)
        session = await kit.session(request)
        take_one(kit.quotas.friend_adds, session.account_id, say(
            "too many friends added lately: try again in {seconds} s"))
        friend = await named(body.username)
        if friend.id == session.account_id:
            raise ApiError(400, "own_name", say("that is your own name"))
        if await asyncio.to_thread(links.count, session.account_id) >= \
                hub.settings.max_friends:
            raise ApiError(409, "too_many_friends", say(
                "you have added {count} names, the most this server keeps: remove one first",
                count=hub.settings.max_friends))
        added = await asyncio.to_thread(links.add, session.account_id, friend.id)
        if added is None:  # added before: as it stands now
            added = Added.FRIENDS if await asyncio.to_thread(
                links.are_friends, session.account_id, friend.id) else Added.ASKED
        return FriendAdded(username=friend.username, state=added.value)

    @app.delete("/api/account/friends/{username}", status_code=204, responses=REFUSALS)
    async def remove(request: Request, username: str) -> Response:
        """Remove the name: the friendship ends, or the request sent is withdrawn, or
        the one received declined."""
        check_origin(request, hub.settings)
        session = await kit.session(request)
        other = await named(username)
        if not await asyncio.to_thread(links.remove, session.account_id, other.id):
            raise ApiError(404, "not_a_friend", not_a_friend(other.username))
        return Response(status_code=204)

    @app.post("/api/account/friends/{username}/table", status_code=201,
              response_model=FriendInvited, responses=REFUSALS)
    async def invite(request: Request, response: Response, username: str,
                     body: FriendGame) -> FriendInvited:
        """A new table of `game`: this account sits at the first seat (its token is set
        as cookies, as a claim sets it), the friend is offered the second by name; the
        seats after are `bots`' and then people's, whose invitation links come back.
        Counts as one of this address's new tables."""
        check_origin(request, hub.settings)
        session = await kit.session(request)
        friend = await named(username)
        if friend.id == session.account_id or not await asyncio.to_thread(
                links.are_friends, session.account_id, friend.id):
            raise ApiError(403, "not_friends", say(
                "{name} is not your friend yet: each of you adds the other first",
                name=friend.username))
        if len(body.bots) > body.players - 2:
            raise ApiError(400, "bad_players", say_n(
                "{players} seats leave room for {count} bot at most",
                "{players} seats leave room for {count} bots at most", body.players - 2,
                players=body.players, count=body.players - 2))
        people = body.players - 2 - len(body.bots)
        created, _ = await create_table(hub, CreateTable(
            game=body.game, players=["human", "human", *body.bots, *["human"] * people],
            seed=None, rated=body.rated, clock=body.clock), request, kit.quotas.tables)
        mine, theirs, *others = created.seats
        assert mine.invite is not None and theirs.invite is not None  # no seed chosen
        taken = await asyncio.to_thread(hub.store.claim, created.table, mine.invite)
        assert taken is not None  # the table is this request's alone so far
        seat, token = taken
        await asyncio.to_thread(kit.seats.link, session.account_id, created.table, seat)
        await asyncio.to_thread(kit.seats.offer, created.table, theirs.invite, friend.id)
        await notify_invited(kit, friend.id, created.table, theirs.seat)
        set_seat_cookies(response, created.table, seat, token, secure=is_secure(request))
        return FriendInvited(table=created.table, seat=seat, token=token,
                             url=f"{own_base(request)}/play/{created.table}?seat={seat}",
                             friend=friend.username, friend_seat=theirs.seat, others=others)


async def _presence(kit: AccountKit, links: FriendLinks, circle: Circle,
                    base: str) -> Friends:
    """The circle with each friend's presence: the seats they hold at unfinished tables
    with a connection open, and whether they are online."""
    ids = [friend.id for friend in circle.friends]
    seen = await asyncio.to_thread(links.recently_seen, ids)
    seats = await asyncio.to_thread(links.unfinished_seats, ids)
    connected = await kit.hub.connected([(seat.table, seat.seat) for seat in seats])
    at: dict[str, list[FriendSeat]] = {}
    for seat in seats:
        if (seat.table, seat.seat) in connected:
            at.setdefault(seat.account_id, []).append(FriendSeat(
                table=seat.table, seat=seat.seat, game=seat.game,
                status=seat.status,  # type: ignore[arg-type]
                watch=f"{base}/watch/{seat.table}"))
    return Friends(
        friends=[Friend(username=friend.username, since=friend.since.isoformat(),
                        online=friend.id in seen or friend.id in at,
                        tables=at.get(friend.id, [])) for friend in circle.friends],
        asked=[FriendName(username=link.username, since=link.since.isoformat())
               for link in circle.asked],
        asking=[FriendName(username=link.username, since=link.since.isoformat())
                for link in circle.asking])


def no_account(username: str) -> Words:
    return say("no account is called {name}", name=username.strip()[:24])


def not_a_friend(username: str) -> Words:
    return say("{name} is not among your friends or requests", name=username)
