"""What mypyc reads while it compiles the engine (issue 28, item 4), as plain Python.

This module itself is never compiled: run as Python, `mypyc_attr` does nothing, so `core`
needs no package beyond the standard library; mypy and mypyc see `mypy_extensions`'
decorator and read its flags.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*_names: str, **_flags: object) -> Any:
        """A class decorator that leaves the class as it is."""
        return lambda cls: cls
