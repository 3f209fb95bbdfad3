"""PettingZoo environments for Albion's games: an AEC env per game (`env("diamoniak")`,
named `diamoniak_v2`) and, for simultaneous decisions (RS-6), a Parallel env
(`parallel_env("raiding-stonehenge")`). Both pass PettingZoo's own checkers.

Agents are `player_0` … (seats). An observation is `{"observation": the game's tensor of
the agent's view (docs/observations.md), "action_mask": int8 over the fixed action space
(docs/action-spaces.md) and the no-op}`; the mask is 1 only for the actions the agent may
take now, or for the no-op alone (the last index) when it has nothing to decide (ALL-4,
pgx's rule: no mask is ever empty, so `parallel_to_aec` and masked samplers work).
Both envs have `state()` and `state_space`: the spectator's tensor (public facts only).
Chance is played inside, by the Table's generator, seeded by `reset(seed=…)`. Rewards
come at the end, from ALL-1's returns: "zero-sum" (default: a lone winner +1, each loser
−1/(n − 1), a draw 0) or "returns" (the shares themselves); for Super Camelot also
"shaped": "zero-sum" plus potential-based shaping at every step (`albion.rl.shaping`).
A game stopped by its safety cap (DI-10, SC-37) is a draw and a termination, as the
rules say, not a truncation.
"""

from __future__ import annotations

import os
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from albion.core.errors import AlbionError
from albion.core.game import AnyGame
from albion.core.library import load_game
from albion.core.variants import VariantValue
from albion.rl import encoded
from albion.rl.encoded import Observation, RewardScheme
from albion.table import AnyTable, Table

RENDER_MODES = ("ansi", "human")


class _Game:
    """What both envs share: the game and its variant, the seats, the spaces, and a
    seeded source of table seeds."""

    def __init__(self, game_id: str, num_players: int, render_mode: str | None,
                 rewards: str, variant: dict[str, VariantValue]) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode={render_mode!r}: one of {', '.join(RENDER_MODES)}")
        self.game: AnyGame = load_game(game_id, **variant)
        self.game.check_players(num_players)
        self.variant = self.game.variant(self.game.preset)
        self.num_players = num_players
        self.scheme: RewardScheme = encoded.check_scheme(rewards, self.game)
        self.render_mode = render_mode
        self.names = [encoded.agent_name(seat) for seat in range(num_players)]
        self.seat_of = {name: seat for seat, name in enumerate(self.names)}
        observation = encoded.observation_space(self.game, num_players)
        action = encoded.action_space(self.game)
        self.state_space = encoded.tensor_space(self.game, num_players)
        self.observation_spaces = dict.fromkeys(self.names, observation)
        self.action_spaces = dict.fromkeys(self.names, action)
        self._seeds = random.Random(int.from_bytes(os.urandom(8), "big"))
        self.table = self.new_table(None)

    def new_table(self, seed: int | None) -> AnyTable:
        """A fresh game; `seed` restarts the stream of table seeds (PettingZoo's
        `reset(seed=…)`: the same seed, the same games and chance)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        table = Table(self.game, ["human"] * self.num_players, self.variant,
                      seed=self._seeds.getrandbits(63), events=False)
        self.scores = encoded.Rewards(self.scheme, table)
        return table

    def rewards(self, table: AnyTable) -> dict[str, float]:
        """Every agent's reward for the last step (the outcome at the end; with
        "shaped", the shaping of every step)."""
        return dict(zip(self.names, self.scores.step(table), strict=True))

    def observe(self, table: AnyTable, agent: str) -> Observation:
        return encoded.observe(self.game, table, self.seat_of[agent])

    def state(self, table: AnyTable) -> np.ndarray[Any, Any]:
        """PettingZoo's global state: the spectator's tensor (public facts only)."""
        return np.asarray(self.game.observation_tensor(table.observe(None)))

    def picture(self, table: AnyTable) -> str | None:
        text = encoded.picture(self.game, table, self.names)
        if self.render_mode == "human":
            print(text)
            return None
        return text


class AlbionAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """One Albion game as a PettingZoo AEC env: the agent to move is the seat the table
    asks next (in a simultaneous step, RS-6, the seats still to commit in commit order,
    each seeing only its own card)."""

    def __init__(self, game_id: str, num_players: int = 2, render_mode: str | None = None,
                 rewards: str = "zero-sum", **variant: VariantValue) -> None:
        super().__init__()
        self._game = _Game(game_id, num_players, render_mode, rewards, dict(variant))
        self.game = self._game.game
        self.metadata = {"name": encoded.env_name(self.game), "render_modes": list(RENDER_MODES),
                         "is_parallelizable": False}
        self.render_mode = render_mode
        self.possible_agents = list(self._game.names)
        self.observation_spaces = self._game.observation_spaces
        self.action_spaces = self._game.action_spaces
        self.state_space = self._game.state_space
        self.table = self._game.table

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def state(self) -> np.ndarray[Any, Any]:
        """PettingZoo's global state: the spectator's tensor (public facts only)."""
        return self._game.state(self.table)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table = self._game.new_table(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._game.names[self.table.to_move()[0]]

    def observe(self, agent: str) -> Observation:
        return self._game.observe(self.table, agent)

    def step(self, action: Any) -> None:
        """Apply the agent's action (an index of the fixed space). An index that is not
        legal now raises (IllegalActionError names the ruling), changing nothing. Once
        the agent is done, None or the no-op (ALL-4) retires it."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(None if encoded.is_noop(self.game, action) else action)
            return
        seat = self._game.seat_of[agent]
        if encoded.is_noop(self.game, action):
            raise encoded.refuse_noop(seat)
        self.table.submit(seat, encoded.decode(self.game, action), self.table.version)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = self._game.rewards(self.table)
        if self.table.is_over():
            self.terminations = dict.fromkeys(self.agents, True)
            reason = self.table.end_reason()
            self.infos = {name: {"end_reason": reason} for name in self.agents}
        else:
            self.agent_selection = self._game.names[self.table.to_move()[0]]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as a spectator sees it (no secret of any seat), as text."""
        if self.render_mode is None:
            return None
        return self._game.picture(self.table)

    def close(self) -> None:
        """Nothing to release."""


class AlbionParallelEnv(ParallelEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """One Albion game as a PettingZoo Parallel env: each step takes the decisions of
    every seat that may decide now — all the seats still to commit in a simultaneous step
    (RS-6), else the one seat to move — and ignores the actions of the others (their
    masks hold the no-op alone, ALL-4; they may also be left out). Seats deciding at once
    are applied in commit order; their choices are hidden and independent (RS-6), so the
    order changes nothing."""

    def __init__(self, game_id: str, num_players: int = 2, render_mode: str | None = None,
                 rewards: str = "zero-sum", **variant: VariantValue) -> None:
        self._game = _Game(game_id, num_players, render_mode, rewards, dict(variant))
        self.game = self._game.game
        self.metadata = {"name": encoded.env_name(self.game), "render_modes": list(RENDER_MODES)}
        self.render_mode = render_mode
        self.possible_agents = list(self._game.names)
        self.agents = list(self.possible_agents)
        self.observation_spaces = self._game.observation_spaces
        self.action_spaces = self._game.action_spaces
        self.state_space = self._game.state_space
        self.table = self._game.table

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self.table = self._game.new_table(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[
            dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        """Apply the deciding seats' actions; a deciding seat without an action, or with
        one not legal now, raises (nothing of this step is applied)."""
        deciding = self.table.to_move()
        chosen = []
        for seat in deciding:
            agent = self._game.names[seat]
            if agent not in actions:
                raise ValueError(f"{agent} decides now and was given no action")
            if encoded.is_noop(self.game, actions[agent]):
                raise encoded.refuse_noop(seat)
            action = encoded.decode(self.game, actions[agent])
            if action not in self.table.legal_actions(seat):
                raise AlbionError(f"{agent}: action {actions[agent]} is not legal now")
            chosen.append((seat, action))
        for seat, action in chosen:
            self.table.submit(seat, action, self.table.version)
        agents = self.agents
        observations = self._observations()
        rewards = self._game.rewards(self.table)
        over = self.table.is_over()
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos: dict[str, dict[str, Any]] = {
            agent: {"end_reason": self.table.end_reason()} if over else {} for agent in agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Observation]:
        return {agent: self._game.observe(self.table, agent) for agent in self.agents}

    def render(self) -> str | None:
        """The table as a spectator sees it (no secret of any seat), as text."""
        if self.render_mode is None:
            return None
        return self._game.picture(self.table)

    def close(self) -> None:
        """Nothing to release."""

    def state(self) -> np.ndarray[Any, Any]:
        """PettingZoo's global state: the spectator's tensor (public facts only)."""
        return self._game.state(self.table)


def raw_env(game_id: str, num_players: int = 2, render_mode: str | None = None,
            rewards: str = "zero-sum", **variant: VariantValue) -> AlbionAECEnv:
    """The AEC env of `game_id` (`"diamoniak"`, `"raiding-stonehenge"`, `"super-camelot"`)
    at `num_players` under `variant` (`max_turns=50`, …; VariantError names a bad one)."""
    return AlbionAECEnv(game_id, num_players, render_mode, rewards, **variant)


def env(game_id: str, num_players: int = 2, render_mode: str | None = None,
        rewards: str = "zero-sum", **variant: VariantValue) -> AlbionAECEnv:
    """PettingZoo's `env()`: the raw env. Illegal actions raise rather than being wrapped
    (masks are in every observation), so no wrapper hides an agent's mistake."""
    return raw_env(game_id, num_players, render_mode, rewards, **variant)


def parallel_env(game_id: str, num_players: int = 2, render_mode: str | None = None,
                 rewards: str = "zero-sum", **variant: VariantValue) -> AlbionParallelEnv:
    """The Parallel env of `game_id`: made for Raiding Stonehenge's simultaneous commit
    (RS-6); turn-based games work too, one deciding seat per step."""
    return AlbionParallelEnv(game_id, num_players, render_mode, rewards, **variant)
