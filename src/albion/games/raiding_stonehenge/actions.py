"""Raiding Stonehenge actions: small frozen values, prebuilt so the rules never allocate."""

from __future__ import annotations

from dataclasses import dataclass

from albion.games.raiding_stonehenge.components import COLOURS, HIGHEST_CARD, LINES, Colour


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the next card dealt (to a line or a hand, as the state says) is `number`."""

    number: int


@dataclass(frozen=True, slots=True)
class Take:
    """RS-5: take the bottom card of `line` (0-based; shown as 1–5)."""

    line: int


@dataclass(frozen=True, slots=True)
class Play:
    """RS-6: commit `number` from the hand, face down."""

    number: int


@dataclass(frozen=True, slots=True)
class Place:
    """RS-8: a black card's player goes to the pile of `colour`."""

    colour: Colour


@dataclass(frozen=True, slots=True)
class SetAside:
    """RS-11: give back one disk of `colour` to its pile."""

    colour: Colour


RaidingAction = Deal | Take | Play | Place | SetAside

DEAL: tuple[Deal, ...] = tuple(Deal(n) for n in range(HIGHEST_CARD + 1))
TAKE: tuple[Take, ...] = tuple(Take(line) for line in range(LINES))
PLAY: tuple[Play, ...] = tuple(Play(n) for n in range(HIGHEST_CARD + 1))
PLACE: tuple[Place, ...] = tuple(Place(colour) for colour in COLOURS)
SET_ASIDE: tuple[SetAside, ...] = tuple(SetAside(colour) for colour in COLOURS)
