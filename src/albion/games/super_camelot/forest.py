"""Super Camelot's static geometry, sent once per game (issue 26): the forest (SC-1 … SC-3:
the map, the tiles, the trees, the Starting Tile, its Castle and circles), the numbers a
face draws (health, gems, the crop of the map window) and the rules it explains, each in
a few words with its ruling — every number read from the engine's own tables, at the
table's variant (SC-5's abilities, SC-13's enemy health)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from albion.core.variants import Variant
from albion.core.words import Words, say, say_n
from albion.games.super_camelot.board import SIDE
from albion.games.super_camelot.components import (
    GEM_ITEMS,
    GEM_VALUE,
    HEALTH_PER_SHIELD,
    MAX_HEALTH,
    WIN_GEMS,
    Token,
)
from albion.games.super_camelot.config import Rules
from albion.games.super_camelot.enemies import DAMAGE
from albion.games.super_camelot.presentation import (
    CROP,
    START_BLOCK_AT,
    START_BLOCK_SIZE,
    TREES,
    abilities,
    ability_words,
    castle,
    circle_exits,
    circles,
)
from albion.games.super_camelot.tiles import TILE_SIZE


class Wire(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Rule(Wire):
    """A rule in a few words, and its ruling."""

    text: str = Field(description="The rule in English")
    words: dict[str, Any] = Field(description="The rule as words (`{message, args}`, as an "
                                              "event's `words`), for a face to say in its "
                                              "reader's language (issue 29)")
    ruling: str


class StartTile(Wire):
    """SC-3: the Starting Tile over the centre tiles' shared corner."""

    top: int = Field(description="Its first row (0-based)")
    left: int = Field(description="Its first column (0-based)")
    size: int = Field(description="Squares a side")
    castle: list[str] = Field(description="The Castle's squares (SC-20)")
    circles: dict[str, list[str]] = Field(description="Each starting circle (north, east, "
                                                      "south, west) and the squares it is "
                                                      "drawn on")
    exits: dict[str, list[str]] = Field(description="Each circle and the squares bordering "
                                                    "its side (SC-3)")


class Geometry(Wire):
    """The forest every table shares (SC-1 … SC-3), the characters' abilities at this
    table (SC-5), the numbers a face draws, and the rules it explains, by the piece or
    part they concern."""

    side: int = Field(description="Squares a side of the whole map")
    tile: int = Field(description="Squares a side of a tile")
    crop: int = Field(description="Squares a side of `map.cropped`")
    start: StartTile
    trees: list[tuple[int, int]] = Field(description="The trees of every tile, as (row, "
                                                     "col) inside it (SC-2)")
    max_health: int = Field(description="Health a character starts with (SC-21)")
    health_per_shield: int = Field(description="Health a shield stands for (SC-21)")
    win_gems: int = Field(description="Gems that win at once (SC-19)")
    gem_values: dict[str, int] = Field(description="What each gem token is worth (SC-19), "
                                                   "by item word")
    abilities: dict[str, str] = Field(description="Each character's ability (SC-5, the "
                                                  "`abilities` variant; empty when off)")
    ability_words: dict[str, dict[str, Any]] = Field(
        description="Each character's ability as words (`{message, args}`, issue 29); no "
                    "entry when the `abilities` variant is off")
    rules: dict[str, Rule] = Field(description="By piece or part: tree, bush, rock, chest, "
                                               "big_chest, opened, stack, items, "
                                               "dark_knight, mimic, plant, fog, unpopulated, "
                                               "start, circle, castle, health, gems, "
                                               "supply_out, abilities, passed_out")


def geometry(variant: Variant) -> Geometry:
    """SC-1 … SC-3, SC-5, SC-13, SC-19, SC-21: the forest, the numbers and the rules' words
    at a table of `variant`."""
    mimic, plant, knight = Rules.of(variant).enemy_hp
    return Geometry(
        side=SIDE, tile=TILE_SIZE, crop=CROP,
        start=StartTile(top=START_BLOCK_AT, left=START_BLOCK_AT, size=START_BLOCK_SIZE,
                        castle=castle(), circles=circles(), exits=circle_exits()),
        trees=list(TREES), max_health=MAX_HEALTH, health_per_shield=HEALTH_PER_SHIELD,
        win_gems=WIN_GEMS,
        gem_values={item.name.lower(): GEM_VALUE[item] for item in GEM_ITEMS},
        abilities=abilities(variant), ability_words=ability_words(variant),
        rules={key: Rule(text=str(words), words=words.to_json(), ruling=ruling)
               for key, (words, ruling) in _rules(mimic, plant, knight).items()})


def _rules(mimic: int, plant: int, knight: int) -> dict[str, tuple[Words, str]]:
    """The rules a face explains, with the enemies' health at this table (SC-13)."""
    return {
        "tree": (say("a tree blocks its square"), "SC-2"),
        "bush": (say("blocks its square; cut it with an attack"), "SC-8"),
        "rock": (say("blocks its square"), "SC-8"),
        "chest": (say("needs a small key; open it from the square south of it"), "SC-17"),
        "big_chest": (say("needs the Big Key; open it from the square south of it"), "SC-17"),
        "opened": (say("an opened chest still blocks"), "SC-31"),
        "stack": (say("pick one up from an orthogonally adjacent square"), "SC-18"),
        "items": (say("walk in to collect them"), "SC-8"),
        "dark_knight": (say_n("{count} hit to kill; walks next to you and deals {damage} "
                              "damage", "{count} hits to kill; walks next to you and deals "
                              "{damage} damage", knight, damage=DAMAGE[Token.DARK_KNIGHT]),
                        "SC-23"),
        "mimic": (say_n("{count} hit to kill; walks onto you, steals a treasure and deals "
                        "{damage} damage", "{count} hits to kill; walks onto you, steals a "
                        "treasure and deals {damage} damage", mimic, damage=DAMAGE[Token.MIMIC]),
                  "SC-24"),
        "plant": (say_n("{count} hit to kill; never moves, spits a stone for {damage} damage "
                        "along a line", "{count} hits to kill; never moves, spits a stone for "
                        "{damage} damage along a line", plant, damage=DAMAGE[Token.PLANT]),
                  "SC-25"),
        "fog": (say("unexplored forest: stepping off the map's edge draws a tile"), "SC-10"),
        "unpopulated": (say("nobody here: bushes, rocks and enemies return when someone "
                            "enters"), "SC-11"),
        "start": (say("the Starting Tile"), "SC-3"),
        "circle": (say("a starting circle"), "SC-3"),
        "enemy_turn": (say("the Enemy Turn: after a knight's turn, each enemy on its tile moves "
                           "towards the nearest knight and attacks"), "SC-22"),
        "castle": (say("the Castle with the Holy Grail: with all 3 Relics, stand on a circle "
                       "and claim it"), "SC-20"),
        "health": (say("a shield is {health} health, a cracked one less; at 0 the character "
                       "passes out", health=HEALTH_PER_SHIELD), "SC-21"),
        "gems": (say("gems are seen by their owner only; {gems} win at once", gems=WIN_GEMS),
                 "SC-19"),
        "supply_out": (say("a card dropping a gem of this colour drops nothing"), "SC-42"),
        "abilities": (say("the characters' abilities are our own design"), "SC-5"),
        "passed_out": (say("passed out: on its next turn it recovers to 1 health and does "
                           "nothing else"), "SC-21"),
    }
