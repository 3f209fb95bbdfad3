"""Record files: JSON, validated with pydantic on the way in."""

from __future__ import annotations

import json
import os
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


MAX_RECORD_BYTES = 64 * 2**20
"""The largest record file read: a record of the longest game is well under 1 MB."""


def read_record_bytes(path: Path) -> bytes:
    """A record file's bytes (at most MAX_RECORD_BYTES: `/dev/zero` is no record)."""
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise RecordError(f"cannot read record {path}: {error.strerror or error}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"record {path} is larger than {MAX_RECORD_BYTES // 2**20} MB: "
                          "not a record")
    return raw


def load_record(path: Path) -> GameRecord:
    """Read and validate a record file; every problem is one RecordError line."""
    return parse_record(read_record_bytes(path), f"record {path}")


def check_writable(path: Path) -> None:
    """Refuse, before a game is played, a path a record could not be written to."""
    if not str(path) or str(path) == "." or path.is_dir():
        raise RecordError(f"cannot save to {str(path)!r}: name a file, not a folder")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise RecordError(f"cannot save to {path}: the folder {parent} does not exist")
    if (path.exists() and not os.access(path, os.W_OK)) or \
            (not path.exists() and not os.access(parent, os.W_OK)):
        raise RecordError(f"cannot save to {path}: permission denied")


def save_record(path: Path, record: GameRecord) -> None:
    """Write `record` to `path` (whole or not at all: a temporary file, then a rename)."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        partial.write_text(record_json(record), encoding="utf-8")
        os.replace(partial, path)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise RecordError(f"cannot write record {path}: {error.strerror or error}") from None
