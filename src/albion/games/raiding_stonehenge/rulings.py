"""The rulings of Raiding Stonehenge (RULINGS.md RS-1 … RS-20, project ruling RS-21)
and its variants. Each id is cited by the code that applies it and a test named after it."""

from __future__ import annotations

from enum import StrEnum

from albion.core.rulings import ALL_1, Ruling, Source
from albion.core.variants import VariantOption

RB, PUB, INF, PROJECT = Source.RULEBOOK, Source.PUBLISHED, Source.INFERRED, Source.PROJECT

RULINGS: tuple[Ruling, ...] = (
    Ruling("RS-1", "Components",
           "60 number cards: 1-30, each twice (a day and a night copy). Colour by number: "
           "n % 6 -> 1 white, 2 blue, 3 green, 4 yellow, 5 red, 0 black. 50 disks, 10 in "
           "each of the 5 colours, in 5 public piles.", (PUB,)),
    Ruling("RS-2", "Players",
           "4-5 as published; 2 and 3 are accepted too (the player count is the number of "
           "seats, not a variant).", (PUB,)),
    Ruling("RS-3", "Setup",
           "Shuffle; deal 5 face-up lines of N cards each (N = players), one card per line "
           "per pass, left to right; then deal each player a hand of 5.", (PUB, INF)),
    Ruling("RS-4", "Lines",
           "A line is public. Only its last-dealt card (the bottom) can be taken.", (RB,),
           newcomer=True),
    Ruling("RS-5", "Pick",
           "Each round, starting with the start player and going clockwise, each player "
           "takes exactly one bottom card from any non-empty line (hand 5 -> 6). Several "
           "players may take from the same line. A player who cannot pick (all lines empty) "
           "plays from the hand they have.", (RB,), newcomer=True),
    Ruling("RS-6", "Play",
           "All players choose one card secretly and at once, then reveal. In software the "
           "choices are made one after another, and no view shows a committed card to anyone "
           "else before the reveal. Played cards leave the game.", (RB,), newcomer=True),
    Ruling("RS-7", "Coloured placement",
           "A player who played a coloured card goes to the pile of that card's colour. "
           "Order: highest number first; equal numbers (day/night twins) - the player nearer "
           "the start player clockwise first (start player = distance 0).", (RB,), newcomer=True),
    Ruling("RS-8", "Black placement",
           "Then black-card players, highest first (same tie-break), each choose any of the "
           "5 piles, seeing all earlier placements.", (RB,), newcomer=True),
    Ruling("RS-9", "Rank at a pile",
           "All coloured-card players at a pile rank above all black-card players there; "
           "within each group higher number first, ties as in RS-7.", (RB,)),
    Ruling("RS-10", "Payout",
           "A player alone at a pile takes 1 disk of that colour. At a contested pile "
           "(contest=first-takes) rank 1 takes 1 disk and every other player there sets "
           "aside 1 disk; with contest=all-lose nobody at a contested pile takes and everyone "
           "there sets aside 1. The published payout text is lost.", (INF,), ("contest",),
           newcomer=True),
    Ruling("RS-11", "Set aside",
           "A player who sets aside chooses which disk(s) from those held before this round, "
           "of any colour (or, with set_aside=pile-colour, of the pile's colour); each goes "
           "back to the pile of its own colour. Too few disks: give what you have; a pile "
           "with too few disks gives what it has, possibly nothing.", (RB,), ("set_aside",),
           newcomer=True),
    Ruling("RS-12", "Timing",
           "All takes resolve first, pile by pile, in rank order, against the disks the pile "
           "held when resolution began; then all set-asides; so a disk returned this round "
           "cannot be taken this round.", (INF,)),
    Ruling("RS-13", "Refill",
           "Lines are refilled left to right, one card per line per pass, until each line "
           "holds N cards or the deck is empty; new cards go to the bottom.", (RB,)),
    Ruling("RS-14", "Start player",
           "The gray figure passes clockwise after every round (or, as a variant, stays).",
           (INF,), ("rotate_start",)),
    Ruling("RS-15", "End",
           "The game ends at the pick step of a round in which no player can pick (all lines "
           "empty and the deck empty).", (RB,)),
    Ruling("RS-16", "Score",
           "sets = fewest disks of any one colour; score = 10 x sets - (disks not in a set) "
           "= 10 sets - (total - 5 sets).", (RB,), newcomer=True),
    Ruling("RS-17", "Winner",
           "Highest score. Tie: compare the tied players' hands, numbers sorted high to low, "
           "first difference wins; identical hands share the win.", (RB, INF)),
    Ruling("RS-18", "Information",
           "Hands and uncommitted/unrevealed plays are private; lines, piles, every player's "
           "disks, revealed cards and the discard are public. The deck order is unknown to "
           "all.", (RB,)),
    Ruling("RS-19", "Round 1, deal and commit order",
           "Seat 0 holds the gray figure in round 1. Hands are dealt one card per seat per "
           "pass, clockwise from the start player, 5 passes. Seats commit their secret play "
           "clockwise from the start player. Seat i+1 is the next seat clockwise.", (INF,)),
    Ruling("RS-20", "Unseen cards",
           "A seat knows its own hand and every public card; it does not know which unseen "
           "cards are in the deck and which in other hands (views show counts, never the "
           "split). Under set_aside=pile-colour a player with no disk of that colour gives "
           "nothing.", (INF,)),
    Ruling("RS-21", "Order and forced choices of set-asides",
           "Set-asides are made in placement order (coloured players by RS-7, then black "
           "players by RS-8). A player is asked only when there is a real choice: one colour "
           "held (or set_aside=pile-colour) gives that disk at once, none gives nothing.",
           (PROJECT,)),
    ALL_1,
)


class Contest(StrEnum):
    """RS-10: who takes at a contested pile."""

    FIRST_TAKES = "first-takes"
    ALL_LOSE = "all-lose"


class SetAside(StrEnum):
    """RS-11: which colour a disk set aside may be."""

    ANY = "any"
    PILE_COLOUR = "pile-colour"


class RotateStart(StrEnum):
    """RS-14: does the start player pass clockwise after every round."""

    YES = "yes"
    NO = "no"


VARIANTS: tuple[VariantOption, ...] = (
    VariantOption.choice("contest", Contest.FIRST_TAKES, "RS-10",
                         "at a contested pile: rank 1 takes and the rest set aside, or all set "
                         "aside",
                         meanings=("at a shared pile the first-ranked player takes a disk; the "
                                   "others set one aside",
                                   "at a shared pile nobody takes; everyone there sets a disk "
                                   "aside")),
    VariantOption.choice("set_aside", SetAside.ANY, "RS-11",
                         "a disk set aside may be of any colour, or must be of the pile's colour",
                         meanings=("the player chooses which colour of disk to set aside",
                                   "the disk set aside must be of the pile's colour")),
    VariantOption.choice("rotate_start", RotateStart.YES, "RS-14",
                         "does the start player pass clockwise after every round",
                         meanings=("the start player passes clockwise after every round",
                                   "the same player starts every round")),
)
