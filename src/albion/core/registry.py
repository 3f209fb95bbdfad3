"""The registry of games: built-in ones and plug-ins, found through the `albion.games`
entry-point group, or registered by hand (tests, notebooks)."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from albion.core.errors import UnknownGameError
from albion.core.game import Game

ENTRY_POINT_GROUP = "albion.games"

_games: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add `game` under its id (replacing any game of the same id)."""
    _games[game.id] = game


@cache
def _load_entry_points() -> None:
    """Once per process: add every game advertised by an installed package."""
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        game = entry.load()
        if isinstance(game, Game) and game.id not in _games:
            _games[game.id] = game


def all_games() -> list[Game]:
    """Every registered game, by id."""
    _load_entry_points()
    return [_games[key] for key in sorted(_games)]


def get_game(game_id: str) -> Game:
    """The game registered as `game_id`; UnknownGameError lists the known ids."""
    _load_entry_points()
    try:
        return _games[game_id]
    except KeyError:
        known = ", ".join(sorted(_games)) or "none"
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}") from None
