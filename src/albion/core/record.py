"""Game records: the variant, who sat where, and every action in notation, chance
outcomes included. Replaying a record rebuilds the exact state (no seed involved)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from albion.core.errors import AlbionError, RecordError
from albion.core.game import AnyGame, AnyState
from albion.core.variants import VariantValue

RECORD_FORMAT = "albion-record/2"
"""Format 2 adds `pending`; format 1 records (no `pending`) load as they are."""
READABLE_FORMATS = ("albion-record/1", RECORD_FORMAT)


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
    pending: dict[str, str] = field(default_factory=dict)
    """Simultaneous decisions (RS-6) taken at a table but not yet applied, by seat: they
    wait for the seats before them. Not part of `actions` (nor of replays)."""

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
            "pending": dict(self.pending),
        }


def replay(game: AnyGame, record: GameRecord, upto: int | None = None) -> list[AnyState]:
    """Every state of the record, initial first (`upto` actions at most).

    A record of another version of the game's rules replays as long as its moves are
    still legal (a rules change that does not touch them does not lose the game). Raises
    RecordError naming the step that fails (and the versions, if they differ), a game
    mismatch, or returns that differ from what the record claims.
    """
    if record.format not in READABLE_FORMATS:
        raise RecordError(f"record format {record.format!r} is not one of "
                          f"{', '.join(READABLE_FORMATS)}")
    if record.game != game.id:
        raise RecordError(f"record is of game {record.game!r}, not {game.id!r}")
    versions = "" if record.game_version == game.version else (
        f" (the record is of {game.id} {record.game_version}; this Albion plays "
        f"{game.version})")
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
            raise RecordError(f"record action {index} {text!r} is refused: {error}"
                              f"{versions}") from None
        states.append(state.clone())
    if upto is None and record.returns is not None:
        if not state.is_terminal():
            raise RecordError("record claims a result but its game is not over")
        actual = state.returns()
        if len(actual) != len(record.returns) or not all(
            math.isclose(a, b, abs_tol=1e-9) for a, b in zip(actual, record.returns, strict=False)
        ):
            raise RecordError(f"record claims returns {record.returns}, replay gives {actual}"
                              f"{versions}")
    return states
