"""A table's time banks followed again from what is stored (issue 31): the table is
replayed decision by decision to learn who was to move after each, and each decision's
stored moment ends its seat's turn and begins the next ones'; owners taking their seats
back from the stand-in get their time again where they did. What a process computes so
after a restart, or on adopting a table from a process that died, is what the process
that ran the clock had."""

from __future__ import annotations

from collections.abc import Sequence

from albion.core.state import CHANCE
from albion.server.messages import Clock
from albion.server.time_banks import Pause, TimeBanks
from albion.table import AnyTable, Table
from albion.table.log import LogRow
from albion.table.undo import UNDO


def followed_banks(table: AnyTable, players: list[str], chance: tuple[int | None, bytes | None],
                   clock: Clock, rows: Sequence[LogRow], times: Sequence[float],
                   returns: Sequence[tuple[int, int, float]], started_at: float,
                   pauses: dict[int, list[Pause]] | None = None) -> TimeBanks:
    """The banks of `table` (its game, players and `chance`: seed, secret) from its
    stored decisions (`rows`, stored at `times`), its owners' returns ((version, seat,
    moment)) and the moment play began; `pauses` per seat (vacations)."""
    banks = TimeBanks(clock, table.num_players, pauses=dict(pauses or {}))
    seed, secret = chance
    replay = Table.from_log(table.game, players, table.variant, seed, [], secret=secret)
    back = sorted(returns)
    began = False
    pending: tuple[int, float, bool] | None = None  # a seat's decision (or take-back),
    # stepped after its chance

    def settle(before: int) -> None:
        """The pending decision stepped (its chance dealt), then the returns stored
        at versions under `before`."""
        nonlocal pending
        if pending is not None:
            banks.step(pending[1], pending[0], replay.to_move(), undo=pending[2])
            pending = None
        while back and back[0][0] < before:
            _, seat, moment = back.pop(0)
            if began:
                banks.taken_back(seat, moment)

    for row, at in zip(rows, times, strict=True):
        if row.version <= replay.version:
            continue  # chance the new table dealt itself: the same draws
        if not began and at >= started_at:
            settle(row.version)
            banks.step(started_at, None, replay.to_move())
            began = True
        if row.actor != CHANCE:
            settle(row.version)
        replay.apply_log([row])
        if began and row.actor != CHANCE:
            pending = (row.actor, at, row.action == UNDO)
    if not began:
        banks.step(started_at, None, replay.to_move())
        began = True
    settle(replay.version + 1)
    return banks
