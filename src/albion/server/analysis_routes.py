"""The analysis of a finished table over HTTP (issue 33; docs/protocol/server.md,
Analysis):

- `POST /api/tables/{id}/analysis`: start it (idempotent: a table analysed, or being
  analysed, is not analysed again); 409 `not_over` for a game in progress (ALL-2: never
  computed, its secrets are secrets), 503 `busy` when the analyses' queue is full;
- `GET /api/tables/{id}/analysis`: `none`, `queued`, `running` (with `progress`, the share
  of decisions judged), `done` (with the analysis, its reasons said in the reader's
  language) or `failed` (with why).

Both count against a per-address allowance (429; a start's is smaller, each costs a
worker up to half a minute); a POST from another site's page is refused (403) and a
signed-in browser's needs its CSRF token (`CsrfGuard`), as every POST here."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from albion.analysis import AnalysisError
from albion.core.words import Words, from_json, say
from albion.i18n import translator
from albion.server.account_routes import take_one
from albion.server.analyses import Analyses, Answer, Full
from albion.server.errors import ApiError
from albion.server.hub import Hub
from albion.server.languages import page_language
from albion.server.lobby import check_origin, table_row
from albion.server.messages import ErrorBody
from albion.server.quotas import Buckets, address_of
from albion.table import AnyTable

POLL_RATE, POLL_BURST = 2.0, 60
"""Status requests an address makes a second on average, and at once (a page polls
once a second while an analysis runs)."""
REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody} for code in (403, 404, 409, 429, 503)}
NOT_OVER = say("only a finished game is analysed: while it is played, what each seat holds "
               "is secret, and the analysis reads every hand")
BUSY = say("the server is analysing as many games as it can: try again in a minute")


def add_analysis_routes(app: FastAPI, hub: Hub, analyses: Analyses) -> None:
    """The analysis routes on `app`."""
    settings = hub.settings
    starts = Buckets(settings.analysis_rate, settings.analysis_burst)
    polls = Buckets(POLL_RATE, POLL_BURST)
    too_many = say("too many analyses asked for from your address: try again in {seconds} s")
    too_often = say("too many requests for analyses: try again in {seconds} s")

    @app.post("/api/tables/{table_id}/analysis", responses=REFUSALS, status_code=202)
    async def start(table_id: str, request: Request) -> JSONResponse:
        """Analyse the finished table (202 with its status; 200 when it is done
        already)."""
        check_origin(request, settings)
        take_one(starts, address_of(request.client), too_many)
        await _finished_row(hub, table_id)
        stored = await asyncio.to_thread(analyses.stored, table_id)
        if stored is None:
            job = analyses.jobs.get(table_id)
            if job is None or not job.is_active:
                table = await _table(hub, table_id)
                try:
                    await asyncio.to_thread(lambda: analyses.start(table_id, table.record()))
                except AnalysisError as problem:  # the record says it is not over
                    raise ApiError(409, "not_over", problem.words or NOT_OVER,
                                   ruling="ALL-2") from None
                except Full:
                    raise ApiError(503, "busy", BUSY, {"Retry-After": "60"}) from None
        answer = analyses.status(table_id, stored)
        return JSONResponse(_payload(table_id, answer, page_language(request)),
                            status_code=200 if answer.status == "done" else 202)

    @app.get("/api/tables/{table_id}/analysis", responses=REFUSALS)
    async def status(table_id: str, request: Request) -> dict[str, Any]:
        """The table's analysis: `none` (never asked for here), `queued`, `running`
        (`progress`), `done` (`analysis`) or `failed` (`words`)."""
        take_one(polls, address_of(request.client), too_often)
        await _finished_row(hub, table_id)
        stored = await asyncio.to_thread(analyses.stored, table_id)
        return _payload(table_id, analyses.status(table_id, stored), page_language(request))


async def _finished_row(hub: Hub, table_id: str) -> None:
    """404 for no such table, 409 for a game in progress (ALL-2)."""
    row = await table_row(hub, table_id)
    if row.status != "over":
        raise ApiError(409, "not_over", NOT_OVER, ruling="ALL-2")


async def _table(hub: Hub, table_id: str) -> AnyTable:
    actor = hub.actors.get(table_id)
    if actor is not None and actor.table.is_over():
        return actor.table
    return await hub.load_table(table_id)


def _payload(table_id: str, answer: Answer, lang: str) -> dict[str, Any]:
    """The answer as JSON, its words said in `lang` (`said`: each flagged decision's reason
    by its index; `said_actions`: its action played and better action, by its index;
    `problem_said`: why it failed)."""
    said = translator(lang).words

    def say_json(value: Any) -> str:
        words = from_json(value)
        return said(words) if isinstance(words, Words) else str(words)

    payload: dict[str, Any] = {
        "table": table_id, "status": answer.status, "done": answer.done,
        "total": answer.total, "progress": round(answer.progress, 4),
        "analysis": answer.result, "said": {}, "said_actions": {}, "words": None,
        "problem_said": None}
    if answer.result is not None:
        for decision in answer.result.get("decisions", []):
            reason = decision.get("reason")
            if reason is not None:
                payload["said"][str(decision["index"])] = say_json(reason)
            actions = decision.get("said")
            if actions is not None:
                payload["said_actions"][str(decision["index"])] = {
                    key: say_json(value) for key, value in actions.items()}
    if answer.problem is not None:
        payload["words"] = answer.problem.to_json()
        payload["problem_said"] = said(answer.problem)
    return payload
