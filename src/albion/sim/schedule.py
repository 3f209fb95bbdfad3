"""Who sits where in each game of a tournament: every bot plays every seat equally often."""

from __future__ import annotations

from itertools import combinations


def tables(bots: int, players: int) -> list[tuple[int, ...]]:
    """The line-ups: every set of `players` different bots; with fewer bots than seats,
    the bots repeated round the table, each bot in turn first — so every bot fills the
    same number of seats (a bot never doubles up in every game)."""
    if bots >= players:
        return list(combinations(range(bots), players))
    return [tuple((first + seat) % bots for seat in range(players)) for first in range(bots)]


def seating(index: int, bots: int, players: int) -> tuple[int, ...]:
    """Bot index per seat in game `index`: line-ups in turn, each rotated through every
    seat (so over len(tables) × players games each bot sits at each seat equally)."""
    lineups = tables(bots, players)
    lineup = lineups[(index // players) % len(lineups)]
    shift = index % players
    return tuple(lineup[(seat - shift) % players] for seat in range(players))


def balanced_games(bots: int, players: int) -> int:
    """The smallest number of games after which every bot has sat at every seat equally."""
    return len(tables(bots, players)) * players
