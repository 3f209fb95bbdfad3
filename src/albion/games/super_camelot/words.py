"""Super Camelot's nouns as words (issue 29): the cards, items, relics, decks, tokens,
dice faces and tiles by name, with their article where a sentence takes them whole ("a
Health Potion", "the Magnet") and without it where the sentence gives one ("your
Greatsword"); the directions of an attack; the starting circles as the places a step
goes onto and a character stands on ("onto the north circle", "on the north circle": a
phrase of its own, since the preposition's case chooses the article in French and
German). Squares (r13c12) and the characters' names are names, passed as they are."""

from __future__ import annotations

from typing import Final

from albion.core.words import Words, say
from albion.games.super_camelot.components import Card, Deck, Face, Item, Special, Token

CARD: Final[dict[Card, Words]] = {
    Card.HEALTH_POTION: say("a Health Potion"), Card.GRAIL_WATER: say("Grail Water"),
    Card.SPEED_POTION: say("a Speed Potion"), Card.GREEN_GEM: say("a green gem"),
    Card.BLUE_GEM: say("a blue gem"), Card.BOMB: say("a bomb"),
    Card.SMALL_KEY: say("a small key"), Card.DARK_KNIGHT: say("a Dark Knight"),
    Card.MAGNET: say("the Magnet"), Card.ROYAL_SHIELD: say("the Royal Shield"),
    Card.RACING_BOOTS: say("the Racing Boots"), Card.POWER_GAUNTLET: say("the Power Gauntlet"),
    Card.HUNTING_BOW: say("the Hunting Bow"), Card.GREATSWORD: say("the Greatsword"),
    Card.SHOVEL: say("the Shovel"), Card.BLUE_GEMS_15: say("15 in blue gems"),
    Card.BLUE_GEMS_10_AND_TREASURE: say("10 in blue gems and a Small Treasure"),
    Card.RED_GEMS_20: say("20 in red gems")}
"""Each card with its article (SC-16, SC-17, SC-26)."""

CARD_NAME: Final[dict[Card, Words]] = {
    Card.HEALTH_POTION: say("Health Potion"), Card.GRAIL_WATER: say("Grail Water"),
    Card.SPEED_POTION: say("Speed Potion"), Card.GREEN_GEM: say("green gem"),
    Card.BLUE_GEM: say("blue gem"), Card.BOMB: say("bomb"), Card.SMALL_KEY: say("small key"),
    Card.DARK_KNIGHT: say("Dark Knight"), Card.MAGNET: say("Magnet"),
    Card.ROYAL_SHIELD: say("Royal Shield"), Card.RACING_BOOTS: say("Racing Boots"),
    Card.POWER_GAUNTLET: say("Power Gauntlet"), Card.HUNTING_BOW: say("Hunting Bow"),
    Card.GREATSWORD: say("Greatsword"), Card.SHOVEL: say("Shovel"),
    Card.BLUE_GEMS_15: say("15 in blue gems"),
    Card.BLUE_GEMS_10_AND_TREASURE: say("10 in blue gems and a Small Treasure"),
    Card.RED_GEMS_20: say("20 in red gems")}
"""Each card without its article, after "your" or "P1's"."""

ITEM: Final[dict[Item, Words]] = {
    Item.SMALL_KEY: say("a small key"), Item.BOMB: say("a bomb"),
    Item.GREEN_GEM: say("a green gem"), Item.BLUE_GEM: say("a blue gem"),
    Item.RED_GEM: say("a red gem")}
"""Each item token with its article."""

SPECIAL: Final[dict[Special, Words]] = {
    Special.BIG_KEY: say("the Big Key"), Special.FIRE_RELIC: say("the Fire Relic"),
    Special.WATER_RELIC: say("the Water Relic"), Special.WIND_RELIC: say("the Wind Relic")}
"""The Big Key and the relics (SC-18), with their article."""

DECK: Final[dict[Deck, Words]] = {
    Deck.LITTER: say("Litter"), Deck.SMALL_LOOT: say("Small Loot"),
    Deck.BIG_LOOT: say("Big Loot"), Deck.SMALL_TREASURE: say("Small Treasure"),
    Deck.BIG_TREASURE: say("Big Treasure")}
"""Each deck by name."""

THE_TOKEN: Final[dict[Token, Words]] = {
    Token.BUSH: say("the bush"), Token.ROCK: say("the rock"),
    Token.DARK_KNIGHT: say("the Dark Knight"), Token.MIMIC: say("the Mimic"),
    Token.PLANT: say("the Carnivorous Plant")}
"""A token on the map, known: "the Dark Knight moves…"."""

A_TOKEN: Final[dict[Token, Words]] = {
    Token.BUSH: say("a bush"), Token.ROCK: say("a rock"),
    Token.DARK_KNIGHT: say("a Dark Knight"), Token.MIMIC: say("a Mimic"),
    Token.PLANT: say("a Carnivorous Plant")}
"""A token on the map, new: "a Mimic appears…"."""

FACE: Final[dict[Face, Words]] = {
    Face.SHIELD: say("shield"), Face.STAR: say("star"), Face.GEM: say("gem"),
    Face.TWO_HITS: say("2 hits"), Face.ONE_HIT: say("1 hit"), Face.BLANK: say("blank")}
"""A die's face (SC-12, SC-21)."""

DIRECTION: Final[dict[str, Words]] = {
    "ne": say("north-east"), "se": say("south-east"), "sw": say("south-west"),
    "nw": say("north-west"), "north": say("north"), "east": say("east"),
    "south": say("south"), "west": say("west")}
"""Where an attack's arc (SC-12) or a sweep (SC-32) goes, by `combat.ARC_NAMES`."""

ONTO_CIRCLE: Final[tuple[Words, ...]] = (
    say("onto the north circle"), say("onto the east circle"), say("onto the south circle"),
    say("onto the west circle"))
"""Where a step goes, by `board.CIRCLE_NAMES`' order (SC-3, SC-20)."""

ON_CIRCLE: Final[tuple[Words, ...]] = (
    say("on the north circle"), say("on the east circle"), say("on the south circle"),
    say("on the west circle"))
"""Where a character starts, by `board.CIRCLE_NAMES`' order (SC-7)."""

TILE: Final[dict[str, Words]] = {
    "meadow": say("Sunlit Meadow"), "glade": say("Wildflower Glade"),
    "thicket": say("Bramble Thicket"), "pass": say("Rocky Pass"),
    "grove": say("Tangled Grove"), "stones": say("Standing Stones"),
    "hollow": say("Mimic Hollow"), "road": say("Old Road"), "dell": say("Mossy Dell"),
    "copse": say("Hazel Copse"), "crossroads": say("Crossroads"),
    "fire-shrine": say("Fire Shrine"), "water-shrine": say("Water Shrine"),
    "wind-shrine": say("Wind Shrine"), "big-chest": say("Big Chest"),
    "big-key": say("Big Key")}
"""Each tile's name by its key (`data/`'s tiles)."""


def tile_name(key: str, name: str) -> Words | str:
    """A tile's name in words; a tile the table above does not know keeps its own name."""
    return TILE.get(key, name)
