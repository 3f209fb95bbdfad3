"""Issue 34: Super Camelot's random self-play games all reach the turn cap (SC-37), so the
adapters offer shaped rewards (potential-based: gems SC-19, relics SC-20, health SC-21)
and a shorter variant for training, without changing the default rules."""

from __future__ import annotations

import numpy as np
import pytest

from albion.core import get_game
from albion.rl import gymnasium as ag
from albion.rl import pettingzoo as pz
from albion.rl import shaping


def test_sc_shaped_rewards_are_the_change_of_gems_relics_and_health() -> None:
    """Every step's reward is SCALE × the change of the seat's potential (read from its
    own view), plus the outcome at the end; over a game the shaping sums to
    −SCALE × Φ(start) for every seat, whatever was played."""
    env = pz.env("super-camelot", num_players=2, rewards="shaped",
                 **shaping.TRAINING_VARIANTS["super-camelot"])
    rng = np.random.default_rng(0)
    moved = 0
    for seed in range(3):
        env.reset(seed=seed)
        start = shaping.potentials(env.table)
        assert start == [0.0, 0.0], "no character chosen yet (SC-34)"
        totals = dict.fromkeys(env.possible_agents, 0.0)
        before = list(start)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            if env.agents and not env.table.is_over():
                now = shaping.potentials(env.table)
                for seat, name in enumerate(env.possible_agents):
                    assert env.rewards[name] == pytest.approx(
                        shaping.SCALE * (now[seat] - before[seat]))
                    moved += env.rewards[name] != 0
                before = now
        returns = env.table.returns()
        assert returns is not None
        zero_sum = [2 * (value - 0.5) for value in returns]
        for seat, name in enumerate(env.possible_agents):
            assert totals[name] == pytest.approx(
                zero_sum[seat] - shaping.SCALE * start[seat]), name
    assert moved > 10, "the potentials move during play: a signal before the end"


def test_sc_shaped_rewards_in_the_gymnasium_env_sum_the_same_way() -> None:
    env = ag.make("super-camelot", opponents=["random"], rewards="shaped",
                  **shaping.TRAINING_VARIANTS["super-camelot"])
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=2)
    start = shaping.potentials(env.table)  # type: ignore[arg-type]
    total, done = 0.0, False
    while not done:
        _, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(
            info["action_mask"]))))
        total += reward
    returns = env.table.returns()  # type: ignore[union-attr]
    assert total == pytest.approx(2 * (returns[0] - 0.5) - shaping.SCALE * start[0])


def test_shaping_changes_no_default_rule_and_no_other_scheme() -> None:
    """The default variant is untouched; "zero-sum" rewards stay 0 until the end; shaped
    rewards are refused for games that do not define them."""
    assert get_game("super-camelot").variant()["max_turns"] == 400
    assert get_game("super-camelot").variant()["treasure_gems"] == 5
    env = pz.env("super-camelot", num_players=2, max_turns=10)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert reward == 0.0, agent
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    with pytest.raises(ValueError, match="shaped"):
        pz.env("diamoniak", rewards="shaped")
    with pytest.raises(ValueError, match="shaped"):
        ag.make("raiding-stonehenge", rewards="shaped")


def test_sc_training_variant_is_shorter_and_sometimes_won() -> None:
    """The training variant's random self-play games are several times shorter than the
    default's, which all reach the cap; it comes from the game's own variants."""
    def lengths(**variant: int | str) -> tuple[float, int]:
        env = pz.env("super-camelot", num_players=2, **variant)
        rng = np.random.default_rng(5)
        actions, won = 0, 0
        for seed in range(6):
            env.reset(seed=seed)
            for agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                actions += agent is not None
            won += env.table.end_reason() != "cap"
        return actions / 6, won

    default, default_won = lengths()
    short, _ = lengths(**shaping.TRAINING_VARIANTS["super-camelot"])
    assert default_won == 0 and short * 3 < default
