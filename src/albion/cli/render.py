"""Terminal rendering of views: each game's own renderer, from its plug-in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

from albion.core.game import AnyGame
from albion.core.registry import get_game, plugin_of


def render_view(game: str | AnyGame, view: Any, seat_names: Sequence[str]) -> RenderableType:
    """The game's own rendering, or the view's fields for a game without one."""
    renderer = plugin_of(get_game(game) if isinstance(game, str) else game).load_renderer()
    return renderer(view, seat_names) if renderer else Pretty(view)
