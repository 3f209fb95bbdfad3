"""How a report names its configurations and seat labels in the reader's language
(issue 29): shared by the report's run, its page, its charts and the terminal's tables."""

from __future__ import annotations

from albion.core.words import Words, say
from albion.i18n import current

BASE = "base"
"""The label of the configuration every swept value is compared with (data)."""
SEAT_LABELS: dict[str, Words] = {"character": say("character")}  # SC-4: who each seat played
"""The games' seat-label keys (`Game.seat_labels`) as words; another key shows as it is."""


def configuration_name(label: str) -> str:
    """A configuration's label in the current language: `base` in words, a swept value
    (`fairy=auto`) as typed."""
    return current().words(say("base")) if label == BASE else label


def seat_label_words(key: str) -> Words:
    """A seat-label key (`character`) as words."""
    return SEAT_LABELS.get(key, Words(key))
