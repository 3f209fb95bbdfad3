"""Raiding Stonehenge's nouns as words (issue 29): a card by its number and colour (RS-1),
with and without its article ("the 6 (black)", "6 (black)"), a disk of a colour ("white
disk", after the article or "no" its sentence gives it), a pile as where a black card's
player goes ("to the white pile", a phrase of its own, since the preposition's case
chooses the article in French and German), and the labels whose colour cannot be an
argument ("Set aside one of your white disks"). A card's number is an argument; each
colour is its own message, so each language makes its words agree."""

from __future__ import annotations

from typing import Final

from albion.core.words import Words, say
from albion.games.raiding_stonehenge.components import BLACK, CARD_COLOUR, Colour

CARD: Final[dict[int, Words]] = {
    Colour.WHITE: say("{number} (white)"),
    Colour.BLUE: say("{number} (blue)"),
    Colour.GREEN: say("{number} (green)"),
    Colour.YELLOW: say("{number} (yellow)"),
    Colour.RED: say("{number} (red)"),
    BLACK: say("{number} (black)"),
}
"""A card by its number and colour (RS-1), by `card_colour`: "6 (black)"."""

THE_CARD: Final[dict[int, Words]] = {
    Colour.WHITE: say("the {number} (white)"),
    Colour.BLUE: say("the {number} (blue)"),
    Colour.GREEN: say("the {number} (green)"),
    Colour.YELLOW: say("the {number} (yellow)"),
    Colour.RED: say("the {number} (red)"),
    BLACK: say("the {number} (black)"),
}
"""A card with its article: "the 6 (black)"."""

DISK: Final[dict[int, Words]] = {
    Colour.WHITE: say("white disk"),
    Colour.BLUE: say("blue disk"),
    Colour.GREEN: say("green disk"),
    Colour.YELLOW: say("yellow disk"),
    Colour.RED: say("red disk"),
}
"""A disk of a colour, its article left to the sentence ("a {disk}", "no {disk}")."""

TO_THE_PILE: Final[dict[int, Words]] = {
    Colour.WHITE: say("to the white pile"),
    Colour.BLUE: say("to the blue pile"),
    Colour.GREEN: say("to the green pile"),
    Colour.YELLOW: say("to the yellow pile"),
    Colour.RED: say("to the red pile"),
}
"""Where a black card's player goes (RS-8): "to the white pile"."""

SET_ASIDE_ONE: Final[dict[int, Words]] = {
    Colour.WHITE: say("Set aside one of your white disks"),
    Colour.BLUE: say("Set aside one of your blue disks"),
    Colour.GREEN: say("Set aside one of your green disks"),
    Colour.YELLOW: say("Set aside one of your yellow disks"),
    Colour.RED: say("Set aside one of your red disks"),
}
"""RS-11's choice as a label, by the colour of the disk set aside."""


def card_name(number: int) -> Words:
    """A card in words without its article: "6 (black)"."""
    return CARD[CARD_COLOUR[number]].with_args(number=number)


def the_card(number: int) -> Words:
    """A card in words: "the 6 (black)"."""
    return THE_CARD[CARD_COLOUR[number]].with_args(number=number)
