"""Finished games to analyse: heuristic self-play, one record per title, made once."""

from __future__ import annotations

from dataclasses import replace

import pytest

from albion.core.record import GameRecord
from albion.sim.batch import GameTask
from albion.sim.records import parse_record

GAMES = ("diamoniak", "raiding-stonehenge", "super-camelot")
FAST = {"diamoniak": 12, "raiding-stonehenge": 6, "super-camelot": 3}
"""Iterations per candidate small enough for a test (the labels mean little)."""


def finished(game: str, index: int = 0, players: int = 2) -> GameRecord:
    task = GameTask(game, (), ("heuristic",) * players, players, 11, keep_record=True)
    _outcome, text = task.play(index)
    assert text is not None
    return parse_record(text)


@pytest.fixture(scope="session")
def records() -> dict[str, GameRecord]:
    return {game: finished(game) for game in GAMES}


def unfinished(record: GameRecord, keep: int) -> GameRecord:
    """The first `keep` actions of `record`, as a record of a game in progress."""
    return replace(record, actions=record.actions[:keep], returns=None)
