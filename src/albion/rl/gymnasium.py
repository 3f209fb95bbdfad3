"""A Gymnasium env for one seat of an Albion game against Albion's bots:
`make("diamoniak", opponents=["heuristic"], seat=0, **variant)`. It passes Gymnasium's
`check_env`.

The observation is the game's tensor of the seat's view (a Box in [0, 1],
docs/observations.md); the action an index of the fixed action space
(docs/action-spaces.md). The legal ones are `info["action_mask"]` and `action_masks()`
(sb3-contrib's MaskablePPO reads the method). The other seats are bots (player specs as
`albion play` takes them: `random`, `heuristic`, `ismcts:iterations=200`) that decide from
their own views inside the Table, as chance does with the Table's generator seeded by
`reset(seed=…)`. The reward comes at the end, from ALL-1's returns ("zero-sum" by default:
a lone winner +1, each loser −1/(n − 1), a draw 0; or "returns"). An action that is not
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
ILLEGAL_REWARD = -1.0
FRESH_GAMES = 100
"""`reset` deals a new game when the bots finish one before the seat's first decision
(possible, if rare, in Diamoniak: a castle drawn in one turn); it gives up after this many."""


class AlbionEnv(gymnasium.Env[npt.NDArray[Any], np.int64]):
    """One seat of an Albion game; the others are bots deciding from their views."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012 - gymnasium reads it from the class
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
        if render_mode is not None and render_mode not in ("ansi", "human"):
            raise ValueError(f"render_mode={render_mode!r}: ansi or human")
        self.seat = seat
        self.players = [str(spec) for spec in specs]
        self.players.insert(seat, "human")
        self.scheme: RewardScheme = encoded.check_scheme(rewards)
        self.illegal = illegal
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": encoded.env_name(self.game)}
        self.observation_space = encoded.tensor_space(self.game, self.num_players)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
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
                table.submit(self.seat, encoded.decode(self.game, action), table.version)
            self._forfeited = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), ILLEGAL_REWARD, True, False, info
        table.submit(self.seat, chosen, table.version)
        reward = 0.0
        returns = table.returns()
        if returns is not None:
            reward = encoded.rewards(returns, self.scheme)[self.seat]
        return self._observation(), reward, table.is_over(), False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """True where the action is legal now (sb3-contrib's MaskablePPO convention)."""
        return encoded.action_mask(self.game, self._table(), self.seat).astype(bool)

    def render(self) -> str | None:
        """The table as a spectator sees it, as text ("ansi"), or printed ("human")."""
        if self.render_mode is None:
            return None
        text = encoded.picture(self.game, self._table(), self.players)
        if self.render_mode == "human":
            print(text)
            return None
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
        info: dict[str, Any] = {"action_mask": encoded.action_mask(self.game, table, self.seat)}
        if table.is_over():
            info["end_reason"] = table.end_reason()
        return info


def make(game_id: str, opponents: Sequence[str] = ("random",), seat: int = 0,
         render_mode: str | None = None, rewards: str = "zero-sum", illegal: str = "lose",
         **variant: VariantValue) -> AlbionEnv:
    """`game_id` for seat `seat` against `opponents` (one bot spec per other seat; the
    table has len(opponents) + 1 players) under `variant` (`max_turns=50`, …)."""
    return AlbionEnv(game_id, opponents, seat, render_mode, rewards, illegal, **variant)


def _register() -> None:
    """`gymnasium.make("albion/diamoniak-v1", opponents=[…])`, one id per game (the
    adapter's version, like the PettingZoo names)."""
    from albion.core.registry import game_ids  # noqa: PLC0415 - entry points, once

    for game_id in game_ids():
        env_id = f"albion/{game_id}-v1"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:AlbionEnv",
                               kwargs={"game_id": game_id})


_register()
