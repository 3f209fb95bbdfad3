"""A table as learning code sees it, shared by the PettingZoo and Gymnasium adapters:
spaces, observations (the game's tensor of a seat's view, `Game.observation_tensor`) with
their masks over the fixed action space and the adapter's no-op, rewards, and a picture.

The adapters' action space is the game's fixed one (docs/action-spaces.md) plus one
index, the no-op (`noop(game)`, the last): pgx's rule that no mask is ever empty. A seat
that decides now has its legal actions in its mask, never the no-op; a seat with nothing
to decide (another's turn, or the game over) has the no-op alone, so a masked sampler
never meets an empty mask (issue 34; version `_v2`, docs/observations.md).

Everything is read through the Table (the one authority): chance is its seeded draw, bots
decide from their views, and a seat's observation is built from its view alone."""

from __future__ import annotations

import io
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from albion.core.errors import IllegalActionError, InvalidActionError
from albion.core.game import AnyGame
from albion.core.registry import plugin_of
from albion.table import AnyTable

Observation = dict[str, npt.NDArray[Any]]
"""{"observation": float32 tensor, "action_mask": int8 mask} (PettingZoo's classic envs)."""
RewardScheme = Literal["zero-sum", "returns", "shaped"]
REWARD_SCHEMES: tuple[RewardScheme, ...] = ("zero-sum", "returns", "shaped")
""""shaped": "zero-sum" at the end plus Super Camelot's potential-based shaping at every
step (`albion.rl.shaping`, issue 34)."""
IllegalPolicy = Literal["raise", "lose"]


def agent_name(seat: int) -> str:
    """PettingZoo's naming: seat 0 is `player_0`."""
    return f"player_{seat}"


VERSION = 2
"""The adapters' version: 2 since the no-op index (issue 34; 1 had all-zero masks)."""


def env_name(game: AnyGame) -> str:
    """`diamoniak_v2`: the id with underscores, and the adapter's version."""
    return f"{game.id.replace('-', '_')}_v{VERSION}"


def noop(game: AnyGame) -> int:
    """The no-op's index: right after the game's fixed action space."""
    return game.num_distinct_actions


def num_actions(game: AnyGame) -> int:
    """The adapters' action count: the game's fixed space and the no-op."""
    return game.num_distinct_actions + 1


def tensor_space(game: AnyGame, num_players: int) -> spaces.Box:
    """Box(0, 1) of the game's observation shape: every layout keeps values in [0, 1]."""
    return spaces.Box(0.0, 1.0, game.observation_shape(num_players), np.float32)


def mask_space(game: AnyGame) -> spaces.Box:
    return spaces.Box(0, 1, (num_actions(game),), np.int8)


def action_space(game: AnyGame) -> spaces.Discrete:
    return spaces.Discrete(num_actions(game))


def observation_space(game: AnyGame, num_players: int) -> spaces.Dict:
    return spaces.Dict({"observation": tensor_space(game, num_players),
                        "action_mask": mask_space(game)})


def action_mask(game: AnyGame, table: AnyTable, seat: int) -> npt.NDArray[np.int8]:
    """1 at the index of each action `seat` may take now; the no-op alone when it has
    none (another's turn, or the game over)."""
    mask = np.zeros(num_actions(game), dtype=np.int8)
    legal = table.legal_actions(seat) if not table.is_over() else []
    for action in legal:
        mask[game.action_index(action)] = 1
    if not legal:
        mask[noop(game)] = 1
    return mask


def is_noop(game: AnyGame, index: Any) -> bool:
    """Whether `index` is the no-op (None counts as one: PettingZoo's dead step)."""
    if index is None:
        return True
    try:
        return int(index) == noop(game)
    except (TypeError, ValueError):
        return False


def refuse_noop(seat: int) -> IllegalActionError:
    """ALL-4: the no-op from a seat that decides now, which has legal actions."""
    return IllegalActionError("ALL-4", f"seat {seat} decides now: the no-op is only for a "
                                       "seat with nothing to decide")


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
    """ALL-1's returns (summing to 1) as rewards. "returns": as they are. "zero-sum" (and
    "shaped", whose shaping comes on top): centred and scaled to n/(n − 1) × (share −
    1/n): a lone winner +1, each loser −1/(n − 1), a shared win in between, a draw 0
    each; they sum to 0."""
    if scheme == "returns":
        return list(returns)
    n = len(returns)
    return [n / (n - 1) * (value - 1 / n) for value in returns]


def check_scheme(scheme: str, game: AnyGame) -> RewardScheme:
    if scheme not in REWARD_SCHEMES:
        raise ValueError(f"rewards={scheme!r}: one of {', '.join(REWARD_SCHEMES)}")
    if scheme == "shaped":
        from albion.rl.shaping import check_shaped  # noqa: PLC0415 - Super Camelot only

        check_shaped(game)
    return scheme


class Rewards:
    """A table's rewards step by step under a scheme: 0 until the end, then the outcome;
    with "shaped", each step's shaping on top (`albion.rl.shaping.Shaper`)."""

    def __init__(self, scheme: RewardScheme, table: AnyTable) -> None:
        self.scheme = scheme
        self.shaper = None
        if scheme == "shaped":
            from albion.rl.shaping import Shaper  # noqa: PLC0415

            self.shaper = Shaper(table)

    def step(self, table: AnyTable) -> list[float]:
        """Each seat's reward for what happened since the last call."""
        returns = table.returns()
        values = [0.0] * table.num_players if returns is None else rewards(
            returns, self.scheme)
        if self.shaper is not None:
            values = [value + shaped for value, shaped in zip(
                values, self.shaper.step(table), strict=True)]
        return values


def picture_rgb(text: str) -> npt.NDArray[np.uint8]:
    """`text` drawn in a monospace font, as an (height, width, 3) uint8 image."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415 - on render
    from matplotlib.figure import Figure  # noqa: PLC0415

    lines = text.splitlines() or [""]
    width = max(20, *(len(line) for line in lines))
    figure = Figure(figsize=(width * 0.075, len(lines) * 0.16 + 0.2), dpi=100)
    canvas = FigureCanvasAgg(figure)
    figure.text(0.01, 0.99, text, family="monospace", fontsize=8, va="top")
    canvas.draw()  # type: ignore[no-untyped-call]  # matplotlib's Agg canvas is untyped
    rgba = canvas.buffer_rgba()  # type: ignore[no-untyped-call]
    return np.ascontiguousarray(np.asarray(rgba)[:, :, :3])


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
