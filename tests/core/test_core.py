"""The registry, chance sampling and record replay of the core contract."""

from __future__ import annotations

import pytest

from albion.core import (
    GameRecord,
    RecordError,
    UnknownGameError,
    all_games,
    get_game,
    pick_outcome,
    replay,
)
from albion.games.diamoniak import GAME


def test_registry_finds_builtin_games_through_entry_points() -> None:
    assert get_game("diamoniak") is GAME
    assert GAME in all_games()
    with pytest.raises(UnknownGameError, match=r"known games: .*diamoniak"):
        get_game("chess")


def test_pick_outcome_follows_cumulative_probabilities() -> None:
    outcomes = [("a", 0.25), ("b", 0.5), ("c", 0.25)]
    assert [pick_outcome(outcomes, u) for u in (0.0, 0.24, 0.25, 0.74, 0.75, 0.999)] == \
        ["a", "a", "b", "b", "c", "c"]


def _record(**changes: object) -> GameRecord:
    fields: dict[str, object] = {
        "game": "diamoniak", "game_version": GAME.version, "variant": {},
        "seats": ["a", "b"], "actions": ["draw", "reveal green", "draw", "reveal witch"],
    }
    fields.update(changes)
    return GameRecord(**fields)  # type: ignore[arg-type]


def test_replay_rebuilds_every_state() -> None:
    states = replay(GAME, _record())
    assert len(states) == 5
    assert states[-1].current_player() == 1
    assert replay(GAME, _record(), upto=2)[-1] == states[2]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": "other"}, "not 'diamoniak'"),
        ({"game_version": "0.1", "actions": ["stop"]}, r"DI-3\) \(the record is of "
         r"diamoniak 0\.1; this Albion plays 1\.0\)"),
        ({"format": "x"}, "format"),
        ({"seats": ["a"]}, "cannot start: Diamoniak takes 2 to 4"),
        ({"variant": {"fairy": "sometimes"}}, "cannot start: variant fairy"),
        ({"actions": ["draw", "reveal unicorn"]}, "action 2 'reveal unicorn'"),
        ({"actions": ["stop"]}, r"action 1 'stop' is refused: .*\(DI-3\)"),
        ({"returns": [1.0, 0.0]}, "not over"),
    ],
)
def test_tampered_records_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(GAME, _record(**changes))


def test_a_record_of_another_rules_version_loads_while_its_moves_replay() -> None:
    """Issue 12: a rules change that does not touch a record's moves does not lose it."""
    assert replay(GAME, _record(game_version="0.1"))[-1] == replay(GAME, _record())[-1]


def test_claimed_returns_must_match() -> None:
    actions = ["draw", "reveal witch"]
    record = _record(actions=actions, variant={"max_turns": 1}, returns=[1.0, 0.0])
    with pytest.raises(RecordError, match=r"claims returns \[1.0, 0.0\], replay gives"):
        replay(GAME, record)
    assert replay(GAME, _record(actions=actions, variant={"max_turns": 1},
                                returns=[0.5, 0.5]))[-1].is_terminal()
