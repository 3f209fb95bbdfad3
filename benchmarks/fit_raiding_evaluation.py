"""Fit Raiding Stonehenge's cut-off evaluation (`strategy.EVALUATION_WEIGHTS`) to the
winners of heuristic self-play, and print the table to paste (a fit, not a test).

At every third decision of each game, per seat: its score (RS-16), the colours it lacks
for its next set (how many colours sit at its fewest disks) and its hand total / 30
(RS-17's tie-break), each also times the share of the game's cards still to be picked.
A multinomial logit over the seats (softmax of a weighted sum) is fitted by Newton's
method to the returns (ALL-1), so a rollout cut short scores what playing the heuristic
on would have given on average. The search also evaluates positions in the middle of a
deal (its cutoff counts chance steps); they differ from these only by the cards dealt so
far. Needs numpy (the [rl] or [dev] extra).

    python benchmarks/fit_raiding_evaluation.py [--games 12000] [--seed 1000]
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from albion.core import CHANCE, TERMINAL, get_game
from albion.core.chance import pick_outcome
from albion.games.raiding_stonehenge import RaidingState, strategy
from albion.games.raiding_stonehenge.components import HIGHEST_CARD


def features(state: RaidingState) -> list[list[float]]:
    """Per seat, the six numbers `strategy.evaluate` weighs."""
    left = strategy.share_left(state)
    rows = []
    for disks, hand in zip(state.disks, state.hands, strict=True):
        points, short, total = strategy.seat_features(disks, hand)
        base = [points, short, total / HIGHEST_CARD]
        rows.append(base + [value * left for value in base])
    return rows


def self_play(players: int, games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(features: samples × seats × 6, returns: samples × seats)."""
    game = get_game("raiding-stonehenge")
    rng = random.Random(seed + players)
    xs: list[list[list[float]]] = []
    ys: list[list[float]] = []
    for _ in range(games):
        state = game.new_state(players)
        assert isinstance(state, RaidingState)
        samples = []
        decisions = 0
        while (player := state.current_player()) != TERMINAL:
            if player == CHANCE:
                state.apply_legal(pick_outcome(state.chance_outcomes(), rng.random()))
                continue
            decisions += 1
            if decisions % 3 == 0:
                samples.append(features(state))
            state.apply_legal(strategy.policy(state, rng))
        xs += samples
        ys += [state.returns()] * len(samples)
    return np.array(xs), np.array(ys)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-2, steps: int = 40) -> np.ndarray:
    """Newton's method on the multinomial logit's log-likelihood, a little ridge."""
    w = np.zeros(x.shape[2])
    for _ in range(steps):
        u = x @ w
        p = np.exp(u - u.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        grad = np.einsum("ni,nif->f", p - y, x) + l2 * w
        mean = np.einsum("ni,nif->nf", p, x)
        hess = (np.einsum("ni,nif,nig->fg", p, x, x) - np.einsum("nf,ng->fg", mean, mean)
                + l2 * np.eye(len(w)))
        w -= np.linalg.solve(hess, grad)
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=12000, help="games per player count")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    print("EVALUATION_WEIGHTS = {")
    for players in range(2, 6):
        x, y = self_play(players, args.games, args.seed)
        weights = ", ".join(f"{w:.4f}" for w in fit(x, y))
        print(f"    {players}: ({weights}),")
    print("}")


if __name__ == "__main__":
    main()
