"""The compiled build (issue 28, item 4): with `ALBION_COMPILE=mypyc`, mypyc compiles
`core`, the games' rules and the search into C extensions beside their sources; otherwise,
or without a C compiler, the package is pure Python (and works the same: the compiled and
pure builds give identical seeded games, `tests/compiled`). The build backend
(`build_support/albion_backend.py`) brings mypy in and keeps editable installs pure.

Compiling takes 2.5 to 6.5 minutes on a loaded 2-core machine, so it is a documented extra
step (README, "Faster engines"), not the main install.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent
COMPILED_PACKAGES = ("albion/core", "albion/games")
COMPILED_MODULES = ("albion/bots/search.py",)
PURE = (
    # Not on the per-step path, and built on what mypyc does not compile: subclasses of
    # builtin exceptions, of `Mapping`, of pydantic models; frozen dataclasses subclassed
    # across modules (events); values checked by type at run time (actions and the action
    # spaces take plain ints and floats and refuse them with the games' own errors).
    "albion/core/compiling.py",  # what mypyc reads: it must stay plain Python
    "albion/core/errors.py",
    "albion/core/variants.py",
    "albion/core/events.py",
    "albion/core/record.py",
    "albion/core/action_space.py",
    "albion/core/tutorial.py",  # read once per tutorial; its error subclasses ValueError
    "albion/core/pickling.py",  # reflection on classes, at import and pickling only
    "albion/games/picture.py",
    "*/game.py",
    "*/actions.py",
    "*/action_space.py",
    "*/events.py",
    "*/chance_events.py",
    "*/encoding.py",
    "*/render.py",
    "*/wire.py",
    "*/presentation.py",
    "*/report.py",
    "albion/games/super_camelot/forest.py",
    # its tests replace `strategy.goals`, which compiled calls would not see
    "albion/games/super_camelot/strategy.py",
)
SOURCES_MANIFEST = "albion/compiled_sources.json"
"""In a compiled build: each compiled module's source path and SHA-256, so `albion
--version` can tell a module compiled from another source than the one beside it."""
MYPY_CONFIG = """[mypy]
python_version = 3.11
ignore_missing_imports = True
"""
"""The compile's own type check: the code is checked strictly by CI (`mypy --strict`);
here the optional libraries (numpy, rich, pydantic) may be absent from the build."""


def compiled_sources() -> list[str]:
    """The modules mypyc compiles, as paths under src/."""
    src = HERE / "src"
    found = [path for package in COMPILED_PACKAGES for path in (src / package).rglob("*.py")]
    found += [src / module for module in COMPILED_MODULES]
    chosen = [path.relative_to(src) for path in found]
    return sorted(f"src/{path.as_posix()}" for path in chosen
                  if not any(path.match(pattern) for pattern in PURE))


def has_c_compiler() -> bool:
    command = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(command) is not None


def extensions() -> list[object]:
    """mypyc's extensions when a compiled build is asked for and can be made, else none."""
    wanted = os.environ.get("ALBION_COMPILE", "").strip().lower()
    if wanted != "mypyc":
        if wanted:
            print(f"albion: ALBION_COMPILE={wanted!r} is not 'mypyc'; building pure Python",
                  file=sys.stderr)
        return []
    if not has_c_compiler():
        print("albion: no C compiler found (install gcc and python3-dev); building pure "
              "Python", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify  # noqa: PLC0415 - only the compiled build needs it
    except ImportError:  # the backend asks for mypy: absent only while it asks
        print("albion: mypy (mypyc) is not installed here; building pure Python",
              file=sys.stderr)
        return []
    config = HERE / "build" / "mypyc-mypy.ini"
    config.parent.mkdir(exist_ok=True)
    config.write_text(MYPY_CONFIG, encoding="utf-8")
    return list(mypycify([f"--config-file={config}", *compiled_sources()], opt_level="3",
                         multi_file=True))


class BuildPyWithManifest(build_py):
    """build_py, and in a compiled build the manifest of the compiled sources' digests."""

    def run(self) -> None:
        super().run()
        if not self.distribution.ext_modules:
            return
        digests = {path.removeprefix("src/"): hashlib.sha256(
            (HERE / path).read_bytes()).hexdigest() for path in compiled_sources()}
        target = Path(self.build_lib) / SOURCES_MANIFEST
        target.write_text(json.dumps(digests, indent=1, sort_keys=True), encoding="utf-8")


setup(ext_modules=extensions(), cmdclass={"build_py": BuildPyWithManifest})
