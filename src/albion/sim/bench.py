"""Engine speed: random playouts straight on states, on one core, as `limit.py` measures
its minimal engine (five slices, median rate), so the two rates compare."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from albion.core.chance import pick_outcome
from albion.core.errors import AlbionError
from albion.core.game import AnyGame
from albion.core.state import CHANCE, TERMINAL
from albion.core.variants import Variant

SLICES = 5


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

    def to_json_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "actions_per_s": round(self.actions_per_s),
            "decisions_per_s": round(self.decisions_per_s),
            "games_per_s": round(self.games_per_s, 2),
            "mean_actions": round(self.mean_actions, 2),
            "seconds": self.seconds,
        }
        if self.baseline_actions_per_s:
            result["baseline_actions_per_s"] = round(self.baseline_actions_per_s)
            result["ratio_to_baseline"] = round(self.actions_per_s / self.baseline_actions_per_s,
                                                3)
        return result


def random_playout(game: AnyGame, players: int, variant: Variant,
                   rng: random.Random) -> tuple[int, int]:
    """One game of uniform random decisions and true chance: (actions, decisions)."""
    state = game.new_state(players, variant)
    actions = decisions = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return actions, decisions
        if player == CHANCE:
            action = pick_outcome(state.chance_outcomes(), rng.random())
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            decisions += 1
        state.apply_legal(action)
        actions += 1


def pin_to_one_core() -> int | None:
    """Run on a single CPU (the last one allowed) so the figure is one core's; None if
    the platform cannot pin."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def bench(game: AnyGame, variant: Variant, players: int, seconds: float,
          seed: int = 0) -> BenchResult:
    """Median over five slices of `seconds / 5`, after a short warm-up."""
    rng = random.Random(seed)
    warmup_end = time.perf_counter() + min(0.5, seconds / 4)
    while time.perf_counter() < warmup_end:
        random_playout(game, players, variant, rng)
    slices: list[tuple[float, float, float]] = []
    total_actions = total_games = 0
    for _ in range(SLICES):
        actions = decisions = games = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / SLICES:
            a, d = random_playout(game, players, variant, rng)
            actions, decisions, games = actions + a, decisions + d, games + 1
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


def run_baseline(path: Path, seconds: float) -> float:
    """Run a reference engine script (`limit.py`) that prints {"actions_per_s": …}."""
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
        actions, elapsed = _playouts_for(game, players, variant, rng, slice_seconds)
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
    timed in alternating slices (median slice)."""

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
    """Five slices, each: random playouts on states, then the same number of seconds of
    `albion simulate`'s games (random bots at a `Table`, the batch runner's fast path)."""
    from albion.sim.batch import GameTask  # noqa: PLC0415 - bench is below batch otherwise

    rng = random.Random(seed)
    task = GameTask(game.id, tuple(variant.items()), ("random",) * players, players, seed)
    slice_seconds = seconds / SLICES / 2
    index = table_actions = played = 0
    playing = simulating = 0.0
    shares = []
    for _ in range(SLICES):
        actions, elapsed = _playouts_for(game, players, variant, rng, slice_seconds)
        played, playing = played + actions, playing + elapsed
        done = 0
        start = time.perf_counter()
        while (spent := time.perf_counter() - start) < slice_seconds:
            outcome, _ = task.play(index)
            done += outcome.num_actions
            index += 1
        table_actions, simulating = table_actions + done, simulating + spent
        shares.append((done / spent) / (actions / elapsed))
    return TableBenchResult(game.id, players, table_actions / simulating, played / playing,
                            tuple(shares))


def _playouts_for(game: AnyGame, players: int, variant: Variant, rng: random.Random,
                  seconds: float) -> tuple[int, float]:
    """Random playouts for about `seconds`: (actions, elapsed)."""
    actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
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
        return pick_outcome(state.chance_outcomes(), rng.random())
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]
