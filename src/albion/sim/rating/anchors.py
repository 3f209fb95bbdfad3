"""The anchors that pin the rating scale (issue 30): for each format (game, player count),
the reference bots' ratings, fixed constants computed once from a tournament among them
(`albion rating-calibrate`) and kept in `anchors.json` beside this module with the scale's
constants, the format's beta (how much one game's performance varies, fitted on the same
tournament: `calibrate.beta_of`) and the game version they were measured on. Games never
move them: every rated game against a reference bot measures its opponents against a
fixed yardstick, so a number means next year what it means today. The random bot is the
zero of each format (or, in a game where it never wins, the first of the game's
reference bots).

The reference bots of a game are data too (`reference`), chosen per game as bots that
span its range cheaply and win some games against one another: the random bot, the
heuristic with half its decisions random, the heuristic, and a search of a fixed budget
where the game's search is affordable (docs/ratings.md says which and why)."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any

from albion.core.errors import AlbionError
from albion.core.words import say
from albion.sim.rating.model import Rating
from albion.sim.rating.scale import Scale

ANCHORS_FORMAT = "albion-rating-anchors/2"
READABLE = (ANCHORS_FORMAT, "albion-rating-anchors/1")
"""/1, before each format had its beta and the Laplace update: read as it was meant (the
scale's beta everywhere, Weng–Lin's update)."""
ZERO = "random"
"""The reference bot at 0 in every format whose game has it among its reference bots."""


class AnchorsError(AlbionError, ValueError):
    """An anchors file that cannot be read."""


@dataclass(frozen=True)
class FormatAnchors:
    """One format's pinned ratings, its beta, and how they were measured."""

    game_version: str
    games: int
    seed: int
    ratings: dict[str, Rating]
    beta: float = Scale.beta

    def to_json_dict(self) -> dict[str, Any]:
        return {"game_version": self.game_version, "games": self.games, "seed": self.seed,
                "beta": round(self.beta, 4),
                "anchors": {entity: {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4)}
                            for entity, r in self.ratings.items()}}

    @classmethod
    def from_json_dict(cls, data: dict[str, Any], beta: float = Scale.beta) -> FormatAnchors:
        """`beta`: the format's if the file has none (albion-rating-anchors/1)."""
        ratings = {str(entity): Rating(float(r["mu"]), float(r["sigma"]))
                   for entity, r in data["anchors"].items()}
        for entity, rating in ratings.items():
            if not (math.isfinite(rating.mu) and math.isfinite(rating.sigma)
                    and rating.sigma > 0):
                raise ValueError(f"{entity}: mu {rating.mu}, sigma {rating.sigma}")
        beta = float(data.get("beta", beta))
        if not (math.isfinite(beta) and beta > 0):
            raise ValueError(f"beta {beta}")
        return cls(str(data["game_version"]), int(data["games"]), int(data["seed"]), ratings,
                   beta)


@dataclass(frozen=True)
class Anchors:
    """The scale, each game's reference bots, and each calibrated format's anchors."""

    scale: Scale = field(default_factory=Scale)
    reference: dict[str, tuple[str, ...]] = field(default_factory=dict)
    formats: dict[tuple[str, int], FormatAnchors] = field(default_factory=dict)

    def pinned(self, game: str, players: int, entity: str) -> Rating | None:
        """The entity's fixed rating in this format, if it is one of its anchors."""
        anchors = self.formats.get((game, players))
        return anchors.ratings.get(entity) if anchors is not None else None

    def scale_for(self, game: str, players: int) -> Scale:
        """The scale a format is rated on: its own beta once calibrated."""
        anchors = self.formats.get((game, players))
        return self.scale if anchors is None else replace(self.scale, beta=anchors.beta)

    def unpinned(self) -> Anchors:
        """The same scales with no reference bot pinned (the benchmark's: everyone starts
        alike)."""
        return replace(self, formats={key: replace(anchors, ratings={})
                                      for key, anchors in self.formats.items()})

    def to_json_dict(self) -> dict[str, Any]:
        return {"format": ANCHORS_FORMAT, "zero": ZERO, "scale": self.scale.to_json_dict(),
                "reference": {game: list(bots) for game, bots in sorted(self.reference.items())},
                "formats": {f"{game}/{players}": anchors.to_json_dict()
                            for (game, players), anchors in sorted(self.formats.items())}}

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> Anchors:
        try:
            if data["format"] not in READABLE:
                raise ValueError(f"format {data['format']!r}, not {ANCHORS_FORMAT}")
            scale = Scale.from_json_dict(data["scale"])
            formats = {}
            for key, value in data["formats"].items():
                game, _, players = key.rpartition("/")
                formats[(game, int(players))] = FormatAnchors.from_json_dict(value, scale.beta)
            return cls(scale,
                       {game: tuple(map(str, bots)) for game, bots in data["reference"].items()},
                       formats)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise AnchorsError(say("not an anchors file: {problem}",
                                   problem=str(error))) from None

    def to_text(self) -> str:
        return json.dumps(self.to_json_dict(), indent=1) + "\n"


@cache
def load_anchors() -> Anchors:
    """The anchors shipped with Albion (`anchors.json` in this package)."""
    text = resources.files("albion.sim.rating").joinpath("anchors.json").read_text()
    return Anchors.from_json_dict(json.loads(text))
