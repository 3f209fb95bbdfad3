#!/usr/bin/env python3
"""Speed of the batched engines (issue 34, docs/vector.md), in one run on one core:

    taskset -c 1 .venv/bin/python benchmarks/vector_speed.py

Random legal play (a uniform choice from each game's mask, drawn in numpy) at a batch of
4,096 games, finished games restarted at once (steady state). It counts decisions —
the unit of a PettingZoo env's step — and, separately, actions with chance outcomes
(DI-3's reveals, RS-3/RS-13's deals, DI-2's first seat) as the Python engine counts its
`apply` calls. Each figure is the median of `--repeats` timed runs; the same run measures
/work/shared/bench/limit.py (a minimal Python engine: ratios travel across machines) and
Albion's PettingZoo AEC env under the same random play. Prints a table, issue 34's
targets with a verdict each (checked at a batch of 4,096, step path), and one JSON line;
exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

import numpy as np

from albion.rl.vector.gym_vector import make_engine, sample_legal
from albion.rl.vector.raiding_stonehenge import VectorRaiding

LIMIT = "/work/shared/bench/limit.py"
TARGET_BATCH = 4096
TARGETS: tuple[tuple[str, str, float], ...] = (
    ("diamoniak-2p", "actions_per_s", 1_000_000),
    ("diamoniak-4p", "actions_per_s", 1_000_000),
    ("raiding-stonehenge-4p", "actions_per_s", 300_000),
    ("diamoniak-2p", "x_pettingzoo", 35),
    ("diamoniak-4p", "x_pettingzoo", 35),
    ("diamoniak-2p", "x_limit", 1),
    ("diamoniak-4p", "x_limit", 1),
    ("raiding-stonehenge-4p", "x_limit", 1),
)
"""Issue 34, on the step path at a batch of 4,096 on one core: ≥ 1,000,000 Diamoniak
actions/s, ≥ 300,000 Raiding Stonehenge 4-player, ≥ 35× the PettingZoo env's steps
(Diamoniak, decisions per step), and beating limit.py ("a batched engine should beat it")."""


def verdicts(rows: dict[str, Any], reference: int) -> list[dict[str, Any]]:
    """Each target of `TARGETS` with the run's figure and whether it is met."""
    checked = []
    for key, measure, target in TARGETS:
        step = rows[key]["step"]
        figure = {"actions_per_s": step["actions_per_s"],
                  "x_pettingzoo": step["decisions_per_s"] / rows[key]["pettingzoo_steps_per_s"],
                  "x_limit": step["actions_per_s"] / reference}[measure]
        checked.append({"config": key, "measure": measure, "target": target,
                        "figure": round(figure, 3), "met": figure >= target})
    return checked


def batched(game_id: str, players: int, batch: int, seconds: float, observe: bool,
            repeats: int) -> dict[str, Any]:
    """Decisions and actions (with chance) per second, median of `repeats`."""
    engine: Any = make_engine(game_id, players)
    rng = np.random.default_rng(0)
    state = engine.init(rng, batch)
    raiding = isinstance(engine, VectorRaiding)
    deal = 10 * players  # RS-3: the setup deals of a restarted game
    decisions_rates, action_rates = [], []
    for attempt in range(repeats + 1):  # the first is a warm-up
        decisions = chance = 0
        started = time.perf_counter()
        while (elapsed := time.perf_counter() - started) < seconds:
            live = ~state.terminated
            actions = sample_legal(state.legal_action_mask, rng)
            before = state.dealt.sum() if raiding else 0
            state, _, over, _ = engine.step(state, actions)
            if observe:
                engine.observe(state)
            decisions += int(live.sum())
            if raiding:
                chance += int(state.dealt.sum() - before)
            else:
                chance += int((live & (actions == 0)).sum())  # a draw is one reveal
            if over.any():
                restarted = int(over.sum())
                state = (engine.restart(state, over, rng, inplace=True) if raiding
                         else engine.restart(state, over, inplace=True))
                chance += restarted * (deal if raiding else 0)
        if attempt:
            decisions_rates.append(decisions / elapsed)
            action_rates.append((decisions + chance) / elapsed)
    return {"decisions_per_s": round(statistics.median(decisions_rates)),
            "actions_per_s": round(statistics.median(action_rates)),
            "runs": [round(rate) for rate in decisions_rates]}


def pettingzoo(game_id: str, players: int, seconds: float, repeats: int) -> int:
    """Albion's PettingZoo AEC env under random legal play: steps (decisions) per second."""
    from albion.rl.pettingzoo import env as make_env  # noqa: PLC0415

    env = make_env(game_id, num_players=players)
    chooser = random.Random(0)
    env.reset(seed=0)
    rates = []
    for attempt in range(repeats + 1):
        steps, started = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - started) < seconds:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.reset(seed=chooser.getrandbits(32))
                continue
            mask = env.observe(agent)["action_mask"]
            env.step(chooser.choice(np.flatnonzero(mask).tolist()))
            steps += 1
        if attempt:
            rates.append(steps / elapsed)
    return round(statistics.median(rates))


def limit(seconds: float) -> int:
    """limit.py's rate, in this run, on this core (it takes the median of its 5)."""
    out = subprocess.run([sys.executable, LIMIT, str(seconds)], capture_output=True, text=True,
                         check=True)
    return int(json.loads(out.stdout)["actions_per_s"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--seconds", type=float, default=2.0, help="per timed run")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    affinity = sorted(os.sched_getaffinity(0))
    reference = limit(5.0)
    rows: dict[str, Any] = {}
    for game_id, players in (("diamoniak", 2), ("diamoniak", 4), ("raiding-stonehenge", 4),
                             ("raiding-stonehenge", 5)):
        key = f"{game_id}-{players}p"
        rows[key] = {
            "step": batched(game_id, players, args.batch, args.seconds, False, args.repeats),
            "step+observe": batched(game_id, players, args.batch, args.seconds, True,
                                    args.repeats),
            "pettingzoo_steps_per_s": pettingzoo(game_id, players, args.seconds / 2,
                                                 args.repeats),
        }
    reference_after = limit(5.0)
    print(f"cores {affinity}; limit.py {reference:,} then {reference_after:,} actions/s; "
          f"batch {args.batch}; medians of {args.repeats} runs of {args.seconds} s")
    print(f"{'game':26} {'mode':13} {'decisions/s':>12} {'actions/s':>12} "
          f"{'÷ limit':>8} {'÷ PettingZoo':>13}")
    for key, row in rows.items():
        for mode in ("step", "step+observe"):
            rate = row[mode]
            print(f"{key:26} {mode:13} {rate['decisions_per_s']:>12,} "
                  f"{rate['actions_per_s']:>12,} {rate['actions_per_s'] / reference:>8.1f} "
                  f"{rate['decisions_per_s'] / row['pettingzoo_steps_per_s']:>13.1f}")
        print(f"{key:26} {'PettingZoo':13} {row['pettingzoo_steps_per_s']:>12,}")
    checked = verdicts(rows, reference) if args.batch == TARGET_BATCH else []
    if not checked:
        print(f"targets: for a batch of {TARGET_BATCH:,}; not checked at {args.batch:,}")
    for item in checked:
        print(f"target {item['config']} {item['measure']} ≥ {item['target']:,}: "
              f"{item['figure']:,} {'met' if item['met'] else 'MISSED'}")
    print(json.dumps({"cores": affinity, "batch": args.batch, "limit_actions_per_s": reference,
                      "limit_after": reference_after, "games": rows, "targets": checked}))
    return 0 if all(item["met"] for item in checked) else 1


if __name__ == "__main__":
    sys.exit(main())
