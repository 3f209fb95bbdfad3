"""One plug-in per game: the game and everything Albion's faces need from it (its heuristic
strategy, its search defaults, its terminal renderer, its wire view), published through the
`albion.games` entry point. Nothing outside a game's package is keyed by its id.

The heavier parts (a strategy, a renderer built on rich, a wire view built on pydantic) are
named as `module:attribute` and imported only when asked for, so reading the rules of a
game imports nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module, resources
from importlib.resources.abc import Traversable
from types import ModuleType
from typing import Any

from albion.core.game import AnyGame, AnyState
from albion.core.pickling import picklable
from albion.core.tutorial import Tutorial, parse_tutorial
from albion.core.words import Words

Policy = Callable[[AnyState, random.Random], Any]
"""A decision for the seat to move in a state (never a chance node)."""
Evaluation = Callable[[AnyState], list[float]]
"""A value in [0, 1] per seat for a state a rollout stopped in."""


@dataclass(frozen=True)
class Strategy:
    """A game's hand-written play: `policy` for the seat to move (the heuristic bot, the
    search's guide and, where cheap, its rollouts) and `evaluate` (rough win chances, for
    rollouts cut short); `summary` says in a few lines how it plays, and `words` (the
    module's `SUMMARY`, one sentence a point) says it to a player in their language
    (issue 29)."""

    policy: Policy
    evaluate: Evaluation
    summary: str
    words: tuple[Words, ...] = ()


Facts = Callable[[Any, Any, Any], tuple[Words, ...]]
"""What a seat saw that bears on a decision (issue 33): `facts(view, played, better)`,
the view before the decision, the action played and the better one the analysis found."""


SEARCH_FALLBACK: Mapping[str, Any] = {"iterations": 300, "c": 0.7, "rollout": "random",
                                      "cutoff": 0, "bias": 0.0}
"""Search defaults for a game whose plug-in names none."""


@dataclass(frozen=True)
class GamePlugin:
    """A game and its faces' parts. `strategy` names a module with `policy`, `evaluate`
    and a docstring; `renderer` a function (view, seat names) → rich renderable; `wire` a
    module with a pydantic model `Board` and `board(view) → Board`, the game's part of
    the table protocol, and optionally its presentation model (`annotate`, `recap`,
    `geometry`: see `albion.table.views`); `web` its drawing for the browser."""

    game: AnyGame
    strategy: str | None = None
    renderer: str | None = None
    wire: str | None = None
    search_defaults: Mapping[str, Any] = field(default_factory=lambda: dict(SEARCH_FALLBACK))
    intro: str = ""
    """A few lines a player reads before the first move (what surprises newcomers)."""
    web: str | None = None
    """The game's own drawing for the browser, as `package:folder`: a folder of the
    package holding `board.js` (a module exporting `render(root, update, ctx)`) and
    `board.css`, served under `/static/games/<id>/`. None: the pages draw the game with
    their generic renderer, from the presentation model alone (issue 26)."""
    rulebooks: str | None = None
    """The game's rulebooks as published, as `package:folder`: a folder holding one
    `<language>.txt` per language it exists in (`en.txt`, `fr.txt`), served on the rules
    pages (issue 29)."""
    tutorial: str | None = None
    """The game's guided first game as `package:path` of its TOML file (issue 32,
    `albion.core.tutorial`, docs/tutorials.md); None: the game has none."""
    analysis: str | None = None
    """The game's facts for the analysis of a finished game (issue 33), as
    `module:function`: `facts(view, played, better) -> tuple[Words, ...]`, what the seat
    could see that bears on its choice (`Facts`). None: the analysis gives the search's
    figures alone."""
    analysis_iterations: int = 300
    """The analysis's search budget per candidate action (issue 33, docs/analysis.md):
    chosen so that a median-length game is analysed in about 30 s on one core."""

    @property
    def id(self) -> str:
        return self.game.id

    def load_strategy(self) -> Strategy | None:
        """The heuristic strategy, or None when the game has none."""
        if self.strategy is None:
            return None
        module = import_module(self.strategy)
        return Strategy(module.policy, module.evaluate, (module.__doc__ or "").strip(),
                        tuple(getattr(module, "SUMMARY", ())))

    def load_renderer(self) -> Callable[..., Any] | None:
        return _load(self.renderer)

    def load_facts(self) -> Facts | None:
        """The game's analysis facts (see `analysis`), or None."""
        return _load(self.analysis)

    def load_wire(self) -> ModuleType | None:
        return None if self.wire is None else import_module(self.wire)

    def web_folder(self) -> Traversable | None:
        """The folder of the game's web assets (see `web`), or None."""
        if self.web is None:
            return None
        package, _, folder = self.web.partition(":")
        return resources.files(package) / folder


def load_tutorial(plugin: GamePlugin) -> Tutorial | None:
    """The game's tutorial (issue 32), read from its package; None when it has none."""
    if plugin.tutorial is None:
        return None
    package, _, path = plugin.tutorial.partition(":")
    text = resources.files(package).joinpath(path).read_text("utf-8")
    return parse_tutorial(text, f"{plugin.id} {path}")


def rulebook_files(plugin: GamePlugin) -> dict[str, Traversable]:
    """The game's rulebooks by language (`en`, `fr`…), from its `rulebooks` folder."""
    if plugin.rulebooks is None:
        return {}
    package, _, folder = plugin.rulebooks.partition(":")
    found = resources.files(package) / folder
    return {entry.name.removesuffix(".txt"): entry for entry in sorted(
        found.iterdir(), key=lambda entry: entry.name) if entry.name.endswith(".txt")}


def _load(target: str | None) -> Callable[..., Any] | None:
    if target is None:
        return None
    module, _, name = target.partition(":")
    loaded: Callable[..., Any] = getattr(import_module(module), name)
    return loaded


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
