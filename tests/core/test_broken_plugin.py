"""A game plug-in that fails to load is skipped with a warning, and asking for that game
says why it is missing, not only that it is unknown (a worker that imported a broken
package said "unknown game 'diamoniak'" and nothing more)."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from albion.core import registry
from albion.core.errors import UnknownGameError


@pytest.fixture
def broken_entry_point(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    broken = EntryPoint("broken-game", "albion.games.no_such_module:PLUGIN",
                        registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [broken])
    monkeypatch.setattr(registry, "_plugins", {})
    monkeypatch.setattr(registry, "_failed", {})
    registry._load_entry_points.cache_clear()
    yield
    registry._load_entry_points.cache_clear()


@pytest.mark.usefixtures("broken_entry_point")
def test_a_plugin_that_does_not_load_is_named_with_its_error() -> None:
    with pytest.warns(RuntimeWarning, match="broken-game"):
        assert registry.game_ids() == []
    with pytest.raises(UnknownGameError, match=r"broken-game.*did not load: "
                       r"ModuleNotFoundError"):
        registry.get_game("broken-game")
    with pytest.raises(UnknownGameError) as other:
        registry.get_game("chess")
    assert "did not load" not in str(other.value)
