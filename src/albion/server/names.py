"""Display names people choose for their seats (issue 25): what a name may hold, so that
nobody reads as somebody else. A name is trimmed (spaces at its ends, runs of spaces
inside) and the person is told; it is refused when it is blank, holds a control, format
or bidirectional-override character (which reorder or hide text), or reads as another
seat's label (`P2`) or another person's name."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from albion.core.words import Words, say

MAX_LENGTH = 40
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Controls, format characters (bidirectional overrides and isolates, zero-width
joiners and spaces), surrogates, private-use and unassigned code points, line and
paragraph separators."""
SPACES = re.compile(r"\s+")


class NameRefused(ValueError):  # noqa: N818 - a refusal the caller answers
    """A name that may not be shown: the message says why, in a player's words (`words`,
    for a face to say in its reader's language, issue 29)."""

    def __init__(self, words: Words) -> None:
        super().__init__(str(words))
        self.words = words


@dataclass(frozen=True)
class ChosenName:
    name: str
    trimmed: bool
    """The name was changed by trimming: the person is told what it became."""


def _key(text: str) -> str:
    """How two names compare: case and compatibility forms folded (`Ｐ２` reads `p2`)."""
    return unicodedata.normalize("NFKC", text).casefold().replace(" ", "")


def choose_name(raw: str, own_label: str, taken: Iterable[str]) -> ChosenName:
    """The name `raw` becomes for the seat labelled `own_label`, with `taken` the other
    seats' labels and names; NameRefused says why not."""
    text = unicodedata.normalize("NFC", raw)
    bad = sorted({f"U+{ord(char):04X}" for char in text
                  if unicodedata.category(char) in REFUSED_CATEGORIES and char not in " \t"})
    if bad:
        raise NameRefused(say("a name may not hold control or direction characters "
                              "({characters})", characters=", ".join(bad[:3])))
    name = SPACES.sub(" ", text).strip()
    if not any(char.isalnum() for char in name):
        raise NameRefused(say("a name needs at least one letter or digit"))
    if len(name) > MAX_LENGTH:
        raise NameRefused(say("a name is at most {count} characters", count=MAX_LENGTH))
    if _key(name) != _key(own_label) and _key(name) in {_key(other) for other in taken}:
        raise NameRefused(say("{name} is another seat's label or name: choose another",
                                 name=repr(name)))
    return ChosenName(name, trimmed=name != raw)
