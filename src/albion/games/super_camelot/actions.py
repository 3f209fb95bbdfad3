"""Super Camelot actions: small frozen values (commands are enum members)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from albion.games.super_camelot.components import Card, Character, Face, Special


class Command(Enum):
    """Actions without an argument."""

    STOP = "stop"
    """SC-8: end the current move early."""
    OPEN_CHEST = "open chest"
    """SC-17: open the chest directly north, with the right key."""
    CLAIM = "claim grail"
    """SC-20: on a starting circle with all three relics: win."""
    DIG = "dig"
    """SC-26: with the Shovel, draw a Small Loot card."""
    END_TURN = "end turn"
    """SC-33: end the turn (always available)."""


@dataclass(frozen=True, slots=True)
class PickCharacter:
    """SC-4, SC-34: choose a character board (seats choose in order)."""

    character: Character


@dataclass(frozen=True, slots=True)
class PlaceOnCircle:
    """SC-7: on a first turn, stand on a free starting circle (0 north … 3 west)."""

    circle: int


@dataclass(frozen=True, slots=True)
class Step:
    """SC-8: one square of a Move; the first step of a Move spends an action."""

    to: int


@dataclass(frozen=True, slots=True)
class Attack:
    """SC-12: attack an arc: 0–3 the 3-square arcs NE, SE, SW, NW; 4–7 the Greatsword's
    5-square arcs facing N, E, S, W."""

    arc: int


@dataclass(frozen=True, slots=True)
class PickUp:
    """SC-18: take one special item from an orthogonally adjacent stack."""

    special: Special


@dataclass(frozen=True, slots=True)
class DropAt:
    """SC-16: the drawer chooses the square an item (or a spawned knight) lands on."""

    square: int


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Chance, SC-10: the explored tile is tile number `tile` of the set."""

    tile: int


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: dice showing `faces` (sorted)."""

    faces: tuple[Face, ...]


@dataclass(frozen=True, slots=True)
class StarCount:
    """Chance, SC-4: a first-player roll of 3 dice showing `stars` Stars."""

    stars: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance, SC-16, SC-17: the card drawn."""

    card: Card


SuperCamelotAction = (Command | PickCharacter | PlaceOnCircle | Step | Attack | PickUp
                      | DropAt | PlaceTile | Roll | StarCount | Draw)
