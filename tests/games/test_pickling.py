"""What crosses processes pickles and comes back equal, in either build (issue 28, item
4): states, views, legal actions, rules, words and search settings — the server sends a
view to a bot's worker, the analysis a position to its workers. A mypyc-compiled frozen
dataclass refused to be rebuilt by pickle ("cannot assign to field") until
`albion.core.pickling`; `.ci/compiled` runs this file against the compiled build."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from albion.bots.search import Budget, SearchSettings
from albion.core.registry import get_game
from albion.core.state import CHANCE
from albion.core.words import Seat, say

GAMES = ("diamoniak", "raiding-stonehenge", "super-camelot")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_states_views_and_actions_come_back_equal(game_id: str, players: int) -> None:
    game = get_game(game_id)
    rng = random.Random(players)
    state = game.new_state(players)
    checked = 0
    while not state.is_terminal() and checked < 150:
        seat = state.current_player()
        copy = pickle.loads(pickle.dumps(state))
        assert copy.to_text() == state.to_text()
        for viewer in range(players):
            view = state.observe(viewer)
            assert pickle.loads(pickle.dumps(view)) == view
        legal = state.legal_actions()
        assert pickle.loads(pickle.dumps(legal)) == legal
        if seat == CHANCE:
            state.apply_legal(state.sample_chance(rng.random()))
        else:
            state.apply_legal(rng.choice(legal))
        checked += 1
    assert checked >= 10


def test_words_and_search_settings_come_back_equal() -> None:
    words = say("{player} takes {count} cards", player=Seat(1), count=3)
    assert pickle.loads(pickle.dumps(words)) == words
    settings = SearchSettings(Budget(200, 1.5, iterations_set=True), c=0.9, cutoff=12)
    again = pickle.loads(pickle.dumps(settings))
    assert dataclasses.astuple(again.budget) == (200, 1.5, True)
    assert (again.c, again.cutoff) == (0.9, 12)
