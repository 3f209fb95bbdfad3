"""How games ended, in words (issue 29): each game's reason id (`State.end_reason`, kept
as data in records and report.json) is said as the table says it at a game's end
(`table.telling.END_REASONS`), in the reader's language where a result table, a report or
a chart counts it. A reason no game here gives (a plug-in's own) is shown as its id."""

from __future__ import annotations

from collections.abc import Mapping

from albion.core.state import CAP
from albion.core.words import Words, say
from albion.i18n import _, current
from albion.i18n.numbers import decimal
from albion.table import telling

END_REASONS: dict[str, Words] = {
    **telling.END_REASONS,  # the games' reasons, as a game's end tells them
    CAP: say("draw at the safety cap"),  # ALL-1: counted beside wins, it says it is a draw
}


def reason_words(reason: str) -> Words:
    """How a game ended, as words (its id, as it is, for a reason not listed)."""
    return END_REASONS.get(reason, Words(reason))


def reason_text(reason: str) -> str:
    """How a game ended, in the current language."""
    return current().words(reason_words(reason))


def ends_text(end_reasons: Mapping[str, int]) -> str:
    """How games ended, counted, in the current language: `full castle (180) · draw at
    the safety cap (20)`, counts grouped the language's way (French `1 234`)."""
    return " · ".join(_("{reason} ({count})", reason=reason_words(reason),
                        count=decimal(count, 0))
                      for reason, count in end_reasons.items())
