"""AnyGame records: the variant, who sat where, and every action in notation, chance
outcomes included. Replaying a record rebuilds the exact state (no seed involved)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from albion.core.errors import AlbionError, RecordError
from albion.core.game import AnyGame, AnyState
from albion.core.variants import VariantValue

RECORD_FORMAT = "albion-record/1"


@dataclass(frozen=True)
class GameRecord:
    """One game, as saved by `albion play --save` and replayed by `albion replay`."""

    game: str
    game_version: str
    variant: dict[str, VariantValue]
    seats: list[str]
    actions: list[str]
    returns: list[float] | None = None
    """Set once the game is over; replay checks it."""
    format: str = RECORD_FORMAT
    meta: dict[str, str] = field(default_factory=dict)

    @property
    def is_finished(self) -> bool:
        return self.returns is not None

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "game": self.game,
            "game_version": self.game_version,
            "variant": dict(self.variant),
            "seats": list(self.seats),
            "actions": list(self.actions),
            "returns": None if self.returns is None else list(self.returns),
            "meta": dict(self.meta),
        }


def replay(game: AnyGame, record: GameRecord, upto: int | None = None) -> list[AnyState]:
    """Every state of the record, initial first (`upto` actions at most).

    Raises RecordError naming the step that fails, a version or game mismatch, or
    returns that differ from what the record claims.
    """
    if record.format != RECORD_FORMAT:
        raise RecordError(f"record format {record.format!r} is not {RECORD_FORMAT!r}")
    if record.game != game.id:
        raise RecordError(f"record is of game {record.game!r}, not {game.id!r}")
    if record.game_version != game.version:
        raise RecordError(
            f"record is of {game.id} version {record.game_version}; "
            f"this Albion plays version {game.version}"
        )
    try:
        variant = game.variant(record.variant)
        state = game.new_state(len(record.seats), variant)
    except AlbionError as error:
        raise RecordError(f"record cannot start: {error}") from None
    states = [state.clone()]
    actions = record.actions if upto is None else record.actions[:upto]
    for index, text in enumerate(actions, start=1):
        try:
            state.apply(game.parse_action(state, text))
        except AlbionError as error:
            raise RecordError(f"record action {index} {text!r} is refused: {error}") from None
        states.append(state.clone())
    if upto is None and record.returns is not None:
        if not state.is_terminal():
            raise RecordError("record claims a result but its game is not over")
        actual = state.returns()
        if len(actual) != len(record.returns) or not all(
            math.isclose(a, b, abs_tol=1e-9) for a, b in zip(actual, record.returns, strict=False)
        ):
            raise RecordError(f"record claims returns {record.returns}, replay gives {actual}")
    return states
