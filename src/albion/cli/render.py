"""Terminal rendering of views: each game's own renderer, from its plug-in, its words in
the reader's language (issue 29)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, cast

from rich.console import RenderableType
from rich.pretty import Pretty

from albion.core.game import AnyGame
from albion.core.registry import get_game, plugin_of
from albion.core.words import Words
from albion.i18n import current


def render_view(game: str | AnyGame, view: Any, seat_names: Sequence[str]) -> RenderableType:
    """The game's own rendering, or the view's fields for a game without one. A renderer
    that takes `words` (a function saying `Words` in the reader's language) is given the
    current language's; one that does not draws in its own words (English)."""
    renderer = plugin_of(get_game(game) if isinstance(game, str) else game).load_renderer()
    if renderer is None:
        return Pretty(view)
    drawn = renderer(view, seat_names, words=said) if says_words(renderer) else \
        renderer(view, seat_names)
    return cast(RenderableType, drawn)


def said(words: Words) -> str:
    return current().words(words)


def says_words(renderer: Callable[..., Any]) -> bool:
    """Whether `renderer` takes the `words` keyword (issue 29's renderers do)."""
    try:
        return "words" in inspect.signature(renderer).parameters
    except (TypeError, ValueError):  # a builtin or compiled callable without a signature
        return False
