"""Albion's build backend: setuptools, plus mypy when a compiled build is asked for
(issue 28, item 4).

`ALBION_COMPILE=mypyc pip install .` compiles the engine (`setup.py` says which modules);
without it, or where no C compiler is found, the build is pure Python. An editable install
(`pip install -e .`) is always pure, so a compiled module can never shadow edited source.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401 - the rest of the backend, unchanged
    build_sdist,
    get_requires_for_build_sdist,
)

COMPILE = "ALBION_COMPILE"
MYPYC = "mypyc"
MYPY = "mypy>=1.10"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    extra = [MYPY] if os.environ.get(COMPILE, "").strip().lower() == MYPYC else []
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]


def prepare_metadata_for_build_wheel(metadata_directory: str,
                                     config_settings: dict[str, Any] | None = None) -> str:
    """The metadata, which no compiled extension changes: `setup.py` would otherwise run
    mypyc (its type check and C generation) here as well as in `build_wheel`, twice
    per compiled build."""
    os.environ[COMPILE] = ""
    return _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    """A wheel from this tree only: setuptools' staging folders (build/lib.*, bdist.*)
    would otherwise carry a previous build's compiled modules into a pure wheel."""
    for stale in [*Path("build").glob("lib.*"), *Path("build").glob("bdist.*")]:
        shutil.rmtree(stale, ignore_errors=True)
    return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _setuptools.get_requires_for_build_editable(config_settings)


def prepare_metadata_for_build_editable(metadata_directory: str,
                                        config_settings: dict[str, Any] | None = None) -> str:
    os.environ[COMPILE] = ""
    return _setuptools.prepare_metadata_for_build_editable(metadata_directory, config_settings)


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    """Editable installs stay pure: the compiled modules are only ever built into a wheel
    installed in site-packages, never written next to the source."""
    os.environ[COMPILE] = ""
    return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
