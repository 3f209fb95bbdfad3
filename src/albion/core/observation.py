"""Observation layouts (pgx's documented observation tensors, OpenSpiel's
ObservationTensor): a game's view read into a fixed-length vector of numbers in [0, 1],
slice by slice. The layout is data — named slices with their lengths and meanings — so the
encoder, `docs/observations.md` and the tests read one table. Stdlib only: the encoders
that fill the vectors live beside each game (`games/<game>/encoding.py`, numpy)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from albion.core.pickling import picklable


@dataclass(frozen=True, slots=True)
class Slice:
    """One named run of numbers: `length` of them, and what they mean and how they are
    scaled (the docs' wording)."""

    name: str
    length: int
    meaning: str


class ObservationLayout:
    """`slices` in order; each starts where the one before ends. Every value lies in
    [0, 1], so a Box(0, 1) holds every observation."""

    def __init__(self, game_name: str, slices: Sequence[Slice]) -> None:
        self.game_name = game_name
        self.slices = tuple(slices)
        self._spans: dict[str, slice] = {}
        start = 0
        for part in self.slices:
            if part.name in self._spans:
                raise ValueError(f"{game_name}: slice {part.name!r} appears twice")
            if part.length <= 0:
                raise ValueError(f"{game_name}: slice {part.name!r} is empty")
            self._spans[part.name] = slice(start, start + part.length)
            start += part.length
        self.size = start

    def span(self, name: str) -> slice:
        """Where slice `name` lies in the vector (KeyError for an unknown name)."""
        return self._spans[name]

    def offset(self, name: str) -> int:
        start: int = self._spans[name].start
        return start

    def rows(self) -> list[tuple[int, int, str, str]]:
        """(offset, length, name, meaning) of each slice, in order (docs/observations.md)."""
        return [(self.offset(part.name), part.length, part.name, part.meaning)
                for part in self.slices]


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
