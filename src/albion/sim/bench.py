"""Engine speed: random playouts straight on states, on one core, as `limit.py` measures
its minimal engine (five slices, median rate), so the two rates compare."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from albion.core.chance import pick_outcome
from albion.core.errors import AlbionError
from albion.core.game import Game
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


def random_playout(game: Game, players: int, variant: Variant,
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


def bench(game: Game, variant: Variant, players: int, seconds: float,
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

    @property
    def rollout_actions_per_s(self) -> float:
        return self.iterations_per_s * self.mean_rollout_length


def bench_search(game: Game, variant: Variant, players: int, seconds: float, bot: Any,
                 seed: int = 0) -> BotBenchResult:
    """Run a search bot's `think` at decision points of random games for `seconds`:
    iterations per second and the mean length of its rollouts."""
    rng = random.Random(seed)
    iterations = rollout_actions = moves = 0
    thinking = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(players, variant)
        depth = rng.randrange(60)
        for _ in range(depth):
            if state.is_terminal():
                break
            player = state.current_player()
            if player == CHANCE:
                state.apply_legal(pick_outcome(state.chance_outcomes(), rng.random()))
            else:
                legal = state.legal_actions()
                state.apply_legal(legal[rng.randrange(len(legal))])
        while not state.is_terminal() and (state.current_player() == CHANCE or
                                           len(state.legal_actions()) < 2):
            state.apply_legal(pick_outcome(state.chance_outcomes(), rng.random())
                              if state.current_player() == CHANCE else state.legal_actions()[0])
        if state.is_terminal():
            continue
        seat = state.current_player()
        result = bot.think(state.observe(seat), state.legal_actions())
        iterations += result.iterations
        rollout_actions += result.rollout_actions
        thinking += result.seconds
        moves += 1
    if not moves:
        raise AlbionError("no decision reached: give the benchmark more seconds")
    return BotBenchResult(game.id, bot.name, players, iterations / thinking,
                          rollout_actions / max(iterations, 1), moves, thinking / moves)
