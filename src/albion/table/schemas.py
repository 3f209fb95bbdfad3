"""JSON Schemas of the table protocol, one file per game view plus the events, written to
`docs/protocol/` by `albion schema` (a test checks the files there are current)."""

from __future__ import annotations

import dataclasses
import json
import typing
from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict, Field, create_model

from albion.core.events import Event
from albion.core.registry import all_plugins
from albion.table.protocol import PROTOCOL, WordsValue
from albion.table.views import view_model


def event_kinds() -> list[type[Event]]:
    """Every event type the registered games (and the table) can emit: loading the
    plug-ins imports the games, which define their kinds beside their rules."""
    all_plugins()
    found: dict[tuple[str, str], type[Event]] = {}
    pending = list(Event.__subclasses__())
    while pending:  # a slotted dataclass leaves its first draft among the subclasses too
        kind = pending.pop(0)
        if dataclasses.is_dataclass(kind) and "__slots__" in vars(kind):
            found[(kind.__module__, kind.__qualname__)] = kind
        pending += kind.__subclasses__()
    return sorted(found.values(), key=lambda kind: (kind.__module__, kind.kind))


def event_schema() -> dict[str, Any]:
    """One schema for every event as sent: `{"type", "version", "text", "words"?,
    …fields}`."""
    models = []
    for kind in event_kinds():
        hints = typing.get_type_hints(kind)
        fields: dict[str, Any] = {
            "type": (Literal[kind.kind], ...),
            "version": (int, Field(ge=0, description="The table version it happened at")),
        }
        for field in dataclasses.fields(kind):
            if field.name == "words":  # sent only when the event has them (issue 29)
                fields["words"] = (WordsValue | None, Field(None, description=(
                    "The event in words, for a face to say in its reader's language; "
                    "`text` says it in English")))
            elif field.name != "audience":
                fields[field.name] = (hints[field.name], ...)
        name = kind.__name__ if kind.__name__.endswith("Event") else f"{kind.__name__}Event"
        model = create_model(name, __config__=ConfigDict(extra="forbid"),
                             __doc__=(kind.__doc__ or "").strip(), **fields)
        models.append(model)
    union: dict[str, Any] = {"oneOf": [], "$defs": {}}
    for model in models:
        schema = model.model_json_schema()
        union["$defs"].update(schema.pop("$defs", {}))
        union["$defs"][model.__name__] = schema
        union["oneOf"].append({"$ref": f"#/$defs/{model.__name__}"})
    return {"title": f"Albion table events, protocol {PROTOCOL}", **union}


def schemas() -> dict[str, dict[str, Any]]:
    """File name → schema: each game's view, and the events."""
    files = {f"{plugin.id}.view.schema.json": view_model(plugin.game).model_json_schema()
             for plugin in all_plugins()}
    files["events.schema.json"] = event_schema()
    return files


def write_schemas(folder: Path) -> list[Path]:
    """Write every schema to `folder`; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas().items():
        path = folder / name
        path.write_text(json.dumps(schema, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        written.append(path)
    return written
