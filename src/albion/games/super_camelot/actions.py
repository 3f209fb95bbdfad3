"""Super Camelot actions: small frozen values (commands are enum members)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from albion.games.super_camelot.components import Card, Character, Face, Special


class Command(Enum):
    """Actions without an argument."""

    # Members are singletons, so identity hashing is exact, and C-fast: searches key
    # their trees by actions (Enum's own hash hashes the name in Python).
    __hash__ = object.__hash__

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
    KEEP_ROLL = "keep roll"
    """SC-5 (Arthur): keep the dice as they are."""


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
class Bomb:
    """SC-14: spend a Bomb (and an Attack action) on the 3×3 block centred on `centre`."""

    centre: int


@dataclass(frozen=True, slots=True)
class Shoot:
    """SC-15: once per turn, free: the Hunting Bow at the enemy on `target`."""

    target: int


@dataclass(frozen=True, slots=True)
class Reroll:
    """SC-5 (Arthur): re-roll one die showing `face`."""

    face: Face


@dataclass(frozen=True, slots=True)
class UseStars:
    """SC-12, SC-38: `gems` Stars become Gems, the others 2 Hits."""

    gems: int


@dataclass(frozen=True, slots=True)
class Kill:
    """SC-12, SC-38: the next enemy (square) the hits kill; enemies are named one at a
    time until one maximal kill set is reached."""

    square: int


@dataclass(frozen=True, slots=True)
class LootFrom:
    """SC-12: the next killed enemy (square) that draws Loot when Gems are short; named
    one at a time until every Gem has one."""

    square: int


@dataclass(frozen=True, slots=True)
class KeepCard:
    """SC-5 (Merlin): the card kept of the two drawn."""

    card: Card


@dataclass(frozen=True, slots=True)
class Activate:
    """SC-22 with enemy_order=choose: the enemy (square) to act next."""

    square: int


@dataclass(frozen=True, slots=True)
class Target:
    """SC-22: the equally near character (seat) the enemy attacks."""

    seat: int


@dataclass(frozen=True, slots=True)
class GiveUp:
    """SC-24: the face-up treasure the Mimic takes."""

    card: Card


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
class FirstSeat:
    """Chance, SC-4, SC-41: of players tied for the most Stars, `seat` starts."""

    seat: int


@dataclass(frozen=True, slots=True)
class StarCount:
    """Chance, SC-4: a first-player roll of 3 dice showing `stars` Stars."""

    stars: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance, SC-16, SC-17: the card drawn."""

    card: Card


SuperCamelotAction = (Command | PickCharacter | PlaceOnCircle | Step | Attack | Bomb | Shoot
                      | PickUp | DropAt | Reroll | UseStars | Kill | LootFrom | KeepCard
                      | Activate | Target | GiveUp | PlaceTile | Roll | StarCount | FirstSeat
                      | Draw)
