"""A finished table's record and replay over HTTP (docs/protocol/server.md): served once
the game is over — before, they would hold secrets — from the compressed copies
`FinishedGames` keeps, written from the loaded table or from the database."""

from __future__ import annotations

import asyncio

from fastapi import FastAPI, Request
from fastapi.responses import Response

from albion.core.words import Words, say
from albion.server.errors import ApiError
from albion.server.finished import Written, unpacked, write
from albion.server.hub import Hub
from albion.server.lobby import table_row
from albion.server.messages import ErrorBody

REFUSALS: dict[int | str, dict[str, object]] = {
    404: {"model": ErrorBody}, 409: {"model": ErrorBody}}


def add_replays(app: FastAPI, hub: Hub) -> None:
    """The record and replay routes on `app`."""
    @app.get("/api/tables/{table_id}/record", responses=REFUSALS)
    async def record(request: Request, table_id: str) -> Response:
        """The full record, once the game is over (before that it holds secrets)."""
        written = await _written(hub, table_id, say("the record is served once the game "
                                                     "is over"))
        return _json(request, written.record)

    @app.get("/api/tables/{table_id}/replay", responses=REFUSALS)
    async def replay(request: Request, table_id: str) -> Response:
        """A finished game as a spectator saw it, for the replay viewer: the view at
        every version (`steps[v]` is the view at version v) and every event."""
        written = await _written(hub, table_id, say("a game is replayed once it is over"))
        return _json(request, written.replay)


async def _written(hub: Hub, table_id: str, not_over: Words) -> Written:
    row = await table_row(hub, table_id)
    if row.status != "over":
        raise ApiError(409, "not_over", not_over)
    finished = hub.finished
    found = finished.get(table_id)
    if found is not None:
        return found
    async with finished.writing:  # one at a time: the memory is one table's
        found = finished.get(table_id)
        if found is None:
            actor = hub.actors.get(table_id)
            table = actor.table if actor is not None and actor.table.is_over() else \
                await hub.load_table(table_id)
            names = await asyncio.to_thread(hub.store.names, table_id)
            found = await asyncio.to_thread(write, table_id, table, names)
            finished.keep(table_id, found)
    return found


def _json(request: Request, gzipped: bytes) -> Response:
    """The compressed JSON as it is for a client that takes gzip, unpacked otherwise."""
    if "gzip" in request.headers.get("accept-encoding", "").lower():
        return Response(gzipped, media_type="application/json",
                        headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
    return Response(unpacked(gzipped), media_type="application/json",
                    headers={"Vary": "Accept-Encoding"})
