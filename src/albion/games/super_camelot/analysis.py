"""What a seat could see that bears on a decision, for the analysis of a finished game
(issue 33; the plug-in's `analysis` hook): its health (SC-21), the gems in its own
wallet (SC-19; the others' are hidden, SC-27) and the actions left in its turn (SC-6)."""

from __future__ import annotations

from typing import Any

from albion.core.words import Words, say, say_n
from albion.games.super_camelot.view import SuperCamelotView

MAX_HEALTH = 6
"""SC-21: health runs from 0 to 6."""


def facts(view: SuperCamelotView, played: Any, better: Any) -> tuple[Words, ...]:
    """The facts of `view` behind a choice between `played` and `better`."""
    if view.seat is None or view.seat >= len(view.players):
        return ()  # before the characters are picked
    player = view.players[view.seat]
    found = [say("your health: {health} of {most} (SC-21)", health=player.health,
                 most=MAX_HEALTH)]
    if player.gems is not None:
        found.append(say_n("{count} gem token in your wallet (SC-19)",
                           "{count} gem tokens in your wallet (SC-19)", sum(player.gems)))
    if view.active == view.seat and view.actions_left:
        found.append(say_n("{count} action left this turn (SC-6)",
                           "{count} actions left this turn (SC-6)", view.actions_left))
    return tuple(found)
