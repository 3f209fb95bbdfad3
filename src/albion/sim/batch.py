"""Many games at once — the one batch runner under `albion simulate`, `tournament` and
`report`. Game `index` of a batch is played at a `Table` seeded by the master seed and the
index only (`game_seed`), so results are the same on one process, on every core or on a
Ray cluster, and each game streams back as soon as it ends."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any, Literal

from albion.bots.registry import parse_players
from albion.bots.specs import PlayerSpec
from albion.core.errors import AlbionError
from albion.core.state import CAP
from albion.core.variants import VariantValue
from albion.sim.records import record_json
from albion.sim.schedule import seating as balanced_seating
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
        table = Table(self.game, [specs[player] for player in seats],
                      dict(self.variant), seed=game_seed(self.seed, index), events=False,
                      timed=self.timed)
        returns = table.returns()
        assert returns is not None, "bots play every game to its end"
        outcome = GameOutcome(index, seats, tuple(returns), table.end_reason() or CAP,
                              table.num_actions(), table.think_seconds(),
                              table.decisions_made(), table.seat_labels())
        return outcome, record_json(table.record()) if self.keep_record else None


@cache
def _parsed(lineup: tuple[str, ...]) -> tuple[PlayerSpec, ...]:
    """A line-up's specs, read once per process."""
    return tuple(spec for text in lineup for spec in parse_players(text, allow_human=False))


def play_chunk(task: GameTask, indices: Sequence[int]) -> list[tuple[GameOutcome, str | None]]:
    """A worker's share: several games of the batch."""
    return [task.play(index) for index in indices]


def run_games(task: GameTask, indices: Sequence[int], backend: str = "process",
              workers: int = 1, address: str | None = None
              ) -> Iterator[tuple[GameOutcome, str | None]]:
    """Play games `indices` of `task` and yield each (outcome, record) as it finishes, on
    one process (`local`), a pool of processes, or Ray (a local cluster, or `address`)."""
    if backend not in BACKENDS:
        raise BatchError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if backend == "local" or (backend == "process" and workers <= 1):
        for index in indices:
            yield task.play(index)
        return
    size = max(1, min(8, len(indices) // (workers * 4) or 1))
    chunks = [list(indices[i:i + size]) for i in range(0, len(indices), size)]
    if backend == "process":
        pool = ProcessPoolExecutor(max_workers=workers)
        try:
            futures = [pool.submit(play_chunk, task, chunk) for chunk in chunks]
            for future in as_completed(futures):
                yield from future.result()
        finally:  # on an error or an interruption, drop what has not started
            pool.shutdown(wait=True, cancel_futures=True)
        return
    yield from _run_on_ray(task, chunks, workers, address)


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
