"""The rulings of Diamoniak (RULINGS.md DI-1 … DI-12, project rulings DI-13 …) and its
variants. Each id is cited by the code that applies it and by a test named after it."""

from __future__ import annotations

from enum import StrEnum

from albion.core.rulings import ALL_1, Ruling, Source
from albion.core.variants import VariantOption

RB, PUB, INF, PROJECT = Source.RULEBOOK, Source.PUBLISHED, Source.INFERRED, Source.PROJECT

RULINGS: tuple[Ruling, ...] = (
    Ruling("DI-1", "Components",
           "54 cards: 24 castle cards (4 colours x 6 distinct pieces), 20 diamond, 7 witch, "
           "3 fairy. 2-4 players.", (PUB,)),
    Ruling("DI-2", "Start",
           "Shuffle all cards face down as the draw pile. Seat 0 starts (the youngest in the "
           "box rules), or a seat drawn at random; play goes clockwise.", (PUB,), ("first",)),
    Ruling("DI-3", "Turn",
           "A turn is either a BUY or a DRAW, never both. DRAW: the first draw is mandatory; "
           "after any card that is not a witch the player chooses to draw again or to stop.",
           (RB,), newcomer=True),
    Ruling("DI-4", "Castle card drawn",
           "If the player has no castle and no one owns that colour, it starts the player's "
           "castle (mandatory). If it is the player's own colour, it joins the castle. "
           "Otherwise it goes face up to the player's right-hand pile.", (RB,), newcomer=True),
    Ruling("DI-5", "Colour ownership",
           "A castle can only be started by drawing. A colour stays owned even if its castle "
           "is later emptied by witches (or, as a variant, an emptied castle frees it).",
           (INF,), ("release_empty",)),
    Ruling("DI-6", "Fairy, diamond drawn", "To the right-hand pile, face up.", (RB,),
           newcomer=True),
    Ruling("DI-7", "Buy",
           "Cost: 3 diamonds from the buyer's right-hand pile. Only a player with a castle may "
           "buy; the card bought is a castle card of the buyer's colour from any opponent's "
           "right-hand pile (the buyer chooses which opponent); the seller cannot refuse. One "
           "purchase per turn, and the turn ends. The 3 diamonds go to the seller's right-hand "
           "pile (or, as a variant, to the discard). Buying other colours is a variant.",
           (RB, INF), ("diamonds_to", "buy"), newcomer=True),
    Ruling("DI-8", "Witch",
           "The drawer's turn ends. If the drawer holds a fairy, they may use it (or, as a "
           "variant, it is used automatically): witch and fairy go to the discard and nothing "
           "else is lost. Otherwise the drawer chooses 3 cards among their diamonds, "
           "right-hand castle cards and own castle cards and puts them, with the witch, in the "
           "discard; with fewer than 3 such cards, all go. Fairies are never lost to a witch.",
           (RB,), ("fairy",), newcomer=True),
    Ruling("DI-9", "Reshuffle",
           "When the draw pile is empty and a card must be drawn, the discard is shuffled into "
           "a new draw pile. If both are empty, the player cannot draw and may only buy or "
           "pass.", (RB, INF)),
    Ruling("DI-10", "Win",
           "A player wins at once when their castle holds 6 cards, by a draw or a purchase. "
           "A safety cap ends the game as a draw after `max_turns` turns.", (RB,),
           ("max_turns",), newcomer=True),
    Ruling("DI-11", "Information",
           "Everything is public except the order of the draw pile.", (RB,)),
    Ruling("DI-12", "Clarifications",
           "With buy=any, a bought card of another colour goes to the buyer's right-hand pile. "
           "With release_empty=no, a player whose castle is empty still owns the colour: may "
           "buy, may not start another. With release_empty=yes, an emptied castle frees its "
           "colour and its owner has no castle; cards already in a right-hand pile stay there. "
           "On a witch with fairy=choose, the drawer first decides on the fairy, then (if not "
           "used) picks the 3 cards one at a time. first=random draws the first seat "
           "uniformly (a chance outcome). A turn for max_turns is one seat's turn.", (INF,)),
    Ruling("DI-13", "Castle pieces",
           "The six castle cards of a colour differ only in their picture: each colour has "
           "exactly six and a castle needs six, so a full castle always holds every piece. "
           "The engine counts castle cards by colour, and draws, losses and purchases name a "
           "colour, not a piece.", (PROJECT,)),
    Ruling("DI-14", "Forced losses",
           "A witch's toll is asked card by card only while the drawer has a real choice: "
           "when every card still at risk must go, or all of them are of one kind in one "
           "place, the loss is applied at once without a question.", (PROJECT,)),
    ALL_1,
)


class First(StrEnum):
    """DI-2: who starts."""

    SEAT0 = "seat0"
    RANDOM = "random"


class ReleaseEmpty(StrEnum):
    """DI-5: does a castle emptied by witches free its colour."""

    NO = "no"
    YES = "yes"


class DiamondsTo(StrEnum):
    """DI-7: where the 3 diamonds of a purchase go."""

    SELLER = "seller"
    DISCARD = "discard"


class Buy(StrEnum):
    """DI-7: which castle colours may be bought."""

    OWN = "own"
    ANY = "any"


class Fairy(StrEnum):
    """DI-8: is a held fairy spent on a witch by choice or automatically."""

    CHOOSE = "choose"
    AUTO = "auto"


VARIANTS: tuple[VariantOption, ...] = (
    VariantOption.choice("first", First.SEAT0, "DI-2",
                         "who starts: seat 0, or a seat drawn at random",
                         meanings=("the first seat starts (the youngest player, as the box says)",
                                   "a seat drawn by lot starts")),
    VariantOption.choice("release_empty", ReleaseEmpty.NO, "DI-5",
                         "does a castle emptied by witches free its colour",
                         meanings=("a colour stays owned even when witches empty its castle",
                                   "an emptied castle frees its colour for anyone to start")),
    VariantOption.choice("diamonds_to", DiamondsTo.SELLER, "DI-7",
                         "where the 3 diamonds of a purchase go",
                         meanings=("the buyer's 3 diamonds go to the seller's right-hand pile",
                                   "the buyer's 3 diamonds go to the discard")),
    VariantOption.choice("buy", Buy.OWN, "DI-7",
                         "which colours may be bought: own colour, or any",
                         meanings=("only cards of one's own castle colour may be bought",
                                   "any castle colour may be bought, to deny an opponent")),
    VariantOption.choice("fairy", Fairy.CHOOSE, "DI-8",
                         "against a witch, is a held fairy used by choice or automatically",
                         meanings=("the player decides whether to spend a fairy on a witch",
                                   "a held fairy is always spent on a witch")),
    VariantOption("max_turns", 500, "DI-10", "safety cap: turns before the game is a draw",
                  minimum=1, maximum=1_000_000),
)
