"""A rating book (issue 30): per format — a game and its player count — each entity's
rating. An entity is a string: an account (`account:42`) or a bot spec written canonically
(`ismcts:iterations=200`). The reference bots of a format are pinned to the anchors'
constants: they are never stored and never move, so the scale cannot drift.

The server keeps rows (`RatingRow`: entity, game, players, mu, sigma, games, updated); it
builds a book from the rows of a finished table's entities, calls `rate`, and stores the
rows that changed. The book holds no clock: `updated` is whatever the caller passes."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from albion.bots.registry import cheats, parse_players
from albion.bots.specs import PlayerSpec, PlayerSpecError
from albion.core.errors import AlbionError
from albion.core.registry import get_game
from albion.core.words import say
from albion.sim.rating.anchors import Anchors, load_anchors
from albion.sim.rating.model import Rating, updated, win_chances
from albion.sim.rating.scale import Scale

ROWS_FORMAT = "albion-ratings/1"
MAX_ENTITY = 200
"""The longest entity string a book takes (an account id or a bot spec)."""
Format = tuple[str, int]
"""A game id and a player count: ratings in one format say nothing of another."""


class RatingError(AlbionError, ValueError):
    """A game that cannot be rated as given; the book is left unchanged."""


@dataclass(frozen=True)
class RatingRow:
    """One stored rating, as the server keeps it."""

    entity: str
    game: str
    players: int
    mu: float
    sigma: float
    games: int
    updated: str | None = None

    def to_json_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> RatingRow:
        try:
            row = cls(str(data["entity"]), str(data["game"]), int(data["players"]),
                      float(data["mu"]), float(data["sigma"]), int(data["games"]),
                      None if data.get("updated") is None else str(data["updated"]))
        except (KeyError, TypeError, ValueError) as error:
            raise RatingError(say("not a rating row: {problem}", problem=str(error))) from None
        if not (row.entity and row.game and row.players >= 1 and math.isfinite(row.mu)
                and math.isfinite(row.sigma) and row.sigma > 0 and row.games >= 0):
            raise RatingError(say("not a rating row: {problem}", problem=repr(data)))
        return row


def account_entity(account_id: int | str) -> str:
    """`account:42`: how an account is named in a book."""
    return f"account:{account_id}"


def bot_entity(spec: str | PlayerSpec) -> str:
    """A bot spec as a book names it: checked, its options sorted (so
    `ismcts:c=1,iterations=200` and `ismcts:iterations=200,c=1` are one entity)."""
    if isinstance(spec, str):
        specs = parse_players(spec, allow_human=False)
        if len(specs) != 1:
            raise PlayerSpecError(say("one bot, not {count}: {players}", count=len(specs),
                                      players=spec))
        spec = specs[0]
    return str(PlayerSpec(spec.name, tuple(sorted(spec.options))))


class RatingBook:
    """Ratings per format; the anchors' reference bots pinned."""

    def __init__(self, anchors: Anchors | None = None) -> None:
        self.anchors = load_anchors() if anchors is None else anchors
        self.scale = self.anchors.scale
        """The scale's constants; a calibrated format has its own beta (`scale_for`)."""
        self._ratings: dict[Format, dict[str, Rating]] = {}
        self._updated: dict[tuple[Format, str], str | None] = {}

    def is_pinned(self, game: str, players: int, entity: str) -> bool:
        return self.anchors.pinned(game, players, entity) is not None

    def scale_for(self, game: str, players: int) -> Scale:
        """The constants a format is rated with: the scale's, with the format's beta."""
        return self.anchors.scale_for(game, players)

    def rating(self, game: str, players: int, entity: str) -> Rating:
        """The entity's rating: its anchor if pinned, else what it has earned, else a
        newcomer's (mu 25, sigma 25/3)."""
        pinned = self.anchors.pinned(game, players, entity)
        if pinned is not None:
            return pinned
        stored = self._ratings.get((game, players), {}).get(entity)
        return stored if stored is not None else Rating(self.scale.mu, self.scale.sigma)

    def entities(self, game: str, players: int) -> dict[str, Rating]:
        """The rated (unpinned) entities of a format."""
        return dict(self._ratings.get((game, players), {}))

    def formats(self) -> list[Format]:
        return sorted(self._ratings)

    def win_chances(self, game: str, players: int, entities_by_seat: Sequence[str]
                    ) -> list[float]:
        """Each seat's chance to win, before the game (sums to 1)."""
        self._check(game, players, entities_by_seat, [0.0] * len(entities_by_seat))
        return win_chances([self.rating(game, players, e) for e in entities_by_seat],
                           self.scale_for(game, players))

    def rate(self, game: str, players: int, entities_by_seat: Sequence[str],
             returns: Sequence[float], when: str | None = None) -> list[Rating]:
        """Rate one finished game: each seat's rating after it (seat order). A reference
        bot keeps its anchor; an entity at several seats (two copies of one bot) takes
        the mean of its seats' updates and counts one game. Refused (RatingError) and
        nothing changed: an unknown game or player count, seats and returns that do not
        match, a return that is not a number, an empty or overlong entity, a bot that
        sees hidden information."""
        self._check(game, players, entities_by_seat, returns)
        before = [self.rating(game, players, e) for e in entities_by_seat]
        pinned = [self.is_pinned(game, players, e) for e in entities_by_seat]
        after = updated(before, [float(value) for value in returns],
                        self.scale_for(game, players), pinned)
        book = self._ratings.setdefault((game, players), {})
        for entity in dict.fromkeys(entities_by_seat):
            if self.is_pinned(game, players, entity):
                continue
            mine = [after[seat] for seat, e in enumerate(entities_by_seat) if e == entity]
            book[entity] = Rating(sum(r.mu for r in mine) / len(mine),
                                  sum(r.sigma for r in mine) / len(mine),
                                  mine[0].games)
            self._updated[((game, players), entity)] = when
        return [self.rating(game, players, e) for e in entities_by_seat]

    def _check(self, game: str, players: int, entities: Sequence[str],
               returns: Sequence[float]) -> None:
        try:
            get_game(game).check_players(players)
        except AlbionError as error:
            raise RatingError(error.words or str(error)) from None
        if len(entities) != players or len(returns) != players:
            raise RatingError(say("{players} players need one entity and one return per "
                                  "seat ({entities} entities, {returns} returns)",
                                  players=players, entities=len(entities),
                                  returns=len(returns)))
        for entity in entities:
            if not isinstance(entity, str) or not entity.strip() or len(entity) > MAX_ENTITY:
                raise RatingError(say("not an entity to rate: {entity}",
                                      entity=repr(entity)[:MAX_ENTITY]))
            if cheats(entity):
                raise RatingError(say("{bot} sees hidden information: never rated",
                                      bot=entity))
        for value in returns:
            if not isinstance(value, int | float) or not math.isfinite(value):
                raise RatingError(say("not a return: {value}", value=repr(value)))

    def rows(self) -> list[RatingRow]:
        """Every stored rating as a row (pinned anchors are not stored)."""
        return [RatingRow(entity, game, players, r.mu, r.sigma, r.games,
                          self._updated.get(((game, players), entity)))
                for (game, players), book in sorted(self._ratings.items())
                for entity, r in sorted(book.items())]

    def add_rows(self, rows: Iterable[RatingRow]) -> None:
        """Load stored rows (a pinned entity's row is ignored: its anchor rules)."""
        for row in rows:
            if self.is_pinned(row.game, row.players, row.entity):
                continue
            self._ratings.setdefault((row.game, row.players), {})[row.entity] = \
                Rating(row.mu, row.sigma, row.games)
            self._updated[((row.game, row.players), row.entity)] = row.updated

    def to_json_dict(self) -> dict[str, Any]:
        return {"format": ROWS_FORMAT, "rows": [row.to_json_dict() for row in self.rows()]}

    @classmethod
    def from_json_dict(cls, data: dict[str, Any], anchors: Anchors | None = None
                       ) -> RatingBook:
        if not isinstance(data, dict) or data.get("format") != ROWS_FORMAT \
                or not isinstance(data.get("rows"), list):
            raise RatingError(say("not a rating book ({format})", format=ROWS_FORMAT))
        book = cls(anchors)
        book.add_rows(RatingRow.from_json_dict(row) for row in data["rows"])
        return book
