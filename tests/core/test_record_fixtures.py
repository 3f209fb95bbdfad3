"""Records saved in an earlier format and rules version still load and replay (issue 12):
these files were written by `albion play --save` before the Table, format 2 and the
rules changes of Super Camelot 1.1/2.0 (SC-12, SC-38, SC-41), whose moves they do not
touch."""

from __future__ import annotations

from pathlib import Path

import pytest

from albion import Table
from albion.core import get_game, replay
from albion.sim.records import load_record

FIXTURES = sorted((Path(__file__).parents[1] / "fixtures" / "records").glob("*.json"))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.stem)
def test_a_format_1_record_still_replays_and_resumes(path: Path) -> None:
    record = load_record(path)
    assert record.format == "albion-record/1" and record.game_version == "1.0"
    states = replay(get_game(record.game), record)
    assert states[-1].is_terminal() and states[-1].returns() == record.returns
    table = Table.from_record(record)
    assert table.is_over() and table.returns() == record.returns
    assert table.record().actions == record.actions


def test_there_is_a_fixture_per_game() -> None:
    assert {load_record(path).game for path in FIXTURES} == {
        "diamoniak", "raiding-stonehenge", "super-camelot"}
