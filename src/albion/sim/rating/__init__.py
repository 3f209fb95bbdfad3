"""Ratings (issue 30): OpenSkill's Plackett–Luce rating per game and player count, the scale
pinned by reference bots (`anchors.json`), and the benchmark that measures it.

The server rates a finished table with `RatingBook.rate(game, players, entities_by_seat,
returns)` on a book built from the stored rows of the table's entities
(`RatingBook.add_rows`), then stores `book.rows()`; `win_chances` predicts a table."""

from albion.sim.rating.anchors import Anchors, AnchorsError, FormatAnchors, load_anchors
from albion.sim.rating.book import (
    RatingBook,
    RatingError,
    RatingRow,
    account_entity,
    bot_entity,
)
from albion.sim.rating.model import Rating, updated, win_chances
from albion.sim.rating.scale import DISPLAY_Z, Scale

__all__ = [
    "DISPLAY_Z",
    "Anchors",
    "AnchorsError",
    "FormatAnchors",
    "Rating",
    "RatingBook",
    "RatingError",
    "RatingRow",
    "Scale",
    "account_entity",
    "bot_entity",
    "load_anchors",
    "updated",
    "win_chances",
]
