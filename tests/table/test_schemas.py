"""The protocol's schemas in docs/protocol/ — the table's and the server's — are the ones
the code generates (`albion schema` rewrites them)."""

from __future__ import annotations

import json
from pathlib import Path

from albion.cli.server_schema import SERVER_SCHEMA, server_schema
from albion.core import all_plugins
from albion.table.schemas import schemas

SCHEMAS = Path(__file__).parents[2] / "docs" / "protocol"
BUILT_IN = "albion.games."


def test_docs_protocol_schemas_are_current() -> None:
    generated = schemas()
    built_in = {f"{p.id}.view.schema.json" for p in all_plugins()
                if type(p.game).__module__.startswith(BUILT_IN)}
    for name in sorted(built_in | {"events.schema.json"}):
        stored = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
        assert stored == generated[name], f"{name} is stale: run `albion schema`"


def test_docs_protocol_server_schema_is_current() -> None:
    """The server's wire models (generated in the CLI: the table may not import the
    server)."""
    stored = json.loads((SCHEMAS / SERVER_SCHEMA).read_text(encoding="utf-8"))
    assert stored == server_schema(), f"{SERVER_SCHEMA} is stale: run `albion schema`"
