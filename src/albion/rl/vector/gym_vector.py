"""The batched engines behind Gymnasium's vector API: `AlbionVectorEnv("diamoniak",
num_envs=4096)` is a `gymnasium.vector.VectorEnv` whose every sub-env is a game, all
advanced in one numpy step (docs/vector.md).

Two ways to play, `opponents`:

- `"self-play"` (default): each env's observation is the tensor of the seat that decides
  now (docs/observations.md), the action is that seat's; the reward is the acting seat's
  (the game's end is the only non-zero one), and `info["rewards"]` has every seat's.
- `"random"`: the learner is `seat`; the other seats play uniformly random legal actions
  inside the step until the learner decides again or the game ends; the reward is the
  learner's.

Rewards as in the other adapters: "zero-sum" (a lone winner +1, each loser −1/(n − 1), a
draw 0) or "returns" (ALL-1's shares). Episodes end with `terminated` (DI-10's cap is a
draw and a termination, as the rules say; nothing is truncated).

The action space and the masks are the single-game `-v2` envs' (ALL-4): the game's fixed
space and one index after it, the no-op; a deciding seat's mask holds its legal actions
(never the no-op), a finished game's the no-op alone. Masks: `info["action_mask"]` and
`action_masks()` (sb3-contrib's name). Autoreset, `autoreset_mode`:

- SAME_STEP (the class's default): a finished env returns its new game's first
  observation; the last one is `info["final_obs"]` and its info `info["final_info"]`
  (its mask: the no-op alone), `info["_final_obs"]` and `info["_final_info"]` mark which.
- NEXT_STEP (Gymnasium's default, as its SyncVectorEnv over a `-v2` env): the step that
  ends a game returns its last observation and `info["action_mask"]` the no-op alone,
  exactly as a `-v2` env's terminal step; the next step starts that env's new game
  (reward 0, its action unread).

`vector_entry_point` is what Gymnasium's registry calls for
`gymnasium.make_vec("albion/diamoniak-v2", num_envs=N)` (docs/vector.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from albion.rl.vector.chance import generator
from albion.rl.vector.diamoniak import VectorDiamoniak
from albion.rl.vector.raiding_stonehenge import VectorRaiding

OPPONENTS = ("self-play", "random")
REWARDS = ("zero-sum", "returns")
AUTORESET_MODES = (AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP)
Engine = VectorDiamoniak | VectorRaiding


def make_engine(game_id: str, num_players: int, **variant: object) -> Engine:
    """The batched engine of `game_id` (diamoniak, raiding-stonehenge)."""
    if game_id == "diamoniak":
        return VectorDiamoniak(num_players, **variant)
    if game_id == "raiding-stonehenge":
        return VectorRaiding(num_players, **variant)
    raise ValueError(f"{game_id!r}: the batched engines are diamoniak and raiding-stonehenge")


def sample_legal(mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """Per row, a uniformly random legal action (the mask has one per row at least)."""
    by_action = mask.T
    target = (rng.random(mask.shape[0]) * by_action.sum(axis=0)).astype(np.int16)
    running = np.zeros(mask.shape[0], dtype=np.int16)
    chosen = np.zeros(mask.shape[0], dtype=np.int64)
    for row in by_action:  # action by action: contiguous rows, no strided cumsum
        running += row
        chosen += running <= target
    return chosen


class AlbionVectorEnv(gymnasium.vector.VectorEnv):
    """`num_envs` games of one player count and variant, stepped together."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 - gymnasium reads it

    def __init__(self, game_id: str = "diamoniak", num_envs: int = 1024, num_players: int = 2,
                 opponents: str = "self-play", seat: int = 0, rewards: str = "zero-sum",
                 autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
                 **variant: object) -> None:
        mode = autoreset(autoreset_mode)
        if opponents not in OPPONENTS:
            raise ValueError(f"opponents={opponents!r}: one of {', '.join(OPPONENTS)}")
        if rewards not in REWARDS:
            raise ValueError(f"rewards={rewards!r}: one of {', '.join(REWARDS)}")
        if not 0 <= seat < num_players:
            raise ValueError(f"seat {seat}: 0 to {num_players - 1}")
        if num_envs < 1:
            raise ValueError("num_envs: at least 1")
        self.engine = make_engine(game_id, num_players, **variant)
        self.num_envs = num_envs
        self.num_players = num_players
        self.opponents, self.seat, self.reward_scheme = opponents, seat, rewards
        from albion.rl.vector import diamoniak, raiding_views  # noqa: PLC0415

        size = diamoniak.OBSERVATION if game_id == "diamoniak" else raiding_views.OBSERVATION
        actions = diamoniak.ACTIONS if game_id == "diamoniak" else raiding_views.ACTIONS
        self.single_observation_space = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.single_action_space = spaces.Discrete(actions + 1)  # ALL-4's no-op last
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.render_mode = None
        self.metadata = {**self.metadata, "autoreset_mode": mode}
        self._rng = generator(None)
        self.state: Any = None
        self._autoreset = np.zeros(num_envs, dtype=bool)  # NEXT_STEP: ended last step

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """New games for every env; `seed` makes the games and the opponents' choices
        reproducible."""
        if seed is not None:
            self._rng = generator(seed)
            self.action_space.seed(seed)
        self.state = self.engine.init(self._rng, self.num_envs)
        self._autoreset[:] = False
        rewards = np.zeros((self.num_envs, self.num_players), dtype=np.float32)
        if self.opponents == "random":
            self.state, rewards = self._opponents_play(self.state, rewards)
            self.state, _ = self._restart_finished(self.state)
        return self._observe(), {"action_mask": self.action_masks()}

    def step(self, actions: npt.ArrayLike) -> tuple[
            npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_],
            npt.NDArray[np.bool_], dict[str, Any]]:
        """One decision per env (an index of the fixed action space); an action that is
        not legal (the no-op too: every env decides) raises ValueError naming the env, and
        nothing changes. With NEXT_STEP, an env whose game ended at the last step starts
        a new one instead, its action unread."""
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        state, stepped = self.state, None
        if self._autoreset.any():  # NEXT_STEP: only the games that ended are over
            stepped = ~self._autoreset
            self.engine.check_actions(state, np.asarray(actions), stepped)
            state, _ = self._restart_finished(state)
        acting = state.current_player.copy()
        state, rewards, _, _ = self.engine.step(state, np.asarray(actions), stepped)
        if self.opponents == "random":
            state, rewards = self._opponents_play(state, rewards)
            acting[:] = self.seat
        terminated = state.terminated.copy()
        shaped = self._shape(rewards)
        reward = shaped[np.arange(self.num_envs), acting].astype(np.float32)
        info: dict[str, Any] = {"rewards": shaped}
        if self.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP:
            self._autoreset = terminated.copy()
        elif terminated.any():
            self.state = state
            info["final_obs"] = self._observe()
            info["_final_obs"] = terminated
            final_masks = self.action_masks()  # ALL-4: the no-op alone, as a -v2 env's
            final_masks[~terminated] = False  # rows of envs that did not end: empty, as
            info["final_info"] = {"action_mask": final_masks,  # SyncVectorEnv's
                                  "_action_mask": terminated.copy()}
            info["_final_info"] = terminated.copy()
            state, _ = self._restart_finished(state)
        self.state = state
        info["action_mask"] = self.action_masks()
        truncated = np.zeros(self.num_envs, dtype=bool)
        return self._observe(), reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """(num_envs, actions + 1), ALL-4 as the `-v2` envs: the legal actions of each
        env's deciding seat, the no-op alone where its game is over (NEXT_STEP's
        terminal step). sb3-contrib reads this."""
        if self.state is None:
            raise RuntimeError("call reset() first")
        return np.ascontiguousarray(self.engine.action_masks(self.state))

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""

    def _observe(self) -> npt.NDArray[np.float32]:
        viewers = None if self.opponents == "self-play" else np.full(self.num_envs, self.seat)
        return self.engine.observe(self.state, viewers)

    def _shape(self, returns: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """ALL-1's shares, or zero-sum: n/(n − 1) × (share − 1/n) once the game ended."""
        if self.reward_scheme == "returns":
            return returns
        n = self.num_players
        ended = returns.sum(axis=1, keepdims=True) > 0
        return np.where(ended, n / (n - 1) * (returns - 1 / n), 0.0).astype(np.float32)

    def _opponents_play(self, state: Any, rewards: npt.NDArray[np.float32]
                        ) -> tuple[Any, npt.NDArray[np.float32]]:
        """The other seats' random legal decisions until the learner's turn or the end."""
        while True:
            theirs = ~state.terminated & (state.current_player != self.seat)
            if not theirs.any():
                return state, rewards
            actions = sample_legal(state.legal_action_mask, self._rng)
            state, more, _, _ = self.engine.step(state, actions, theirs)
            rewards = rewards + more

    def _restart_finished(self, state: Any) -> tuple[Any, npt.NDArray[np.float32]]:
        """SAME_STEP autoreset: a finished game is replaced by a new one (whose opening
        random moves are played with `opponents="random"`)."""
        rewards = np.zeros((self.num_envs, self.num_players), dtype=np.float32)
        for _ in range(1000):
            done = state.terminated
            if not done.any():
                return state, rewards
            if isinstance(self.engine, VectorDiamoniak):
                state = self.engine.restart(state, done)
            else:
                state = self.engine.restart(state, done, self._rng)
            if self.opponents == "random":
                state, rewards = self._opponents_play(state, rewards)
        raise RuntimeError("games keep ending before the learner decides")


def autoreset(mode: AutoresetMode | str) -> AutoresetMode:
    """SAME_STEP or NEXT_STEP, given as the enum or its value ("SameStep", "NextStep")."""
    for offered in AUTORESET_MODES:
        if mode in (offered, offered.value):
            return offered
    raise ValueError(f"autoreset_mode={mode!r}: one of "
                     f"{', '.join(repr(m.value) for m in AUTORESET_MODES)}")


def vector_entry_point(num_envs: int = 1, game_id: str = "diamoniak",
                       opponents: str | Sequence[str] = ("random",), seat: int = 0,
                       rewards: str = "zero-sum", illegal: str = "raise",
                       render_mode: str | None = None, num_players: int | None = None,
                       autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
                       **variant: object) -> AlbionVectorEnv:
    """What `gymnasium.make_vec("albion/diamoniak-v2", num_envs=N)` builds (its
    vectorization_mode "vector_entry_point", Gymnasium's default for an id that has one):
    the registered `-v2` env's arguments, read for the batched engine, so that the same
    call with vectorization_mode="sync" sets the same seat against the same opponents
    with the same spaces, masks and rewards, one env at a time. `opponents`:
    as the `-v2` env, one bot spec per other seat — the batched engine plays "random"
    alone (the others are refused: "sync" plays them) —, or this env's own "random" or
    "self-play" with `num_players`. NEXT_STEP autoreset by default, as "sync" and
    "async". An illegal action raises (the `-v2` env's illegal="raise"; "lose" is not
    offered here)."""
    if isinstance(opponents, str):
        mode, players = opponents, 2 if num_players is None else num_players
    else:
        bots = [str(spec).strip().lower() for spec in opponents]
        others = sorted(set(bots) - {"random"})
        if others or not bots:
            raise ValueError(f"opponents={list(opponents)!r}: the batched engine plays "
                             "random opponents only (one 'random' per other seat) or "
                             "opponents='self-play'; use vectorization_mode='sync' for "
                             "other bots")
        mode, players = "random", len(bots) + 1
        if num_players not in (None, players):
            raise ValueError(f"num_players={num_players}: opponents make {players}")
    if illegal != "raise":
        raise ValueError(f"illegal={illegal!r}: the batched env refuses an illegal action "
                         "(illegal='raise'); use vectorization_mode='sync' for 'lose'")
    if render_mode is not None:
        raise ValueError(f"render_mode={render_mode!r}: the batched env does not render; "
                         "use vectorization_mode='sync'")
    return AlbionVectorEnv(game_id, num_envs=num_envs, num_players=players, opponents=mode,
                           seat=seat, rewards=rewards, autoreset_mode=autoreset_mode,
                           **variant)
