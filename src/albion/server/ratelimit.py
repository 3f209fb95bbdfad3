"""A connection's message rate: a token bucket (lichess caps each socket's messages)."""

from __future__ import annotations

import time


class TokenBucket:
    """`rate` messages a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.capacity = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def seconds_to_next(self) -> float:
        """How long until `take` succeeds again (0 when it would now)."""
        self._refill()
        if self.tokens >= 1:
            return 0.0
        return (1 - self.tokens) / self.rate if self.rate > 0 else float("inf")

    def is_full(self) -> bool:
        """Refilled to its burst: the same as a new bucket."""
        self._refill()
        return self.tokens >= self.capacity

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
