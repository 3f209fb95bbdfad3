"""Choosing a chance outcome from a uniform number: the one place randomness meets rules."""

from __future__ import annotations

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
