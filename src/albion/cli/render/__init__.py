"""Terminal renderings of views, one module per game, chosen by game id."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

from albion.cli.render import diamoniak, raiding_stonehenge, super_camelot

Renderer = Callable[[Any, Sequence[str]], RenderableType]
"""(view, seat names) → something rich can print."""

RENDERERS: dict[str, Renderer] = {
    "diamoniak": diamoniak.render,
    "raiding-stonehenge": raiding_stonehenge.render,
    "super-camelot": super_camelot.render,
}


def render_view(game_id: str, view: Any, seat_names: Sequence[str]) -> RenderableType:
    """The game's own rendering, or the view's fields for a game without one."""
    renderer = RENDERERS.get(game_id)
    return renderer(view, seat_names) if renderer else Pretty(view)
