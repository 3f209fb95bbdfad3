"""Chance for the batched engines: one numpy Generator per batch, or a script of the
outcomes some other engine used (the chance-outcome injection path the exactness check
replays the Python engine's games through).

Chance is never observed: a seat's tensor holds the pile's counts (DI-11) or the deck's
size (RS-18), never what the script or the generator will give next.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.integer[Any]]
"""Counts, seats and phases: int8 where they fit (copies and steps 4× lighter), int32 else."""


def generator(seed: int | np.random.Generator | None) -> np.random.Generator:
    """A Generator from a seed (or the Generator itself): the batch's one chance stream."""
    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(seed)


def pick_from_counts(counts: IntArray, uniform: npt.NDArray[np.float64]) -> IntArray:
    """Per row, the kind a uniform draw from the multiset `counts` (rows of counts by
    kind) gives: kind k with probability counts[k] / total, as `pick_count` gives it in the
    Python engine (DI-11's pile, RS-3's deck: a multiset, never an order)."""
    total = counts.sum(axis=1)
    target = (uniform * total).astype(counts.dtype)
    picked = np.zeros(counts.shape[0], dtype=np.int32)
    running = counts[:, 0].copy()
    for kind in range(1, counts.shape[1]):  # columns, not a strided cumsum: 4× faster
        picked += running <= target
        running += counts[:, kind]
    return picked


@dataclass(slots=True)
class Script:
    """Outcomes to give in order, per game: `outcomes[game, k]` is the k-th chance outcome
    of that game (a card revealed, a seat drawn first), `at[game]` how many were used.
    A game that needs more outcomes than its row holds is refused (ValueError)."""

    outcomes: IntArray
    at: IntArray

    @classmethod
    def of(cls, outcomes: npt.ArrayLike) -> Script:
        rows = np.asarray(outcomes, dtype=np.int32)
        if rows.ndim != 2:
            raise ValueError("a chance script is a (batch, outcomes) array")
        return cls(rows, np.zeros(rows.shape[0], dtype=np.int32))

    def take(self, games: npt.NDArray[np.intp]) -> IntArray:
        """The next outcome of each of `games`, consumed."""
        at = self.at[games]
        if at.size and int(at.max()) >= self.outcomes.shape[1]:
            raise ValueError("the chance script ran out of outcomes")
        self.at[games] = at + 1
        return self.outcomes[games, at]

    def copy(self) -> Script:
        return Script(self.outcomes, self.at.copy())
