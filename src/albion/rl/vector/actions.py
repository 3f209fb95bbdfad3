"""The check of the actions a batched step is given (issue 34), shared by both engines:
one integer per game, inside the action space and legal now; else ValueError naming the
first game that is not, and nothing is applied."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt


def checked_actions(legal_mask: npt.NDArray[np.bool_], phase: npt.NDArray[np.integer],
                    actions: npt.ArrayLike, size: int, phase_name: Callable[[int], str],
                    where: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.int32]:
    """The actions as int32 (games outside `where` read as 0 and are not checked)."""
    chosen = np.asarray(actions)
    if chosen.shape != phase.shape or not np.issubdtype(chosen.dtype, np.integer):
        raise ValueError(f"actions: {phase.shape[0]} integers, one per game")
    chosen = chosen.astype(np.int32)
    if where is not None:
        chosen = np.where(where, chosen, 0).astype(np.int32)
    outside = (chosen < 0) | (chosen >= size)
    if outside.any():
        game = int(np.flatnonzero(outside)[0])
        raise ValueError(f"game {game}: action {chosen[game]} is outside 0–{size - 1}")
    legal = legal_mask[np.arange(chosen.size), chosen]
    if where is not None:
        legal |= ~where
    if not legal.all():
        game = int(np.flatnonzero(~legal)[0])
        raise ValueError(f"game {game}: action {chosen[game]} is not legal now "
                         f"(phase {phase_name(int(phase[game]))})")
    return chosen
