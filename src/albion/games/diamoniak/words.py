"""Diamoniak's nouns as words (issue 29): each kind of card by its name ("red", "witch")
and with its article ("a red card", "a witch"), for the events, labels and refusals that
name one. The French rulebook's own terms decide the French (carte château, diamant,
sorcière, fée)."""

from __future__ import annotations

from typing import Final

from albion.core.words import Words, say
from albion.games.diamoniak.cards import Card

CARD_NAMES: Final[dict[Card, Words]] = {
    Card.RED: say("red"),
    Card.BLUE: say("blue"),
    Card.GREEN: say("green"),
    Card.YELLOW: say("yellow"),
    Card.DIAMOND: say("diamond"),
    Card.WITCH: say("witch"),
    Card.FAIRY: say("fairy"),
}
"""A kind of card by its name, as in "you may buy only your own colour ({colour})"."""

CARDS: Final[dict[Card, Words]] = {
    Card.RED: say("red card"),
    Card.BLUE: say("blue card"),
    Card.GREEN: say("green card"),
    Card.YELLOW: say("yellow card"),
    Card.DIAMOND: say("diamond card"),
    Card.WITCH: say("witch card"),
    Card.FAIRY: say("fairy card"),
}
"""A kind of card without its article, as in "the draw pile holds no {card}" (a colour's
name alone is a noun of its own: French writes "carte bleue" but "le bleu")."""

A_CARD: Final[dict[Card, Words]] = {
    Card.RED: say("a red card"),
    Card.BLUE: say("a blue card"),
    Card.GREEN: say("a green card"),
    Card.YELLOW: say("a yellow card"),
    Card.DIAMOND: say("a diamond"),
    Card.WITCH: say("a witch"),
    Card.FAIRY: say("a fairy"),
}
"""A card with its article: "a red card", "a diamond", "a witch", "a fairy"."""
