"""Tournaments: many games between a line-up of bots, seats balanced, every game's record
and result streamed to a folder as it finishes (so a run can resume), on one process,
every core, or a Ray cluster. A game depends only on the configuration and its index, so
results are the same whatever the backend and the number of workers."""

from __future__ import annotations

import json
import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from albion.core.errors import AlbionError
from albion.sim.batch import BACKENDS, BatchError, GameOutcome, GameTask, run_games


class TournamentError(AlbionError, ValueError):
    """A tournament that cannot run (a folder of another tournament)."""


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

    def task(self) -> GameTask:
        """Its games as a batch: seats balanced, records kept, bots timed."""
        return GameTask(self.game, self.variant, self.bots, self.players, self.seed,
                        "balanced", keep_record=True, timed=True)


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
        """The game's record, then its result line (a result names a stored record)."""
        (self.records / f"game-{outcome.index:06d}.json").write_text(record)
        with self.results_path.open("a") as results:
            results.write(json.dumps(outcome.to_json_dict()) + "\n")


@contextmanager
def sigint_deferred() -> Iterator[None]:
    """Ctrl-C during the block takes effect when the block ends. (Blocking the signal
    would not do: any thread of the process may receive it, the pool's too.)"""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is signal.SIG_IGN):
        yield  # started with Ctrl-C ignored (`command &` in a script): it stays ignored
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, _: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def run_tournament(config: TournamentConfig, backend: str = "process", workers: int = 1,
                   out: Path | None = None, address: str | None = None,
                   progress: Callable[[int], None] | None = None) -> list[GameOutcome]:
    """Play (or finish) a tournament; outcomes in game order."""
    if backend not in BACKENDS:
        raise BatchError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    folder = ResultFolder(out, config) if out is not None else None
    done = folder.load() if folder else {}
    todo = [index for index in range(config.games) if index not in done]
    if progress:
        progress(len(done))
    for outcome, record in run_games(config.task(), todo, backend, workers, address):
        with sigint_deferred():  # stored and counted, or neither: what Ctrl-C says is true
            done[outcome.index] = outcome
            if folder and record is not None:
                folder.add(outcome, record)
            if progress:
                progress(len(done))
    return [done[index] for index in sorted(done)]
