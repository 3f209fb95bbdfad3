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

    env = gymnasium.make("albion/diamoniak-v1", opponents=["heuristic"])
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
