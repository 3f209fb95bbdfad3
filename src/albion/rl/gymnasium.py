"""A Gymnasium env for one seat of an Albion game against Albion's bots:
`make("diamoniak", opponents=["heuristic"], seat=0, **variant)`, or through Gymnasium:
`gymnasium.make("albion/diamoniak-v2")` once this module is imported, and
`gymnasium.make("albion.rl.gymnasium:albion/diamoniak-v2")` in any process (Gymnasium
1.x imports the module named before the colon; it no longer loads plugin entry points,
so a bare id needs the import first), which is what spawned `AsyncVectorEnv` workers
need. It passes Gymnasium's `check_env`. `gymnasium.make_vec` takes the same ids: with
vectorization_mode "sync" or "async", this env in each sub-env; for Diamoniak and Raiding
Stonehenge, "vector_entry_point" (Gymnasium's default when an id has one) builds the
batched engine's `AlbionVectorEnv` with the same spaces and masks (docs/vector.md).

The observation is the game's tensor of the seat's view (a Box in [0, 1],
docs/observations.md); the action an index of the fixed action space
(docs/action-spaces.md) or the no-op, the last index (ALL-4). The legal ones are
`info["action_mask"]` and `action_masks()` (sb3-contrib's MaskablePPO reads the method;
`gymnasium.make` returns the env unwrapped, so the method is reachable); once the episode
is over the mask holds the no-op alone, so a masked sampler over a vector env never meets
an empty mask. The other seats are bots (player specs as
`albion play` takes them: `random`, `heuristic`, `ismcts:iterations=200`) that decide from
their own views inside the Table, as chance does with the Table's generator seeded by
`reset(seed=…)`. The reward comes at the end, from ALL-1's returns ("zero-sum" by default:
a lone winner +1, each loser −1/(n − 1), a draw 0; or "returns"; for Super Camelot also
"shaped", with potential-based shaping at every step, `albion.rl.shaping`). An action that is not
legal ends the episode as a loss, reward −1, `info["illegal_action"]` set (pgx's rule: an
unmasked learner learns the rules), or raises with `illegal="raise"`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from albion.bots.registry import is_cheat, parse_players
from albion.core.errors import InvalidActionError
from albion.core.library import load_game
from albion.core.variants import VariantValue
from albion.rl import encoded
from albion.rl.encoded import IllegalPolicy, RewardScheme
from albion.table import AnyTable, Table

ILLEGAL_POLICIES: tuple[IllegalPolicy, ...] = ("lose", "raise")
RENDER_MODES = ("ansi", "human", "rgb_array")
NAMESPACE = "albion"
ILLEGAL_REWARD = -1.0
BATCHED = ("diamoniak", "raiding-stonehenge")
"""The games with a batched engine (`albion.rl.vector`): their ids carry a
`vector_entry_point`, imported only when `gymnasium.make_vec` calls it."""
VECTOR_ENTRY_POINT = "albion.rl.vector.gym_vector:vector_entry_point"
FRESH_GAMES = 100
"""`reset` deals a new game when the bots finish one before the seat's first decision
(possible, if rare, in Diamoniak: a castle drawn in one turn); it gives up after this many."""


class AlbionEnv(gymnasium.Env[npt.NDArray[Any], np.int64]):
    """One seat of an Albion game; the others are bots deciding from their views."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 - gymnasium reads it from the class
    def __init__(self, game_id: str, opponents: Sequence[str] = ("random",), seat: int = 0,
                 render_mode: str | None = None, rewards: str = "zero-sum",
                 illegal: str = "lose", **variant: VariantValue) -> None:
        self.game = load_game(game_id, **variant)
        self.variant = self.game.variant(self.game.preset)
        specs = parse_players(",".join(opponents), allow_human=False) if opponents else []
        if any(is_cheat(spec) for spec in specs):
            raise ValueError("opponents decide from their views: a cheating bot is refused")
        self.num_players = len(specs) + 1
        self.game.check_players(self.num_players)
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat}: 0 to {self.num_players - 1}")
        if illegal not in ILLEGAL_POLICIES:
            raise ValueError(f"illegal={illegal!r}: one of {', '.join(ILLEGAL_POLICIES)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode={render_mode!r}: one of {', '.join(RENDER_MODES)}")
        self.seat = seat
        self.players = [str(spec) for spec in specs]
        self.players.insert(seat, "human")
        self.scheme: RewardScheme = encoded.check_scheme(rewards, self.game)
        self.illegal = illegal
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": encoded.env_name(self.game)}
        self.observation_space = encoded.tensor_space(self.game, self.num_players)
        self.action_space: spaces.Discrete = encoded.action_space(self.game)
        self.table: AnyTable | None = None
        self._forfeited = False

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new game; the bots before the seat play their turns first."""
        super().reset(seed=seed)
        self._forfeited = False
        for _ in range(FRESH_GAMES):
            table_seed = int(self.np_random.integers(2**63))
            self.table = Table(self.game, self.players, self.variant, seed=table_seed,
                               events=False)
            self._rewards = encoded.Rewards(self.scheme, self.table)
            if not self.table.is_over():
                return self._observation(), self._info()
        raise RuntimeError(f"{FRESH_GAMES} games ended before seat {self.seat} could decide")

    def step(self, action: Any) -> tuple[npt.NDArray[np.float32], float, bool, bool,
                                         dict[str, Any]]:
        """The seat's action, then the bots and chance until the seat decides again or
        the game ends."""
        table = self._table()
        if table.is_over() or self._forfeited:
            raise RuntimeError("the episode is over: call reset()")
        try:
            chosen = encoded.decode(self.game, action)
        except InvalidActionError:
            chosen = None
        if chosen is None or chosen not in table.legal_actions(self.seat):
            if self.illegal == "raise":  # the table says why (the ruling), changing nothing
                if encoded.is_noop(self.game, action):
                    raise encoded.refuse_noop(self.seat)
                table.submit(self.seat, encoded.decode(self.game, action), table.version)
            self._forfeited = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), ILLEGAL_REWARD, True, False, info
        table.submit(self.seat, chosen, table.version)
        reward = self._rewards.step(table)[self.seat]
        return self._observation(), reward, table.is_over(), False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """True where the action is legal now (sb3-contrib's MaskablePPO convention); the
        no-op alone once the episode is over (ALL-4)."""
        return encoded.action_mask(self.game, self._table(), self.seat).astype(bool)

    def render(self) -> Any:
        """The table as a spectator sees it, as text ("ansi"), printed ("human"), or that
        text drawn as an RGB image ("rgb_array": SB3's `make_vec_env` default, video
        recorders)."""
        if self.render_mode is None:
            return None
        text = encoded.picture(self.game, self._table(), self.players)
        if self.render_mode == "human":
            print(text)
            return None
        if self.render_mode == "rgb_array":
            return encoded.picture_rgb(text)
        return text

    def _table(self) -> AnyTable:
        if self.table is None:
            raise RuntimeError("call reset() first")
        return self.table

    def _observation(self) -> npt.NDArray[np.float32]:
        table = self._table()
        tensor: npt.NDArray[np.float32] = self.game.observation_tensor(table.observe(self.seat))
        return tensor

    def _info(self) -> dict[str, Any]:
        table = self._table()
        mask = encoded.action_mask(self.game, table, self.seat)
        if self._forfeited:  # over for this seat (an illegal action), if not for the table
            mask[:] = 0
            mask[encoded.noop(self.game)] = 1
        info: dict[str, Any] = {"action_mask": mask}
        if table.is_over():
            info["end_reason"] = table.end_reason()
        return info


def env_id(game_id: str) -> str:
    """`diamoniak` → `albion/diamoniak-v2` (the adapter's version, as PettingZoo's names)."""
    return f"{NAMESPACE}/{game_id}-v{encoded.VERSION}"


def game_of(name: str) -> str:
    """The game id in `name`: a game id, a registered id (`albion/diamoniak-v2`) or a
    qualified one (`albion.rl.gymnasium:albion/diamoniak-v2`); another version is refused
    by name."""
    registered = name.rsplit(":", 1)[-1]
    if "/" not in registered:
        return registered
    namespace, _, rest = registered.partition("/")
    game_id, dash, version = rest.rpartition("-v")
    if namespace != NAMESPACE or not dash:
        raise ValueError(f"{name!r}: a game id or {env_id('GAME')}")
    if version != str(encoded.VERSION):
        raise ValueError(f"{name!r}: this adapter is {env_id(game_id)} (v2: masks gained "
                         "the no-op, ALL-4)")
    return game_id


def make(game_id: str, opponents: Sequence[str] = ("random",), seat: int = 0,
         render_mode: str | None = None, rewards: str = "zero-sum", illegal: str = "lose",
         **variant: VariantValue) -> AlbionEnv:
    """`game_id` (a game id or a registered id, as `gymnasium.make` takes it) for seat
    `seat` against `opponents` (one bot spec per other seat; the table has
    len(opponents) + 1 players) under `variant` (`max_turns=50`, …). Made through
    `gymnasium.make`, so its `spec` is set."""
    options: dict[str, Any] = {"opponents": opponents, "seat": seat, "rewards": rewards,
                               "illegal": illegal, **variant}
    env = gymnasium.make(env_id(game_of(game_id)), render_mode=render_mode, **options)
    if not isinstance(env, AlbionEnv):
        raise TypeError(f"gymnasium.make wrapped the env: {env}")
    return env


def _register() -> None:
    """`gymnasium.make("albion/diamoniak-v2", opponents=[…])`, one id per game, unwrapped
    (no order enforcing: `reset` first is checked by the env itself; no passive checker:
    `check_env` passes, tests/rl/test_gymnasium.py), so `action_masks()` is reachable;
    `gymnasium.make_vec(id, num_envs=N)` of a batched game builds `AlbionVectorEnv`."""
    from albion.core.registry import game_ids  # noqa: PLC0415 - entry points, once

    for game_id in game_ids():
        if env_id(game_id) not in gymnasium.registry:
            gymnasium.register(env_id(game_id), entry_point=f"{__name__}:AlbionEnv",
                               vector_entry_point=VECTOR_ENTRY_POINT if game_id in BATCHED
                               else None, kwargs={"game_id": game_id},
                               order_enforce=False, disable_env_checker=True)


_register()
