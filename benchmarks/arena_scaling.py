"""How the arena scales on this machine, measured in one run (a benchmark, not a test):
the same tournament on the process backend with 1 and 2 workers, and on a local Ray
cluster with 2 workers. Prints one JSON object with games/s and the ratios.

    python benchmarks/arena_scaling.py [--games N] [--bots SPECS] [--game GAME]
"""

from __future__ import annotations

import argparse
import json
import time

from albion.bots import parse_players
from albion.sim.tournament import TournamentConfig, run_tournament


def timed(config: TournamentConfig, backend: str, workers: int) -> float:
    start = time.perf_counter()
    outcomes = run_tournament(config, backend, workers)
    seconds = time.perf_counter() - start
    assert len(outcomes) == config.games
    return config.games / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="diamoniak")
    parser.add_argument("--bots", default="ismcts:iterations=150,heuristic")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    bots = tuple(str(spec) for spec in parse_players(args.bots, allow_human=False))
    config = TournamentConfig(args.game, bots, args.games, 2, 1, ())
    one = timed(config, "process", 1)
    two = timed(config, "process", 2)
    ray = timed(config, "ray", 2)
    print(json.dumps({
        "game": args.game, "bots": list(config.bots), "games": args.games,
        "process_1_worker_games_per_s": round(one, 3),
        "process_2_workers_games_per_s": round(two, 3),
        "ray_2_workers_games_per_s": round(ray, 3),
        "process_speedup_2_vs_1": round(two / one, 3),
        "ray_share_of_process": round(ray / two, 3),
    }))


if __name__ == "__main__":
    main()
