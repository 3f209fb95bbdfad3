"""Which build of the engine is running (issue 28, item 4): compiled by mypyc, or pure
Python. A compiled build is installed by `ALBION_COMPILE=mypyc pip install .`; editable
installs are always pure. `albion --version` and `albion bench` say which one runs."""

from __future__ import annotations

import importlib
import importlib.machinery
from pathlib import Path

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


def stale_modules() -> list[str]:
    """Compiled modules of the package whose source beside them is newer: edited after
    the build, so the code running is not the code on disk (rebuild the compiled install,
    or work in an editable one, which is always pure)."""
    package = Path(__file__).parent
    stale = []
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for compiled in package.rglob(f"*{suffix}"):
            source = compiled.with_name(compiled.name[:-len(suffix)] + ".py")
            if source.exists() and source.stat().st_mtime > compiled.stat().st_mtime:
                stale.append(source.relative_to(package.parent).with_suffix("").as_posix()
                             .replace("/", "."))
    return sorted(stale)
