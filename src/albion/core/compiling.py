"""What mypyc reads while it compiles the engine (issue 28, item 4), as plain Python.

This module itself is never compiled: run as Python, `mypyc_attr` does nothing, so `core`
needs no package beyond the standard library; mypy and mypyc see `mypy_extensions`'
decorator and read its flags.

The compiled modules mark their module-level constants `Final`: mypyc then inlines them or
reads them from C statics, where a plain module name is a dictionary look-up on every use
(issue 28, item 4: a fifth of a compiled Diamoniak step was such look-ups).
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
