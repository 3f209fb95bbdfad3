"""The wire views (each game's `Board`, its part of the table protocol): boards of random
seeded games survive a JSON round trip, match their JSON Schema, and keep every secret
(RS-18, SC-19); RS-6's undisclosed decisions show as face-down commitments; Super
Camelot's `awaiting` is read from a table that never fails on a new step type."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from functools import cache
from types import ModuleType
from typing import Any, get_args

import pytest
from pydantic import BaseModel

from albion.core import CHANCE, AnyState
from albion.core.registry import get_plugin
from albion.games.diamoniak import Card
from albion.games.diamoniak import wire as diamoniak_wire
from albion.games.raiding_stonehenge import GAME as RAIDING
from albion.games.raiding_stonehenge import Phase as RaidingPhase
from albion.games.raiding_stonehenge import wire as raiding_wire
from albion.games.raiding_stonehenge.actions import Play
from albion.games.super_camelot import GAME as CAMELOT
from albion.games.super_camelot import wire as camelot_wire
from albion.games.super_camelot.pieces import CHANCE_PENDING, Pending, TurnOver
from tests.conformance.harness import Setup, playout, setups

try:
    import jsonschema
except ImportError:  # pragma: no cover - jsonschema ships with the dev tools
    jsonschema = None

WIRE_GAMES = ("diamoniak", "raiding-stonehenge", "super-camelot")
WIRE_MODULES = (diamoniak_wire, raiding_wire, camelot_wire)
VARIANTS: dict[str, tuple[dict[str, Any], ...]] = {
    "diamoniak": ({"first": "random"}, {"fairy": "auto"}),
    "raiding-stonehenge": ({"contest": "all-lose"}, {"set_aside": "pile-colour"}),
    "super-camelot": ({"enemy_order": "choose"}, {"abilities": "off"}),
}
"""A couple of non-default variants per game, each played with the fewest players."""
STRIDE = {"diamoniak": 6, "raiding-stonehenge": 5, "super-camelot": 50}
"""Check every n-th state of a game (and its last): about 30 to 100 states a game."""
SEEDS = range(2)
SCHEMA_EVERY = 4


def wire_setups() -> list[Setup]:
    chosen = [setup for setup in setups()
              if setup.game.id in WIRE_GAMES and setup.variant == setup.game.variant()]
    for setup in list(chosen):
        if setup.players == setup.game.min_players:
            chosen += [Setup(setup.game, setup.players, setup.game.variant(overrides))
                       for overrides in VARIANTS[setup.game.id]]
    return chosen


SETUPS = wire_setups()


@pytest.fixture(params=SETUPS, ids=str)
def setup(request: pytest.FixtureRequest) -> Setup:
    return request.param  # type: ignore[no-any-return]


def wire_of(setup: Setup) -> ModuleType:
    module = get_plugin(setup.game.id).load_wire()
    assert module is not None
    return module


def sampled(setup: Setup, seed: int) -> Iterator[tuple[int, AnyState]]:
    """(index, state) for every STRIDE-th state of a seeded random game, and its last."""
    stride = STRIDE[setup.game.id]
    for index, state in enumerate(playout(setup, seed, every=True)):
        if index % stride == 0 or state.is_terminal():
            yield index, state


def viewers(players: int) -> list[int | None]:
    return [None, *range(players)]


def boards(wire: ModuleType, state: AnyState) -> dict[int | None, BaseModel]:
    """The board every viewer (a spectator and each seat) gets of `state`."""
    return {viewer: wire.board(state.observe(viewer))
            for viewer in viewers(state.num_players)}


@cache
def validator(wire: ModuleType) -> Any:
    schema = wire.Board.model_json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


# -- every game ----------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "wire"), list(zip(WIRE_GAMES, WIRE_MODULES, strict=True)),
                         ids=WIRE_GAMES)
def test_each_plugin_names_its_wire_module_and_the_schema_generates(
        game_id: str, wire: ModuleType) -> None:
    assert get_plugin(game_id).load_wire() is wire
    schema = wire.Board.model_json_schema()
    json.dumps(schema)
    assert schema["additionalProperties"] is False
    assert wire.Board.model_config["frozen"] and wire.Board.model_config["extra"] == "forbid"


def test_boards_round_trip_through_json(setup: Setup) -> None:
    wire = wire_of(setup)
    checked = 0
    for seed in SEEDS:
        for _, state in sampled(setup, seed):
            for board in boards(wire, state).values():
                assert isinstance(board, wire.Board)
                assert wire.Board.model_validate_json(board.model_dump_json()) == board
                checked += 1
    assert checked >= len(SEEDS) * (setup.players + 1)


def test_boards_match_their_json_schema(setup: Setup) -> None:
    if jsonschema is None:
        pytest.skip("jsonschema is not installed in the virtualenv: schema checks skipped")
    wire = wire_of(setup)
    check = validator(wire)
    for seed in SEEDS:
        for index, state in sampled(setup, seed):
            # A schema check costs ~10 ms: one in SCHEMA_EVERY sampled states, one viewer
            # each in turn (and the last state).
            turn = index // STRIDE[setup.game.id]
            if turn % SCHEMA_EVERY and not state.is_terminal():
                continue
            viewer = viewers(setup.players)[turn // SCHEMA_EVERY % (setup.players + 1)]
            board = wire.board(state.observe(viewer))
            check.validate(json.loads(board.model_dump_json()))


def test_boards_show_a_seats_secrets_to_that_seat_only(setup: Setup) -> None:
    """A canary planted in a seat's secrets (RS-18, SC-19) changes that seat's board and
    no one else's, the spectator's included."""
    wire = wire_of(setup)
    game = setup.game
    planted_any = 0
    for seed in SEEDS:
        for _, state in sampled(setup, seed):
            before = boards(wire, state)
            for seat in range(state.num_players):
                planted = game.plant_canary(state, seat)
                if planted is None:
                    continue
                planted_any += 1
                after = boards(wire, planted)
                assert after[seat] != before[seat], f"seat {seat} does not see its secret"
                for viewer in viewers(state.num_players):
                    if viewer != seat:
                        assert after[viewer] == before[viewer], (
                            f"P{seat + 1}'s secret reaches viewer {viewer}")
    assert planted_any > 0 if game.has_secrets else planted_any == 0


def test_board_end_matches_the_engine(setup: Setup) -> None:
    wire = wire_of(setup)
    for seed in SEEDS:
        *_, (_, state) = sampled(setup, seed)
        assert state.is_terminal()
        board = wire.board(state.observe(None))
        assert board.end == state.end_reason()
        winners = [seat for seat, share in enumerate(state.returns()) if share > 0]
        if setup.game.id == "raiding-stonehenge":
            assert board.winners == winners
        else:
            assert board.winner == (winners[0] if len(winners) == 1 else None)


# -- Diamoniak -----------------------------------------------------------------------------


def test_di11_every_viewer_gets_the_same_board() -> None:
    setup = Setup(get_plugin("diamoniak").game, 3, get_plugin("diamoniak").game.variant())
    for _, state in sampled(setup, 0):
        seen = boards(diamoniak_wire, state)
        assert len({board.model_dump_json() for board in seen.values()}) == 1
        board = seen[None]
        assert board.draw_pile.size == sum(state.pile)
        assert board.draw_pile.cards.diamond == state.pile[Card.DIAMOND]


# -- Raiding Stonehenge ----------------------------------------------------------------------


def play_phase_states(players: int, seeds: range) -> Iterator[AnyState]:
    """States of random games where some seat is still to commit its card (RS-6)."""
    setup = Setup(RAIDING, players, RAIDING.variant())
    for seed in seeds:
        for state in playout(setup, seed, every=True):
            if state.phase is RaidingPhase.PLAY:
                yield state


@pytest.mark.parametrize("players", [2, 5])
def test_rs6_board_never_shows_another_seats_card(players: int) -> None:
    """A seat that commits ahead of its turn (RS-6, `apply_for`) shows as committed to
    every viewer, its card face down to all but itself."""
    checked = 0
    for state in play_phase_states(players, range(2)):
        waiting = state.decision_seats()
        for seat in waiting[1:]:
            early = state.clone()
            card = early.hands[seat][0]
            early.apply_for(seat, Play(card))
            for viewer in viewers(players):
                shown = raiding_wire.board(early.observe(viewer))
                assert shown.players[seat].committed
                if viewer == seat:
                    assert shown.players[seat].played is not None
                    assert shown.players[seat].played.number == card
                else:
                    assert shown.players[seat].played is None
                    assert shown.players[seat].hand is None
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", [3, 5])
def test_rs6_committed_card_is_shown_to_its_owner_only_until_the_reveal(players: int) -> None:
    checked = 0
    for state in play_phase_states(players, range(2)):
        for seat, card in enumerate(state.plays):
            if not card:
                continue
            for viewer in viewers(players):
                player = raiding_wire.board(state.observe(viewer)).players[seat]
                assert player.committed
                if viewer == seat:
                    assert player.played is not None and player.played.number == card
                else:
                    assert player.played is None
                    assert player.hand is None
                checked += 1
    assert checked > 100


def test_rs_lines_mark_the_bottom_card_and_scores_follow_rs16() -> None:
    setup = Setup(RAIDING, 4, RAIDING.variant())
    for _, state in sampled(setup, 1):
        board = raiding_wire.board(state.observe(0))
        for line, cards in zip(board.lines, state.lines, strict=True):
            assert [card.number for card in line.cards] == cards
            assert line.bottom == (line.cards[-1] if cards else None)
        assert [player.score for player in board.players] == state.scores()
        assert board.players[0].hand is not None
        assert [card.number for card in board.players[0].hand] == state.hands[0]
        if not state.is_terminal():
            assert all(player.hand is None for player in board.players[1:])


# -- Super Camelot ---------------------------------------------------------------------------


def test_sc19_gems_are_hidden_from_others_until_the_end() -> None:
    setup = Setup(CAMELOT, 3, CAMELOT.variant())
    for _, state in sampled(setup, 0):
        over = state.is_terminal()
        for viewer, board in boards(camelot_wire, state).items():
            for seat, player in enumerate(board.players):
                assert (player.gems is not None) == (over or seat == viewer)
            assert (board.supply.items.red_gem is not None) == over
            assert "pending" not in board.model_dump_json()


def test_sc_awaiting_table_covers_every_step_type() -> None:
    """Every pending step type has a row (TurnOver is never waited on); chance steps and
    only they are answered by chance."""
    chance = set(CHANCE_PENDING)
    for step in get_args(Pending):
        if step is TurnOver:
            continue
        ask = camelot_wire.ASKS[step]
        assert (ask.decision == "chance") == (step in chance), step
        assert ask.ruling is not None and ask.ruling.startswith("SC-")


def test_sc_awaiting_falls_back_for_a_step_type_missing_from_the_table() -> None:
    @dataclasses.dataclass(frozen=True)
    class NewStep:
        enemy: int

    @dataclasses.dataclass(frozen=True)
    class OddStep:
        """Fields named like a known step's, holding something else."""

        strike: str = "sword"
        cards: int = 2
        deck: str = "litter"
        queue: tuple[object, ...] = (True, -3, 10**6, "r1c1")

    setup = Setup(CAMELOT, 2, CAMELOT.variant())
    state = next(state for _, state in sampled(setup, 0) if state.current_player() >= 0
                 and state.players)
    view = state.observe(None)
    asked = camelot_wire.awaiting(dataclasses.replace(
        view, pending=(*view.pending, NewStep(30))))
    assert asked is not None
    assert asked.decision == "choice" and asked.seat == state.current_player()
    assert asked.squares == ["r2c3"]
    odd = camelot_wire.awaiting(dataclasses.replace(view, pending=(OddStep(),)))
    assert odd == camelot_wire.Awaiting(seat=state.current_player(), decision="choice",
                                        question=camelot_wire.GENERIC_CHOICE.question,
                                        question_words=camelot_wire.GENERIC_CHOICE.words.to_json(),
                                        ruling=None)
    rolled = camelot_wire.awaiting(dataclasses.replace(
        view, pending=(*view.pending, TurnOver()), current_player=CHANCE))
    assert rolled is not None and rolled.decision == "chance" and rolled.seat is None
    board = camelot_wire.board(dataclasses.replace(view, pending=(TurnOver(),)))
    assert board.awaiting is not None and board.awaiting.decision == "choice"


def test_sc_awaiting_names_the_decider_and_the_ruling() -> None:
    seen: set[str] = set()
    for setup in SETUPS:
        if setup.game.id != "super-camelot":
            continue
        for state in playout(setup, 0, every=True):
            asked = camelot_wire.awaiting(state.observe(None))
            if state.is_terminal():
                assert asked is None
                continue
            assert asked is not None
            player = state.current_player()
            assert asked.seat == (None if player == CHANCE else player)
            assert (asked.decision == "chance") == (player == CHANCE)
            seen.add(asked.decision)
            if asked.decision in ("stars", "reroll"):
                assert asked.dice is not None and asked.weapon is not None
            if asked.decision == "stars":
                assert asked.dice is not None and "star" in asked.dice
            if asked.decision in ("drop", "activate"):
                assert asked.squares
            if asked.decision in ("drop", "keep"):
                assert asked.cards and asked.deck is not None
    assert {"character", "enter", "action", "move", "end_turn", "drop", "stars", "kill",
            "keep", "activate", "chance"} <= seen
