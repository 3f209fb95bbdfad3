"""Every frozen dataclass of a compiled module is rebuilt by pickle through its
constructor (`albion.core.pickling`): mypyc's own rebuilding sets the fields one by one,
which a frozen dataclass refuses, so a view could not reach a bot's worker in a compiled
build. Checked in the build that runs (`.ci/compiled` runs it compiled); the pure build
has no compiled module to check."""

from __future__ import annotations

import copyreg
import importlib
import pkgutil

import albion.core
import albion.games
from albion.build import is_compiled
from albion.core.pickling import frozen_dataclasses


def engine_modules() -> list[str]:
    names = ["albion.bots.search"]
    for package in (albion.core, albion.games):
        names += [info.name for info in pkgutil.walk_packages(package.__path__,
                                                               package.__name__ + ".")]
    return names


def test_every_compiled_frozen_dataclass_is_registered_with_pickle() -> None:
    compiled = [name for name in engine_modules() if is_compiled(name)]
    missing = [f"{cls.__module__}.{cls.__qualname__}"
               for name in compiled
               for cls in frozen_dataclasses(vars(importlib.import_module(name)))
               if copyreg.dispatch_table.get(cls) is None]
    assert missing == [], "add `picklable(globals())` at the end of their modules"
