"""The Gymnasium env passes Gymnasium's `check_env` for every game, plays one seat against
bots deciding from their views, masks the legal actions, and ends on an illegal one."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import albion
from albion.core import IllegalActionError
from albion.rl import gymnasium as ag

CASES = [("diamoniak", ["heuristic"], 0, {}), ("diamoniak", ["random", "random"], 2, {}),
         ("raiding-stonehenge", ["heuristic", "random"], 1, {}),
         ("super-camelot", ["heuristic"], 1, {"max_turns": 40})]


@pytest.mark.parametrize(("game_id", "opponents", "seat", "variant"), CASES,
                         ids=str)
def test_check_env_passes(game_id: str, opponents: list[str], seat: int,
                          variant: dict[str, int]) -> None:
    env = ag.make(game_id, opponents=opponents, seat=seat, **variant)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert not [w for w in caught if "spec" not in str(w.message)], \
        "only the note that an env made without gymnasium.make has no spec"


def test_registered_ids_pass_check_env_with_their_render_modes() -> None:
    import gymnasium  # noqa: PLC0415

    env = gymnasium.make("albion/diamoniak-v2", opponents=["heuristic"])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert not caught


def test_a_masked_random_seat_plays_whole_games_against_the_bots() -> None:
    env = ag.make("raiding-stonehenge", opponents=["heuristic", "heuristic"], seat=1)
    rng = np.random.default_rng(0)
    rewards = []
    for seed in range(4):
        observation, info = env.reset(seed=seed)
        done = False
        while not done:
            assert observation.shape == env.observation_space.shape
            mask = info["action_mask"]
            assert np.array_equal(mask.astype(bool), env.action_masks())
            legal = env.table.legal_actions(1)  # type: ignore[union-attr]
            assert sorted(env.game.action_index(a) for a in legal) == \
                list(np.flatnonzero(mask))
            observation, reward, done, truncated, info = env.step(
                int(rng.choice(np.flatnonzero(mask))))
            assert not truncated
        rewards.append(reward)
        assert info["end_reason"] is not None
    assert all(r in (-0.5, 1.0) or -0.5 < r < 1.0 for r in rewards)


def test_an_illegal_action_ends_the_episode_as_a_loss_or_raises() -> None:
    env = ag.make("diamoniak", opponents=["random"])
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    strict = ag.make("diamoniak", opponents=["random"], illegal="raise")
    _, info = strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    with pytest.raises(albion.InvalidActionError):
        strict.step(10_000)


def test_bots_see_views_and_cheats_are_refused() -> None:
    with pytest.raises(ValueError, match="cheating"):
        ag.make("diamoniak", opponents=["cheat-mcts"])
    with pytest.raises(albion.PlayerCountError):
        ag.make("diamoniak", opponents=["random"] * 4)
    with pytest.raises(ValueError, match="seat"):
        ag.make("diamoniak", opponents=["random"], seat=2)


# Issue 34: traps a researcher hit through Gymnasium's and SB3's own tools.

QUALIFIED = "albion.rl.gymnasium:albion/diamoniak-v2"
"""Gymnasium 1.x's way to name an env whose module registers it: `module:id` imports the
module first, in any process (Gymnasium 1.x no longer loads plugin entry points)."""


def test_masked_sampling_over_a_vector_env_survives_episode_ends() -> None:
    """Gymnasium's vector env hands back the terminal step's info before it resets: its
    mask allows the no-op (the last index) alone, so a masked sampler never meets an
    empty mask; while the seat decides, the mask is its legal actions."""
    import gymnasium  # noqa: PLC0415

    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: ag.make("diamoniak", opponents=["random"]) for _ in range(3)])
    noop = envs.single_action_space.n - 1
    rng = np.random.default_rng(0)
    _, infos = envs.reset(seed=0)
    ends = 0
    for _ in range(400):
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in infos["action_mask"]]
        _, _, terminated, _, infos = envs.step(np.array(actions))
        for row, done in zip(infos["action_mask"], terminated, strict=True):
            assert list(np.flatnonzero(row)) == [noop] if done else not row[noop]
        ends += int(terminated.sum())
    assert ends >= 3


def test_gymnasium_make_works_in_a_fresh_process_and_spawned_workers() -> None:
    """A fresh interpreter (as an AsyncVectorEnv worker started with spawn) makes the env
    from its qualified id alone; the bare id after importing albion.rl.gymnasium."""
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    script = f"""
import gymnasium
from functools import partial
if __name__ == "__main__":
    env = gymnasium.make({QUALIFIED!r})
    print(env.reset(seed=0)[0].shape, env.action_masks().sum() > 0)
    envs = gymnasium.vector.AsyncVectorEnv(
        [partial(gymnasium.make, {QUALIFIED!r})] * 2, context="spawn")
    observations, infos = envs.reset(seed=0)
    print(observations.shape, infos["action_mask"].shape)
    envs.close()
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[:2] == ["(96,) True", "(2, 96) (2, 39)"]


def test_make_takes_the_registered_ids() -> None:
    """`albion.rl.gymnasium.make` takes the ids `gymnasium.make` does: the game id, the
    registered id and the qualified one; an old version is refused by name."""
    for name in ("diamoniak", "albion/diamoniak-v2", QUALIFIED):
        env = ag.make(name, opponents=["random"])
        assert env.game.id == "diamoniak" and env.spec is not None
        assert env.spec.id == "albion/diamoniak-v2"
    with pytest.raises(ValueError, match="v2"):
        ag.make("albion/diamoniak-v1")


def test_action_masks_reach_through_gymnasium_make_and_sb3() -> None:
    """`gymnasium.make(id)` returns the env itself (no wrapper hiding `action_masks()`);
    SB3's `make_vec_env(id)` works without env_kwargs (its default `render_mode="rgb_array"`
    is offered) and sb3-contrib's `get_action_masks` reads the masks."""
    import gymnasium  # noqa: PLC0415

    env = gymnasium.make("albion/diamoniak-v2")
    _, info = env.reset(seed=3)
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    picture = gymnasium.make("albion/raiding-stonehenge-v2", render_mode="rgb_array",
                             opponents=["random"])
    picture.reset(seed=0)
    frame = picture.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    env_util = pytest.importorskip("stable_baselines3.common.env_util")
    masks = pytest.importorskip("sb3_contrib.common.maskable.utils")
    venv = env_util.make_vec_env("albion/diamoniak-v2", n_envs=2, seed=0)
    venv.reset()
    got = masks.get_action_masks(venv)
    assert got.shape == (2, 39) and got.any(axis=1).all()
