"""`str(state)` for every game: its terminal picture of the table as a spectator sees it,
in plain text, then its position text (which holds everything else)."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, RenderableType

from albion.core.game import AnyState


def picture(state: AnyState, render: Callable[[Any, Sequence[str]], RenderableType]) -> str:
    console = Console(width=100, color_system=None, record=True, file=io.StringIO())
    console.print(render(state.observe(None), [f"P{seat + 1}"
                                               for seat in range(state.num_players)]))
    return f"{console.export_text().rstrip()}\n\n{state.to_text()}"
