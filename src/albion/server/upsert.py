"""One row written whether or not its key is there already, on SQLite and PostgreSQL
alike (`INSERT … ON CONFLICT DO UPDATE`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Table
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from albion.server.store import Store


def upsert(store: Store, table: Table, values: dict[str, Any], key: Sequence[str]) -> None:
    """Insert `values` into `table`, or update the row with the same `key` columns."""
    insert = sqlite_insert if store.is_sqlite else postgres_insert
    statement = insert(table).values(**values)
    statement = statement.on_conflict_do_update(
        index_elements=list(key), set_={name: value for name, value in values.items()
                                        if name not in key})
    with store.transaction() as db:
        db.execute(statement)
