"""Diamoniak actions: small frozen values, prebuilt so the rules never allocate one."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from albion.games.diamoniak.cards import COLOURS, Card

MAX_SEATS = 4


class Choice(Enum):
    """Decisions that carry no argument."""

    # Members are singletons, so identity hashing is exact, and C-fast: searches key
    # their trees by actions (Enum's own hash hashes the name in Python).
    __hash__ = object.__hash__

    DRAW = "draw"
    """DI-3: draw the top card (the first draw of a turn, or another one)."""
    STOP = "stop"
    """DI-3: stop drawing; the turn ends."""
    PASS = "pass"
    """DI-9: end the turn without drawing, when nothing can be drawn."""
    USE_FAIRY = "use fairy"
    """DI-8: counter the witch with a fairy."""
    KEEP_FAIRY = "keep fairy"
    """DI-8: keep the fairy and lose three cards instead."""
    LOSE_CASTLE = "lose castle"
    """DI-8: give the witch one card of one's own castle."""


@dataclass(frozen=True, slots=True)
class Buy:
    """DI-7: pay 3 diamonds to take a castle card of `colour` from `seller`'s right-hand pile."""

    seller: int
    colour: Card


@dataclass(frozen=True, slots=True)
class Lose:
    """DI-8: give the witch one `card` from the right-hand pile (a diamond or a castle card)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the top card of the draw pile turns out to be `card`."""

    card: Card


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """Chance, DI-2 with `first=random`: `seat` starts."""

    seat: int


DiamoniakAction = Choice | Buy | Lose | Reveal | FirstPlayer

BUY: tuple[tuple[Buy, ...], ...] = tuple(
    tuple(Buy(seller, colour) for colour in COLOURS) for seller in range(MAX_SEATS)
)
LOSE: tuple[Lose, ...] = tuple(Lose(card) for card in Card)
REVEAL: tuple[Reveal, ...] = tuple(Reveal(card) for card in Card)
FIRST: tuple[FirstPlayer, ...] = tuple(FirstPlayer(seat) for seat in range(MAX_SEATS))
