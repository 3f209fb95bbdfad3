"""Small statistics for reports: intervals for win rates."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (wins may be fractional for shared wins).

    The bounds always contain the observed rate: at 0 or 1 rounding would otherwise put
    the bound a hair inside it.
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))
