"""Engine speed: random playouts straight on states, on one core, timed in CPU time.

With a reference engine (`limit.py`), the engine and the reference are timed in
alternating short slices in this one process, so both see the same machine: a ratio holds
on a loaded machine, where the reference alone swings threefold between runs (issue 28)."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from albion.bots.search import play_out_randomly
from albion.build import build_name
from albion.core.errors import AlbionError
from albion.core.game import AnyGame
from albion.core.state import CHANCE
from albion.core.variants import Variant

SLICES = 5
"""Slices of a bench without a reference (median slice)."""

SLICE_SECONDS = 0.15
"""CPU seconds of one side of an interleaved round (engine, then reference, or back):
short, so both sides of a round see the same machine."""

clock = time.process_time
"""CPU time of this process: a slice is not charged for other processes' work."""


@dataclass(frozen=True)
class Spread:
    """A figure's median over rounds and how far the rounds strayed."""

    median: float
    low: float
    high: float
    quartiles: tuple[float, float]

    @classmethod
    def of(cls, values: list[float]) -> Spread:
        ordered = sorted(values)
        quartiles = statistics.quantiles(ordered, n=4, method="inclusive") \
            if len(ordered) > 1 else ordered * 3
        return cls(statistics.median(ordered), ordered[0], ordered[-1],
                   (quartiles[0], quartiles[2]))

    def to_json(self, digits: int) -> dict[str, Any]:
        def rounded(value: float) -> float:
            return round(value, digits) if digits else round(value)
        return {"median": rounded(self.median), "low": rounded(self.low),
                "high": rounded(self.high),
                "quartiles": [rounded(value) for value in self.quartiles]}


@dataclass(frozen=True)
class BenchResult:
    game: str
    players: int
    actions_per_s: float
    decisions_per_s: float
    games_per_s: float
    mean_actions: float
    seconds: float
    baseline_actions_per_s: float | None = None
    ratios: Spread | None = None
    """Per interleaved round, the engine's rate over the reference's (None: no reference,
    or a reference script that could only be run on its own)."""
    baseline_rates: Spread | None = None
    rounds: int = SLICES

    @property
    def ratio(self) -> float | None:
        if self.ratios is not None:
            return self.ratios.median
        if self.baseline_actions_per_s:
            return self.actions_per_s / self.baseline_actions_per_s
        return None

    def to_json_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "build": build_name(),  # compiled or pure (issue 28, item 4)
            "actions_per_s": round(self.actions_per_s),
            "decisions_per_s": round(self.decisions_per_s),
            "games_per_s": round(self.games_per_s, 2),
            "mean_actions": round(self.mean_actions, 2),
            "seconds": self.seconds,
            "clock": "cpu",
            "rounds": self.rounds,
        }
        if self.baseline_actions_per_s:
            result["baseline_actions_per_s"] = round(self.baseline_actions_per_s)
            result["ratio_to_baseline"] = round(self.ratio or 0.0, 3)
            result["interleaved"] = self.ratios is not None
        if self.ratios is not None and self.baseline_rates is not None:
            result["ratio_spread"] = self.ratios.to_json(3)
            result["baseline_spread"] = self.baseline_rates.to_json(0)
        return result


def random_playout(game: AnyGame, players: int, variant: Variant,
                   rng: random.Random) -> tuple[int, int]:
    """One game of uniform random decisions and true chance: (actions, decisions). The
    loop is the search's random rollout (`play_out_randomly`), compiled with the engine in
    a compiled build, as `limit.py`'s loop is part of the reference it is compared to."""
    return play_out_randomly(game.new_state(players, variant), rng)


def pin_to_one_core() -> int | None:
    """Run on a single CPU (the last one allowed) so the figure is one core's; None if
    the platform cannot pin."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


Playout = Callable[[random.Random], int]
"""A reference engine's random playout: the actions it took."""


def load_reference(path: Path) -> Playout | None:
    """The playout function (`playout` or `_playout`, taking a `random.Random` and
    returning its step count) of a reference script such as `limit.py`, loaded into this
    process; None when the script has none (it is then run on its own)."""
    spec = importlib.util.spec_from_file_location("albion_bench_reference", path)
    if spec is None or spec.loader is None:
        raise AlbionError(f"baseline {path} is not a Python script")
    module = importlib.util.module_from_spec(spec)
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # what it prints is not our output
            spec.loader.exec_module(module)
    except Exception as error:  # a user's script: any failure of it is its own
        raise AlbionError(f"baseline {path} did not load: {error}") from None
    for name in ("playout", "_playout"):
        found = getattr(module, name, None)
        if callable(found):
            return found  # type: ignore[no-any-return]
    return None


def bench(game: AnyGame, variant: Variant, players: int, seconds: float,
          seed: int = 0, reference: Playout | None = None) -> BenchResult:
    """Random playouts for about `seconds` of CPU time. Alone: the median of five slices.
    With a `reference` playout: rounds of one engine slice and one reference slice (the
    order flipping each round), each round's ratio of rates, their median and spread."""
    rng = random.Random(seed)
    if reference is None:
        return _alone(game, variant, players, seconds, rng)
    reference_rng = random.Random(seed)
    rounds = max(5, min(60, round(seconds / (2 * SLICE_SECONDS))))
    side = seconds / rounds / 2
    _engine_slice(game, players, variant, rng, 0.3)  # warm-up
    _reference_slice(reference, reference_rng, 0.3)
    engine: list[tuple[float, float, float]] = []
    references: list[float] = []
    total_actions = total_games = 0
    for round_ in range(rounds):
        if round_ % 2:
            references.append(_reference_slice(reference, reference_rng, side))
        actions, decisions, games, elapsed = _engine_slice(game, players, variant, rng, side)
        engine.append((actions / elapsed, decisions / elapsed, games / elapsed))
        total_actions, total_games = total_actions + actions, total_games + games
        if not round_ % 2:
            references.append(_reference_slice(reference, reference_rng, side))
    ratios = [rates[0] / reference_rate for rates, reference_rate in zip(engine, references,
                                                                          strict=True)]
    return BenchResult(
        game=game.id, players=players,
        actions_per_s=statistics.median(rates[0] for rates in engine),
        decisions_per_s=statistics.median(rates[1] for rates in engine),
        games_per_s=statistics.median(rates[2] for rates in engine),
        mean_actions=total_actions / max(total_games, 1), seconds=seconds,
        baseline_actions_per_s=statistics.median(references),
        ratios=Spread.of(ratios), baseline_rates=Spread.of(references), rounds=rounds)


def _alone(game: AnyGame, variant: Variant, players: int, seconds: float,
           rng: random.Random) -> BenchResult:
    _engine_slice(game, players, variant, rng, min(0.5, seconds / 4))  # warm-up
    slices: list[tuple[float, float, float]] = []
    total_actions = total_games = 0
    for _ in range(SLICES):
        actions, decisions, games, elapsed = _engine_slice(game, players, variant, rng,
                                                           seconds / SLICES)
        slices.append((actions / elapsed, decisions / elapsed, games / elapsed))
        total_actions, total_games = total_actions + actions, total_games + games
    slices.sort()
    actions_rate, decisions_rate, games_rate = slices[SLICES // 2]
    return BenchResult(
        game=game.id,
        players=players,
        actions_per_s=actions_rate,
        decisions_per_s=decisions_rate,
        games_per_s=games_rate,
        mean_actions=total_actions / max(total_games, 1),
        seconds=seconds,
    )


def _engine_slice(game: AnyGame, players: int, variant: Variant, rng: random.Random,
                  seconds: float) -> tuple[int, int, int, float]:
    """Random playouts for about `seconds` of CPU time: (actions, decisions, games,
    elapsed CPU seconds)."""
    actions = decisions = games = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        a, d = random_playout(game, players, variant, rng)
        actions, decisions, games = actions + a, decisions + d, games + 1
    return actions, decisions, games, elapsed


def _reference_slice(reference: Playout, rng: random.Random, seconds: float) -> float:
    """The reference engine's actions per CPU second over about `seconds`."""
    steps = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        steps += reference(rng)
    return steps / elapsed


def run_baseline(path: Path, seconds: float) -> float:
    """Run a reference engine script that has no playout function to load on its own (it
    prints {"actions_per_s": …}); its figure is then not interleaved with the engine's."""
    try:
        out = subprocess.run([sys.executable, str(path), str(seconds)], capture_output=True,
                             text=True, check=True, timeout=seconds * 10 + 30)
        return float(json.loads(out.stdout)["actions_per_s"])
    except (OSError, subprocess.SubprocessError, ValueError, KeyError, TypeError) as error:
        raise AlbionError(f"baseline {path} did not run: {error}") from None


@dataclass(frozen=True)
class BotBenchResult:
    game: str
    bot: str
    players: int
    iterations_per_s: float
    mean_rollout_length: float
    moves: int
    seconds_per_move: float
    playout_actions_per_s: float
    """Random playouts, measured in slices between the search's."""
    rollout_shares: tuple[float, ...]
    """Per slice: rollout actions/s over the random-playout actions/s just before."""

    @property
    def rollout_actions_per_s(self) -> float:
        return self.iterations_per_s * self.mean_rollout_length

    @property
    def rollout_share(self) -> float:
        """The median slice's share: the search's rollout speed against random playouts
        measured back to back, so a machine slowing down or speeding up between the two
        does not bias it."""
        return statistics.median(self.rollout_shares)


def bench_search(game: AnyGame, variant: Variant, players: int, seconds: float, bot: Any,
                 seed: int = 0) -> BotBenchResult:
    """Alternate, in five slices, random playouts and a search bot's `think` at decision
    points of random games: iterations per second, the mean length of the rollouts, and
    per slice the rollout speed against the playout speed."""
    rng = random.Random(seed)
    slice_seconds = seconds / SLICES / 2
    iterations = rollout_actions = moves = 0
    thinking = playing = 0.0
    played = 0
    shares: list[float] = []
    for _ in range(SLICES):
        # Wall time, as the search's own `seconds` is (its budget is wall time).
        actions, elapsed = _playouts_for(game, players, variant, rng, slice_seconds,
                                         time.perf_counter)
        played, playing = played + actions, playing + elapsed
        slice_rollout = 0
        slice_thinking = 0.0
        while slice_thinking < slice_seconds:
            view, legal = _decision(game, players, variant, rng)
            result = bot.think(view, legal)
            iterations += result.iterations
            slice_rollout += result.rollout_actions
            slice_thinking += result.seconds
            moves += 1
        shares.append(slice_rollout / slice_thinking / (actions / elapsed))
        rollout_actions += slice_rollout
        thinking += slice_thinking
    return BotBenchResult(game.id, bot.name, players, iterations / thinking,
                          rollout_actions / max(iterations, 1), moves, thinking / moves,
                          played / playing, tuple(shares))


@dataclass(frozen=True)
class TableBenchResult:
    """Random-bot games through the table against random playouts on the bare engine,
    timed in alternating slices (median round)."""

    game: str
    players: int
    table_actions_per_s: float
    playout_actions_per_s: float
    shares: tuple[float, ...]

    @property
    def share(self) -> float:
        return statistics.median(self.shares)


def bench_table(game: AnyGame, variant: Variant, players: int, seconds: float,
                seed: int = 0) -> TableBenchResult:
    """Rounds of two short CPU-time slices (their order flipping each round): random
    playouts on states, and `albion simulate`'s games (random bots at a `Table`, the batch
    runner's fast path); per round the table's rate over the engine's."""
    from albion.sim.batch import GameTask  # noqa: PLC0415 - bench is below batch otherwise

    rng = random.Random(seed)
    task = GameTask(game.id, tuple(variant.items()), ("random",) * players, players, seed)
    rounds = max(SLICES, min(60, round(seconds / (2 * SLICE_SECONDS))))
    slice_seconds = seconds / rounds / 2
    index = table_actions = played = 0
    playing = simulating = 0.0
    shares = []
    for round_ in range(rounds):
        for side in ("table", "engine") if round_ % 2 else ("engine", "table"):
            if side == "engine":
                actions, elapsed = _playouts_for(game, players, variant, rng, slice_seconds)
                played, playing = played + actions, playing + elapsed
                continue
            done = 0
            start = clock()
            while (spent := clock() - start) < slice_seconds:
                outcome, _ = task.play(index)
                done += outcome.num_actions
                index += 1
            table_actions, simulating = table_actions + done, simulating + spent
        shares.append((done / spent) / (actions / elapsed))
    return TableBenchResult(game.id, players, table_actions / simulating, played / playing,
                            tuple(shares))


def _playouts_for(game: AnyGame, players: int, variant: Variant, rng: random.Random,
                  seconds: float, timer: Callable[[], float] = clock) -> tuple[int, float]:
    """Random playouts for about `seconds` of `timer`: (actions, elapsed)."""
    actions = 0
    start = timer()
    while (elapsed := timer() - start) < seconds:
        actions += random_playout(game, players, variant, rng)[0]
    return actions, elapsed


def _decision(game: AnyGame, players: int, variant: Variant,
              rng: random.Random) -> tuple[Any, list[Any]]:
    """A seat's view and legal actions at a real choice, up to 60 random actions into a
    random game."""
    while True:
        state = game.new_state(players, variant)
        for _ in range(rng.randrange(60)):
            if state.is_terminal():
                break
            state.apply_legal(_random_action(state, rng))
        while not state.is_terminal() and (state.current_player() == CHANCE or
                                           len(state.legal_actions()) < 2):
            state.apply_legal(_random_action(state, rng))
        if not state.is_terminal():
            seat = state.current_player()
            return state.observe(seat), state.legal_actions()


def _random_action(state: Any, rng: random.Random) -> Any:
    if state.current_player() == CHANCE:
        return state.sample_chance(rng.random())
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]
