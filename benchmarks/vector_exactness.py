#!/usr/bin/env python3
"""Exactness of the batched engines (issue 34, docs/vector.md): seeded games played by the
Python engine and replayed, in lockstep, by `albion.rl.vector`, with the same decisions
and chance outcomes; after every step each game's full state, legal mask, end, rewards
and returns must be equal, and every seat's observation tensor for a share of the games.

    .venv/bin/python benchmarks/vector_exactness.py --game diamoniak --games 100000
    .venv/bin/python benchmarks/vector_exactness.py --game raiding-stonehenge --games 100000

The games are spread evenly over every player count and variant the batched engine
supports (`exactness.configs`), visited round robin (a run stopped early has covered
every one); game k has seed `--seed` + k. Prints a JSON line after every round and one at
the end, and exits 1 on any mismatch (the first ones listed).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

from albion.rl.vector import bridges, exactness


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("diamoniak", "raiding-stonehenge"), required=True)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=64,
                        help="games of one configuration in lockstep at once")
    parser.add_argument("--tensor-share", type=float, default=0.1,
                        help="share of the games whose every seat's tensor is compared too")
    args = parser.parse_args(argv)
    bridge: exactness.Bridge = (bridges.DiamoniakBridge() if args.game == "diamoniak"
                                else bridges.RaidingBridge())
    configs = list(exactness.configs("diamoniak" if args.game == "diamoniak" else "raiding"))
    per = [args.games // len(configs) + (k < args.games % len(configs))
           for k in range(len(configs))]
    every = max(1, round(1 / args.tensor_share)) if args.tensor_share > 0 else 0
    report = exactness.Report()
    started = time.perf_counter()
    firsts = [args.seed + sum(per[:k]) for k in range(len(configs))]
    done = [0] * len(configs)
    with Progress(TextColumn("{task.description}"), BarColumn(),
                  TextColumn("{task.completed}/{task.total} games"),
                  TimeRemainingColumn(), transient=True,
                  console=Console(stderr=True)) as progress:
        task = progress.add_task(args.game, total=args.games)
        while any(d < p for d, p in zip(done, per, strict=True)):
            # round robin: every prefix of the run covers every configuration
            for k, (n, variant) in enumerate(configs):
                count = min(args.chunk, per[k] - done[k])
                if count <= 0:
                    continue
                seeds = list(range(firsts[k] + done[k], firsts[k] + done[k] + count))
                exactness.check_chunk(bridge, n, variant, seeds,
                                      lambda seed: every > 0 and seed % every == 0,
                                      f"{n}p {variant}", report)
                done[k] += count
                progress.advance(task, count)
            print(json.dumps({"games": report.games, "steps": report.steps,
                              "tensor_games": report.tensor_games,
                              "mismatches": len(report.mismatches),
                              "seconds": round(time.perf_counter() - started)}), flush=True)
    result = {
        "game": args.game, "games": report.games, "steps": report.steps,
        "tensor_games": report.tensor_games, "configurations": len(configs),
        "mismatches": len(report.mismatches), "seconds": round(time.perf_counter() - started),
        "first_mismatches": [vars(m) for m in report.mismatches[:5]],
    }
    print(json.dumps(result))
    return 1 if report.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
