"""The registry of games: one plug-in per game, found through the `albion.games`
entry-point group (built-in games and any installed package), or registered by hand
(tests, notebooks)."""

from __future__ import annotations

import warnings
from functools import cache
from importlib.metadata import entry_points

from albion.core.errors import UnknownGameError
from albion.core.game import AnyGame, Game
from albion.core.plugin import GamePlugin
from albion.core.words import say

ENTRY_POINT_GROUP = "albion.games"

_plugins: dict[str, GamePlugin] = {}
_failed: dict[str, str] = {}
"""Entry-point name → why its plug-in did not load (told when that game is asked for)."""


def register(entry: GamePlugin | AnyGame) -> None:
    """Add a plug-in (or a bare game, which gets a plug-in of its own) under its id,
    replacing any of the same id."""
    plugin = entry if isinstance(entry, GamePlugin) else GamePlugin(entry)
    _plugins[plugin.id] = plugin


def unregister(game_id: str) -> None:
    """Remove the plug-in registered as `game_id`, if any (tests, notebooks)."""
    _load_entry_points()
    _plugins.pop(game_id, None)


@cache
def _load_entry_points() -> None:
    """Once per process: add every game advertised by an installed package. A plug-in
    that fails to load is skipped with a warning: it must not take the others down."""
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        try:
            loaded = entry.load()
        except Exception as error:
            _failed[entry.name] = f"{type(error).__name__}: {error}"
            warnings.warn(f"albion: the game plug-in {entry.name!r} ({entry.value}) did not "
                          f"load: {error}", RuntimeWarning, stacklevel=2)
            continue
        if isinstance(loaded, Game):
            loaded = GamePlugin(loaded)
        if isinstance(loaded, GamePlugin) and loaded.id not in _plugins:
            _plugins[loaded.id] = loaded


def all_plugins() -> list[GamePlugin]:
    """Every registered plug-in, by id."""
    _load_entry_points()
    return [_plugins[key] for key in sorted(_plugins)]


def all_games() -> list[AnyGame]:
    """Every registered game, by id."""
    return [plugin.game for plugin in all_plugins()]


def game_ids() -> list[str]:
    """The ids of every registered game, sorted."""
    return [plugin.id for plugin in all_plugins()]


def get_plugin(game_id: str) -> GamePlugin:
    """The plug-in registered as `game_id`; UnknownGameError lists the known ids."""
    _load_entry_points()
    try:
        return _plugins[game_id]
    except KeyError:
        known = ", ".join(sorted(_plugins)) or say("none")
        failed = _failed.get(game_id)
        if failed:
            raise UnknownGameError(say("unknown game {game} (its plug-in did not load: "
                                       "{problem}); known games: {games}", game=repr(game_id),
                                       problem=failed, games=known)) from None
        raise UnknownGameError(say("unknown game {game}; known games: {games}",
                                   game=repr(game_id), games=known)) from None


def plugin_of(game: AnyGame) -> GamePlugin:
    """The plug-in of `game`: the registered one when `game` is that game (or a
    configured copy of it, `Game.configured`), else a bare plug-in of its own."""
    _load_entry_points()
    plugin = _plugins.get(game.id)
    if plugin is not None and type(plugin.game) is type(game):
        return plugin
    return GamePlugin(game)


def get_game(game_id: str) -> AnyGame:
    """The game registered as `game_id`; UnknownGameError lists the known ids."""
    return get_plugin(game_id).game
