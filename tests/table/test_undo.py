"""ALL-3 (issue 31): a seat takes back its own moves at the table, for every game alike —
within its own turn, never across chance, a revealed secret or another seat's decision,
a simultaneous pick (RS-6) until the last seat has picked. Random games of every game
with random requests check it against an oracle of the test's own: the same seed's table
given the decisions as played after the take-backs, by `submit` alone."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from albion import StaleVersion, Table
from albion.core import all_games
from albion.core.errors import UndoRefused
from albion.core.events import MoveTakenBack
from albion.core.game import AnyGame
from albion.core.state import CHANCE
from albion.table.decisions import decision_state
from albion.table.seat_records import seat_views
from albion.table.telling import decision_events, game_over
from albion.table.undo import UNDO

GAMES = all_games()
SHORT = {"super-camelot": {"max_turns": 16}}
"""Variants that keep a test game short."""
SETUPS = [(game, players) for game in GAMES for players in (game.min_players,
                                                              game.max_players)]


def snapshot(table: Table) -> tuple[Any, ...]:
    """Everything a face reads of the table but its version: every viewer's observation,
    view (protocol JSON) and legal actions, who decides, the position."""
    viewers = [None, *range(table.num_players)]
    views = []
    for viewer in viewers:
        view = table.view(viewer)
        view.pop("version")
        views.append(json.dumps(view, sort_keys=True))
    return (table.to_move(), [table.observe(v) for v in viewers], views,
            [table.legal(seat) for seat in range(table.num_players)], table.position())


def played(game: AnyGame, players: int, seed: int,
           decisions: list[tuple[int, str]]) -> Table:
    """The oracle: a fresh table of the same seed given `decisions` by `submit` alone."""
    table = Table(game, ["human"] * players, SHORT.get(game.id), seed=seed)
    for seat, text in decisions:
        table.submit(seat, text, table.version)
    return table


def effective_rows(table: Table, since: int) -> list[Any]:
    """The log rows after version `since` that are still part of the game."""
    rows = table.log()
    taken_back = {row.version for row in rows if row.action == UNDO}
    undone = set(table._log.undone)
    return [row for row in rows[since:]
            if row.version not in taken_back and row.version not in undone]


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 10_000),
       asks=st.lists(st.floats(0, 1), min_size=40, max_size=140))
def test_all3_undo_never_crosses_chance_a_reveal_or_another_seat(
        setup: tuple[AnyGame, int], seed: int, asks: list[float]) -> None:
    game, players = setup
    rng = random.Random(seed)
    table = Table(game, ["human"] * players, SHORT.get(game.id), seed=seed)
    decisions: list[tuple[int, str, int, tuple[Any, ...], bool]] = []
    """Per decision still in the game: seat, notation, version made, the snapshot before
    it, and whether several seats were deciding at once."""
    for ask in asks:
        if table.is_over():
            break
        seat = rng.randrange(players)
        if ask < 0.35:
            before, version, rows = snapshot(table), table.version, table.log()
            refusal = table.undo_refusal(seat)
            if refusal is not None:
                with pytest.raises(UndoRefused) as refused:
                    table.undo(seat, version)
                assert refused.value.why == refusal.why and refused.value.ruling == "ALL-3"
                assert snapshot(table) == before and table.version == version
                assert table.log() == rows
                check_refusal_is_due(table, decisions, seat, refusal.why)
                continue
            with pytest.raises(StaleVersion):
                table.undo(seat, version - 1)
            assert table.version == version and table.log() == rows
            update = table.undo(seat, version)
            index = max(i for i, d in enumerate(decisions) if d[0] == seat)
            undone = decisions.pop(index)
            later = decisions[index:]
            # never across chance, a reveal, or another seat outside an open round
            crossed = effective_rows(table, undone[2] - 1)
            assert all(row.actor != CHANCE for row in crossed)
            assert not any(entry.event.reveals for viewer in [None, *range(players)]
                           for entry in table.events_for(viewer, undone[2] - 1))
            assert all(d[0] != seat for d in later)
            if later:
                assert undone[4] and all(d[4] for d in later), "only simultaneous picks"
            elif not any(row.action == UNDO for row in rows[undone[2]:]):
                assert snapshot(table) == undone[3], "the position before it"
            # as if never made: the oracle given the decisions as played after it
            assert snapshot(table) == snapshot(played(
                game, players, seed, [(d[0], d[1]) for d in decisions]))
            # every viewer hears that the seat took back a move, and nothing else
            assert table.version == version + 1
            assert table.log()[-1] == (version + 1, seat, UNDO)
            for viewer in [None, *range(players)]:
                heard = update.events_for(viewer)
                assert [type(entry.event) for entry in heard] == [MoveTakenBack]
                assert heard[0].event.seat == seat
                assert str(heard[0].event.words) == f"P{seat + 1} took back a move"
            continue
        seat = rng.choice(table.to_move())
        legal = table.legal(seat)
        assert UNDO not in legal, "the undo row's notation is reserved"
        text = rng.choice(legal)
        decisions.append((seat, text, table.version + 1, snapshot(table),
                          len(table.to_move()) > 1))
        table.submit(seat, text, table.version)
    # the rows, undo rows included, rebuild the same table on another process
    rebuilt = Table.from_log(game, ["human"] * players, SHORT.get(game.id), seed,
                             table.log(), autoplay=True)
    assert rebuilt.version == table.version and rebuilt.log() == table.log()
    assert snapshot(rebuilt) == snapshot(table)
    assert [e.to_json() for e in rebuilt.events_for(None)] == \
        [e.to_json() for e in table.events_for(None)]
    # a seat's record and the replay step through the game as played, to the table now
    for seat in range(players):
        *_, (_, last) = seat_views(table.seat_record(seat))
        assert last["board"] == table.view(seat)["board"]
    *_, last = table.views_since_start(None)
    assert last == {**table.view(None), "legal": []}
    # the record is the game as played after the take-backs, and resumes it
    record = table.record()
    resumed = Table.from_record(record)
    assert resumed.record() == record
    assert [resumed.observe(v) for v in [None, *range(players)]] == \
        [table.observe(v) for v in [None, *range(players)]]
    if not table.is_over():  # over, RS keeps whose commit came last (seen by no view)
        assert resumed.position() == table.position()
    assert record.actions == played(game, players, seed,
                                    [(d[0], d[1]) for d in decisions]).record().actions


def check_refusal_is_due(table: Table, decisions: list[Any], seat: int, why: str) -> None:
    """A refusal stands on a barrier: a plain take-back (the seat's decision the last one
    in the game, the seat still deciding) is never refused."""
    rows = effective_rows(table, 0)
    if rows and rows[-1].actor == seat and seat in table.to_move() and why != "reveal":
        raise AssertionError(f"a plain take-back was refused: {why}")


def test_all3_a_bot_never_undoes() -> None:
    table = Table("raiding-stonehenge", ["random", "human"], seed=1)
    assert table.undo_refusal(0) is not None
    assert table.undo_refusal(0).why == "bot"  # type: ignore[union-attr]
    with pytest.raises(UndoRefused, match="bots never take back a move"):
        table.undo(0, table.version)


def test_all3_nothing_to_take_back_at_the_start() -> None:
    table = Table("diamoniak", ["human", "human"], seed=2)
    seat = table.to_move()[0]
    refusal = table.undo_refusal(seat)
    assert refusal is not None and refusal.why in ("nothing", "chance")
    assert not table.can_undo(seat)


def commit_round(seed: int) -> Table:
    """A three-human Raiding Stonehenge table at its first simultaneous round (RS-6)."""
    table = Table("raiding-stonehenge", ["human"] * 3, seed=seed)
    rng = random.Random(seed)
    while len(table.to_move()) < 3:
        seat = table.to_move()[0]
        table.submit(seat, rng.choice(table.legal(seat)), table.version)
    return table


def test_all3_rs6_picks_may_change_until_every_seat_has_committed() -> None:
    table = commit_round(4)
    start = snapshot(table)
    p3, p1 = 2, 0
    first = table.legal(p3)[0]
    table.submit(p3, first, table.version)  # P3 picks first, ahead of its turn
    table.submit(p1, table.legal(p1)[0], table.version)
    assert table.can_undo(p3) and table.can_undo(p1)  # others picked meanwhile: still open
    table.undo(p3, table.version)
    assert p3 in table.to_move() and table.to_move() == (1, 2)
    table.submit(p3, table.legal(p3)[-1], table.version)  # P3 changes its pick
    table.undo(p1, table.version)
    table.undo(p3, table.version)
    assert snapshot(table) == start
    assert [row.action for row in table.log()[-5:]].count(UNDO) == 3
    for seat in (0, 1):
        table.submit(seat, table.legal(seat)[0], table.version)
    table.submit(p3, first, table.version)  # the last commit reveals every card
    for seat in range(3):
        refusal = table.undo_refusal(seat)
        assert refusal is not None and refusal.why in ("reveal", "chance", "seat", "turn")
    assert not any(table.can_undo(seat) for seat in range(3))


def test_all3_a_secret_pick_taken_back_tells_nothing_of_it() -> None:
    table = commit_round(5)
    card = table.legal(0)[0]
    table.submit(0, card, table.version)
    update = table.undo(0, table.version)
    told = {"type": "undo", "version": table.version, "text": "P1 took back a move",
            "words": {"message": "{player} took back a move",
                      "args": {"player": {"seat": 0}}}, "seat": 0}
    for viewer in (None, 0, 1, 2):
        assert [entry.to_json() for entry in update.events_for(viewer)] == [told]
    assert card not in json.dumps(table.view(1)) or card in json.dumps(commit_round(5).view(1))


def test_all3_undo_never_crosses_chance() -> None:
    """Diamoniak: every draw is chance, so a seat's draw is never taken back."""
    table = Table("diamoniak", ["human", "human"], seed=3)
    seat = table.to_move()[0]
    draw = next(text for text in table.legal(seat) if text.startswith("draw"))
    table.submit(seat, draw, table.version)
    assert table.undo_refusal(seat) is not None
    assert table.undo_refusal(seat).why == "chance"  # type: ignore[union-attr]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_all3_every_reveal_is_marked(game: AnyGame) -> None:
    """A decision that shows another viewer something a canary (`plant_canary`: a change
    only its seat can see) changes brings an event whose kind `reveals`: the table's
    barrier is the game's own account of its reveals, checked here against the views."""
    for players in range(game.min_players, game.max_players + 1):
        rng = random.Random(players)
        state = game.new_state(players, game.variant(SHORT.get(game.id)))
        for _ in range(3_000):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance(rng.random()))
                continue
            seat = rng.choice(state.decision_seats())
            action = rng.choice(decision_state(state, seat).legal_actions())
            after = decided(state, seat, action)
            told = decision_events(game, players, seat, action, decision_state(state, seat),
                                   game.action_text(decision_state(state, seat), action))
            told += game.outcome_events(state, after)
            if after.is_terminal():
                told.append(game_over(game, after))
            marked = any(event.reveals for event in told)
            for owner in range(players):
                planted = game.plant_canary(state, owner)
                if planted is None or decision_state(planted, seat).refusal(action):
                    continue
                twin = decided(planted, seat, action)
                for viewer in [None, *range(players)]:
                    if viewer != owner and twin.observe(viewer) != after.observe(viewer):
                        assert marked, f"{game.id}: {action} showed {owner}'s secret"
            state = after


def decided(state: Any, seat: int, action: Any) -> Any:
    after = state.clone()
    if seat == after.current_player():
        after.apply_legal(action)
    else:
        after.apply_for(seat, action)
    return after


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s[0].id}-{s[1]}p")
def test_all3_with_bots_at_the_table_the_rows_rebuild_it(setup: tuple[AnyGame, int]) -> None:
    """People and bots at one table: take-backs between bots' decisions, and the rows
    (bots' and take-backs') rebuild the same table, as a server's other process would."""
    game, players = setup
    seats = ["human" if seat % 2 == 0 else "random" for seat in range(players)]
    for seed in range(3):
        rng = random.Random(seed)
        table = Table(game, seats, SHORT.get(game.id), seed=seed)
        for _ in range(120):
            if table.is_over():
                break
            seat = rng.randrange(players)
            if rng.random() < 0.35:
                if table.can_undo(seat):
                    table.undo(seat, table.version)
                continue
            seat = rng.choice(table.to_move())
            table.submit(seat, rng.choice(table.legal(seat)), table.version)
        rebuilt = Table.from_log(game, seats, SHORT.get(game.id), seed, table.log(),
                                 autoplay=True)
        assert rebuilt.log() == table.log() and snapshot(rebuilt) == snapshot(table)
