"""Vacations on `albion serve` (issue 31; docs/protocol/server.md, Vacations): an account
leaves for some days — its seats' clocks stand at every turn-based table until it comes
back — and
comes back early when it likes (the whole days not spent are its again)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from fastapi import FastAPI, Request

from albion.core.words import say, say_n
from albion.server.account_messages import VacationInfo, VacationRequest
from albion.server.account_routes import REFUSALS, AccountKit
from albion.server.errors import ApiError
from albion.server.lobby import check_origin
from albion.server.vacations import Vacations


def add_vacation_routes(app: FastAPI, kit: AccountKit) -> None:
    """The vacation's routes on `app`."""
    hub = kit.hub
    vacations = Vacations(hub.store)
    allowance = hub.settings.vacation_days

    def info(account_id: str) -> VacationInfo:
        now = datetime.now(UTC)
        current = vacations.current(account_id, now)
        used = vacations.used(account_id, now.year)
        return VacationInfo(on_vacation=current is not None,
                            until=current.end.isoformat() if current else None,
                            days_per_year=allowance, days_used=used,
                            days_left=max(0, allowance - used))

    @app.get("/api/account/vacation", response_model=VacationInfo, responses=REFUSALS)
    async def vacation(request: Request) -> VacationInfo:
        """Whether the account is on vacation, and the days it has left this year."""
        session = await kit.session(request)
        return await asyncio.to_thread(info, session.account_id)

    @app.post("/api/account/vacation", response_model=VacationInfo, responses=REFUSALS)
    async def leave(request: Request, body: VacationRequest) -> VacationInfo:
        """Away for `days` from now: the account's seats' clocks stand meanwhile."""
        check_origin(request, hub.settings)
        session = await kit.session(request)
        now = datetime.now(UTC)
        if await asyncio.to_thread(vacations.current, session.account_id, now):
            raise ApiError(409, "on_vacation", say_n(
                "you are on vacation already: come back first to choose {days} day anew",
                "you are on vacation already: come back first to choose {days} days anew",
                body.days, days=body.days))
        left = allowance - await asyncio.to_thread(vacations.used, session.account_id,
                                                   now.year)
        if body.days > left:
            raise ApiError(400, "too_many_days", say_n(
                "you have {left} day of vacation left this year",
                "you have {left} days of vacation left this year", max(0, left),
                left=max(0, left)))
        await asyncio.to_thread(vacations.begin, session.account_id, body.days, now)
        await hub.pauses_changed(await asyncio.to_thread(vacations.unfinished_tables,
                                                         session.account_id))
        return await asyncio.to_thread(info, session.account_id)

    @app.delete("/api/account/vacation", response_model=VacationInfo, responses=REFUSALS)
    async def back(request: Request) -> VacationInfo:
        """Back before the vacation's end: the clocks run again from now."""
        check_origin(request, hub.settings)
        session = await kit.session(request)
        if not await asyncio.to_thread(vacations.end, session.account_id,
                                       datetime.now(UTC)):
            raise ApiError(404, "no_vacation", say("you are not on vacation"))
        await hub.pauses_changed(await asyncio.to_thread(vacations.unfinished_tables,
                                                         session.account_id))
        return await asyncio.to_thread(info, session.account_id)
