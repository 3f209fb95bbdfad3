"""Training help for Super Camelot, whose random self-play games all reach the 400-turn
cap (SC-37) and so teach a learner nothing (issue 34): shaped rewards, an option of the
adapters (`rewards="shaped"`), and a shorter variant for training (`TRAINING_VARIANTS`).
Neither changes the game's default rules; docs/observations.md says how they are made.

Shaping is potential-based (Ng, Harada & Russell, 1999): a seat's potential Φ is read
from its own view — its gems (SC-19: tokens and face-up Small Treasures, / 40, at most 1),
its relics (SC-20: fire, water, wind, / 3) and its health (SC-21, / 6) — weighted
GEM_WEIGHT, RELIC_WEIGHT, HEALTH_WEIGHT; each step adds SCALE × (Φ after − Φ before) to
the outcome reward, and a finished game's potential is 0. Over a whole game the shaping
therefore sums to −SCALE × Φ(start), the same whatever is played: the best policy is
still the one that wins most.
"""

from __future__ import annotations

from typing import Any

from albion.core.game import AnyGame
from albion.games.super_camelot.components import GEM_VALUE, MAX_HEALTH, WIN_GEMS, Item
from albion.games.super_camelot.components import RELICS as RELIC_SPECIALS
from albion.games.super_camelot.pieces import TreasureState
from albion.table import AnyTable

SHAPED_GAMES = ("super-camelot",)
GEM_WEIGHT = 0.5
RELIC_WEIGHT = 0.3
HEALTH_WEIGHT = 0.2
SCALE = 0.5
"""A lone win is +1 ("zero-sum" outcome); all the shaping of a game moves a seat by at
most SCALE."""
RELICS = tuple(int(relic) for relic in RELIC_SPECIALS)
"""The fire, water and wind relics among a view's `specials` (SC-18)."""
GEMS = (Item.GREEN_GEM, Item.BLUE_GEM, Item.RED_GEM)
"""The order of a `PlayerView.gems` triple."""

TRAINING_VARIANTS: dict[str, dict[str, int | str]] = {
    "super-camelot": {"max_turns": 100, "treasure_gems": 40},
}
"""Shorter games for training, from the game's own variants: a 100-turn cap (SC-37)
instead of 400, and a face-up Small Treasure worth 40 gems (SC-17's `treasure_gems`), so
a treasure wins at once (SC-19). Random 2-player self-play: 412 actions a game on
average (1,596 at the default), 3 in 100 games won (none at the default)."""


def check_shaped(game: AnyGame) -> None:
    """Shaped rewards are defined for SHAPED_GAMES only."""
    if game.id not in SHAPED_GAMES:
        raise ValueError(f'rewards="shaped" is defined for {", ".join(SHAPED_GAMES)}, '
                         f"not {game.id}")


def potential(view: Any) -> float:
    """Φ of the seat whose view this is (0 before its character is chosen, SC-34, and
    once the game is over)."""
    if view.end is not None or view.seat is None or view.seat >= len(view.players):
        return 0.0
    player = view.players[view.seat]
    face_up = sum(1 for _, status in player.treasures if status is TreasureState.UP)
    gems = face_up * int(view.variant.number("treasure_gems"))
    if player.gems is not None:
        gems += sum(GEM_VALUE[item] * count
                    for item, count in zip(GEMS, player.gems, strict=True))
    relics = sum(1 for index in RELICS if player.specials[index])
    health: int = player.health
    return (GEM_WEIGHT * min(gems / WIN_GEMS, 1.0) + RELIC_WEIGHT * relics / len(RELICS)
            + HEALTH_WEIGHT * health / MAX_HEALTH)


def potentials(table: AnyTable) -> list[float]:
    """Every seat's Φ, each from its own view."""
    return [potential(table.observe(seat)) for seat in range(table.num_players)]


class Shaper:
    """Each seat's shaping reward since the last call: SCALE × (Φ now − Φ then)."""

    def __init__(self, table: AnyTable) -> None:
        self.last = potentials(table)

    def step(self, table: AnyTable) -> list[float]:
        now = potentials(table)
        deltas = [SCALE * (after - before) for after, before in zip(now, self.last,
                                                                    strict=True)]
        self.last = now
        return deltas
