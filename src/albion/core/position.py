"""What every game's position text starts with: `GAME Np key=value …` — the game id, the
number of players and the variant (`Game.from_text` of each game reads the rest)."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from albion.core.errors import PositionError, VariantError
from albion.core.variants import Variant, VariantOption, resolve_variant


def parse_header(words: Sequence[str], *, game_id: str, name: str, players: Collection[int],
                 ruling: str, options: tuple[VariantOption, ...],
                 where: str = "header") -> tuple[int, Variant]:
    """The number of players and the variant named by a header's words; PositionError,
    prefixed with `where`, naming what is wrong."""
    if not words or words[0] != game_id:
        first = words[0] if words else ""
        prefix = "" if where == "header" else f"{where}: "
        raise PositionError(f"{prefix}not a {name} position: it starts with {first!r}, "
                            f"not {game_id!r}")
    if len(words) < 2 or not re.fullmatch(r"\d{1,3}p", words[1]):
        raise PositionError(f"{where}: the player count follows the game, as in "
                            f"`{game_id} {min(players)}p`")
    count = int(words[1][:-1])
    if count not in players:
        raise PositionError(f"{where}: {count} players; {name} is for {min(players)} to "
                            f"{max(players)} ({ruling})")
    pairs: dict[str, str] = {}
    for word in words[2:]:
        key, sep, value = word.partition("=")
        if not sep or key in pairs:
            raise PositionError(f"{where}: {word!r} is not a new variant key=value")
        pairs[key] = value
    try:
        return count, resolve_variant(options, pairs)
    except VariantError as error:
        raise PositionError(f"{where}: {error}") from None
