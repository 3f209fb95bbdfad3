"""Frozen dataclasses that cross processes (issue 28, item 4): a view sent to a bot's
worker, a position to an analysis worker, words back. Pickle rebuilds an object by
setting its fields one by one, which a frozen dataclass compiled by mypyc refuses
("cannot assign to field"); the pure build's own dataclass code gets around it, the
compiled one does not. `picklable(globals())`, at the end of a module, has pickle rebuild
its frozen dataclasses through their constructor instead, in either build."""

from __future__ import annotations

import copyreg
import dataclasses
from typing import Any


def rebuild(cls: type, values: dict[str, Any]) -> Any:
    """An instance of the dataclass `cls` with the field `values`: through its constructor
    (fields not in `__init__` set afterwards)."""
    init = {field.name for field in dataclasses.fields(cls) if field.init}
    made = cls(**{name: value for name, value in values.items() if name in init})
    for name, value in values.items():
        if name not in init:
            object.__setattr__(made, name, value)
    return made


def reduce_frozen(obj: Any) -> tuple[Any, tuple[type, dict[str, Any]]]:
    """How pickle stores a frozen dataclass: its class and its fields' values."""
    return rebuild, (type(obj), {field.name: getattr(obj, field.name)
                                 for field in dataclasses.fields(obj)})


def frozen_dataclasses(namespace: dict[str, Any]) -> list[type]:
    """The frozen dataclasses defined in the module whose globals are `namespace`."""
    module = namespace.get("__name__")
    return [value for value in namespace.values()
            if isinstance(value, type) and dataclasses.is_dataclass(value)
            and value.__module__ == module
            and value.__dataclass_params__.frozen]  # type: ignore[attr-defined]


def picklable(namespace: dict[str, Any]) -> None:
    """Register the frozen dataclasses of the module of `namespace` (its `globals()`)
    with pickle, to be rebuilt through their constructor (`reduce_frozen`)."""
    for cls in frozen_dataclasses(namespace):
        copyreg.pickle(cls, reduce_frozen)
