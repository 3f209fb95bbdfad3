"""The protocol's schemas in docs/protocol/ are the ones the code generates
(`albion schema` rewrites them)."""

from __future__ import annotations

import json
from pathlib import Path

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
