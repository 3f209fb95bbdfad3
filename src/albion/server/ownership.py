"""Which server process runs a table's bots and clock (PostgreSQL, several processes): the
one holding the table's advisory lock on its own connection. When a process dies, its
connection closes, its locks go, and another process claims its tables within a sweep.
With SQLite (one process) every table is this process's."""

from __future__ import annotations

import hashlib
import logging
from typing import Any

log = logging.getLogger("albion.server")


def lock_key(table_id: str) -> int:
    """A table's advisory lock key: 64 bits of its id's hash, signed as PostgreSQL wants."""
    return int.from_bytes(hashlib.sha256(f"albion:{table_id}".encode()).digest()[:8],
                          "big", signed=True)


class Ownership:
    """This process's claims, held on one PostgreSQL connection (`connect` first)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.connection: Any = None
        self.owned: set[str] = set()

    async def connect(self) -> None:
        import psycopg  # noqa: PLC0415 - PostgreSQL only

        self.owned.clear()
        self.connection = await psycopg.AsyncConnection.connect(self.url, autocommit=True)

    @property
    def connected(self) -> bool:
        return self.connection is not None and not self.connection.closed

    async def claim(self, table_id: str) -> bool:
        """Take the table if no live process holds it; True when this process does."""
        if table_id in self.owned:
            return True
        cursor = await self.connection.execute("SELECT pg_try_advisory_lock(%s)",
                                               (lock_key(table_id),))
        row = await cursor.fetchone()
        if row is not None and row[0]:
            self.owned.add(table_id)
            return True
        return False

    async def release(self, table_id: str) -> None:
        if table_id in self.owned:
            self.owned.discard(table_id)
            await self.connection.execute("SELECT pg_advisory_unlock(%s)",
                                          (lock_key(table_id),))

    async def close(self) -> None:
        if self.connection is not None:
            await self.connection.close()
