"""What a seat could see that bears on a decision, for the analysis of a finished game
(issue 33; the plug-in's `analysis` hook): the witch's odds at a draw (DI-3, DI-8: every
card but the pile's order is public, DI-11), the seat's castle (DI-10) and diamonds
(DI-7), and a fairy in hand (DI-8)."""

from __future__ import annotations

from typing import Any

from albion.core.words import Words, say, say_n
from albion.games.diamoniak.actions import Buy, Choice
from albion.games.diamoniak.cards import CASTLE_SIZE, Card
from albion.games.diamoniak.view import DiamoniakView

DRAWING = (Choice.DRAW, Choice.STOP)


def facts(view: DiamoniakView, played: Any, better: Any) -> tuple[Words, ...]:
    """The facts of `view` behind a choice between `played` and `better`."""
    seat = view.seat
    if seat is None:
        return ()
    found: list[Words] = []
    if played in DRAWING or better in DRAWING:
        found.append(witch_odds(view))
    right = view.right_piles[seat]
    if right[Card.FAIRY] and (
            played in DRAWING or better in DRAWING or Choice.USE_FAIRY in (played, better)):
        found.append(say("you hold a fairy against a witch (DI-8)"))
    colour, size = view.castles[seat]
    if colour >= 0:
        found.append(say_n("your castle holds {count} card of {size}",
                           "your castle holds {count} cards of {size}", size,
                           size=CASTLE_SIZE))
    if isinstance(played, Buy) or isinstance(better, Buy):
        found.append(say_n("you have {count} diamond (a card costs 3, DI-7)",
                           "you have {count} diamonds (a card costs 3, DI-7)",
                           right[Card.DIAMOND]))
    return tuple(found)


def witch_odds(view: DiamoniakView) -> Words:
    """"4 witches among 19 cards in the pile: a draw meets one 21% of the time" (the pile's
    counts are public, DI-11; an empty pile is the discard reshuffled, DI-9)."""
    pile = view.draw_pile if sum(view.draw_pile) else view.discard
    cards = sum(pile)
    witches = pile[Card.WITCH]
    chance = round(100 * witches / cards) if cards else 0
    return say_n("{count} witch among {cards} cards in the pile: a draw meets it "
                 "{percent}% of the time",
                 "{count} witches among {cards} cards in the pile: a draw meets one "
                 "{percent}% of the time", witches, cards=cards, percent=chance)
