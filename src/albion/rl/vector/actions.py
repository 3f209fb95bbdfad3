"""The actions a batched step is given and the masks it shows (issue 34), shared by both
engines.

One convention on every public face (ALL-4, as the single-game `-v2` envs): the space is
the game's fixed one (docs/action-spaces.md) and one index after it, the no-op; a game
whose seat decides has its legal actions, never the no-op; a game that is over has the
no-op alone. `adapter_masks` builds these masks from the engine's working mask (the
batch's `legal_action_mask`: the fixed space only, pgx's all True once over — what the
step's own check and a fast sampler read; docs/vector.md)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt


def adapter_masks(legal_mask: npt.NDArray[np.bool_], over: npt.NDArray[np.bool_]
                  ) -> npt.NDArray[np.bool_]:
    """ALL-4's masks, (B, size + 1): the legal actions of each game still playing, the
    no-op (the last index) alone for a game that is over."""
    batch, size = legal_mask.shape
    by_action = np.empty((size + 1, batch), dtype=bool)  # the engines' layout: an action's
    by_action[:size] = legal_mask.T  # games contiguous (a row-major copy costs 20% of a step)
    by_action[size] = over
    ended = np.flatnonzero(over)
    if ended.size:
        by_action[:size, ended] = False
    return by_action.T


def checked_actions(legal_mask: npt.NDArray[np.bool_], phase: npt.NDArray[np.integer],
                    over: npt.NDArray[np.bool_], actions: npt.ArrayLike, size: int,
                    phase_name: Callable[[int], str],
                    where: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.int32]:
    """The actions as int32 (games outside `where` read as 0 and are not checked); else
    ValueError naming the first game that is not legal, and nothing is applied. The
    no-op (`size`) is taken from a game that is over (ignored, as any action there) and
    refused from one that decides (ALL-4)."""
    chosen = np.asarray(actions)
    if chosen.shape != phase.shape or not np.issubdtype(chosen.dtype, np.integer):
        raise ValueError(f"actions: {phase.shape[0]} integers, one per game")
    chosen = chosen.astype(np.int32)
    if where is not None:
        chosen = np.where(where, chosen, 0).astype(np.int32)
    outside = (chosen < 0) | (chosen > size)
    if outside.any():
        game = int(np.flatnonzero(outside)[0])
        raise ValueError(f"game {game}: action {chosen[game]} is outside 0–{size} "
                         f"({size}: the no-op, ALL-4)")
    noop = chosen == size
    legal = legal_mask[np.arange(chosen.size), np.minimum(chosen, size - 1)]
    if noop.any():
        legal = np.where(noop, over, legal)
    if where is not None:
        legal |= ~where
    if not legal.all():
        game = int(np.flatnonzero(~legal)[0])
        if noop[game]:
            raise ValueError(f"game {game}: the no-op ({size}) is only for a game that is "
                             f"over (ALL-4); this one decides (phase "
                             f"{phase_name(int(phase[game]))})")
        raise ValueError(f"game {game}: action {chosen[game]} is not legal now "
                         f"(phase {phase_name(int(phase[game]))})")
    return chosen
