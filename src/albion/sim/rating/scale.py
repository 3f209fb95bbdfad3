"""The rating scale's constants (issue 30): openskill's, kept beside the anchors they were
calibrated with (`anchors.json`), so a number keeps its meaning."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

DISPLAY_Z = 3
"""A displayed rating is mu − 3 sigma (openskill's ordinal)."""


@dataclass(frozen=True)
class Scale:
    """openskill's PlackettLuce defaults: a newcomer's `mu` and `sigma`; `beta`, the spread
    of one game's performance; `tau`, the doubt added before each game (so ratings can
    follow a player who improves); `kappa`, the least share of its variance a rating
    keeps in one game."""

    mu: float = 25.0
    sigma: float = 25.0 / 3
    beta: float = 25.0 / 6
    tau: float = 25.0 / 300
    kappa: float = 0.0001

    def to_json_dict(self) -> dict[str, float]:
        return asdict(self)

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> Scale:
        return cls(**{key: float(data[key]) for key in ("mu", "sigma", "beta", "tau",
                                                           "kappa")})
