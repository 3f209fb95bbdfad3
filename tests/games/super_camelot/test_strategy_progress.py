"""Super Camelot's heuristic makes progress (issue 27): its path finder plans only steps the
engine allows — SC-9's safe entry included — and no bot ends turn after turn with moves
left while a step towards its goal is legal."""

from __future__ import annotations

import random

import pytest

from albion.games.super_camelot import GAME, SuperCamelotState, movement, strategy
from albion.games.super_camelot.actions import Command, Step
from albion.games.super_camelot.board import CIRCLES, SLOT_OF, SQUARES, STEP_TO, name
from albion.games.super_camelot.components import Card
from albion.games.super_camelot.pieces import TreasureState
from albion.games.super_camelot.scene import at, build
from albion.table import Table
from tests.games.super_camelot.helpers import options, refused

STALLED_TURNS = 3
"""Turns in a row a seat may end with moves left while a step towards its goal is legal."""
GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(10)]
MAX_TURNS = 40
"""SC-37's cap for the property games: long enough to leave the circles and explore,
short enough to keep the test fast."""


BESIDE_THE_GLADE = """
T.....T
.......
.......
.......
1......
##.....
##....T
"""
"""Slot 6, east of the glade: seat 1 at (4,0), next to the glade's east edge."""


def on_north_circle_beside_a_glade() -> SuperCamelotState:
    """A first turn on the north circle; the glade (unvisited) west of it puts a bush on
    r12c13, the first of the circle's exits, once populated (SC-11)."""
    state = build({}, keys={5: "glade"}, abilities="off")
    state.players[0].position = CIRCLES[0]
    return state


def test_sc9_the_planner_never_steps_onto_a_square_that_will_hold_a_token() -> None:
    state = on_north_circle_beside_a_glade()
    bush = at(5, 4, 5)
    assert name(bush) == "r12c13"
    assert refused(state, "step r12c13").ruling == "SC-9"
    assert "step r12c14" in options(state)
    first = strategy.next_step(state, 0)
    assert first != bush
    assert movement.step_refusal(state, 0, first) is None
    assert strategy.policy(state, random.Random(0)) == Step(first), \
        "steps off the circle (SC-7) rather than ending the turn there"


def test_sc9_paths_into_a_tile_not_yet_populated_go_round_its_tokens(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """From the east tile into the glade (nobody on it): the bush it will hold at (4,5)
    is a wall, so the way to (4,4) goes round it (5 steps), not through it (3)."""
    state = build({6: BESIDE_THE_GLADE}, keys={5: "glade"}, abilities="off")
    assert state.players[0].position == at(6, 4, 0) and not state.populated[5]
    goal = at(5, 4, 4)
    monkeypatch.setattr(strategy, "goals", lambda state, seat: {goal})
    assert strategy.goal_distance(state, 0) == 5
    assert strategy.next_step(state, 0) in (at(5, 4, 6), at(6, 3, 0)), "either way round"


WALLED_IN = """
T.....T
.......
...r...
..r1r..
...r...
.....##
T....##
"""
"""Slot 5: seat 1 at (3,3) with a rock on each side."""


@pytest.mark.parametrize("gauntlet", [False, True])
def test_sc26_the_planner_goes_through_rocks_only_with_the_power_gauntlet(
        monkeypatch: pytest.MonkeyPatch, gauntlet: bool) -> None:
    """The planner asks the engine (SC-8, SC-26): rocks wall the seat in, unless it holds
    the Power Gauntlet, which moves through them."""
    state = build({5: WALLED_IN}, abilities="off")
    if gauntlet:
        state.players[0].treasures.append((Card.POWER_GAUNTLET, TreasureState.UP))
    goal = at(5, 1, 3)
    monkeypatch.setattr(strategy, "goals", lambda state, seat: {goal})
    if gauntlet:
        assert strategy.goal_distance(state, 0) == 2
        assert strategy.next_step(state, 0) == at(5, 2, 3)
        assert strategy.policy(state, random.Random(0)) == Step(at(5, 2, 3))
    else:
        assert strategy.goal_distance(state, 0) == strategy.OUT_OF_REACH
        assert strategy.next_step(state, 0) == -1


def legal_distance(state: SuperCamelotState, seat: int, start: int,
                   targets: set[int] | frozenset[int]) -> float:
    """Steps from `start` to a target along squares the engine would let `seat` enter
    (`movement.enter_refusal`: SC-8's blockers, SC-9's safe entry), on tiles in play."""
    seen, level, length = {start}, [start], 0
    occupied = {player.position for player in state.players} - {start}
    while level:
        if any(here in targets for here in level):
            return length
        reached = []
        for here in level:
            for there in STEP_TO[here]:
                if there not in seen and state.slot_tile[SLOT_OF[there]] >= 0 and \
                        movement.enter_refusal(state, seat, here, there, occupied) is None:
                    seen.add(there)
                    reached.append(there)
        level, length = reached, length + 1
    return float("inf")


def stalled(state: SuperCamelotState) -> bool:
    """The active seat ends its turn with moves left though a legal step brings it nearer
    to its goal (the heuristic's own goals)."""
    seat = state.active
    if state.actions_left <= 0 and state.move_left <= 0:
        return False
    position = state.players[seat].position
    goals = strategy.goals(state, seat)
    here = legal_distance(state, seat, position, goals)
    return any(legal_distance(state, seat, action.to, goals) < here
               for action in state.legal_actions()
               if isinstance(action, Step) and action.to < SQUARES)


def longest_stall(players: int, seed: int) -> int:
    """Most turns in a row one seat ended while stalled, in a seeded game of heuristic
    bots (each deciding from its own view, as at any table)."""
    table = Table("super-camelot", ["heuristic"] * players, {"max_turns": MAX_TURNS},
                  seed=seed, events=False)
    record = table.record()
    state = GAME.new_state(players, table.variant)
    streak, longest = [0] * players, 0
    for text in record.actions:
        action = GAME.parse_action(state, text)
        if action is Command.END_TURN and not state.pending:
            seat = state.active
            streak[seat] = streak[seat] + 1 if stalled(state) else 0
            longest = max(longest, streak[seat])
        state.apply(action)
    return longest


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_no_bot_ends_turn_after_turn_while_a_step_towards_its_goal_is_legal(
        players: int, seed: int) -> None:
    assert longest_stall(players, seed) < STALLED_TURNS
