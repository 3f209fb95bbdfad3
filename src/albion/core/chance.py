"""Choosing a chance outcome from a uniform number: the one place randomness meets rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

A = TypeVar("A")


def pick_outcome(outcomes: list[tuple[A, float]], uniform: float) -> A:
    """The outcome whose cumulative probability interval holds `uniform` (0 ≤ uniform < 1)."""
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if uniform < total:
            return outcome
    return outcomes[-1][0]


def pick_count(counts: Sequence[int], uniform: float) -> int:
    """The index `pick_outcome` picks from a multiset's outcomes — `(i, counts[i] / size)`
    for each non-zero count, in index order — without building them: the same floats
    added in the same order, so the same index for every `uniform` (a game's
    `sample_chance` draws a card from its pile's counts with it)."""
    size = sum(counts)
    total, last = 0.0, -1
    for index, count in enumerate(counts):
        if count:
            total += count / size
            if uniform < total:
                return index
            last = index
    return last
