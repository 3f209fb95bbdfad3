"""Many seeded games between bots, on one core or several, summed up: wins per player
(and per seat), draws, game length, how games end. AnyGame `i` of a run depends only on the
master seed and `i`, so results are the same whatever the number of workers."""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from albion.bots.registry import cheats, make_bot
from albion.bots.specs import PlayerSpec
from albion.core.game import AnyGame
from albion.core.registry import get_game
from albion.core.state import CAP
from albion.core.variants import Variant
from albion.sim.match import Match
from albion.table.seeding import derive_rng

CHUNK = 4
"""Games per task sent to a worker process."""


@dataclass(frozen=True)
class GameResult:
    """The outcome of one simulated game; `seating[s]` is the player index at seat s."""

    index: int
    seating: tuple[int, ...]
    returns: tuple[float, ...]
    end_reason: str
    num_actions: int


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
    results: list[GameResult] = field(default_factory=list, repr=False)

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


def seating(index: int, players: int, rotate: bool) -> tuple[int, ...]:
    """Who sits where in game `index`: with `rotate`, players move one seat per game."""
    if not rotate:
        return tuple(range(players))
    return tuple((seat - index) % players for seat in range(players))


def play_one(game: AnyGame, variant: Variant, specs: Sequence[PlayerSpec], seed: int,
             index: int, rotate: bool = False) -> GameResult:
    """AnyGame `index` of a run seeded `seed`: fresh bots, each with its own generator."""
    order = seating(index, len(specs), rotate)
    agents = [make_bot(specs[player], game, derive_rng(seed, "game", index, "player", player))
              for player in order]
    match = Match(game, variant, agents, seed=derive_rng(seed, "game", index).getrandbits(63),
                  keep_record=False)
    state = match.run()
    return GameResult(index, order, tuple(state.returns()), state.end_reason() or CAP,
                      match.num_actions)


def _play_chunk(game_id: str, variant: dict[str, Any], specs: Sequence[PlayerSpec],
                seed: int, indices: Sequence[int], rotate: bool) -> list[GameResult]:
    game = get_game(game_id)
    resolved = game.variant(variant)
    return [play_one(game, resolved, specs, seed, index, rotate) for index in indices]


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
    results: list[GameResult] = []
    if workers <= 1:
        for index in range(games):
            results.append(play_one(game, variant, specs, seed, index, rotate))
            if progress:
                progress(len(results))
    else:
        chunks = [range(i, min(i + CHUNK, games)) for i in range(0, games, CHUNK)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_play_chunk, game.id, variant.as_dict(), list(specs), seed,
                                   list(chunk), rotate) for chunk in chunks]
            for future in futures:
                results.extend(future.result())
                if progress:
                    progress(len(results))
    return summarise(game, variant, specs, seed, rotate, results,
                     time.perf_counter() - start)


def summarise(game: AnyGame, variant: Variant, specs: Sequence[PlayerSpec], seed: int,
              rotate: bool, results: list[GameResult], seconds: float) -> Summary:
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
            wins[result.seating[seat]] += value
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
