"""Why a flagged decision is flagged (issue 33), as words (a face says them in its
reader's language): what the seat could see that bears on the choice — its game's facts,
from the plug-in's `analysis` hook — then the fair search's figures: the better action's
win chance against the one played."""

from __future__ import annotations

from typing import Any

from albion.analysis.labels import Label
from albion.core.game import AnyGame
from albion.core.registry import plugin_of
from albion.core.words import Words, say

LABEL_WORDS: dict[Label, Words] = {
    Label.GOOD: say("good"),
    Label.INACCURACY: say("inaccuracy"),
    Label.MISTAKE: say("mistake"),
    Label.BLUNDER: say("blunder"),
}
"""Each label, as a reader reads it."""


def percent(chance: float) -> int:
    """A win chance in whole percent."""
    return round(100 * chance)


def figures(played: str | Words, played_chance: float, better: str | Words,
            better_chance: float, iterations: int) -> Words:
    """The search's comparison: "stop keeps 64% to win; draw keeps 41%"."""
    return say("“{better}” keeps {better_chance}% to win where “{played}” keeps "
               "{played_chance}% (the fair search, {iterations} iterations each)",
               better=better, better_chance=percent(better_chance), played=played,
               played_chance=percent(played_chance), iterations=iterations)


def reason(game: AnyGame, view: Any, played: Any, better: Any, stats: Words) -> Words:
    """The game's facts (if its plug-in gives any), then the figures, as one sentence."""
    facts_of = plugin_of(game).load_facts()
    facts = tuple(facts_of(view, played, better)) if facts_of is not None else ()
    result = stats
    for fact in reversed(facts):
        result = say("{fact}; {rest}", fact=fact, rest=result)
    return result
