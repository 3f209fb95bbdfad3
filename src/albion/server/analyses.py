"""Analyses of finished tables on a server (issue 33; docs/protocol/server.md, Analysis):
`albion.analysis` run in the background, in worker processes of their own
(`analysis_workers`, apart from the bots' and the hints': an analysis never delays a move),
at a lower priority than the server, one per table at a time, at most `analysis_queue`
waiting or running; each reports its progress, decision by decision, to the page that
asks; the result is stored with the table (`analyses`), so it is computed once.

Only a finished game is analysed (ALL-2: its secrets are no longer secret; the hindsight
estimate reads every hand). Where analyses wait or run lives in this process's memory: a
restart forgets the ones not finished (a page asks again), never a stored result."""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from pebble import ProcessExpired, ProcessPool
from sqlalchemy import JSON, Column, DateTime, ForeignKey, String, Table, select
from sqlalchemy.exc import IntegrityError

from albion.analysis import AnalysisSettings, analyse, check_finished, decision_indices
from albion.core.errors import AlbionError
from albion.core.record import GameRecord
from albion.core.registry import get_game
from albion.core.words import Words, from_json, say
from albion.server.settings import ServerSettings
from albion.server.store import Store, metadata
from albion.sim.workers import init_worker

log = logging.getLogger("albion.server")

analyses = Table(
    "analyses", metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("result", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""A finished table's analysis: `Analysis.to_json_dict()` (format `albion-analysis/1`,
language-free: its reasons are words)."""

Status = Literal["none", "queued", "running", "done", "failed"]
NICENESS = 10
"""How much lower than the server's the workers' priority is (os.nice): a machine busy
with analyses still gives the tables' bots and the event loop the CPU first."""
TIMED_OUT = say("the analysis took longer than {seconds} s and was stopped")
WORKER_LOST = say("the analysis stopped: its worker process ended")
FAILED = say("the analysis failed on the server: try again")


@dataclass
class Job:
    """An analysis this process is running or holding: its state and progress
    (`done` of `total` decisions judged, written by the progress thread)."""

    table_id: str
    status: Status = "queued"
    done: int = 0
    total: int = 0
    problem: Words | None = None
    future: Future[Any] | None = None

    @property
    def is_active(self) -> bool:
        return self.status in ("queued", "running")


@dataclass(frozen=True)
class Answer:
    """What `GET /api/tables/{id}/analysis` answers (before its words are said)."""

    status: Status
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    problem: Words | None = None

    @property
    def progress(self) -> float:
        if self.status == "done":
            return 1.0
        return self.done / self.total if self.total else 0.0


class Full(Exception):  # noqa: N818 - a refusal the caller answers
    """`analysis_queue` analyses wait or run already."""


class Analyses:
    """The server's analyses: stored results, and the worker pool for new ones (started
    at the first analysis asked for)."""

    def __init__(self, store: Store, settings: ServerSettings) -> None:
        self.store = store
        self.settings = settings
        self.jobs: dict[str, Job] = {}
        self.pool: ProcessPool | None = None
        self.progress: Any = None
        self.reader: threading.Thread | None = None
        self.lock = threading.Lock()

    def stored(self, table_id: str) -> dict[str, Any] | None:
        """The stored analysis of `table_id`, if there is one (a blocking read)."""
        with self.store.engine.connect() as db:
            found = db.execute(select(analyses.c.result).where(
                analyses.c.table_id == table_id)).scalar_one_or_none()
        return dict(found) if found is not None else None

    def status(self, table_id: str, stored: dict[str, Any] | None) -> Answer:
        if stored is not None:
            return Answer("done", result=stored)
        job = self.jobs.get(table_id)
        if job is None:
            return Answer("none")
        return Answer(job.status, job.done, job.total, problem=job.problem)

    def start(self, table_id: str, record: GameRecord) -> Job:
        """Queue the analysis of `table_id`'s finished `record` (the same job if one waits
        or runs already; Full when the queue is full). `check_finished` first: a game in
        progress is refused here (AnalysisError) as well as by the route."""
        check_finished(get_game(record.game), record)
        with self.lock:
            job = self.jobs.get(table_id)
            if job is not None and job.is_active:
                return job
            if sum(job.is_active for job in self.jobs.values()) >= self.settings.analysis_queue:
                raise Full()
            job = self.jobs[table_id] = Job(table_id)
            pool = self._pool()
            job.future = pool.schedule(
                run, args=(table_id, record, self.settings.analysis_iterations),
                timeout=self.settings.analysis_seconds)
        job.future.add_done_callback(lambda future: self._finished(job, future))
        return job

    def _finished(self, job: Job, future: Future[Any]) -> None:
        """A worker's answer: store the analysis, or keep why it failed."""
        try:
            answer = future.result()
        except FutureTimeout:
            self._failed(job, TIMED_OUT.with_args(seconds=int(self.settings.analysis_seconds)))
            return
        except ProcessExpired:
            self._failed(job, WORKER_LOST)
            return
        except Exception as problem:  # a failed analysis is reported, not raised
            # Its details (a traceback, the server's paths) go to the log, not the page.
            log.exception("table %s: the analysis failed", job.table_id, exc_info=problem)
            self._failed(job, FAILED)
            return
        if "refused" in answer:
            words = from_json(answer["refused"])
            self._failed(job, words if isinstance(words, Words) else say(str(words)))
            return
        try:
            self.save(job.table_id, answer)
        except Exception as problem:  # the database did not answer
            log.exception("table %s: the analysis was not stored", job.table_id,
                          exc_info=problem)
            self._failed(job, say("the analysis could not be stored: try again"))
            return
        with self.lock:
            self.jobs.pop(job.table_id, None)

    def _failed(self, job: Job, words: Words) -> None:
        job.status, job.problem = "failed", words

    def save(self, table_id: str, result: dict[str, Any]) -> None:
        """Store `result` as `table_id`'s analysis (another process's, stored first,
        stays: the same record and seed give the same analysis)."""
        with contextlib.suppress(IntegrityError), self.store.transaction() as db:
            db.execute(analyses.insert().values(table_id=table_id, result=result,
                                                created_at=datetime.now(UTC)))

    def _pool(self) -> ProcessPool:
        if self.pool is None:
            context = multiprocessing.get_context("spawn")
            self.progress = context.Queue()
            self.pool = ProcessPool(max_workers=max(1, self.settings.analysis_workers),
                                    max_tasks=50, initializer=init_analysis_worker,
                                    initargs=(os.getpid(), self.progress), context=context)
            self.reader = threading.Thread(target=self._read_progress, daemon=True,
                                           name="analysis-progress")
            self.reader.start()
        return self.pool

    def _read_progress(self) -> None:
        """Each worker's (table, done, total), into its job, until `close` sends None."""
        while True:
            try:
                message = self.progress.get()
            except (EOFError, OSError, ValueError):
                return
            if message is None:
                return
            table_id, done, total = message
            job = self.jobs.get(table_id)
            if job is not None and job.is_active:
                job.status, job.done, job.total = "running", done, total

    def close(self) -> None:
        """End the workers now (an analysis not finished is asked for again later)."""
        if self.pool is None:
            return
        self.pool.stop()  # type: ignore[no-untyped-call]
        manager = getattr(getattr(self.pool, "_pool_manager", None), "worker_manager", None)
        for worker in list(getattr(manager, "workers", {}).values()):
            with contextlib.suppress(Exception):
                worker.kill()
        with contextlib.suppress(Exception):
            self.progress.put(None)
        joining = threading.Thread(target=self.pool.join, daemon=True)
        joining.start()
        joining.join(timeout=5)
        self.pool = None


_channel: dict[str, Any] = {}
"""A worker's channel to the server's progress thread (`progress`)."""


def init_analysis_worker(parent: int, progress: Any) -> None:
    """An analysis worker: exits with the server, runs below it (`NICENESS`), tells
    its progress on `progress`."""
    init_worker(parent)
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    _channel["progress"] = progress


def run(table_id: str, record: GameRecord, iterations: int | None) -> dict[str, Any]:
    """One analysis (in a worker): the JSON of `analyse(record)`, or `{"refused": WORDS}`
    for a record it refuses. Seed 0: the same table is analysed the same on any server."""
    game = get_game(record.game)
    try:
        total = len(decision_indices(check_finished(game, record)))
        _tell(table_id, 0, total)
        result = analyse(game, record, AnalysisSettings(seed=0, iterations=iterations),
                         progress=lambda done, count: _tell(table_id, done, count))
    except AlbionError as problem:
        said = problem.words if isinstance(problem.words, Words) else say(str(problem))
        return {"refused": said.to_json()}
    return result.to_json_dict()


def _tell(table_id: str, done: int, total: int) -> None:
    progress = _channel.get("progress")
    if progress is not None:
        with contextlib.suppress(Exception):
            progress.put((table_id, done, total))
