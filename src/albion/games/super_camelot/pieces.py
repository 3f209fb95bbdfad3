"""The mutable and immutable records a Super Camelot state is made of: what lies on a
square, each character's belongings, and the steps still to resolve (pending)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from albion.core.pickling import picklable
from albion.games.super_camelot.board import OFF_BOARD
from albion.games.super_camelot.components import (
    MAX_HEALTH,
    RELICS,
    Card,
    Character,
    Deck,
    Face,
    Item,
    Special,
    Token,
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

    def __init__(self, character: Character, position: int = OFF_BOARD,
                 health: int = MAX_HEALTH, passed_out: bool = False, keys: int = 0,
                 bombs: int = 0, gems: list[int] | None = None,
                 specials: list[bool] | None = None,
                 treasures: list[tuple[Card, TreasureState]] | None = None) -> None:
        """A character as it starts (SC-34), or with every field given (`clone`)."""
        self.character = character
        self.position = position
        self.health = health
        self.passed_out = passed_out
        self.keys = keys  # small keys
        self.bombs = bombs
        # tokens by Item.GREEN_GEM, BLUE_GEM, RED_GEM (index - 2)
        self.gems = [0, 0, 0] if gems is None else gems
        self.specials = [False] * len(Special) if specials is None else specials
        self.treasures = [] if treasures is None else treasures

    def clone(self) -> Adventurer:
        return Adventurer(self.character, self.position, self.health, self.passed_out,
                          self.keys, self.bombs, self.gems[:], self.specials[:],
                          self.treasures[:])

    def key(self) -> tuple[object, ...]:
        return (self.character, self.position, self.health, self.passed_out, self.keys,
                self.bombs, self.gems, self.specials, self.treasures)

    def __reduce__(self) -> tuple[type[Adventurer], tuple[object, ...]]:
        """Pickled as its constructor's arguments: a compiled build would otherwise call
        it with none (`albion.core.pickling`)."""
        return Adventurer, self.key()

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
class RollOff:
    """Chance, SC-41: one of the `seats` tied for the most Stars starts, each as likely."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StarRoll:
    """Chance, SC-4: the next of `rollers` rolls 3 dice for the first player; `stars`
    so far, one per roller already done; `round` counts the rolls of ties (SC-41)."""

    rollers: tuple[int, ...]
    stars: tuple[int, ...]
    round: int = 1


class Weapon(IntEnum):
    SWORD = 0  # SC-12
    BOMB = 1  # SC-14
    BOW = 2  # SC-15


@dataclass(frozen=True, slots=True)
class Strike:
    """An attack being resolved: the weapon, what it reaches (bush and enemy squares, and
    for a bomb the seats in its block), and the dice once rolled."""

    weapon: Weapon
    bushes: tuple[int, ...]
    enemies: tuple[int, ...]
    characters: tuple[int, ...] = ()
    faces: tuple[Face, ...] = ()

    def rolled(self, faces: tuple[Face, ...]) -> Strike:
        """This strike with its dice down (`dataclasses.replace` is interpreted, even in a
        compiled build: 1.6 % of a random playout, issue 28)."""
        return Strike(self.weapon, self.bushes, self.enemies, self.characters, faces)


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """Chance, SC-12: the three dice of `strike`."""

    strike: Strike


@dataclass(frozen=True, slots=True)
class RerollChoice:
    """Decision, SC-5 (Arthur): re-roll one die of `strike`, or keep the roll."""

    strike: Strike


@dataclass(frozen=True, slots=True)
class RerollDie:
    """Chance: the re-rolled die replacing one `face` of `strike`."""

    strike: Strike
    face: Face


@dataclass(frozen=True, slots=True)
class StarChoice:
    """Decision, SC-12: how many Stars of `strike` become Gems (the rest 2 Hits, SC-38)."""

    strike: Strike


@dataclass(frozen=True, slots=True)
class KillChoice:
    """Decision, SC-12, SC-38: which enemies the hits kill, named one at a time. `kills`
    are the sets the hit icons can pay for (SC-28) that no larger such set contains,
    `chosen` the enemies named so far (sorted): at least two of `kills` still contain
    them. `gems` are counted for the draws that follow."""

    strike: Strike
    kills: tuple[tuple[int, ...], ...]
    gems: int
    chosen: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class LootChoice:
    """Decision, SC-12: with fewer Gems than kills, which `count` of the `fallen` enemies
    (square, enemy token) draw Loot, named one at a time; `chosen` so far (sorted)."""

    fallen: tuple[tuple[int, Token], ...]
    count: int
    chosen: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SecondDraw:
    """Chance, SC-5 (Merlin): the second card, beside `first`."""

    draws: CardDraws
    first: Card


@dataclass(frozen=True, slots=True)
class KeepChoice:
    """Decision, SC-5 (Merlin): keep one of two cards; the other is discarded."""

    draws: CardDraws
    cards: tuple[Card, Card]


@dataclass(frozen=True, slots=True)
class EnemyTurn:
    """SC-22: the enemies (squares) still to activate this Enemy Turn."""

    queue: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TargetChoice:
    """Decision, SC-22: the active player picks which of the equally near `seats` the
    enemy on `enemy` attacks."""

    enemy: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StealChoice:
    """Decision, SC-24: `victim` picks the face-up treasure the Mimic on `mimic` takes."""

    mimic: int
    victim: int


@dataclass(frozen=True, slots=True)
class Defence:
    """Chance, SC-21: `victim` rolls to block an attack of `damage`."""

    victim: int
    damage: int


@dataclass(frozen=True, slots=True)
class TurnOver:
    """The Enemy Turn is done: the next seat plays."""


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


Pending = (CentreDraw | TileDraw | StarRoll | RollOff | AttackRoll | RerollChoice | RerollDie
           | StarChoice | KillChoice | LootChoice | CardDraws | SecondDraw | KeepChoice
           | DropChoice | TreasureDraw | EnemyTurn | TargetChoice | StealChoice | Defence
           | TurnOver)
CHANCE_PENDING: Final = (CentreDraw, TileDraw, StarRoll, RollOff, AttackRoll, RerollDie, CardDraws,
                         SecondDraw, TreasureDraw, Defence)
"""Pending steps resolved by a chance outcome; the others are decisions (or, EnemyTurn
in reading order and TurnOver, resolved at once by `settle`)."""
CHANCE_TYPES: Final = frozenset(CHANCE_PENDING)
"""The same, for a fast `type(step) in CHANCE_TYPES` on the per-step path."""


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
