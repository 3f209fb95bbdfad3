"""Many games at once — the one batch runner under `albion simulate`, `tournament` and
`report`. Game `index` of a batch is played at a `Table` seeded by the master seed and the
index only (`game_seed`), so results are the same on one process, on every core or on a
Ray cluster, and each game streams back as soon as it ends."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any, Literal

from albion.bots.registry import parse_players
from albion.bots.specs import PlayerSpec
from albion.core.errors import AlbionError
from albion.core.registry import get_game
from albion.core.state import CAP
from albion.core.variants import Variant, VariantValue
from albion.sim.records import record_json
from albion.sim.schedule import seating as balanced_seating
from albion.sim.worker_pool import imap_unordered
from albion.sim.workers import init_worker
from albion.table.seeding import game_seed
from albion.table.table import Table

BACKENDS = ("process", "ray", "local")
Schedule = Literal["fixed", "rotate", "balanced"]


class BatchError(AlbionError, ValueError):
    """A batch that cannot run (an unknown backend, no Ray…)."""


@dataclass(frozen=True)
class GameOutcome:
    """One finished game: which player (line-up index) sat where, what came of it, how
    long each seat's bot thought and how many decisions it made."""

    index: int
    seats: tuple[int, ...]
    returns: tuple[float, ...]
    end_reason: str
    num_actions: int
    think_seconds: tuple[float, ...] = ()
    moves: tuple[int, ...] = ()
    labels: dict[str, list[str]] = field(default_factory=dict)

    def deterministic(self) -> tuple[Any, ...]:
        """Everything but the timings (for comparing runs)."""
        return (self.index, self.seats, self.returns, self.end_reason, self.num_actions,
                self.moves, tuple(sorted((k, tuple(v)) for k, v in self.labels.items())))

    def to_json_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> GameOutcome:
        return cls(data["index"], tuple(data["seats"]), tuple(data["returns"]),
                   data["end_reason"], data["num_actions"], tuple(data["think_seconds"]),
                   tuple(data["moves"]), data.get("labels", {}))


@dataclass(frozen=True)
class GameTask:
    """What every game of a batch is (plain data, so worker processes and Ray get it):
    the game, its variant, the line-up, players per game, the master seed, and how the
    line-up is seated — `fixed` (player k at seat k), `rotate` (one seat on per game) or
    `balanced` (a tournament's schedule: every bot at every seat equally often)."""

    game: str
    variant: tuple[tuple[str, VariantValue], ...]
    lineup: tuple[str, ...]
    players: int
    seed: int
    schedule: Schedule = "fixed"
    keep_record: bool = False
    timed: bool = False

    def seating(self, index: int) -> tuple[int, ...]:
        """The line-up index playing at each seat of game `index`."""
        if self.schedule == "balanced":
            return balanced_seating(index, len(self.lineup), self.players)
        if self.schedule == "rotate":
            return tuple((seat - index) % self.players for seat in range(self.players))
        return tuple(range(self.players))

    def play(self, index: int) -> tuple[GameOutcome, str | None]:
        """Game `index`, start to end, at a table without an event log (the fast path):
        its outcome, and its record as JSON when the batch keeps records."""
        seats = self.seating(index)
        specs = _parsed(self.lineup)
        table = Table(self.game, [specs[player] for player in seats], _resolved(self),
                      seed=game_seed(self.seed, index), events=False, timed=self.timed)
        returns = table.returns()
        assert returns is not None, "bots play every game to its end"
        timed = self.timed  # what a tournament reports of its bots (a replay: not free)
        outcome = GameOutcome(index, seats, tuple(returns), table.end_reason() or CAP,
                              table.num_actions(), table.think_seconds() if timed else (),
                              table.decisions_made() if timed else (), table.seat_labels())
        return outcome, record_json(table.record()) if self.keep_record else None


@cache
def _parsed(lineup: tuple[str, ...]) -> tuple[PlayerSpec, ...]:
    """A line-up's specs, read once per process."""
    return tuple(spec for text in lineup for spec in parse_players(text, allow_human=False))


@cache
def _resolved(task: GameTask) -> Variant:
    """A batch's variant, read once per process."""
    return get_game(task.game).variant(dict(task.variant))


def play_chunk(task: GameTask, indices: Sequence[int]) -> list[tuple[GameOutcome, str | None]]:
    """A worker's share: several games of the batch."""
    return [task.play(index) for index in indices]


def _play_chunk(job: tuple[GameTask, list[int]]) -> list[tuple[GameOutcome, str | None]]:
    return play_chunk(*job)


def run_games(task: GameTask, indices: Sequence[int], backend: str = "process",
              workers: int = 1, address: str | None = None
              ) -> Iterator[tuple[GameOutcome, str | None]]:
    """Play games `indices` of `task` and yield each (outcome, record) as it finishes, on
    one process (`local`), a pool of processes, or Ray (a local cluster, or `address`).
    Stopping early (Ctrl-C, an error, or the caller closing the iterator) stops the
    workers at once; a worker also stops if its parent dies."""
    if backend not in BACKENDS:
        raise BatchError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if backend == "local" or (backend == "process" and workers <= 1):
        for index in indices:
            yield task.play(index)
        return
    # One game per task when games keep records (tournaments: slow bots, stream each
    # game); a few per task for quick games, so a worker is not idle between messages.
    size = 1 if task.keep_record else max(1, min(8, len(indices) // (workers * 4) or 1))
    chunks = ((task, list(indices[i:i + size])) for i in range(0, len(indices), size))
    if backend == "process":
        for results in imap_unordered(_play_chunk, chunks, workers, init_worker,
                                      (os.getpid(),)):
            yield from results
        return
    yield from _run_on_ray(task, [chunk for _, chunk in chunks], workers, address)




def _run_on_ray(task: GameTask, chunks: list[list[int]], workers: int,
                address: str | None) -> Iterator[tuple[GameOutcome, str | None]]:
    try:
        import ray  # noqa: PLC0415 - optional dependency, imported only for this backend
    except ImportError:
        raise BatchError("the ray backend needs Ray: pip install 'albion[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        except Exception as error:
            raise BatchError(f"Ray did not start ({address or 'local'}): "
                             f"{str(error).splitlines()[0]}") from None
    remote = ray.remote(play_chunk)
    try:
        pending = [remote.remote(task, chunk) for chunk in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done[0])
    finally:
        if started_here:
            ray.shutdown()
