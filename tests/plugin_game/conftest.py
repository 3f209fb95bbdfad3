"""The fixture that puts High Card in this process's registry for one test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from albion.core import register
from albion.core import registry as game_registry
from tests.plugin_game.highcard import PLUGIN


@pytest.fixture
def registered() -> Iterator[None]:
    """High Card in the registry while the test runs (a table finds its wire module and
    strategy there, the command line its renderer), and out of it afterwards, so other
    tests see the registry as it was."""
    register(PLUGIN)
    try:
        yield
    finally:
        game_registry._plugins.pop(PLUGIN.id, None)  # the registry has no `unregister`
