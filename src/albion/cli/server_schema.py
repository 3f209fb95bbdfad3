"""The JSON Schema of the online server's wire models (`albion.server.messages`), written
beside the table protocol's schemas by `albion schema` as `server.schema.json`
(docs/protocol/server.md describes the contract; a test checks the file is current).

It lives in the CLI because the layers put the server above the table: the table's own
schema writer (`albion.table.schemas`) may not import the server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter
from pydantic.json_schema import JsonSchemaMode

from albion.server.account_messages import (
    AccountInfo,
    AccountTable,
    Credentials,
    Invitation,
    KeepSeats,
    KeptSeats,
    Offer,
)
from albion.server.learn_routes import LearnMove, LearnPlace
from albion.server.messages import (
    ClientMessage,
    CreatedTable,
    CreateTable,
    ErrorBody,
    TableSummary,
)

SERVER_SCHEMA = "server.schema.json"

MODELS: list[tuple[str, JsonSchemaMode, Any]] = [
    ("CreateTable", "validation", CreateTable),  # what POST /api/tables takes
    ("CreatedTable", "serialization", CreatedTable),  # what it answers (and a rematch)
    ("TableSummary", "serialization", TableSummary),  # GET /api/tables[/{id}]
    ("ErrorBody", "serialization", ErrorBody),  # every HTTP refusal
    ("ClientMessage", "validation", ClientMessage),  # a frame a client sends on /ws/tables/{id}
    ("Credentials", "validation", Credentials),  # POST /api/account/signup, /signin (issue 30)
    ("AccountInfo", "serialization", AccountInfo),  # their answer, GET /api/account
    ("KeepSeats", "validation", KeepSeats),  # POST /api/account/seats
    ("KeptSeats", "serialization", KeptSeats),  # its answer
    ("Offer", "validation", Offer),  # POST /api/tables/{id}/offer
    ("AccountTable", "serialization", AccountTable),  # GET /api/account/tables
    ("Invitation", "serialization", Invitation),  # GET /api/account/invitations
    ("LearnMove", "validation", LearnMove),  # POST /api/learn/{game}/steps/{n} (issue 32)
    ("LearnPlace", "validation", LearnPlace),  # POST …/steps/{n}/why-not (issue 32)
]


def server_schema() -> dict[str, Any]:
    """One schema whose `$defs` hold each wire model: the lobby's bodies, and
    `ClientMessage` (the WebSocket frames a client may send, by their `type`)."""
    refs, schema = TypeAdapter.json_schemas(
        [(name, mode, TypeAdapter(model)) for name, mode, model in MODELS])
    defs: dict[str, Any] = schema.get("$defs", {})
    for name, mode, _ in MODELS:
        ref = refs[(name, mode)]
        if ref != {"$ref": f"#/$defs/{name}"}:  # a union (ClientMessage) gets its own def
            defs[name] = ref
    return {
        "title": "Albion server wire models",
        "description": "The online server's HTTP bodies and client WebSocket messages "
        "(docs/protocol/server.md); each is one of `$defs`: " + ", ".join(
            name for name, _, _ in MODELS) + ".",
        "$defs": defs,
    }


def write_server_schema(folder: Path) -> Path:
    """Write `server.schema.json` to `folder`; its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SERVER_SCHEMA
    path.write_text(json.dumps(server_schema(), indent=1, sort_keys=True) + "\n",
                    encoding="utf-8")
    return path
