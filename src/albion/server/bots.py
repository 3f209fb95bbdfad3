"""Bots for a server: each decision in a worker process, never on the event loop, from the
seat's view only (a slow bot never stalls another table). Hints are the ISMCTS bot's
choice for a person's seat, with its estimated win chance, from that seat's view.

Issue 25: bots and hints have pools of their own (a hint never delays a bot); the bots'
turns are shared round-robin between tables and the hints' between client addresses, each
address having at most `hints_per_address` hints searched at once; every search stops at
the server's ceilings (`budgets.capped`), and a decision still running after
`decision_timeout` has its worker process killed and replaced (pebble), a random legal
action standing in for it. Stopping the server ends every worker.

Quick bots' decisions (`QUICK_BOTS`) cross to the workers together, up to `BATCH` in one
job: one at a time, sending each and hearing its answer cost the server's event loop
more than the table's own work on the move (issue 28, item 5)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from pebble import ProcessExpired, ProcessPool

from albion.bots.ismcts_bot import IsmctsBot
from albion.bots.registry import make_bot, parse_players, search_defaults
from albion.core.registry import get_game
from albion.server.budgets import capped
from albion.server.fair import FairQueue
from albion.server.settings import ServerSettings
from albion.sim.workers import init_worker
from albion.table.seeding import seat_rng

log = logging.getLogger("albion.server")
T = TypeVar("T")

HINT_ITERATIONS = 400
"""The hint's search budget: about a second per hint on this project's machines."""
TASKS_PER_WORKER = 5_000
"""Jobs (a search's decision, or up to `BATCH` quick ones) a worker process does before
it is replaced by a fresh one (its memory never grows for long). A fresh worker costs
0.4 to 0.9 s of CPU (its imports): at 500 decisions, random bots at 1,000 tables spent
4 ms of CPU a move starting workers, more than the server spent on the move itself
(issue 28, item 5)."""
QUICK_BOTS = frozenset({"random", "heuristic", "learned"})
"""Bots that decide in well under a millisecond: their decisions go to a worker
together, where a search's goes alone (one search can take `max_seconds`)."""
BATCH = 16
"""Quick decisions in one job at most (16 heuristic ones take some 2 ms)."""
Job = tuple[Any, ...]
"""`decide`'s arguments."""


@dataclass(frozen=True)
class Chance:
    """What a table's bots draw from: its secret (online tables) or its chosen seed.
    Travels to the worker processes only, never to a client."""

    seed: int | None
    secret: bytes | None

    def __repr__(self) -> str:
        return f"Chance(seed={self.seed!r}, secret={'…' if self.secret else None})"


@dataclass(frozen=True)
class Hint:
    """The ISMCTS bot's advice for a seat: an index into its legal actions, the mean
    return of that action for the seat (its win chance), and the search's size."""

    index: int
    win_chance: float
    iterations: int


class HintsBusy(Exception):  # noqa: N818 - a refusal the caller answers
    """The address has its hints' worth being searched already."""


def decide(game_id: str, spec: str, seat: int, chance: Chance, version: int, view: Any,
           legal: list[Any], max_iterations: int, max_seconds: float) -> Any:
    """One bot decision (in a worker): a fresh bot from `spec` under the server's
    ceilings, its generator labelled by the table's secret (or seed), its seat and the
    version it decides at — the same decision on any server process."""
    game = get_game(game_id)
    parsed = capped(parse_players(spec, allow_human=False)[0], max_iterations, max_seconds,
                    search_defaults(game)["iterations"])
    bot = make_bot(parsed, game,
                   seat_rng(chance.seed, chance.secret, "seat", seat, "server", version))
    return bot.choose(view, legal)


def decide_all(jobs: list[Job]) -> list[tuple[bool, Any]]:
    """Quick bots' decisions (in a worker), each `(True, its action)` or `(False, what
    it raised)`: one failing decision fails only itself."""
    answers: list[tuple[bool, Any]] = []
    for job in jobs:
        try:
            answers.append((True, decide(*job)))
        except Exception as error:
            answers.append((False, error))
    return answers


def hint(game_id: str, seat: int, chance: Chance, version: int, view: Any,
         legal: list[Any], iterations: int, max_seconds: float) -> Hint:
    """The ISMCTS bot's choice from `view` (in a worker); deterministic per version."""
    game = get_game(game_id)
    spec = parse_players(f"ismcts:iterations={iterations},seconds={max_seconds!r}",
                         allow_human=False)[0]
    bot = make_bot(spec, game, seat_rng(chance.seed, chance.secret, "seat", seat, "hint",
                                        version))
    assert isinstance(bot, IsmctsBot)
    if len(legal) == 1:
        return Hint(0, float("nan"), 0)
    result = bot.think(view, legal)
    return Hint(legal.index(result.action), result.value, result.iterations)


class BotPool:
    """The worker processes deciding for bot seats, and those answering hints."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.bots = _pool(settings.bot_workers)
        self.hints = _pool(settings.hint_workers)
        self.turns = FairQueue(settings.bot_workers)
        self.quick_turns = FairQueue(settings.bot_workers * BATCH)
        """Quick bots' decisions sent or being sent, a worker's batch each at most."""
        self.unsent: list[tuple[Job, asyncio.Future[Any]]] = []
        self.sending: set[asyncio.Future[None]] = set()
        self.hint_turns = FairQueue(settings.hint_workers)
        self.hinting: Counter[str] = Counter()
        """Hints being searched (or waiting) per client address."""

    async def decide(self, table_id: str, game_id: str, spec: str, seat: int,
                     chance: Chance, version: int, view: Any, legal: list[Any], *,
                     first: bool = False) -> Any:
        """The bot's decision; a random legal action if its worker overran or died.
        `first`: a person is at the table, its turn comes before the bot-only tables'."""
        settings = self.settings
        job = (game_id, spec, seat, chance, version, view, legal, settings.max_iterations,
               settings.max_seconds)
        quick = spec.split(":", 1)[0] in QUICK_BOTS
        async with (self.quick_turns if quick else self.turns).turn(table_id, first=first):
            try:
                if quick:
                    return await self._together(job)
                return await self._run(self.bots, decide, *job)
            except (FutureTimeout, ProcessExpired) as problem:
                log.warning("table %s: %s at seat %d %s; a random legal action stands "
                            "in", table_id, spec, seat, _what(problem))
                rng = seat_rng(chance.seed, chance.secret, "seat", seat, "fallback",
                               version)
                return legal[rng.randrange(len(legal))]

    async def hint(self, address: str, game_id: str, seat: int, chance: Chance,
                   version: int, view: Any, legal: list[Any],
                   iterations: int = HINT_ITERATIONS) -> Hint:
        """The hint for `seat`; HintsBusy when `address` has its hints' worth being
        searched; a hint without a search (index 0, no iterations) if its worker
        overran."""
        if self.hinting[address] >= self.settings.hints_per_address:
            raise HintsBusy(address)
        self.hinting[address] += 1
        try:
            async with self.hint_turns.turn(address):
                return await self._run(self.hints, hint, game_id, seat, chance, version,
                                       view, legal, iterations, self.settings.max_seconds)
        except (FutureTimeout, ProcessExpired) as problem:
            log.warning("a hint %s", _what(problem))
            return Hint(0, float("nan"), 0)
        finally:
            self.hinting[address] -= 1
            if self.hinting[address] <= 0:
                del self.hinting[address]

    def _together(self, job: Job) -> asyncio.Future[Any]:
        """The quick decision `job`, sent with the others asked for in this turn of the
        event loop."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Any] = loop.create_future()
        self.unsent.append((job, answer))
        if len(self.unsent) == 1:
            loop.call_soon(self._send)
        return answer

    def _send(self) -> None:
        unsent, self.unsent = self.unsent, []
        for start in range(0, len(unsent), BATCH):
            sending = asyncio.ensure_future(self._decide_all(unsent[start:start + BATCH]))
            self.sending.add(sending)
            sending.add_done_callback(self.sending.discard)

    async def _decide_all(self, batch: list[tuple[Job, asyncio.Future[Any]]]) -> None:
        """One job of quick decisions; each answer to its own asker (a worker that
        overran or died: that to each)."""
        try:
            answers = await self._run(self.bots, decide_all, [job for job, _ in batch])
        except Exception as problem:
            for _, answer in batch:
                if not answer.done():
                    answer.set_exception(problem)
            return
        for (_, answer), (decided, value) in zip(batch, answers, strict=True):
            if not answer.done():  # its asker may have stopped waiting
                if decided:
                    answer.set_result(value)
                else:
                    answer.set_exception(value)

    async def _run(self, pool: ProcessPool, work: Callable[..., T], *args: Any) -> T:
        future = pool.schedule(work, args=args, timeout=self.settings.decision_timeout)
        return await asyncio.wrap_future(future)

    def close(self) -> None:
        """End every worker now (thinking ones too): all killed at once, then the pools
        joined. A decision is a function of what it was sent, so nothing is lost; pebble
        alone ends workers one after another, each given up to 3 s (issue 27)."""
        pools = (self.bots, self.hints)
        for pool in pools:
            pool.stop()  # type: ignore[no-untyped-call]
        for pool in pools:
            for worker in _workers(pool):
                with contextlib.suppress(Exception):  # ended already
                    worker.kill()
        joining = [threading.Thread(target=pool.join, daemon=True) for pool in pools]
        for thread in joining:  # each pool's threads stop on their own tick: in parallel
            thread.start()
        for thread in joining:
            thread.join(timeout=5)


def _workers(pool: ProcessPool) -> list[BaseProcess]:
    """The pool's worker processes now (pebble keeps them in its manager; none if that
    changes: the pool then ends them itself, only more slowly)."""
    manager = getattr(getattr(pool, "_pool_manager", None), "worker_manager", None)
    workers = getattr(manager, "workers", None)
    return [worker for worker in list(workers.values()) if isinstance(worker, BaseProcess)] \
        if isinstance(workers, dict) else []


def _pool(workers: int) -> ProcessPool:
    return ProcessPool(max_workers=max(1, workers), max_tasks=TASKS_PER_WORKER,
                       initializer=init_worker, initargs=(os.getpid(),),
                       context=multiprocessing.get_context("spawn"))


def _what(problem: Exception) -> str:
    if isinstance(problem, FutureTimeout):
        return "overran the decision time; its worker was replaced"
    return f"lost its worker process ({problem})"
