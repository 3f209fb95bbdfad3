"""Tournaments: many games between a line-up of bots, seats balanced, every game's record
and result streamed to a folder as it finishes (so a run can resume), on one process,
every core, or a Ray cluster. A game depends only on the configuration and its index, so
results are the same whatever the backend and the number of workers."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from albion.bots.registry import make_bot, parse_players
from albion.core.errors import AlbionError
from albion.core.registry import get_game
from albion.core.state import CAP
from albion.sim.match import Match
from albion.sim.records import record_json
from albion.sim.schedule import seating
from albion.table.seeding import derive_rng

BACKENDS = ("process", "ray", "local")


class TournamentError(AlbionError, ValueError):
    """A tournament that cannot run (a folder of another tournament, no Ray…)."""


@dataclass(frozen=True)
class TournamentConfig:
    """Everything a tournament's games depend on."""

    game: str
    bots: tuple[str, ...]
    games: int
    players: int
    seed: int
    variant: tuple[tuple[str, Any], ...] = ()

    def to_json_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["bots"] = list(self.bots)
        data["variant"] = dict(self.variant)
        return data

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> TournamentConfig:
        return cls(data["game"], tuple(data["bots"]), data["games"], data["players"],
                   data["seed"], tuple(sorted(data["variant"].items())))


@dataclass(frozen=True)
class GameOutcome:
    """One finished game: which bot sat where, what came of it, how long bots thought."""

    index: int
    seats: tuple[int, ...]
    returns: tuple[float, ...]
    end_reason: str
    num_actions: int
    think_seconds: tuple[float, ...]
    moves: tuple[int, ...]
    labels: dict[str, list[str]] = field(default_factory=dict)

    def deterministic(self) -> tuple[Any, ...]:
        """Everything but the timings (for comparing runs)."""
        return (self.index, self.seats, self.returns, self.end_reason, self.num_actions,
                self.moves, tuple(sorted((k, tuple(v)) for k, v in self.labels.items())))

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> GameOutcome:
        return cls(data["index"], tuple(data["seats"]), tuple(data["returns"]),
                   data["end_reason"], data["num_actions"], tuple(data["think_seconds"]),
                   tuple(data["moves"]), data.get("labels", {}))


class TimedAgent:
    """Counts a bot's decisions and the time it spends on them."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.sees_state = getattr(inner, "sees_state", False)
        self.seconds = 0.0
        self.moves = 0

    def choose(self, seen: Any, legal: Sequence[Any]) -> Any:
        start = time.perf_counter()
        action = self.inner.choose(seen, legal)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return action


def play_game(config: TournamentConfig, index: int) -> tuple[GameOutcome, str]:
    """Game `index`: the outcome, and its record as JSON text."""
    game = get_game(config.game)
    specs = parse_players(",".join(config.bots), allow_human=False)
    seats = seating(index, len(specs), config.players)
    agents = [TimedAgent(make_bot(specs[bot], game, derive_rng(config.seed, "game", index,
                                                               "seat", seat)))
              for seat, bot in enumerate(seats)]
    match = Match(game, game.variant(dict(config.variant)), agents,
                  seed=derive_rng(config.seed, "game", index).getrandbits(63),
                  seat_names=[config.bots[bot] for bot in seats])
    state = match.run()
    outcome = GameOutcome(index, seats, tuple(state.returns()), state.end_reason() or CAP,
                          match.num_actions, tuple(a.seconds for a in agents),
                          tuple(a.moves for a in agents), game.seat_labels(state))
    return outcome, record_json(match.record())


def play_batch(config_data: dict[str, Any], indices: list[int]) -> list[tuple[dict[str, Any],
                                                                               str]]:
    """A worker's task (process or Ray): several games, as plain data."""
    config = TournamentConfig.from_json_dict(config_data)
    results = []
    for index in indices:
        outcome, record = play_game(config, index)
        results.append((asdict(outcome), record))
    return results


def run_batches(config: TournamentConfig, indices: list[int], backend: str, workers: int,
                address: str | None = None) -> Iterator[tuple[GameOutcome, str]]:
    """Yield (outcome, record) as games finish, on the chosen backend."""
    if backend == "local":
        for index in indices:
            yield play_game(config, index)
        return
    batch = max(1, min(8, len(indices) // (workers * 4) or 1))
    chunks = [indices[i:i + batch] for i in range(0, len(indices), batch)]
    data = config.to_json_dict()
    if backend == "process":
        pool = ProcessPoolExecutor(max_workers=workers)
        try:
            futures = [pool.submit(play_batch, data, chunk) for chunk in chunks]
            for future in as_completed(futures):
                for outcome, record in future.result():
                    yield GameOutcome.from_json_dict(outcome), record
        finally:  # on an error or an interruption, drop what has not started
            pool.shutdown(wait=True, cancel_futures=True)
        return
    yield from _run_on_ray(data, chunks, workers, address)


def _run_on_ray(data: dict[str, Any], chunks: list[list[int]], workers: int,
                address: str | None) -> Iterator[tuple[GameOutcome, str]]:
    try:
        import ray  # noqa: PLC0415 - optional dependency, imported only for this backend
    except ImportError:
        raise TournamentError("the ray backend needs Ray: pip install 'albion[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        except Exception as error:
            raise TournamentError(f"Ray did not start ({address or 'local'}): "
                                  f"{str(error).splitlines()[0]}") from None
    task = ray.remote(play_batch)
    try:
        pending = [task.remote(data, chunk) for chunk in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for outcome, record in ray.get(done[0]):
                yield GameOutcome.from_json_dict(outcome), record
    finally:
        if started_here:
            ray.shutdown()


def _write_atomically(path: Path, text: str) -> None:
    """Write a whole file so that an interruption leaves the old one or the new one."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text)
    os.replace(partial, path)


class ResultFolder:
    """A tournament's folder: its configuration, one JSON line per finished game, and each
    game's record. Opening an existing folder resumes it."""

    def __init__(self, path: Path, config: TournamentConfig) -> None:
        self.path = path
        self.config = config
        self.records = path / "records"
        try:
            self.records.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise TournamentError(f"cannot use {path}: {error.strerror or error}") from None
        stored = path / "tournament.json"
        self.results_path = path / "results.jsonl"
        if stored.exists():
            try:
                old = TournamentConfig.from_json_dict(json.loads(stored.read_text()))
            except (ValueError, KeyError, TypeError) as error:
                raise TournamentError(f"{stored} is not a tournament file: {error}") from None
            if replace(old, games=config.games) != config:
                differs = [f"{name} {getattr(old, name)!r} (now {getattr(config, name)!r})"
                           for name in ("game", "bots", "players", "seed", "variant")
                           if getattr(old, name) != getattr(config, name)]
                raise TournamentError(f"{path} holds another tournament: "
                                      f"{'; '.join(differs)}; use another --out")
        elif self.results_path.exists():
            raise TournamentError(f"{path} has results but no tournament.json; use another "
                                  "--out")
        # a game depends on its index, not on how many games there are: more may be added
        _write_atomically(stored, json.dumps(config.to_json_dict(), indent=1) + "\n")

    def load(self) -> dict[int, GameOutcome]:
        """Finished games (of this run's number); a line cut short by an interruption
        is dropped."""
        done: dict[int, GameOutcome] = {}
        if not self.results_path.exists():
            return done
        good = []
        for line in self.results_path.read_text().splitlines():
            try:
                outcome = GameOutcome.from_json_dict(json.loads(line))
            except (ValueError, KeyError, TypeError):
                continue
            if (self.records / f"game-{outcome.index:06d}.json").exists():
                good.append(line)
                if outcome.index < self.config.games:
                    done[outcome.index] = outcome
        _write_atomically(self.results_path, "".join(line + "\n" for line in good))
        return done

    def add(self, outcome: GameOutcome, record: str) -> None:
        (self.records / f"game-{outcome.index:06d}.json").write_text(record)
        with self.results_path.open("a") as results:
            results.write(json.dumps(asdict(outcome)) + "\n")


def run_tournament(config: TournamentConfig, backend: str = "process", workers: int = 1,
                   out: Path | None = None, address: str | None = None,
                   progress: Callable[[int], None] | None = None) -> list[GameOutcome]:
    """Play (or finish) a tournament; outcomes in game order."""
    if backend not in BACKENDS:
        raise TournamentError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    folder = ResultFolder(out, config) if out is not None else None
    done = folder.load() if folder else {}
    todo = [index for index in range(config.games) if index not in done]
    if progress:
        progress(len(done))
    for outcome, record in run_batches(config, todo, backend, workers, address):
        done[outcome.index] = outcome
        if folder:
            folder.add(outcome, record)
        if progress:
            progress(len(done))
    return [done[index] for index in sorted(done)]
