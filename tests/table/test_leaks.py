"""No secret reaches the wrong seat on any channel a table emits. At points of random
games, a twin table differs only by a canary: a seat's private fields changed
(`Game.plant_canary`: its hand and committed card, its gem wallet). Every other seat, and
a spectator, must get the same views (protocol JSON), the same legal actions, and then —
while both tables take the same decisions — the same events (action texts, chance results
and outcomes), until their own view legitimately changes (a reveal). A seat's record is
built from nothing but these two channels (`seat_record`: its events and its views)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from albion import Table
from albion.core import all_games
from albion.core.game import AnyGame
from tests.conformance.harness import Setup, playout, setups

SECRET_GAMES = [(game, players) for game in all_games() if game.has_secrets
                for players in range(game.min_players, game.max_players + 1)]
SHORT = {"super-camelot": {"max_turns": 24}}
FOLLOW = 12
"""Decisions both twins take after the canary is planted."""


def twin(table: Table, seat: int) -> Table | None:
    """A copy of `table` whose state holds a canary in `seat`'s private fields."""
    planted = table.game.plant_canary(table._state, seat)
    if planted is None:
        return None
    other = Table.from_record(table.record())
    other._state = planted
    return other


def channels(table: Table, viewer: int | None, since: int) -> tuple[Any, ...]:
    legal = table.legal(viewer) if viewer is not None else []
    return (table.view(viewer), legal,
            [entry.to_json() for entry in table.events_for(viewer, since)])


@pytest.mark.parametrize(("game", "players"), SECRET_GAMES,
                         ids=lambda value: getattr(value, "id", str(value)))
def test_a_canary_never_reaches_another_seat(game: AnyGame, players: int) -> None:
    rng = random.Random(players)
    table = Table(game, ["human"] * players, SHORT.get(game.id), seed=players)
    compared = planted = decisions = 0
    while not table.is_over():
        decisions += 1
        if decisions % 6 == 1:
            for seat in range(players):
                other = twin(table, seat)
                if other is None:
                    continue
                planted += 1
                compared += follow(table, other, seat, random.Random(rng.random()))
        mover = rng.choice(table.to_move())
        table.submit(mover, rng.choice(table.legal(mover)), table.version)
    assert planted and compared, "the canary was planted and followed"


def follow(table: Table, other: Table, seat: int, rng: random.Random) -> int:
    """Compare every viewer but `seat` on both twins, through up to FOLLOW shared
    decisions; the number of comparisons made."""
    table = Table.from_record(table.record())  # a throw-away copy of the real table
    since = table.version
    watching = [None, *(v for v in range(table.num_players) if v != seat)]
    assert table.view(seat) != other.view(seat), "the canary shows to its own seat"
    compared = 0
    for step in range(FOLLOW):
        for viewer in list(watching):
            if step and table.view(viewer)["board"] != other.view(viewer)["board"]:
                watching.remove(viewer)  # a reveal: from here on this viewer may know
                continue
            assert channels(table, viewer, since) == channels(other, viewer, since), viewer
            compared += 1
        if table.is_over() or not watching:
            break
        mover = rng.choice(table.to_move())
        ours, theirs = table.legal(mover), other.legal(mover)
        if mover not in other.to_move() or len(ours) != len(theirs):
            break  # the canary changed what this seat may do: the twins part here
        # the same choice by position: for the canary's seat a different hidden card
        index = rng.randrange(len(ours))
        table.submit(mover, ours[index], table.version)
        other.submit(mover, theirs[index], other.version)
    return compared


@pytest.mark.parametrize("setup", setups(), ids=str)
def test_events_never_tell_a_viewer_more_than_its_view(setup: Setup) -> None:
    """Two actions (or chance outcomes) that lead to different positions which a viewer
    cannot tell apart must read the same to that viewer — their text and their outcome
    events — or the wording says what the view hides (a card dealt to another hand,
    another seat's secret play). Actions leading to the same position (an attack on an
    empty arc, whichever arc) may be worded apart: nothing is hidden."""
    game = setup.game
    rng = random.Random(11)
    checked = 0
    hides = False
    for seed in range(2):
        for state in playout(setup, seed):
            if state.is_terminal():
                continue
            actor = state.current_player()
            actions = state.legal_actions()
            # per action: the state after it, its position text and its outcome events,
            # the same whichever viewer samples it (the text is the dear part)
            reached: dict[Any, tuple[Any, str, list[Any]]] = {}
            for viewer in [None, *range(setup.players)]:
                if viewer == actor:
                    continue  # a seat knows its own decision
                told: dict[Any, dict[str, Any]] = {}
                for action in rng.sample(actions, min(len(actions), 12)):
                    if action not in reached:
                        after = state.clone()
                        after.apply_legal(action)
                        reached[action] = (after, after.to_text(),
                                           game.outcome_events(state, after))
                    after, position, outcome = reached[action]
                    events = tuple(json.dumps(event.to_json(), sort_keys=True)
                                   for event in outcome if event.is_for(viewer))
                    wording = (game.describe_action(state, action, viewer), events)
                    full = game.describe_action(state, action, actor if actor >= 0 else None)
                    hides |= wording[0] != full  # worded apart for this viewer
                    told.setdefault(after.observe(viewer), {})[position] = wording
                for positions in told.values():
                    if len(positions) > 1:
                        assert len(set(positions.values())) == 1, (viewer, positions)
                        checked += 1
    assert checked or not hides, "a game that hides moves had them compared"
