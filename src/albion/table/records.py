"""A table's record, written and read (issue 26): the actions in the engine's order, with
simultaneous decisions taken ahead of their turn put back in place (RS-6) or left
`pending`; read back as the log rows that replay it, each checked as it is read."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from albion.core.errors import AlbionError, RecordError
from albion.core.game import AnyGame
from albion.core.record import READABLE_FORMATS, GameRecord
from albion.core.variants import Variant
from albion.table.decisions import decision_state
from albion.table.log import LogRow, Step

SECRET_CHANCE = "secret"
"""A record's `meta["chance"]` when its table was dealt from a secret."""


def write_record(game: AnyGame, num_players: int, variant: Variant, seats: Sequence[str],
                 steps: Iterable[Step], returns: list[float] | None,
                 meta: dict[str, str]) -> GameRecord:
    """The record of a game replayed as `steps` (its log's replay): every action in the
    engine's order, an early simultaneous decision at its turn, or `pending` while the
    seats before it have not decided."""
    state = game.new_state(num_players, variant)
    texts: list[str] = []
    early: dict[int, Any] = {}
    for step in steps:
        if step.actor is None:
            break
        actor, action = step.actor, step.action
        if actor >= 0 and actor != state.current_player():
            early[actor] = action
            continue
        texts.append(game.action_text(state, action))
        state.apply_legal(action)
        while (mover := state.current_player()) in early:
            texts.append(game.action_text(state, early[mover]))
            state.apply_legal(early.pop(mover))
    pending = {str(seat): game.action_text(state, action)
               for seat, action in sorted(early.items())}
    return GameRecord(game.id, game.version, variant.as_dict(), list(seats), texts, returns,
                      meta=meta, pending=pending)


def check_format(record: GameRecord) -> None:
    if record.format not in READABLE_FORMATS:
        raise RecordError(f"record format {record.format!r} is not one of "
                          f"{', '.join(READABLE_FORMATS)}")


def seed_of(record: GameRecord) -> int:
    """The seed a record's chance was drawn from (0 for a record with none)."""
    seed_text = record.meta.get("seed", "0")
    if not seed_text.isdigit():
        raise RecordError(f"record seed {seed_text!r} is not a number")
    return int(seed_text)


def dealt_from_secret(record: GameRecord) -> bool:
    """Whether the record's table was dealt from a secret it does not hold."""
    return record.meta.get("chance") == SECRET_CHANCE and "seed" not in record.meta


def record_rows(game: AnyGame, num_players: int, variant: Variant,
                record: GameRecord) -> list[LogRow]:
    """The log rows that replay `record`, each action checked where it is taken:
    RecordError names the first that no longer replays (`record action 3 'x' is
    refused: …`), or a waiting decision that is not a simultaneous one."""
    state = game.new_state(num_players, variant)
    rows: list[LogRow] = []
    for index, text in enumerate(record.actions, start=1):
        try:
            action = game.parse_action(state, text)
            if action not in state.legal_actions():
                raise state.explain_illegal(action)
        except AlbionError as error:
            raise RecordError(f"record action {index} {text!r} is refused: {error}") from None
        actor = state.current_player()
        rows.append(LogRow(index, actor, game.action_text(state, action)))
        state.apply_legal(action)
    for seat_text, text in sorted(record.pending.items()):
        seat = int(seat_text) if seat_text.isdigit() else -1
        if seat not in state.decision_seats() or seat == state.current_player():
            raise RecordError(f"record's waiting decision of seat {seat_text!r} is not "
                              "a simultaneous decision of its position")
        deciding = decision_state(state, seat)
        try:
            action = game.parse_action(deciding, text)
            if deciding.refusal(action) is not None:
                raise deciding.explain_illegal(action)
        except AlbionError as error:
            raise RecordError(f"record's waiting decision {text!r} is refused: "
                              f"{error}") from None
        rows.append(LogRow(len(rows) + 1, seat, game.action_text(deciding, action)))
        state.apply_for(seat, action)
    return rows
