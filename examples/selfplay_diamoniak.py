"""A small Diamoniak policy trained by self-play through the PettingZoo env, numpy only.

A linear softmax policy over the observation tensor (docs/observations.md), restricted
to the legal actions by the env's action mask, learns by REINFORCE: both seats play the
same policy, and each action a seat took is made likelier when that seat won and less
likely when it lost (zero-sum rewards, so no baseline is needed). Then it plays the
`random` bot, half the games in each seat, and prints its win rate with a 95% interval.

    python examples/selfplay_diamoniak.py --episodes 300 --seed 1
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from albion.rl import pettingzoo as pz
from albion.sim.stats import wilson

Array = npt.NDArray[np.float64]


@dataclass
class LinearPolicy:
    """Logits = W · observation + b over the fixed action space; illegal ones masked out."""

    weights: Array
    bias: Array

    @classmethod
    def zeros(cls, observations: int, actions: int) -> LinearPolicy:
        return cls(np.zeros((actions, observations)), np.zeros(actions))

    def probabilities(self, observation: Array, mask: npt.NDArray[np.int8]) -> Array:
        logits = self.weights @ observation + self.bias
        logits = np.where(mask.astype(bool), logits, -np.inf)
        logits -= logits.max()
        exp = np.exp(logits)
        return exp / exp.sum()  # type: ignore[no-any-return]

    def act(self, observation: Array, mask: npt.NDArray[np.int8],
            rng: np.random.Generator, greedy: bool = False) -> int:
        p = self.probabilities(observation, mask)
        return int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))


@dataclass
class Trajectory:
    """One seat's decisions in one game: what it saw, could do and did."""

    observations: list[Array] = field(default_factory=list)
    masks: list[npt.NDArray[np.int8]] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)


def self_play_episode(env: pz.AlbionAECEnv, policy: LinearPolicy, rng: np.random.Generator,
                      seed: int) -> tuple[dict[str, Trajectory], dict[str, float]]:
    """One game of the policy against itself: each seat's trajectory and final reward."""
    env.reset(seed=seed)
    trajectories = {agent: Trajectory() for agent in env.possible_agents}
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = float(reward)
            env.step(None)
            continue
        x = observation["observation"].astype(np.float64)
        action = policy.act(x, observation["action_mask"], rng)
        trajectory = trajectories[agent]
        trajectory.observations.append(x)
        trajectory.masks.append(observation["action_mask"])
        trajectory.actions.append(action)
        env.step(action)
    return trajectories, final


def reinforce(policy: LinearPolicy, trajectories: dict[str, Trajectory],
              rewards: dict[str, float], learning_rate: float) -> None:
    """REINFORCE: ∇ log π(a | s) = (one-hot(a) − π(· | s)) ⊗ s, times the seat's reward;
    averaged over the game's decisions."""
    grad_w = np.zeros_like(policy.weights)
    grad_b = np.zeros_like(policy.bias)
    steps = 0
    for agent, trajectory in trajectories.items():
        reward = rewards.get(agent, 0.0)
        for x, mask, action in zip(trajectory.observations, trajectory.masks,
                                   trajectory.actions, strict=True):
            direction = -policy.probabilities(x, mask)
            direction[action] += 1.0
            grad_w += reward * np.outer(direction, x)
            grad_b += reward * direction
            steps += 1
    if steps:
        policy.weights += learning_rate * grad_w / steps
        policy.bias += learning_rate * grad_b / steps


def train(episodes: int, seed: int, learning_rate: float = 0.5) -> LinearPolicy:
    env = pz.env("diamoniak", num_players=2)
    env.reset(seed=seed)
    space = env.observation_space(env.possible_agents[0])
    policy = LinearPolicy.zeros(space["observation"].shape[0], space["action_mask"].shape[0])
    rng = np.random.default_rng(seed)
    for episode in range(episodes):
        trajectories, rewards = self_play_episode(env, policy, rng, seed * 1_000_003 + episode)
        reinforce(policy, trajectories, rewards, learning_rate)
    return policy


def evaluate(policy: LinearPolicy, games: int, seed: int) -> float:
    """Wins against uniformly random legal play, the policy in each seat half the games
    (a draw at the cap counts half)."""
    env = pz.env("diamoniak", num_players=2)
    rng = np.random.default_rng(seed + 7)
    wins = 0.0
    for game in range(games):
        env.reset(seed=10**9 + seed * 100_003 + game)
        learner = env.possible_agents[game % 2]
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                if agent == learner:
                    wins += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
                env.step(None)
                continue
            mask = observation["action_mask"]
            if agent == learner:
                action = policy.act(observation["observation"].astype(np.float64), mask, rng)
            else:
                action = int(rng.choice(np.flatnonzero(mask)))
            env.step(action)
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=300, help="self-play games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=400, help="evaluation games")
    args = parser.parse_args()
    policy = train(args.episodes, args.seed)
    wins = evaluate(policy, args.games, args.seed)
    low, high = wilson(wins, args.games)
    print(f"after {args.episodes} self-play games: {wins / args.games:.1%} of {args.games} "
          f"games won against random (95% interval {low:.1%}–{high:.1%})")


if __name__ == "__main__":
    main()
