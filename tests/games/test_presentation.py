"""The presentation model (issue 26, "one drawing per game"): every legal action annotated
from the deciding seat's view with where it sits and what it reaches, computed from the
engine's own values (SC-12, SC-32: an arc reaches what the attack strikes, under either
`arc` variant); chance as structured events (what was revealed or dealt, to whom, where;
RS-18: a card dealt to a hand is named only to its owner); this turn's reveals (DI-3);
the figures at a pile in rank (RS-9); one map window for the terminal and the browser."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from typing import Any

import pytest

from albion.core import CHANCE, AnyState
from albion.core.events import ActionTaken, ChanceResult
from albion.core.registry import get_plugin
from albion.games.diamoniak import GAME as DIAMONIAK
from albion.games.diamoniak.actions import Reveal
from albion.games.diamoniak.cards import Card
from albion.games.raiding_stonehenge import GAME as RAIDING
from albion.games.super_camelot import GAME as CAMELOT
from albion.games.super_camelot import presentation, render
from albion.games.super_camelot import wire as camelot_wire
from albion.games.super_camelot.actions import Attack, Step
from albion.games.super_camelot.board import SQUARES, name, slot_of
from albion.games.super_camelot.combat import ARC_NAMES, arc_squares
from albion.games.super_camelot.pieces import AttackRoll
from albion.table import Table
from tests.conformance.harness import Setup, playout, setups

GAMES = ("diamoniak", "raiding-stonehenge", "super-camelot")
SETUPS = [setup for setup in setups() if setup.game.id in GAMES]
AREAS = {
    "diamoniak": {"draw_pile", "castle", "right_pile"},
    "raiding-stonehenge": {"line", "hand", "pile", "disks"},
    "super-camelot": {"square", "circle", "castle", "characters", "dice", "cards",
                      "treasures"},
}
"""The parts of the board each game places actions on (every other action is a button)."""


def decisions(setup: Setup, seed: int) -> Iterator[tuple[AnyState, int]]:
    """(state, the seat deciding) at the sampled decisions of a random game."""
    for state in playout(setup, seed):
        seat = state.current_player()
        if seat >= 0:
            yield state, seat


@pytest.mark.parametrize("setup", SETUPS, ids=str)
def test_every_legal_action_is_annotated_from_the_deciders_view(setup: Setup) -> None:
    wire = get_plugin(setup.game.id).load_wire()
    assert wire is not None
    kinds: set[str] = set()
    for state, seat in decisions(setup, 1):
        legal = state.legal_actions()
        notes = wire.annotate(state.observe(seat), legal)  # every game here annotates all
        assert len(notes) == len(legal)
        for action, note in zip(legal, notes, strict=True):
            assert note.kind != "action" and note.label, action  # a game's own words
            assert note.ruling is None or note.ruling in {r.id for r in setup.game.rulings}
            if note.at is not None:
                assert note.at.area in AREAS[setup.game.id], note
            kinds.add(note.kind)
    assert kinds, "no decision was sampled"


OFFSETS = {
    "ne": ((-1, 0), (-1, 1), (0, 1)), "se": ((0, 1), (1, 1), (1, 0)),
    "sw": ((1, 0), (1, -1), (0, -1)), "nw": ((0, -1), (-1, -1), (-1, 0)),
    "north": ((0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)),
    "east": ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0)),
    "south": ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1)),
    "west": ((1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0)),
}
"""SC-12, SC-32 as the rulings word them: an arc is an orthogonal square, the diagonal and
the next orthogonal square, clockwise; a Greatsword sweeps five, centred straight ahead."""


def struck(square: str, arc: str, own_tile: bool) -> tuple[str, ...]:
    """The squares an attack on `arc` from `square` strikes, from the rulings alone: on
    the 28×28 map, and with `arc=own-tile` on the attacker's 7×7 tile only."""
    row, col = (int(part) - 1 for part in square[1:].split("c"))
    found = []
    for dr, dc in OFFSETS[arc]:
        r, c = row + dr, col + dc
        if 0 <= r < 28 and 0 <= c < 28 and (
                not own_tile or (r // 7, c // 7) == (row // 7, col // 7)):
            found.append(f"r{r + 1}c{c + 1}")
    return tuple(found)


@pytest.mark.parametrize("arc", ["cross-tile", "own-tile"])
def test_sc12_sc32_an_arc_reaches_what_the_attack_strikes(arc: str) -> None:
    """SC-12, SC-32: each attack's `reaches` are the squares the rulings give its arc under
    the table's variant (worked out here from the rulings' words, not the engine's
    table), they are the engine's own, its target sits on one of them, and a strike
    rolled for it hits nothing outside them."""
    checked = 0
    for players in (2, 3):
        setup = Setup(CAMELOT, players, CAMELOT.variant({"arc": arc}))
        for seed in range(3):
            for state, seat in decisions(setup, seed):
                legal = state.legal_actions()
                notes = camelot_wire.annotate(state.observe(seat), legal)
                for action, note in zip(legal, notes, strict=True):
                    if not isinstance(action, Attack):
                        continue
                    square = name(state.players[seat].position)
                    wanted = struck(square, ARC_NAMES[action.arc], arc == "own-tile")
                    assert note.reaches == wanted, (arc, square, action)
                    assert note.reaches == tuple(
                        name(sq) for sq in arc_squares(state, seat, action.arc))
                    assert note.at is None or note.at.square in wanted
                    after = state.clone()
                    after.apply(action)
                    if after.pending and isinstance(after.pending[-1], AttackRoll):
                        strike = after.pending[-1].strike
                        hit = {name(sq) for sq in (*strike.bushes, *strike.enemies)}
                        assert hit <= set(wanted)
                    checked += 1
    assert checked > 20


def test_the_browser_and_the_terminal_crop_the_same_window() -> None:
    """One map window (`presentation.window`): the terminal renderer uses it, and the
    board sends it cropped to a tile and two squares around the action — a window
    inside the explored map, at most CROP squares a side, that holds the active
    character's square (or the Starting Tile while it stands on no square)."""
    assert render.window is presentation.window
    setup = Setup(CAMELOT, 2, CAMELOT.variant())
    checked = 0
    for state in playout(setup, 0):
        view = state.observe(None)
        board = camelot_wire.board(view)
        if board.map is None:
            continue
        area, crop = board.map.explored, board.map.cropped
        assert area.top <= crop.top < crop.bottom <= area.bottom
        assert area.left <= crop.left < crop.right <= area.right
        assert crop.bottom - crop.top <= presentation.CROP
        assert crop.right - crop.left <= presentation.CROP
        at = view.players[view.active].position if view.active < len(view.players) else -1
        row, col = divmod(at, 28) if 0 <= at < 28 * 28 else (13, 13)
        assert crop.top <= row < crop.bottom and crop.left <= col < crop.right
        checked += 1
    assert checked > 50


# -- structured chance events -----------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_chance_outcome_is_told_as_values(game_id: str) -> None:
    """No face reads a chance outcome's words: each game tells every outcome as a value
    of its own (a card revealed, dealt, drawn, a roll, a tile)."""
    table = Table(game_id, ["random"] * 3, seed=4)
    chance = [entry.event for entry in table.events_for(None)
              if isinstance(entry.event, ChanceResult)]
    assert chance
    for event in chance:
        extra = {field.name for field in fields(event)} - {"text", "outcome", "audience"}
        assert type(event) is not ChanceResult and extra, event


def test_rs18_a_card_dealt_to_a_hand_is_named_to_its_owner_only() -> None:
    table = Table(RAIDING, ["random"] * 3, seed=5)
    dealt = 0
    for viewer in (None, 0, 1, 2):
        for entry in table.events_for(viewer):
            event = entry.to_json()
            if event["type"] != "chance" or event.get("seat") is None:
                continue
            dealt += 1
            assert (event["card"] is not None) == (viewer == event["seat"]), event
            assert (event["colour"] is not None) == (viewer == event["seat"]), event
    assert dealt > 0


def test_rs6_a_committed_card_is_named_to_its_player_only() -> None:
    table = Table(RAIDING, ["random"] * 3, seed=6)
    for viewer in (None, 0, 1, 2):
        plays = [entry.to_json() for entry in table.events_for(viewer)
                 if isinstance(entry.event, ActionTaken) and "face_down" in entry.to_json()]
        assert plays
        for event in plays:
            assert (event["card"] is not None) == (viewer == event["seat"]), event


# -- Diamoniak's recap ----------------------------------------------------------------------


def test_di3_the_recap_holds_the_reveals_of_the_latest_turn() -> None:
    """DI-3, DI-8: every view's recap is the cards revealed in the latest turn anyone
    played, in order, until the next seat decides (a witch that ended a turn stays in
    sight), as the log of reveals says."""
    table = Table(DIAMONIAK, ["human", "human", "human"], seed=11)
    reveals: list[tuple[int, int, str]] = []  # (turn, drawer, card) from the engine
    decided_turn = -1
    checked = 0
    while not table.is_over() and checked < 300:
        recap = table.view(None)["recap"]
        latest = max((turn for turn, _, _ in reveals), default=-1)
        if latest >= decided_turn and latest >= 0:
            wanted = [card for turn, _, card in reveals if turn == latest]
            assert recap is not None and recap["cards"] == wanted, (recap, wanted)
            assert recap["turn"] == latest
            assert recap["current"] == (latest == table.observe(None).turns)
        else:
            assert recap is None
        seat = table.to_move()[0]
        decided_turn = table.observe(None).turns
        before = table.version
        table.submit(seat, table.legal(seat)[0 if checked % 3 else -1], table.version)
        for entry in table.events_for(None, before):  # the draw's reveal: this turn's
            if isinstance(entry.event, ChanceResult) and entry.event.outcome.startswith(
                    "reveal "):
                reveals.append((decided_turn, seat, entry.event.outcome.split()[1]))
        checked += 1
    assert any(card == "witch" for _, _, card in reveals)


def test_di3_a_reveal_event_names_the_card_the_drawer_and_the_turn() -> None:
    state = DIAMONIAK.new_state(2)
    state.apply(state.legal_actions()[0])  # draw
    event = DIAMONIAK.decision_event(state, CHANCE, Reveal(Card.RED), "reveal red", None)
    assert event.to_json() == {"type": "chance", "text": "P1 reveals a red card",
                               "outcome": "reveal red", "card": "red", "seat": 0, "turn": 0,
                               "turn_seat": 0, "words": {  # issue 29: the words each face says
                                   "message": "{player} reveals {card}",
                                   "args": {"player": {"seat": 0},
                                            "card": {"message": "a red card", "args": {}}}}}


# -- Raiding Stonehenge's figures -------------------------------------------------------------


def test_rs9_the_figures_at_a_pile_stand_in_rank_order() -> None:
    wire = get_plugin("raiding-stonehenge").load_wire()
    assert wire is not None
    seen = 0
    for players in (3, 4, 5):
        setup = Setup(RAIDING, players, RAIDING.variant())
        for state in playout(setup, 2):
            view = state.observe(None)
            board = wire.board(view)
            for figures in board.figures:
                at = [s for s, pile in enumerate(view.at_pile)
                      if pile >= 0 and wire.DISK_COLOURS[pile] == figures.pile]
                assert sorted(figures.seats) == sorted(at)
                if any(view.revealed):
                    assert figures.seats == rs9_rank(at, view.revealed, view.start)
                    seen += len(at) > 1
    assert seen > 0



def rs9_rank(seats: list[int], plays: tuple[int, ...], start: int) -> list[int]:
    """RS-9 as the ruling words it: coloured cards above black ones (RS-1: black when the
    number is a multiple of 6), then the higher number, then the seat nearer clockwise
    from the start player."""
    players = len(plays)
    return sorted(seats, key=lambda s: (plays[s] % 6 == 0, -plays[s], (s - start) % players))


# -- Super Camelot's exploration ------------------------------------------------------------


def exploring_steps(seeds: range) -> Iterator[tuple[Any, Any]]:
    """(view, step) for every step into an unexplored slot (SC-10) legal in random games."""
    for setup in SETUPS:
        if setup.game.id != "super-camelot":
            continue
        for seed in seeds:
            for state, seat in decisions(setup, seed):
                for action in state.legal_actions():
                    if isinstance(action, Step) and action.to < SQUARES and \
                            state.slot_tile[slot_of(action.to)] < 0:
                        yield state.observe(seat), action


def test_sc10_a_step_into_the_unexplored_forest_is_an_explore_target() -> None:
    """Issue 27: the first exploration had no target on the board (only a button): the
    step into the fog is annotated as `explore`, on the square it enters (which may lie
    outside the explored map: the board then draws the fog there to hold it)."""
    found = 0
    for view, step in exploring_steps(range(1, 6)):
        note = presentation.annotate(view, [step])[0]
        square = name(step.to)
        assert note.kind == "explore" and note.ruling == "SC-10", note
        assert note.at is not None and note.at.area == "square" and note.at.square == square
        assert str(note.label) == f"Explore: step to {square} and draw a new tile"
        found += 1
    assert found > 0
