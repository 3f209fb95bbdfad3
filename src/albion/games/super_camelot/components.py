"""Super Camelot components as data: dice, characters, items, decks and the supply
(rulebook "Game Components" and "Deck Contents"; SC-5 abilities are our own design)."""

from __future__ import annotations

from enum import IntEnum
from itertools import combinations_with_replacement
from math import factorial
from typing import Final

from albion.core.words import Words, say


class Face(IntEnum):
    """A face of the custom dice (each 1 in 6)."""

    SHIELD = 0
    STAR = 1
    GEM = 2
    TWO_HITS = 3
    ONE_HIT = 4
    BLANK = 5

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", "-")


def roll_outcomes(dice: int) -> tuple[tuple[tuple[Face, ...], float], ...]:
    """Every multiset of faces `dice` dice can show (sorted), with its probability."""
    outcomes = []
    for faces in combinations_with_replacement(Face, dice):
        ways = factorial(dice)
        for face in set(faces):
            ways //= factorial(faces.count(face))
        outcomes.append((faces, ways / 6**dice))
    return tuple(outcomes)


ROLLS: Final = {dice: roll_outcomes(dice) for dice in (1, 2, 3)}
"""Rolls of 1 to 3 dice: 6, 21 and 56 outcomes."""


class Character(IntEnum):
    """SC-4, SC-5: the six character boards."""

    ARTHUR = 0
    GWENIVERE = 1
    LANCELOT = 2
    MERLIN = 3
    PERCIVAL = 4
    GALAHAD = 5

    @property
    def label(self) -> str:
        return self.name.lower()


ABILITIES: Final[dict[Character, Words]] = {
    Character.ARTHUR: say("once per turn, re-roll 1 attack die"),
    Character.GWENIVERE: say("+1 extra Health from any healing"),
    Character.LANCELOT: say("the first 1 Hit of each attack counts as 2 Hits"),
    Character.MERLIN: say("draws 2 Litter/Loot cards and keeps 1"),
    Character.PERCIVAL: say("+1 square per Move action"),
    Character.GALAHAD: say("on defence, a Gem also blocks"),
}
"""SC-5 [house]: the printed abilities are unknown; these are our own design."""


class Item(IntEnum):
    """Tokens that lie on squares and are collected by walking in (rulebook "Items")."""

    SMALL_KEY = 0
    BOMB = 1
    GREEN_GEM = 2
    BLUE_GEM = 3
    RED_GEM = 4

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", "-")


GEM_VALUE: Final = {Item.GREEN_GEM: 1, Item.BLUE_GEM: 5, Item.RED_GEM: 10}
GEM_ITEMS: Final = (Item.RED_GEM, Item.BLUE_GEM, Item.GREEN_GEM)
"""Largest first: the order in which gains are paid from the supply (SC-35)."""
ITEM_SUPPLY: Final = {Item.SMALL_KEY: 8, Item.BOMB: 5, Item.GREEN_GEM: 16, Item.BLUE_GEM: 12,
                      Item.RED_GEM: 8}
GEMS_IN_BOX: Final = sum(GEM_VALUE[item] * ITEM_SUPPLY[item] for item in GEM_VALUE)  # 156
WIN_GEMS: Final = 40
"""SC-19: 40 gems or more win at once."""


class Token(IntEnum):
    """What populates a square (tiles' marks once placed), by supply type (SC-11)."""

    BUSH = 0
    ROCK = 1
    DARK_KNIGHT = 2
    MIMIC = 3
    PLANT = 4


TOKEN_SUPPLY: Final = {Token.BUSH: 22, Token.ROCK: 12, Token.DARK_KNIGHT: 8, Token.MIMIC: 8,
                       Token.PLANT: 8}


class Special(IntEnum):
    """SC-18: special items, in stacks of four on their tiles."""

    BIG_KEY = 0
    FIRE_RELIC = 1
    WATER_RELIC = 2
    WIND_RELIC = 3

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", "-")


STACK_SIZE: Final = 4
RELICS: Final = (Special.FIRE_RELIC, Special.WATER_RELIC, Special.WIND_RELIC)


class Deck(IntEnum):
    LITTER = 0
    SMALL_LOOT = 1
    BIG_LOOT = 2
    SMALL_TREASURE = 3
    BIG_TREASURE = 4

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ")


class Card(IntEnum):
    """Every kind of card, across the five decks."""

    HEALTH_POTION = 0
    GRAIL_WATER = 1
    SPEED_POTION = 2
    GREEN_GEM = 3
    BLUE_GEM = 4
    BOMB = 5
    SMALL_KEY = 6
    DARK_KNIGHT = 7
    MAGNET = 8
    ROYAL_SHIELD = 9
    RACING_BOOTS = 10
    POWER_GAUNTLET = 11
    HUNTING_BOW = 12
    GREATSWORD = 13
    SHOVEL = 14
    BLUE_GEMS_15 = 15
    BLUE_GEMS_10_AND_TREASURE = 16
    RED_GEMS_20 = 17

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", "-")


DECK_CONTENTS: Final[dict[Deck, dict[Card, int]]] = {
    Deck.LITTER: {Card.HEALTH_POTION: 5, Card.GREEN_GEM: 5, Card.BOMB: 2,
                  Card.DARK_KNIGHT: 2, Card.GRAIL_WATER: 1},
    Deck.SMALL_LOOT: {Card.GREEN_GEM: 5, Card.HEALTH_POTION: 2, Card.SPEED_POTION: 1,
                      Card.BOMB: 1, Card.SMALL_KEY: 1},
    Deck.BIG_LOOT: {Card.SMALL_KEY: 4, Card.BLUE_GEM: 3, Card.BOMB: 2,
                    Card.HEALTH_POTION: 1},
    Deck.SMALL_TREASURE: {Card.MAGNET: 2, Card.ROYAL_SHIELD: 2, Card.RACING_BOOTS: 2,
                          Card.POWER_GAUNTLET: 2, Card.HUNTING_BOW: 2, Card.GREATSWORD: 2,
                          Card.SHOVEL: 2},
    Deck.BIG_TREASURE: {Card.BLUE_GEMS_15: 2, Card.BLUE_GEMS_10_AND_TREASURE: 1,
                        Card.RED_GEMS_20: 1},
}
"""SC-16: deck contents as printed in the rulebook."""

CARD_ITEM: Final = {Card.GREEN_GEM: Item.GREEN_GEM, Card.BLUE_GEM: Item.BLUE_GEM,
                    Card.BOMB: Item.BOMB, Card.SMALL_KEY: Item.SMALL_KEY}
"""Litter and Loot cards that drop an item."""
BIG_TREASURE_GEMS: Final = {Card.BLUE_GEMS_15: 15, Card.BLUE_GEMS_10_AND_TREASURE: 10,
                            Card.RED_GEMS_20: 20}
TREASURES: Final = tuple(DECK_CONTENTS[Deck.SMALL_TREASURE])
MAX_HEALTH: Final = 6
"""SC-21: three shields of two health each."""
HEALTH_PER_SHIELD: Final = 2
"""SC-21: a shield is 2 health (intact), then 1 (cracked), then gone."""
MAX_PLAYERS: Final = 4
"""SC-4: two to four players."""
ACTIONS_PER_TURN: Final = 3
MOVE_SQUARES: Final = 3
