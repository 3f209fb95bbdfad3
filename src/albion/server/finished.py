"""Finished games' records and replays, kept ready in few bytes (issue 25: each replay
cached the spectator's view at every version as Python objects — 33 MiB for one long
game — and every table asked for stayed loaded).

A finished game never changes, so its record and replay are written once, as gzip JSON,
one view at a time (a replay is never whole in memory), from the loaded table or a table
rebuilt for the purpose and dropped after. The compressed bytes are kept, all tables
together, within a byte budget; the least recently asked for go first."""

from __future__ import annotations

import asyncio
import gzip
import json
import zlib
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from albion.table import AnyTable

LEVEL = 6
"""gzip's level: a replay of a long game shrinks about eighty times."""


@dataclass(frozen=True)
class Written:
    """A finished table's record and replay, each gzip-compressed JSON."""

    record: bytes
    replay: bytes

    @property
    def size(self) -> int:
        return len(self.record) + len(self.replay)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


SHOWN = "ALL-2"
"""The ruling by which a finished game's replay shows what each seat held."""


def replay_pieces(table_id: str, table: AnyTable, names: dict[int, str]) -> Iterator[str]:
    """The replay's JSON text in pieces (`{"table", "game", "names", "geometry", "shown",
    "steps": [VIEW…], "events": […]}`): one view at a time. Each step is the spectator's
    view with every seat's own part as that seat saw it (`Table.replay_views`, ALL-2):
    the game is over."""
    yield (f'{{"table":{_dumps(table_id)},"game":{_dumps(table.game.id)},'
           f'"names":{_dumps({str(seat): name for seat, name in names.items()})},'
           f'"geometry":{_dumps(table.geometry())},"shown":{_dumps(SHOWN)},"steps":[')
    for index, view in enumerate(table.replay_views()):
        yield ("," if index else "") + _dumps(view)
    yield '],"events":' + _dumps([entry.to_json() for entry in table.events_for(None)])
    yield "}"


def compress(pieces: Iterator[str]) -> bytes:
    """gzip of the pieces' UTF-8, written as they come."""
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    out = [packer.compress(piece.encode()) for piece in pieces]
    out.append(packer.flush())
    return b"".join(out)


def write(table_id: str, table: AnyTable, names: dict[int, str]) -> Written:
    """A finished table's record and replay, compressed."""
    record = compress(iter([_dumps(table.record().to_json_dict())]))
    return Written(record, compress(replay_pieces(table_id, table, names)))


def unpacked(data: bytes) -> bytes:
    """For a client that takes no gzip."""
    return gzip.decompress(data)


class FinishedGames:
    """The written records and replays, least recently used first, within `budget`
    bytes; one table written at a time (the memory it takes is one table's)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.kept: OrderedDict[str, Written] = OrderedDict()
        self.bytes = 0
        self.writing = asyncio.Lock()

    def get(self, table_id: str) -> Written | None:
        found = self.kept.get(table_id)
        if found is not None:
            self.kept.move_to_end(table_id)
        return found

    def keep(self, table_id: str, written: Written) -> None:
        """Keep `written` (unless it alone is over the budget), dropping the least
        recently asked for until all fit."""
        if table_id in self.kept:
            self.bytes -= self.kept.pop(table_id).size
        if written.size > self.budget:
            return
        self.kept[table_id] = written
        self.bytes += written.size
        while self.bytes > self.budget:
            _, dropped = self.kept.popitem(last=False)
            self.bytes -= dropped.size
