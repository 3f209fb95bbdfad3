"""Many seeded games between bots, on one core or several, summed up: wins per player
(and per seat), draws, game length, how games end. Game `i` of a run depends only on the
master seed and `i`, so results are the same whatever the number of workers."""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from albion.bots.registry import cheats
from albion.bots.specs import PlayerSpec
from albion.core.game import AnyGame
from albion.core.state import CAP
from albion.core.variants import Variant
from albion.sim.batch import GameOutcome, GameTask, run_games


@dataclass
class Summary:
    """What `albion simulate` reports. `wins` follow the `--players` order and `seat_wins`
    the seats; a shared win counts 1/k to each of the k winners (ALL-1); a game ended by
    the cap is a draw."""

    game: str
    players: list[str]
    games: int
    seed: int
    variant: dict[str, Any]
    wins: list[float]
    seat_wins: list[float]
    draws: int
    mean_actions: float
    seconds: float
    rotate: bool = False
    end_reasons: dict[str, int] = field(default_factory=dict)
    results: list[GameOutcome] = field(default_factory=list, repr=False)

    def to_json_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "variant": self.variant,
            "wins": [round(w, 6) for w in self.wins],
            "cheating_players": [p for p in self.players if cheats(p)],
            "draws": self.draws,
            "mean_actions": round(self.mean_actions, 3),
            "end_reasons": self.end_reasons,
            "seconds": round(self.seconds, 3),
        }
        if self.rotate:
            data["rotate"] = True
            data["seat_wins"] = [round(w, 6) for w in self.seat_wins]
        return data


def simulate(
    game: AnyGame,
    variant: Variant,
    specs: Sequence[PlayerSpec],
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
    rotate: bool = False,
    workers: int = 1,
) -> Summary:
    """Play `games` games; the same seed gives the same wins, draws and lengths."""
    start = time.perf_counter()
    task = GameTask(game.id, tuple(variant.items()), tuple(str(spec) for spec in specs),
                    len(specs), seed, "rotate" if rotate else "fixed")
    results: list[GameOutcome] = []
    for outcome, _ in run_games(task, range(games), "process", workers):
        results.append(outcome)
        if progress:
            progress(len(results))
    return summarise(game, variant, specs, seed, rotate, results,
                     time.perf_counter() - start)


def summarise(game: AnyGame, variant: Variant, specs: Sequence[PlayerSpec], seed: int,
              rotate: bool, results: list[GameOutcome], seconds: float) -> Summary:
    players = len(specs)
    wins = [0.0] * players
    seat_wins = [0.0] * players
    reasons: Counter[str] = Counter()
    draws = 0
    for result in sorted(results, key=lambda r: r.index):
        reasons[result.end_reason] += 1
        if result.end_reason == CAP:
            draws += 1
            continue
        for seat, value in enumerate(result.returns):
            wins[result.seats[seat]] += value
            seat_wins[seat] += value
    return Summary(
        game=game.id,
        players=[str(spec) for spec in specs],
        games=len(results),
        seed=seed,
        variant=variant.as_dict(),
        wins=wins,
        seat_wins=seat_wins,
        draws=draws,
        mean_actions=sum(r.num_actions for r in results) / max(len(results), 1),
        seconds=seconds,
        rotate=rotate,
        end_reasons=dict(sorted(reasons.items())),
        results=sorted(results, key=lambda r: r.index),
    )


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
        (os.cpu_count() or 1)
