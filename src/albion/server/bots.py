"""Bots for a server: each decision in a worker process, never on the event loop, from the
seat's view only (a slow bot never stalls another table). Hints are the ISMCTS bot's
choice for a person's seat, with its estimated win chance, from that seat's view."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from albion.bots.ismcts_bot import IsmctsBot
from albion.bots.registry import make_bot, parse_players
from albion.core.registry import get_game
from albion.sim.workers import init_worker
from albion.table.seeding import derive_rng

HINT_ITERATIONS = 400
"""The hint's search budget: about a second per hint on this project's machines."""


@dataclass(frozen=True)
class Hint:
    """The ISMCTS bot's advice for a seat: an index into its legal actions, the mean
    return of that action for the seat (its win chance), and the search's size."""

    index: int
    win_chance: float
    iterations: int


def decide(game_id: str, spec: str, seat: int, seed: int, version: int, view: Any,
           legal: list[Any]) -> Any:
    """One bot decision (in a worker): a fresh bot from `spec`, its generator labelled by
    the table's seed, its seat and the version it decides at — the same decision on any
    server process."""
    game = get_game(game_id)
    bot = make_bot(parse_players(spec, allow_human=False)[0], game,
                   derive_rng(seed, "seat", seat, "server", version))
    return bot.choose(view, legal)


def hint(game_id: str, seat: int, seed: int, version: int, view: Any,
         legal: list[Any], iterations: int) -> Hint:
    """The ISMCTS bot's choice from `view` (in a worker); deterministic per version."""
    game = get_game(game_id)
    spec = parse_players(f"ismcts:iterations={iterations}", allow_human=False)[0]
    bot = make_bot(spec, game, derive_rng(seed, "seat", seat, "hint", version))
    assert isinstance(bot, IsmctsBot)
    if len(legal) == 1:
        return Hint(0, float("nan"), 0)
    result = bot.think(view, legal)
    return Hint(legal.index(result.action), result.value, result.iterations)


class BotPool:
    """The worker processes deciding for bot seats (and answering hints)."""

    def __init__(self, workers: int) -> None:
        self.pool = ProcessPoolExecutor(max_workers=max(1, workers),
                                        mp_context=multiprocessing.get_context("spawn"),
                                        initializer=init_worker, initargs=(os.getpid(),))

    async def decide(self, game_id: str, spec: str, seat: int, seed: int, version: int,
                     view: Any, legal: list[Any]) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, decide, game_id, spec, seat, seed,
                                          version, view, legal)

    async def hint(self, game_id: str, seat: int, seed: int, version: int, view: Any,
                   legal: list[Any], iterations: int = HINT_ITERATIONS) -> Hint:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, hint, game_id, seat, seed, version,
                                          view, legal, iterations)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
