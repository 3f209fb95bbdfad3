"""Record files: JSON, validated with pydantic on the way in."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from albion.core.errors import RecordError
from albion.core.record import GameRecord

_ADAPTER = TypeAdapter(GameRecord)


def parse_record(raw: str | bytes, source: str = "record") -> GameRecord:
    """Validate record JSON (strict types: no silent coercion); RecordError on a problem."""
    try:
        return _ADAPTER.validate_json(raw, strict=True)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "file"
        raise RecordError(f"{source} is not valid: {where}: {first['msg']}") from None


def record_json(record: GameRecord) -> str:
    """`record` as indented JSON (one action per line, easy to diff)."""
    return json.dumps(record.to_json_dict(), indent=1) + "\n"


def load_record(path: Path) -> GameRecord:
    """Read and validate a record file; every problem is one RecordError line."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise RecordError(f"cannot read record {path}: {error.strerror or error}") from None
    return parse_record(raw, f"record {path}")


def save_record(path: Path, record: GameRecord) -> None:
    """Write `record` to `path`."""
    try:
        path.write_text(record_json(record), encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot write record {path}: {error.strerror or error}") from None
