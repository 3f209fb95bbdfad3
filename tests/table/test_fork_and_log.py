"""The Table's parts (issue 26): one log with one replay, the record written and read from
it, a `fork()` that goes its own way, typed games (`load_game` by class), and the example
a type checker follows."""

from __future__ import annotations

import random
import runpy
from pathlib import Path

import pytest

import albion
from albion.core import UnknownGameError
from albion.games.diamoniak import GAME as DIAMONIAK
from albion.games.diamoniak import Diamoniak
from albion.games.raiding_stonehenge import GAME as RAIDING
from albion.table import Table


def played(table: Table, rng: random.Random, decisions: int) -> None:  # type: ignore[type-arg]
    for _ in range(decisions):
        if table.is_over():
            return
        seat = rng.choice(table.to_move())
        table.submit(seat, rng.choice(table.legal(seat)), table.version)


def test_a_fork_goes_its_own_way_and_leaves_the_table_as_it_was() -> None:
    table = Table(RAIDING, ["human", "human", "random"], seed=8)
    played(table, random.Random(1), 12)
    before = (table.version, table.record(), table.view(0), table.events_for(None))
    fork = table.fork()
    assert fork.version == table.version and fork.view(1) == table.view(1)
    played(fork, random.Random(2), 15)
    assert fork.version > before[0]
    assert (table.version, table.record(), table.view(0), table.events_for(None)) == before


def test_a_fork_draws_the_chance_the_table_would_have() -> None:
    """The fork's chance stream is a copy: the same decisions bring the same outcomes."""
    table = Table(DIAMONIAK, ["human", "human"], seed=5)
    fork = table.fork()
    for twin in (table, fork):
        played(twin, random.Random(3), 30)
    assert fork.record().actions == table.record().actions


def test_a_fork_may_start_from_another_position() -> None:
    """`fork(position)`: a what-if at this table (a leak test's canary twin)."""
    table = Table(RAIDING, ["human", "human", "human"], seed=9)
    played(table, random.Random(4), 8)
    seat = table.to_move()[0]
    planted = RAIDING.plant_canary(table.position(), (seat + 1) % 3)
    assert planted is not None
    twin = table.fork(planted)
    assert twin.view((seat + 1) % 3) != table.view((seat + 1) % 3)
    assert twin.view(None) == table.view(None)  # RS-18: nobody else sees the change


def test_the_record_and_the_decisions_come_from_the_one_replay() -> None:
    """The record puts simultaneous decisions taken early back in the engine's order
    (RS-6); resumed, it gives the same views and counts the same decisions."""
    table = Table(RAIDING, ["human"] * 4, seed=10)
    played(table, random.Random(5), 60)
    resumed = Table.from_record(table.record())
    assert resumed.version == table.version
    assert resumed.decisions_made() == table.decisions_made()
    for viewer in (None, 0, 1, 2, 3):
        assert resumed.view(viewer) == table.view(viewer)


def test_load_game_by_class_gives_the_registered_typed_game() -> None:
    assert albion.load_game(Diamoniak) is DIAMONIAK
    configured = albion.load_game(Diamoniak, fairy="auto")
    assert isinstance(configured, Diamoniak) and configured.preset is not None
    assert configured.preset["fairy"] == "auto"

    class Unregistered(Diamoniak):
        pass

    with pytest.raises(UnknownGameError, match="Unregistered"):
        albion.load_game(Unregistered)


def test_the_typed_example_runs() -> None:
    example = Path(__file__).parents[2] / "examples" / "typed_table.py"
    runpy.run_path(str(example), run_name="__main__")


def test_a_fork_keeps_an_agent_of_ones_own_and_the_timing() -> None:
    """An agent given as an object is the same object at the fork (a registry bot is
    rebuilt); a timed table's fork is timed."""

    class First:
        name = "first"

        def choose(self, view: object, legal: list[object]) -> object:
            return legal[0]

    mine = First()
    table = Table(DIAMONIAK, [mine, "human"], seed=2, timed=True)
    fork = table.fork()
    assert fork.num_players == 2
    played(fork, random.Random(6), 10)
    assert fork.version > table.version
    assert any(seconds > 0 for seconds in fork.think_seconds())
    assert fork.record().seats == table.record().seats == ["first", "human"]
