"""Terminal rendering of views: each game's own renderer, from its plug-in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

from albion.core.registry import get_plugin


def render_view(game_id: str, view: Any, seat_names: Sequence[str]) -> RenderableType:
    """The game's own rendering, or the view's fields for a game without one."""
    renderer = get_plugin(game_id).load_renderer()
    return renderer(view, seat_names) if renderer else Pretty(view)
