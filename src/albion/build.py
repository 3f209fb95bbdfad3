"""Which build of the engine is running (issue 28, item 4): compiled by mypyc, or pure
Python. A compiled build is installed by `ALBION_COMPILE=mypyc pip install .`; editable
installs are always pure. `albion --version` and `albion bench` say which one runs."""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
from pathlib import Path

MANIFEST = "compiled_sources.json"
"""Written by the compiled build beside the package's modules: the SHA-256 of each
compiled module's source (setup.py)."""

COMPILED = "compiled: mypyc"
PURE = "pure Python"
PROBES = ("albion.core.state", "albion.games.diamoniak.state",
          "albion.games.raiding_stonehenge.state", "albion.games.super_camelot.state",
          "albion.bots.search")
"""Modules every compiled build compiles: the contract, each game's state, the search."""


def is_compiled(module_name: str) -> bool:
    """Whether `module_name` was loaded from a C extension (a mypyc-compiled module)."""
    origin = getattr(importlib.import_module(module_name), "__file__", None) or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def build_name() -> str:
    """`compiled: mypyc` when the engine's modules are compiled, else `pure Python`; a
    mixture (a broken install) is named as such."""
    compiled = [is_compiled(name) for name in PROBES]
    if all(compiled):
        return COMPILED
    if not any(compiled):
        return PURE
    return "mixed: " + ", ".join(name for name, done in zip(PROBES, compiled, strict=True)
                                 if done) + " compiled"


def stale_modules(package: Path | None = None) -> list[str]:
    """Compiled modules whose source beside them is not the one they were compiled from
    (its SHA-256 differs from the build's manifest, `compiled_sources.json`): edited after
    the build, so the code running is not the code on disk (rebuild the compiled install,
    or work in an editable one, which is always pure). None in a pure build. `package`:
    the installed `albion` folder (this one by default)."""
    package = package or Path(__file__).parent
    manifest = package / MANIFEST
    if not manifest.is_file():
        return []
    digests: dict[str, str] = json.loads(manifest.read_text(encoding="utf-8"))
    stale = []
    for path, digest in digests.items():
        source = package.parent / path
        if not source.is_file() or hashlib.sha256(source.read_bytes()).hexdigest() != digest:
            stale.append(path.removesuffix(".py").replace("/", "."))
    return sorted(stale)
