"""What a seat could see that bears on a decision, for the analysis of a finished game
(issue 33; the plug-in's `analysis` hook): the cards a line offers (RS-5), the hand a
card is played from and how many seats have committed before (RS-6, hidden cards RS-18),
the disks a black card's player may go for (RS-8)."""

from __future__ import annotations

from typing import Any

from albion.core.words import Words, listing, say, say_n
from albion.games.raiding_stonehenge.actions import Play, Take
from albion.games.raiding_stonehenge.view import RaidingView
from albion.games.raiding_stonehenge.words import card_name, the_card


def facts(view: RaidingView, played: Any, better: Any) -> tuple[Words, ...]:
    """The facts of `view` behind a choice between `played` and `better`."""
    if view.seat is None:
        return ()
    found: list[Words] = []
    for action in (better, played):
        if isinstance(action, Take) and view.lines[action.line]:
            found.append(say("line {line} offers {card}", line=action.line + 1,
                             card=the_card(view.lines[action.line][-1])))
    if isinstance(played, Play) or isinstance(better, Play):
        hand = [card_name(number) for number in view.hand or ()]
        found.append(say("your hand: {cards}", cards=listing(hand)))
        others = sum(view.committed) - (1 if view.own_play else 0)
        found.append(say_n("{count} seat has committed a card before you (RS-6)",
                           "{count} seats have committed a card before you (RS-6)", others))
    return tuple(found)
