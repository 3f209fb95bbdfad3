"""The compiled engine plays exactly like the pure one (issue 28, item 4): the same seeded
random games, heuristic games and ISMCTS decisions (`digest`), move for move and visit for
visit. `.ci/compiled` builds the compiled venv and sets ALBION_COMPILED_PYTHON to its
interpreter, so in CI this never skips."""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

from albion.build import COMPILED, PURE, build_name

ROOT = Path(__file__).parents[2]
COMPILED_PYTHON = os.environ.get("ALBION_COMPILED_PYTHON")


def digest(python: str, pythonpath: str | None) -> list[str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    done = subprocess.run([python, "-m", "tests.compiled.digest"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=1200, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


@pytest.mark.skipif(not COMPILED_PYTHON, reason="no compiled build to compare: set "
                    "ALBION_COMPILED_PYTHON to the python of a venv built by .ci/compiled")
def test_compiled_and_pure_give_identical_seeded_games_and_bot_decisions() -> None:
    assert COMPILED_PYTHON is not None
    compiled = digest(COMPILED_PYTHON, None)
    pure = digest(COMPILED_PYTHON, str(ROOT / "src"))  # the same interpreter, the source
    assert compiled[0] == COMPILED, "the compiled venv must run the compiled engine"
    assert pure[0] == PURE
    assert len(compiled) == len(pure) > 1
    for compiled_line, pure_line in zip(compiled[1:], pure[1:], strict=True):
        assert compiled_line == pure_line


def test_no_compiled_module_lies_beside_the_source() -> None:
    """The compiled build is only ever installed into a venv's site-packages: a compiled
    module in src/ would shadow the edited source of an editable install."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    assert [path for path in (ROOT / "src").rglob("*") if path.name.endswith(suffixes)] == []


def test_the_running_build_is_named() -> None:
    assert build_name() in (COMPILED, PURE)
    # the venv itself (sys.prefix), not its python: every venv's python links to one base
    if COMPILED_PYTHON and Path(sys.prefix).resolve() == \
            Path(os.path.abspath(COMPILED_PYTHON)).parents[1].resolve():
        assert build_name() == COMPILED
