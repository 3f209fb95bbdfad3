"""A table's chat (issue 27): short lines from its seats and, once a seat lets them, its
spectators — text only, trimmed, at most `MAX_LENGTH` characters, a few a minute, stored
with the table. A line holds only what a person typed and who they are (their seat, or
"spectator"): the server adds nothing it knows, so chat is never a way around the hidden
information (the leak fuzzer sends lines and scans every chat frame like any other)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from albion.core.words import Words, say
from albion.server.names import REFUSED_CATEGORIES

MAX_LENGTH = 200
"""Characters in one line."""
KEPT = 200
"""Lines a table keeps (the oldest go first)."""
SPACES = re.compile(r"\s+")


class LineRefused(ValueError):  # noqa: N818 - a refusal the caller answers
    """A line that may not be shown: the message says why."""

    def __init__(self, words: Words) -> None:
        super().__init__(str(words))
        self.words = words  # for a face to say in its reader's language (issue 29)


@dataclass(frozen=True)
class ChatLine:
    seq: int
    seat: int | None
    """The seat that wrote it, or None for a spectator."""
    text: str
    at: datetime

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "seat": self.seat, "text": self.text,
                "at": self.at.isoformat()}


def clean_line(raw: str) -> str:
    """The line `raw` becomes: NFC, spaces collapsed, trimmed; LineRefused when it is
    blank, too long, or holds control or direction characters."""
    text = unicodedata.normalize("NFC", raw)
    if any(unicodedata.category(char) in REFUSED_CATEGORIES and char not in " \t\n"
           for char in text):
        raise LineRefused(say("a chat line may not hold control or direction characters"))
    line = SPACES.sub(" ", text).strip()
    if not line:
        raise LineRefused(say("an empty line is not sent"))
    if len(line) > MAX_LENGTH:
        raise LineRefused(say("a chat line is at most {count} characters", count=MAX_LENGTH))
    return line


def chat_frame(lines: list[ChatLine], spectators: bool, *, whole: bool) -> dict[str, Any]:
    """What a connection is sent: the lines (every kept one when `whole`, else the new
    ones) and whether spectators may write."""
    return {"type": "chat", "whole": whole, "spectators": spectators,
            "lines": [line.to_json() for line in lines]}
