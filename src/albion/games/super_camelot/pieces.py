"""The mutable and immutable records a Super Camelot state is made of: what lies on a
square, each character's belongings, and the steps still to resolve (pending)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from albion.games.super_camelot.board import OFF_BOARD
from albion.games.super_camelot.components import (
    MAX_HEALTH,
    RELICS,
    Card,
    Character,
    Deck,
    Item,
    Special,
)


class Phase(IntEnum):
    CHOOSING = 0
    """SC-4, SC-34: seats pick characters in order."""
    PLAYING = 1
    OVER = 2


class Thing(IntEnum):
    """An object on a square (SC-8: all of them block movement)."""

    BUSH = 0
    ROCK = 1
    SMALL_CHEST = 2
    OPEN_SMALL_CHEST = 3
    BIG_CHEST = 4
    OPEN_BIG_CHEST = 5
    STACK = 6


class TreasureState(IntEnum):
    """SC-24: a Small Treasure is face up, or face down under a Mimic, or face down for
    good (its Mimic left play unkilled)."""

    UP = 0
    STOLEN = 1
    LOST = 2


class Adventurer:
    """One character and everything its player holds (health, keys, gems…)."""

    __slots__ = ("character", "position", "health", "passed_out", "keys", "bombs", "gems",
                 "specials", "treasures")

    def __init__(self, character: Character) -> None:
        self.character = character
        self.position = OFF_BOARD
        self.health = MAX_HEALTH
        self.passed_out = False
        self.keys = 0  # small keys
        self.bombs = 0
        self.gems = [0, 0, 0]  # tokens by Item.GREEN_GEM, BLUE_GEM, RED_GEM (index - 2)
        self.specials = [False] * len(Special)
        self.treasures: list[tuple[Card, TreasureState]] = []

    def clone(self) -> Adventurer:
        other = Adventurer.__new__(Adventurer)
        other.character, other.position = self.character, self.position
        other.health, other.passed_out = self.health, self.passed_out
        other.keys, other.bombs = self.keys, self.bombs
        other.gems = self.gems[:]
        other.specials = self.specials[:]
        other.treasures = self.treasures[:]
        return other

    def key(self) -> tuple[object, ...]:
        return (self.character, self.position, self.health, self.passed_out, self.keys,
                self.bombs, self.gems, self.specials, self.treasures)

    def has(self, card: Card) -> bool:
        """SC-31: a face-up treasure works (duplicates do not stack)."""
        return (card, TreasureState.UP) in self.treasures

    def has_all_relics(self) -> bool:
        return all(self.specials[relic] for relic in RELICS)

    def gem_tokens(self, item: Item) -> int:
        return self.gems[item - Item.GREEN_GEM]


# -- pending steps: immutable, so a state's list of them is copied shallowly ------------


@dataclass(frozen=True, slots=True)
class CentreDraw:
    """Chance, SC-1: an unnamed tile for centre slot `slot`."""

    slot: int


@dataclass(frozen=True, slots=True)
class TileDraw:
    """Chance, SC-10: the tile explored by a step onto `target`."""

    target: int


@dataclass(frozen=True, slots=True)
class StarRoll:
    """Chance, SC-4: the next of `rollers` rolls 3 dice for the first player; `stars`
    so far, one per roller already done."""

    rollers: tuple[int, ...]
    stars: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """Chance, SC-12: the dice of an attack on `bushes` (cut) and `enemies` (squares)."""

    bushes: tuple[int, ...]
    enemies: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardDraws:
    """Chance, SC-16: `count` more cards from `deck`; items drop on one of `sources`
    (the drawer chooses), or on the drawer's square when `at_drawer`."""

    deck: Deck
    count: int
    sources: tuple[int, ...]
    at_drawer: bool = False


@dataclass(frozen=True, slots=True)
class DropChoice:
    """Decision, SC-16: where the `card` just drawn from `deck` drops, among `sources`;
    then `rest` is what remains to draw."""

    card: Card
    deck: Deck
    sources: tuple[int, ...]
    rest: CardDraws | None


@dataclass(frozen=True, slots=True)
class TreasureDraw:
    """Chance, SC-17: a card from a treasure deck for the player who opened a chest."""

    deck: Deck


Pending = CentreDraw | TileDraw | StarRoll | AttackRoll | CardDraws | DropChoice | TreasureDraw
CHANCE_PENDING = (CentreDraw, TileDraw, StarRoll, AttackRoll, CardDraws, TreasureDraw)
