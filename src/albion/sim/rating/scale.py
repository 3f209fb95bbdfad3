"""The rating scale's constants (issue 30): openskill's, kept beside the anchors they were
calibrated with (`anchors.json`), so a number keeps its meaning. Each calibrated format
has its own `beta` (`FormatAnchors.beta`, `Anchors.scale_for`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

DISPLAY_Z = 3
"""A displayed rating is mu − 3 sigma (openskill's ordinal)."""
Update = Literal["laplace", "weng-lin"]
UPDATES: tuple[Update, ...] = ("laplace", "weng-lin")


@dataclass(frozen=True)
class Scale:
    """A newcomer's `mu` and `sigma`; `beta`, the spread of one game's performance (the
    default of a format that has not been calibrated); `tau`, the doubt added before each
    game (so ratings can follow a player who improves); `kappa`, the least share of its
    variance a rating keeps in one game (Weng–Lin's update only); `update`, how a game
    moves a rating (`model.updated`): `laplace`, this book's, or `weng-lin`, openskill's
    PlackettLuce to the last digit. openskill's defaults but the update."""

    mu: float = 25.0
    sigma: float = 25.0 / 3
    beta: float = 25.0 / 6
    tau: float = 25.0 / 300
    kappa: float = 0.0001
    update: Update = "laplace"

    def to_json_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> Scale:
        update = data.get("update", "weng-lin")  # a file of albion-rating-anchors/1
        if update not in UPDATES:
            raise ValueError(f"update {update!r}, not one of {', '.join(UPDATES)}")
        constants = {key: float(data[key]) for key in ("mu", "sigma", "beta", "tau", "kappa")}
        return cls(**constants, update=update)
