"""The PettingZoo envs pass PettingZoo's own checkers (`api_test`, `seed_test`,
`parallel_api_test`), and play the games by their rules: masks hold exactly the legal
actions, illegal actions are refused, rewards follow ALL-1, RS-6's commits are hidden."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from albion.core import IllegalActionError, VariantError
from albion.rl import pettingzoo as pz

CASES = [("diamoniak", 2, {}), ("diamoniak", 4, {}), ("raiding-stonehenge", 2, {}),
         ("raiding-stonehenge", 5, {}), ("super-camelot", 2, {"max_turns": 40})]
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)
"""What api_test says of every dict observation with a mask outside its own list of
classic envs (chess_v6, go_v5…): observations are {"observation", "action_mask"}."""


@contextmanager
def only_expected_warnings() -> Iterator[None]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    unexpected = {str(w.message) for w in caught
                  if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected


@pytest.mark.parametrize(("game_id", "players", "variant"), CASES,
                         ids=str)
def test_aec_env_passes_api_test_and_seed_test(game_id: str, players: int,
                                               variant: dict[str, Any]) -> None:
    with only_expected_warnings():
        api_test(pz.env(game_id, num_players=players, **variant), num_cycles=400)
        seed_test(lambda: pz.env(game_id, num_players=players, **variant), num_cycles=200)


def test_rs6_parallel_env_passes_parallel_api_test() -> None:
    with only_expected_warnings():
        for players in (2, 4):
            parallel_api_test(pz.parallel_env("raiding-stonehenge", num_players=players),
                              num_cycles=400)


def play_parallel(make: Callable[[], pz.AlbionParallelEnv], seed: int) -> list[Any]:
    """One masked random game; everything the env said, step by step."""
    env = make()
    rng = np.random.default_rng(seed)
    observations, _ = env.reset(seed=seed)
    trace: list[Any] = []
    while env.agents:
        actions = {agent: int(rng.choice(np.flatnonzero(obs["action_mask"])))
                   for agent, obs in observations.items() if obs["action_mask"].any()}
        observations, rewards, terminations, _, _ = env.step(actions)
        trace.append(({a: o["observation"].tobytes() for a, o in observations.items()},
                      rewards, terminations))
    return trace


def test_rs6_parallel_env_is_deterministic_for_a_seed() -> None:
    """PettingZoo's parallel_seed_test samples unmasked (illegal) actions; the same check
    with masks: the same seed and actions, the same game."""
    def make() -> pz.AlbionParallelEnv:
        return pz.parallel_env("raiding-stonehenge", num_players=3)
    first = play_parallel(make, 3)
    assert first == play_parallel(make, 3)
    assert first != play_parallel(make, 4)


def test_rs6_every_seat_still_to_commit_decides_in_one_parallel_step() -> None:
    env = pz.parallel_env("raiding-stonehenge", num_players=4)
    observations, _ = env.reset(seed=1)
    rng = np.random.default_rng(0)
    simultaneous = 0
    noop = env.game.num_distinct_actions
    while env.agents:
        deciding = [a for a, obs in observations.items() if not obs["action_mask"][noop]]
        play_step = [a for a in deciding
                     if np.flatnonzero(observations[a]["action_mask"]).min() >= 5]
        if len(deciding) > 1:
            simultaneous += 1
            assert play_step == deciding, "only plays (indices 5–34) are simultaneous"
            assert len(deciding) == 4, "every seat commits in the same step"
        observations, *_ = env.step({a: int(rng.choice(np.flatnonzero(
            observations[a]["action_mask"]))) for a in deciding})
    assert simultaneous > 5


def test_rs18_a_committed_card_stays_out_of_the_others_observations() -> None:
    """RS-6, RS-18: after seat 0 commits in the AEC env, seat 1 sees that it committed,
    never which card."""
    env = pz.env("raiding-stonehenge", num_players=2)
    env.reset(seed=2)
    layout = env.game.observation_layout(2)
    rng = np.random.default_rng(0)
    while True:
        obs = env.observe(env.agent_selection)
        legal = np.flatnonzero(obs["action_mask"])
        if legal.min() >= 5 and env.agent_selection == "player_0":  # a play, seat 0 first
            break
        env.step(int(rng.choice(legal)))
    before = env.observe("player_1")["observation"]
    others = []
    for card in np.flatnonzero(env.observe("player_0")["action_mask"]):
        env.reset(seed=2)
        rng = np.random.default_rng(0)
        while True:
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            if legal.min() >= 5 and env.agent_selection == "player_0":
                break
            env.step(int(rng.choice(legal)))
        env.step(int(card))
        others.append(env.observe("player_1")["observation"].tobytes())
    assert len(set(others)) == 1, "seat 1's observation does not depend on the card"
    after = np.frombuffer(others[0], dtype=np.float32)
    assert after[layout.span("committed")][1] == 1.0, "it sees that seat 0 committed"
    assert not np.array_equal(before, after)


def test_masks_hold_exactly_the_legal_actions_and_illegal_ones_are_refused() -> None:
    env = pz.env("diamoniak", num_players=3)
    env.reset(seed=4)
    game = env.game
    for _ in range(30):
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        legal = env.table.legal_actions(env.possible_agents.index(agent))
        assert sorted(game.action_index(a) for a in legal) == list(np.flatnonzero(mask))
        for other in env.possible_agents:
            if other != agent:  # ALL-4: the no-op alone
                assert list(np.flatnonzero(env.observe(other)["action_mask"])) == [
                    game.num_distinct_actions]
        illegal = int(np.flatnonzero(mask == 0)[0])
        version = env.table.version
        with pytest.raises(IllegalActionError):
            env.step(illegal)
        assert env.table.version == version, "a refused action changes nothing"
        env.step(int(np.flatnonzero(mask)[0]))
        if env.terminations[env.agent_selection]:
            break


@pytest.mark.parametrize(("scheme", "expected"), [("zero-sum", 0.0), ("returns", 1.0)])
def test_all1_rewards_sum_as_the_scheme_says(scheme: str, expected: float) -> None:
    env = pz.env("raiding-stonehenge", num_players=3, rewards=scheme)
    rng = np.random.default_rng(0)
    for seed in range(3):
        env.reset(seed=seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            totals[agent] += reward
            if terminated or truncated:
                assert info["end_reason"] in ("score", "hand", "shared")
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert sum(totals.values()) == pytest.approx(expected)
        if scheme == "zero-sum" and max(totals.values()) == 1.0:
            assert sorted(totals.values()) == pytest.approx([-0.5, -0.5, 1.0])


def test_names_versions_variants_and_render() -> None:
    env = pz.env("super-camelot", num_players=2, render_mode="ansi", max_turns=5)
    assert str(env) == "super_camelot_v2" and env.metadata["name"] == "super_camelot_v2"
    assert pz.parallel_env("raiding-stonehenge").metadata["name"] == "raiding_stonehenge_v2"
    assert env.game.variant(env.game.preset)["max_turns"] == 5
    shown = pz.env("diamoniak", render_mode="ansi")
    shown.reset(seed=0)
    picture = shown.render()
    assert isinstance(picture, str) and "player_0" in picture and "Draw pile" in picture
    assert pz.env("diamoniak").render() is None, "no render mode, no picture"
    with pytest.raises(VariantError):
        pz.env("diamoniak", fairy="sometimes")
    with pytest.raises(ValueError, match="rewards"):
        pz.env("diamoniak", rewards="elo")


# Issue 34: traps a researcher hit through PettingZoo's own tools.


def masked_choice(rng: np.random.Generator, mask: np.ndarray) -> int:
    """What a masked sampler does: one of the allowed indices (raises on an empty mask,
    as np.random.choice, a Categorical over mask / mask.sum(), … do)."""
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize(("game_id", "players"), [("diamoniak", 3),
                                                  ("raiding-stonehenge", 4)])
def test_all4_no_mask_is_ever_empty_the_noop_stands_in_when_nothing_is_decided(
        game_id: str, players: int) -> None:
    """ALL-4, pgx's rule: a seat with nothing to decide (another's turn, or the game over)
    has a mask with exactly one index, the adapter's no-op (the last index); a seat that
    may decide (in RS-6's commit, every seat still to commit) has exactly its legal
    actions, never the no-op; the no-op from a seat that decides is refused."""
    env = pz.env(game_id, num_players=players)
    noop = env.game.num_distinct_actions
    assert env.action_space("player_0").n == noop + 1
    rng = np.random.default_rng(1)
    for seed in range(2):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            for other in env.possible_agents:
                mask = env.observe(other)["action_mask"]
                seat = env.possible_agents.index(other)
                legal = [] if env.terminations[agent] else env.table.legal_actions(seat)
                assert list(np.flatnonzero(mask)) == (
                    sorted(env.game.action_index(a) for a in legal) if legal else [noop])
            observation, _, terminated, truncated, _ = env.last()
            if not terminated:
                with pytest.raises(IllegalActionError, match="ALL-4"):
                    env.step(noop)
            action = masked_choice(rng, observation["action_mask"])
            env.step(None if (terminated or truncated) and seed else action)


def test_parallel_to_aec_plays_whole_games_with_masked_sampling() -> None:
    """PettingZoo's `parallel_to_aec` asks every agent in turn, deciding or not: each one's
    mask allows something (the no-op for seats with nothing to decide), and a game runs to
    its end with a masked sampler."""
    from pettingzoo.utils.conversions import parallel_to_aec  # noqa: PLC0415

    env = parallel_to_aec(pz.parallel_env("raiding-stonehenge", num_players=3))
    rng = np.random.default_rng(2)
    env.reset(seed=5)
    ended = False
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            ended = True
            env.step(None)
            continue
        env.step(masked_choice(rng, observation["action_mask"]))
    assert ended


def test_state_space_holds_the_state_state_test() -> None:
    """PettingZoo's state_test checks (`state_space` with `state()`), on both envs; the
    AEC loop is sampled with masks (state_test's own samples unmasked, illegal actions)."""
    from pettingzoo.test.state_test import test_parallel_env, test_state_space  # noqa: PLC0415

    parallel = pz.parallel_env("raiding-stonehenge", num_players=3)
    aec = pz.env("super-camelot", num_players=2, max_turns=10)
    with only_expected_warnings():
        test_state_space(aec)
        test_state_space(parallel)
        test_parallel_env(parallel)
    rng = np.random.default_rng(3)
    aec.reset(seed=1)
    assert aec.state_space.contains(aec.state())
    for agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        aec.step(None if terminated or truncated else masked_choice(
            rng, observation["action_mask"]))
        if aec.agents:
            assert aec.state_space.contains(aec.state()), agent
