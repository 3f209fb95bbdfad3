"""Fixed action spaces (OpenSpiel's NumDistinctActions, PettingZoo's masks): for every
game, player count and variant, every legal action has a stable index that reads back to
the game's own prebuilt value, masks hold exactly the legal actions, and random games stay
within `max_game_length`; the layouts match docs/action-spaces.md."""

from __future__ import annotations

import random
import re
from itertools import compress
from pathlib import Path
from typing import Any

import pytest

from albion.core import CHANCE, AnyGame, InvalidActionError, get_game, pick_outcome
from albion.games.diamoniak import action_space as diamoniak_space
from albion.games.diamoniak.actions import BUY, LOSE, Choice
from albion.games.diamoniak.cards import Card as DiamoniakCard
from albion.games.raiding_stonehenge import action_space as raiding_space
from albion.games.raiding_stonehenge.actions import DEAL, PLAY, TAKE
from albion.games.super_camelot import action_space as camelot_space
from albion.games.super_camelot.actions import Command, Draw, Kill, LootFrom, Step
from albion.games.super_camelot.board import CIRCLES
from albion.games.super_camelot.components import DECK_CONTENTS, Card, Deck
from tests.conformance.harness import Setup, choose, playout, setups

SETUPS = setups()
GAMES = ("diamoniak", "raiding-stonehenge", "super-camelot")
SPACES = {"diamoniak": diamoniak_space, "raiding-stonehenge": raiding_space,
          "super-camelot": camelot_space}
DOCS = Path(__file__).parents[2] / "docs" / "action-spaces.md"


@pytest.fixture(params=SETUPS, ids=str)
def setup(request: pytest.FixtureRequest) -> Setup:
    if request.param.game.num_distinct_actions == 0:
        pytest.skip("this game has no fixed action space")
    return request.param  # type: ignore[no-any-return]


def test_every_legal_action_has_a_stable_index_that_reads_back(setup: Setup) -> None:
    game = setup.game
    size = game.num_distinct_actions
    for seed in range(2):
        for state in playout(setup, seed):
            legal = state.legal_actions()
            indices = [game.action_index(action) for action in legal]
            assert all(0 <= index < size for index in indices)
            assert len(set(indices)) == len(indices), "distinct actions, distinct indices"
            for action, index in zip(legal, indices, strict=True):
                assert game.action_at(index, state) is action, "the prebuilt value"
            mask = game.legal_mask(state)
            assert len(mask) == size and sum(mask) == len(legal)
            on = list(compress(range(size), mask))
            assert {game.action_at(i, state) for i in on} == set(legal)


def test_random_games_stay_within_max_game_length(setup: Setup) -> None:
    game = setup.game
    bound = game.max_game_length(setup.players, setup.variant)
    assert bound == game.max_game_length(setup.players, dict(setup.variant.items()))
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_state(setup.players, setup.variant)
        length = 0
        while not state.is_terminal():
            state.apply_legal(choose(state, rng))
            length += 1
            assert length <= bound, f"{setup} seed {seed}: longer than {bound}"


def test_the_three_games_have_fixed_action_spaces() -> None:
    for game_id in GAMES:
        game = get_game(game_id)
        space = SPACES[game_id]
        assert game.num_distinct_actions == space.SPACE.size == len(space.SPACE.indices)
        state = game.new_state(game.min_players)
        everything = range(game.num_distinct_actions)
        assert [game.action_index(game.action_at(i, state)) for i in everything] == \
            list(everything), "one index per action, both ways"
    assert [get_game(g).num_distinct_actions for g in GAMES] == [38, 75, 5695]


@pytest.mark.parametrize("game_id", GAMES)
def test_indices_outside_the_space_and_non_actions_are_invalid(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new_state(game.min_players)
    for index in (-1, game.num_distinct_actions, 10**9, True, 1.0, "3", None):
        with pytest.raises(InvalidActionError):
            game.action_at(index, state)  # type: ignore[arg-type]
    for value in (object(), "draw", 3, None, [1], ("kill", 3)):
        with pytest.raises(InvalidActionError):
            game.action_index(value)


def test_indices_are_pinned() -> None:
    """The documented layout, spot-checked: changing it is a new game version."""
    diamoniak = get_game("diamoniak")
    assert diamoniak.action_index(Choice.DRAW) == 0
    assert diamoniak.action_index(BUY[2][DiamoniakCard.GREEN]) == 3 + 4 * 2 + 2
    assert diamoniak.action_index(LOSE[DiamoniakCard.DIAMOND]) == 26
    with pytest.raises(InvalidActionError):
        diamoniak.action_index(LOSE[DiamoniakCard.WITCH])  # DI-8: never taken
    raiding = get_game("raiding-stonehenge")
    assert raiding.action_index(TAKE[0]) == 0
    assert raiding.action_index(PLAY[30]) == 34
    assert raiding.action_index(DEAL[30]) == 74
    camelot = get_game("super-camelot")
    assert camelot.action_index(Command.END_TURN) == 4
    assert camelot.action_index(Step(0)) == 16
    assert camelot.action_index(Step(CIRCLES[3])) == 803
    assert camelot.action_index(Kill(27 * 28 + 27)) == 3178 + 783
    assert camelot.action_index(LootFrom(0)) == 3962
    assert camelot.action_index(Draw(Card.RED_GEMS_20)) == 5690


@pytest.mark.parametrize("game_id", GAMES)
def test_docs_list_each_range(game_id: str) -> None:
    game = get_game(game_id)
    sections = re.split(r"^## ", DOCS.read_text(encoding="utf-8"), flags=re.MULTILINE)
    section = next(text for text in sections if text.startswith(game.name))
    assert f"({game.num_distinct_actions})" in section.splitlines()[0]
    rows = [line.split("|")[1].strip() for line in section.splitlines()
            if re.match(r"\| \d", line)]
    assert rows == [f"{first}–{last}" for first, last, _ in SPACES[game_id].SPACE.layout()]
    last = SPACES[game_id].SPACE.layout()[-1][1]
    assert last + 1 == game.num_distinct_actions


def test_info_describes_the_game() -> None:
    for game_id in GAMES:
        game = get_game(game_id)
        info = game.info
        assert (info.id, info.name, info.rules_version) == (game.id, game.name, game.version)
        assert (info.min_players, info.max_players) == (game.min_players, game.max_players)
        assert info.num_distinct_actions == game.num_distinct_actions > 0
        assert info.max_game_length == max(game.max_game_length(n) for n in range(
            game.min_players, game.max_players + 1))
        assert info.has_secrets == game.has_secrets
        assert info.variants == dict(game.variant().items())
    assert get_game("diamoniak").info.max_game_length == 1 + 100 * 500
    assert get_game("raiding-stonehenge").info.max_game_length == 220
    assert get_game("raiding-stonehenge").info.safety_cap is None
    assert get_game("super-camelot").info.safety_cap == "max_turns"
    assert get_game("super-camelot").info.rules_version == "2.0"


def _turn_lengths(game: AnyGame, players: int, variant: dict[str, Any], seed: int,
                  stubborn: bool) -> list[int]:
    """Actions per turn (chance included) of one game (`state.turns` counts turns);
    `stubborn` players end a turn or a Move only when nothing else is left."""
    rng = random.Random(seed)
    state = game.new_state(players, variant)
    lengths, count, turns = [], 0, state.turns
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = pick_outcome(state.chance_outcomes(), rng.random())
        else:
            legal = state.legal_actions()
            others = [a for a in legal if a not in (Command.END_TURN, Command.STOP,
                                                    Choice.STOP)]
            action = rng.choice(others if stubborn and others else legal)
        state.apply_legal(action)
        count += 1
        if state.turns != turns:
            lengths.append(count)
            count, turns = 0, state.turns
    return lengths[1:]  # the first includes the setup


def test_di10_a_turn_is_at_most_100_actions() -> None:
    """The per-turn bound behind Diamoniak's `max_game_length` (DI-3, DI-8, DI-9)."""
    game = get_game("diamoniak")
    longest = max(max(_turn_lengths(game, players, {"fairy": "choose"}, seed, stubborn=True),
                      default=0) for players in (2, 4) for seed in range(30))
    assert 10 < longest <= diamoniak_space.TURN_ACTIONS == 100


def test_sc37_a_seat_turn_is_at_most_358_actions() -> None:
    """The per-turn bound behind Super Camelot's `max_game_length`, and what its reasoning
    assumes of the decks: one Speed Potion, in the 10-card Small Loot deck (SC-16)."""
    assert camelot_space.TURN_ACTIONS == 358
    speed = {deck: cards.get(Card.SPEED_POTION, 0) for deck, cards in DECK_CONTENTS.items()}
    assert speed == {deck: int(deck is Deck.SMALL_LOOT) for deck in Deck}
    assert sum(DECK_CONTENTS[Deck.SMALL_LOOT].values()) == 10
    game = get_game("super-camelot")
    longest = max(max(_turn_lengths(game, 2, {"max_turns": 60}, seed, stubborn=True))
                  for seed in range(4))
    assert longest <= camelot_space.TURN_ACTIONS
