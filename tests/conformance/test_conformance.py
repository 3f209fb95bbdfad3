"""The conformance suite (DESIGN.md): every registered game, unchanged for each new one.

Modelled on OpenSpiel's random_sim_test and PettingZoo's api_test.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from albion.core import (
    CAP,
    CHANCE,
    TERMINAL,
    AnyState,
    GameRecord,
    IllegalActionError,
    InvalidActionError,
    pick_outcome,
    replay,
)
from albion.core.registry import plugin_of
from albion.table.decisions import decision_state
from tests.conformance.harness import Setup, choose, playout, setups

SETUPS = setups()
SEEDS = range(6)


@pytest.fixture(params=SETUPS, ids=str)
def setup(request: pytest.FixtureRequest) -> Setup:
    return request.param  # type: ignore[no-any-return]


def test_playouts_end_with_returns_summing_to_one(setup: Setup) -> None:
    for seed in SEEDS:
        for state in playout(setup, seed, every=True):
            player = state.current_player()
            assert player in (CHANCE, TERMINAL) or 0 <= player < setup.players
            assert state.is_terminal() == (player == TERMINAL)
            assert state.num_players == setup.players
        returns = state.returns()
        assert len(returns) == setup.players
        assert math.isclose(sum(returns), 1.0), "ALL-1"
        assert all(value >= 0 for value in returns)
        reason = state.end_reason()
        assert reason is not None
        if reason == CAP:
            assert all(math.isclose(v, 1 / setup.players) for v in returns), "ALL-1 draw"
        assert state.legal_actions() == []


def test_legal_actions_are_unique_and_stable(setup: Setup) -> None:
    for seed in SEEDS:
        for state in playout(setup, seed):
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal)
            assert legal == state.legal_actions() == state.clone().legal_actions()
            if not state.is_terminal():
                assert legal, "a live state always offers an action"


def test_chance_outcomes_are_a_distribution(setup: Setup) -> None:
    for seed in SEEDS:
        for state in playout(setup, seed):
            outcomes = state.chance_outcomes()
            if state.current_player() != CHANCE:
                assert outcomes == []
                continue
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert all(p > 0 for _, p in outcomes)
            assert [a for a, _ in outcomes] == state.legal_actions()


def boundary_uniforms(outcomes: list[tuple[Any, float]]) -> list[float]:
    """Uniform numbers on and either side of every cumulative boundary `pick_outcome`
    draws with (floating-point sums, as it adds them), 0 and the largest below 1."""
    uniforms, total = [0.0, math.nextafter(1.0, 0.0)], 0.0
    for _, probability in outcomes:
        total += probability
        uniforms += [u for u in (math.nextafter(total, 0.0), total, math.nextafter(total, 1.0))
                     if 0.0 <= u < 1.0]
    return uniforms


def test_a_chance_draw_is_the_outcome_the_list_gives(setup: Setup) -> None:
    """`sample_chance(u)` (drawn from the counts, issue 28) is exactly
    `pick_outcome(chance_outcomes(), u)` — on every boundary too — and changes nothing,
    so seeded games and goldens are the same either way."""
    rng = random.Random(28)
    for seed in SEEDS:
        for state in playout(setup, seed):
            if state.current_player() != CHANCE:
                continue
            outcomes = state.chance_outcomes()
            before = state.clone()
            for uniform in boundary_uniforms(outcomes) + [rng.random() for _ in range(20)]:
                assert state.sample_chance(uniform) == pick_outcome(outcomes, uniform), uniform
            assert state == before


def test_illegal_actions_are_refused_and_change_nothing(setup: Setup) -> None:
    # every action offered, in the order first seen (a dict: membership by hash, as the
    # search's tables key actions; a list's `in` made this test quadratic)
    offered: dict[Any, None] = {}
    for seed in SEEDS:
        for state in playout(setup, seed):
            offered.update(dict.fromkeys(state.legal_actions()))
    seen = list(offered)
    rulings = {r.id for r in setup.game.rulings}
    refusals = 0
    rng = random.Random(1)
    for state in playout(setup, 99):
        legal = set(state.legal_actions())
        before = state.clone()
        for action in rng.sample(seen, min(len(seen), 40)):
            if action in legal:
                continue
            with pytest.raises(IllegalActionError) as refusal:
                state.apply(action)
            assert refusal.value.ruling in rulings
            assert refusal.value.reason
            assert state == before
            refusals += 1
    assert refusals > 0


def test_refusals_come_from_the_checks_that_build_the_legal_actions(setup: Setup) -> None:
    """Issue 12: `refusal` (which explains a refusal) passes exactly the legal actions,
    for every action the game ever offers, at every sampled state."""
    pool: dict[Any, None] = {}  # in the order first seen; membership by hash, not a scan
    for seed in SEEDS[:4]:
        for state in playout(setup, seed):
            pool.update(dict.fromkeys(state.legal_actions()))
    rulings = {r.id for r in setup.game.rulings}
    for seed in (SEEDS[4], 77):
        for state in playout(setup, seed):
            legal = set(state.legal_actions())
            for action in pool:
                found = state.refusal(action)
                assert (found is None) == (action in legal), (state, action, found)
                if found is not None:
                    assert found.ruling in rulings, found


def test_non_actions_are_invalid(setup: Setup) -> None:
    state = setup.game.new_state(setup.players, setup.variant)
    before = state.clone()
    with pytest.raises(InvalidActionError):
        state.apply(object())
    with pytest.raises(InvalidActionError):
        setup.game.parse_action(state, "xyzzy plugh")
    assert state == before


def test_notation_round_trips(setup: Setup) -> None:
    game = setup.game
    for seed in SEEDS[:3]:
        for state in playout(setup, seed):
            for action in state.legal_actions():
                text = game.action_text(state, action)
                assert game.parse_action(state, text) == action, text
                assert game.parse_action(state, f"  {text.upper()} ") == action, text
                for viewer in [None, *range(setup.players)]:
                    assert game.describe_action(state, action, viewer)


def test_records_replay_to_the_same_state(setup: Setup) -> None:
    game = setup.game
    for seed in SEEDS[:3]:
        rng = random.Random(seed)
        state = game.new_state(setup.players, setup.variant)
        texts = []
        while not state.is_terminal():
            action = choose(state, rng)
            texts.append(game.action_text(state, action))
            state.apply(action)
        record = GameRecord(game.id, game.version, setup.variant.as_dict(),
                            [f"seat{i}" for i in range(setup.players)], texts,
                            state.returns())
        states = replay(game, record)
        assert states[-1] == state
        assert len(states) == len(texts) + 1


def test_position_text_round_trips(setup: Setup) -> None:
    """Issue 13: `game.from_text(state.to_text())` gives the state back, and `str(state)`
    is a picture holding that text."""
    game = setup.game
    for seed in SEEDS[:2]:
        for state in playout(setup, seed):
            text = state.to_text()
            read = game.from_text(text)  # read once: reading is the dear part
            assert read == state
            assert read.to_text() == text
        assert state.to_text() in str(state)


def test_notation_from_a_view_agrees_with_the_state(setup: Setup) -> None:
    """Issue 13: a seat reads and writes notation from its view as from the state."""
    game = setup.game
    for state in playout(setup, SEEDS[0]):
        seat = state.current_player()
        if seat < 0:
            continue
        view = state.observe(seat)
        for action in state.legal_actions():
            text = game.action_text(state, action)
            assert game.view_action_text(view, action) == text
            assert game.parse_view_action(view, text) == action


def test_clones_are_independent(setup: Setup) -> None:
    rng = random.Random(0)
    for state in playout(setup, 3):
        if state.is_terminal():
            break
        snapshot = state.clone()
        copy = state.clone()
        assert copy == state
        copy.apply(choose(copy, rng))
        assert state == snapshot, "acting on a clone changed the original"
        assert copy != snapshot, "an action changed nothing"


def test_views_leak_nothing(setup: Setup) -> None:
    """A canary in a seat's private field never reaches another seat's or a spectator's
    view, and changes nothing there; it does reach the seat's own view."""
    game = setup.game
    planted_any = False
    for seed in SEEDS[:3]:
        for state in playout(setup, seed):
            for seat in range(setup.players):
                planted = game.plant_canary(state, seat)
                if planted is None:
                    continue
                planted_any = True
                assert planted.observe(seat) != state.observe(seat)
                for other in [None, *range(setup.players)]:
                    if other != seat:
                        assert planted.observe(other) == state.observe(other)
    # A game with secrets must let the suite plant a canary; one without has none to plant.
    assert planted_any == game.has_secrets, f"{game.name}: has_secrets={game.has_secrets}"


def test_sampled_states_are_consistent_with_the_view(setup: Setup) -> None:
    game = setup.game
    rng = random.Random(5)
    for seed in SEEDS[:3]:
        for state in playout(setup, seed):
            for seat in [None, *range(setup.players)]:
                view = state.observe(seat)
                sampled: AnyState = game.sample_state(view, rng)
                assert sampled.observe(seat) == view
                assert sampled.current_player() == state.current_player()
                if seat is not None and seat == state.current_player():
                    assert sampled.legal_actions() == state.legal_actions()


def test_a_sampler_draws_what_sample_state_draws(setup: Setup) -> None:
    """The search draws through `sampler`: its draws are `sample_state`'s, consume the
    generator alike, and do not share mutable parts."""
    game = setup.game
    for state in playout(setup, SEEDS[0]):
        seat = state.current_player()
        if seat < 0:
            continue
        view = state.observe(seat)
        draw = game.sampler(view)
        first, second = random.Random(7), random.Random(7)
        for _ in range(3):
            drawn = draw(first)
            assert drawn == game.sample_state(view, second)
            assert drawn.observe(seat) == view
            if not drawn.is_terminal():
                drawn.apply_legal(drawn.legal_actions()[0] if drawn.current_player() >= 0
                                  else drawn.chance_outcomes()[0][0])
            assert draw(random.Random(0)).observe(seat) == view, "draws share no state"
        assert first.random() == second.random()


def test_every_legal_action_is_annotated_from_the_deciders_view(setup: Setup) -> None:
    """Issue 26 (one drawing per game): a game's wire module that annotates its actions
    gives every legal action one note — a kind, words, a ruling of the game, a place of
    its board — read from the deciding seat's own view, for every seat that may decide,
    simultaneous ones included (RS-6); the table sends them with the notation."""
    wire = plugin_of(setup.game).load_wire()
    annotate = getattr(wire, "annotate", None)
    if annotate is None:
        pytest.skip(f"{setup.game.name}'s wire module annotates nothing (a plain button each)")
    rulings = {ruling.id for ruling in setup.game.rulings}
    noted = 0
    for state in playout(setup, 1):
        for seat in state.decision_seats():
            deciding = decision_state(state, seat)
            legal = deciding.legal_actions()
            notes = annotate(deciding.observe(seat), legal)
            assert len(notes) == len(legal)
            for action, note in zip(legal, notes, strict=True):
                assert note.kind and note.label, action
                assert note.ruling is None or note.ruling in rulings, (action, note.ruling)
                assert note.at is None or note.at.area, action
            noted += len(notes)
    assert noted > 0
