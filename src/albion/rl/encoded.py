"""A table as learning code sees it, shared by the PettingZoo and Gymnasium adapters:
spaces, observations (the game's tensor of a seat's view, `Game.observation_tensor`) with
their masks over the fixed action space, rewards, and a text picture.

Everything is read through the Table (the one authority): chance is its seeded draw, bots
decide from their views, and a seat's observation is built from its view alone."""

from __future__ import annotations

import io
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from albion.core.errors import InvalidActionError
from albion.core.game import AnyGame
from albion.core.registry import plugin_of
from albion.table import AnyTable

Observation = dict[str, npt.NDArray[Any]]
"""{"observation": float32 tensor, "action_mask": int8 mask} (PettingZoo's classic envs)."""
RewardScheme = Literal["zero-sum", "returns"]
REWARD_SCHEMES: tuple[RewardScheme, ...] = ("zero-sum", "returns")
IllegalPolicy = Literal["raise", "lose"]


def agent_name(seat: int) -> str:
    """PettingZoo's naming: seat 0 is `player_0`."""
    return f"player_{seat}"


def env_name(game: AnyGame) -> str:
    """`diamoniak_v1`: the id with underscores, and the adapter's version."""
    return f"{game.id.replace('-', '_')}_v1"


def tensor_space(game: AnyGame, num_players: int) -> spaces.Box:
    """Box(0, 1) of the game's observation shape: every layout keeps values in [0, 1]."""
    return spaces.Box(0.0, 1.0, game.observation_shape(num_players), np.float32)


def mask_space(game: AnyGame) -> spaces.Box:
    return spaces.Box(0, 1, (game.num_distinct_actions,), np.int8)


def observation_space(game: AnyGame, num_players: int) -> spaces.Dict:
    return spaces.Dict({"observation": tensor_space(game, num_players),
                        "action_mask": mask_space(game)})


def action_mask(game: AnyGame, table: AnyTable, seat: int) -> npt.NDArray[np.int8]:
    """1 at the index of each action `seat` may take now (all 0 when it may not decide)."""
    mask = np.zeros(game.num_distinct_actions, dtype=np.int8)
    for action in table.legal_actions(seat):
        mask[game.action_index(action)] = 1
    return mask


def observe(game: AnyGame, table: AnyTable, seat: int) -> Observation:
    """The seat's tensor, from its view only, and its mask."""
    return {"observation": game.observation_tensor(table.observe(seat)),
            "action_mask": action_mask(game, table, seat)}


def decode(game: AnyGame, index: Any) -> Any:
    """The action at `index` in the fixed space (InvalidActionError outside it)."""
    space = game.action_space
    if space is None:
        raise NotImplementedError(f"{game.name} has no fixed action space")
    try:
        position = int(index)
    except (TypeError, ValueError):
        raise InvalidActionError(f"{index!r} is not an action index") from None
    return space.at(position)


def rewards(returns: list[float], scheme: RewardScheme) -> list[float]:
    """ALL-1's returns (summing to 1) as rewards. "returns": as they are. "zero-sum":
    centred and scaled to n/(n − 1) × (share − 1/n): a lone winner +1, each loser
    −1/(n − 1), a shared win in between, a draw 0 each; they sum to 0."""
    if scheme == "returns":
        return list(returns)
    n = len(returns)
    return [n / (n - 1) * (value - 1 / n) for value in returns]


def check_scheme(scheme: str) -> RewardScheme:
    if scheme not in REWARD_SCHEMES:
        raise ValueError(f"rewards={scheme!r}: one of {', '.join(REWARD_SCHEMES)}")
    return scheme


def picture(game: AnyGame, table: AnyTable, names: list[str]) -> str:
    """The table as a spectator sees it, in plain text (the terminal's picture; no
    secret of any seat)."""
    from rich.console import Console  # noqa: PLC0415 - only when rendering

    render = plugin_of(game).load_renderer()
    view = table.observe(None)
    if render is None:
        return repr(view)
    console = Console(width=100, color_system=None, record=True, file=io.StringIO())
    console.print(render(view, names))
    return console.export_text().rstrip()
