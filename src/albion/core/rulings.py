"""Rulings: how the engine reads a rulebook where it is silent or unclear (RULINGS.md)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from albion.core.pickling import picklable


class Source(Enum):
    """Where a ruling comes from, as tagged in RULINGS.md."""

    RULEBOOK = "rb"
    PUBLISHED = "pub"
    INFERRED = "inf"
    HOUSE = "house"
    PROJECT = "project"  # decided by Albion for a gap RULINGS.md does not cover


@dataclass(frozen=True, slots=True)
class Ruling:
    """One ruling: an id such as DI-8, a title, the text, its sources and its variant keys.
    `newcomer`: a first game needs it, so the game's tutorial teaches it (issue 32)."""

    id: str
    title: str
    text: str
    sources: tuple[Source, ...]
    variant_keys: tuple[str, ...] = ()
    newcomer: bool = False

    @property
    def is_variant(self) -> bool:
        return bool(self.variant_keys)

    @property
    def test_name_fragment(self) -> str:
        """`DI-8` → `di8`: the fragment a test named after this ruling carries."""
        return self.id.replace("-", "").lower()


ALL_1 = Ruling(
    "ALL-1",
    "Returns",
    "Every game's returns sum to 1: the winner gets 1 and the others 0; a shared win gives "
    "1/k to each of the k winners; a draw (a safety cap) gives 1/n to every seat.",
    (Source.INFERRED,),
)


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
