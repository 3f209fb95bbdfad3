"""Observation tensors (docs/observations.md): a fixed shape and dtype for every game and
player count, every value finite and in [0, 1], the documented layout equal to the code's,
and nothing hidden inside: states that give a seat the same view give it the same tensor,
and another seat's secrets (a canary) never change it (DI-11, RS-18, RS-20, SC-19, SC-27)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from albion.core import AnyGame, AnyState, get_game
from albion.games.diamoniak import encoding as diamoniak_encoding
from albion.games.raiding_stonehenge import encoding as raiding_encoding
from albion.games.super_camelot import encoding as camelot_encoding
from tests.conformance.harness import Setup, playout
from tests.plugin_game.highcard.game import HighCard

DOCS = Path(__file__).parents[2] / "docs" / "observations.md"
GAMES = ("diamoniak", "raiding-stonehenge", "super-camelot")
SHORT = {"super-camelot": {"max_turns": 40}}
"""Super Camelot's games are long: capped (SC-37) so the suite stays quick."""
ENCODINGS = {"diamoniak": diamoniak_encoding, "raiding-stonehenge": raiding_encoding,
             "super-camelot": camelot_encoding}


def setups() -> list[Setup]:
    """Every game at every player count (default variant, Super Camelot capped), and each
    game once with every choice variant off its default, so the `variant` slice moves."""
    result = []
    for game_id in GAMES:
        game = get_game(game_id)
        base = SHORT.get(game_id, {})
        for players in range(game.min_players, game.max_players + 1):
            result.append(Setup(game, players, game.variant(base)))
        changed = {option.key: option.choices[-1] for option in game.variant_options
                   if option.choices}
        result.append(Setup(game, game.min_players, game.variant({**base, **changed})))
    return result


def states(setup: Setup, seeds: range = range(2)) -> Iterator[AnyState]:
    for seed in seeds:
        yield from playout(setup, seed)


def tensor(game: AnyGame, state: AnyState, viewer: int | None) -> np.ndarray:
    return game.observation_tensor(state.observe(viewer))  # type: ignore[no-any-return]


@pytest.mark.parametrize("setup", setups(), ids=str)
def test_tensors_have_the_fixed_shape_and_stay_in_the_unit_box(setup: Setup) -> None:
    game = setup.game
    shape = game.observation_shape(setup.players)
    assert shape == game.observation_shape(game.max_players), "one shape for every count"
    seen = set()
    for state in states(setup):
        for viewer in [None, *range(setup.players)]:
            values = tensor(game, state, viewer)
            assert values.shape == shape and values.dtype == np.float32
            assert np.isfinite(values).all()
            assert values.min() >= 0.0 and values.max() <= 1.0, \
                f"{setup}: values outside [0, 1] at {np.flatnonzero(values > 1)}"
            seen.add(values.tobytes())
    assert len(seen) > 10, "the tensor follows the game"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_documented_layout_is_the_code_s(game_id: str) -> None:
    game = get_game(game_id)
    layout = game.observation_layout(game.min_players)
    section = DOCS.read_text(encoding="utf-8").split(f"## {game.name} (", 1)[1]
    size, section = section.split(")", 1)
    rows = re.findall(r"^\| (\d+) \| (\d+) \| `(\w+)` \| (.+) \|$",
                      section.split("\n## ", 1)[0], flags=re.M)
    assert [(int(o), int(n), name) for o, n, name, _ in rows] == \
        [(o, n, name) for o, n, name, _ in layout.rows()]
    assert [meaning for *_, meaning in rows] == [meaning for *_, meaning in layout.rows()]
    assert int(size) == sum(int(n) for _, n, _, _ in rows) == layout.size
    assert game.observation_shape(game.min_players) == (layout.size,)
    assert ENCODINGS[game_id].LAYOUT is layout


def test_a_game_without_an_encoder_says_so() -> None:
    game = HighCard()
    with pytest.raises(NotImplementedError):
        game.observation_shape(2)
    with pytest.raises(NotImplementedError):
        game.observation_tensor(game.new_state(2).observe(0))


def test_di11_every_seat_reads_the_same_table_from_its_own_place() -> None:
    """DI-11: nothing is secret, so seat 0 sees what a spectator sees, every seat's tensor
    is the same table counted from its own place, and a state drawn from a view (which the
    view fixes, but the pile's order) gives the same tensor."""
    game = get_game("diamoniak")
    players = 3
    layout = game.observation_layout(players)
    per_place = {"castle_size": 1, "castle_colour": 5, "right_piles": 7}
    for state in states(Setup(game, players, game.variant()), range(3)):
        spectator = tensor(game, state, None)
        assert np.array_equal(tensor(game, state, 0), spectator)
        for seat in range(players):
            mine = tensor(game, state, seat)
            for name, width in per_place.items():
                span = layout.span(name)
                rows = spectator[span].reshape(4, width)
                rotated = np.concatenate([np.roll(rows[:players], -seat, axis=0),
                                          rows[players:]])
                assert np.array_equal(mine[span].reshape(4, width), rotated), name
            sampled = game.sample_state(state.observe(seat), random.Random(seat))
            assert np.array_equal(tensor(game, sampled, seat), mine)


@pytest.mark.parametrize(("game_id", "players"), [("raiding-stonehenge", 2),
                                                  ("raiding-stonehenge", 5),
                                                  ("super-camelot", 3)])
def test_rs18_sc19_another_seats_secrets_never_reach_a_tensor(game_id: str,
                                                              players: int) -> None:
    """RS-18 (hands, committed cards) and SC-19 (gem wallets): a canary planted in one
    seat's secrets changes that seat's own tensor and no other seat's, nor a spectator's."""
    game = get_game(game_id)
    planted_any = False
    for state in states(Setup(game, players, game.variant(SHORT.get(game_id))), range(2)):
        for seat in range(players):
            planted = game.plant_canary(state, seat)
            if planted is None:
                continue
            planted_any = True
            assert not np.array_equal(tensor(game, planted, seat), tensor(game, state, seat)), \
                "a seat's own secret is in its tensor"
            for other in [None, *range(players)]:
                if other != seat:
                    assert np.array_equal(tensor(game, planted, other),
                                          tensor(game, state, other))
    assert planted_any


@pytest.mark.parametrize("players", [2, 4])
def test_rs20_hands_dealt_afresh_from_a_view_give_the_same_tensor(players: int) -> None:
    """RS-20: the unseen cards may lie in any other hand or the deck; every such deal
    consistent with a seat's view gives that seat the same tensor."""
    game = get_game("raiding-stonehenge")
    rng = random.Random(5)
    for state in states(Setup(game, players, game.variant()), range(2)):
        for seat in range(players):
            view = state.observe(seat)
            mine = game.observation_tensor(view)
            for _ in range(2):
                sampled = game.sample_state(view, rng)
                assert np.array_equal(tensor(game, sampled, seat), mine)


def test_sc27_a_state_built_from_a_view_gives_the_same_tensor() -> None:
    """SC-27: hidden wallets are put in the supply when a state is built from a view;
    the seat still reads the same tensor from it."""
    game = get_game("super-camelot")
    for state in states(Setup(game, 2, game.variant({"max_turns": 40})), range(2)):
        for seat in range(2):
            sampled = game.sample_state(state.observe(seat), random.Random(0))
            assert np.array_equal(tensor(game, sampled, seat), tensor(game, state, seat))
