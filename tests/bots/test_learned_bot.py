"""The `learned` bot (issue 34): shipped weights, played with numpy alone from the seat's
view; refused in words where no weights ship; its options checked like every bot's."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from albion.bots.learned_bot import LearnedBot, network_for
from albion.bots.learned_policy import PolicyNetwork, masked_choice
from albion.bots.registry import bots_for, make_bot, parse_players
from albion.bots.specs import PlayerSpecError
from albion.core.registry import get_game
from albion.sim.batch import GameTask


def test_weights_ship_for_diamoniak_and_load_without_pytorch() -> None:
    """The bot plays with numpy only: torch made unimportable, a game still plays."""
    code = ("import sys; sys.modules['torch'] = None\n"
            "from albion.sim.batch import GameTask\n"
            "outcome, _ = GameTask('diamoniak', (), ('learned', 'random'), 2, seed=3).play(0)\n"
            "print(outcome.end_reason)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
    network = network_for("diamoniak")
    assert network is not None and network.meta["game"] == "diamoniak"
    assert network.meta["observation"] == 96 and network.meta["actions"] == 38


def test_a_game_without_weights_refuses_the_learned_bot_in_words() -> None:
    game = get_game("raiding-stonehenge")
    with pytest.raises(PlayerSpecError, match="no learned bot for Raiding Stonehenge"):
        make_bot(parse_players("learned")[0], game, random.Random(0))
    assert "learned" not in bots_for(game)
    assert "learned" in bots_for(get_game("diamoniak"))


def test_the_temperature_option_is_checked() -> None:
    game = get_game("diamoniak")
    bot = make_bot(parse_players("learned:temperature=0.5")[0], game, random.Random(0))
    assert isinstance(bot, LearnedBot) and bot.temperature == 0.5
    for bad in ("learned:temperature=-1", "learned:temperature=nan", "learned:depth=3"):
        with pytest.raises(PlayerSpecError):
            parse_players(bad)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_learned_bot_plays_whole_games_with_legal_moves(players: int) -> None:
    """Every player count; the bot's choices are among the legal ones (a Table refuses
    anything else) and the same seed gives the same game."""
    lineup = ("learned", *["heuristic"] * (players - 1))
    task = GameTask("diamoniak", (), lineup, players, seed=11, schedule="rotate")
    first, _ = task.play(0)
    again, _ = task.play(0)
    assert first.deterministic() == again.deterministic()
    assert first.end_reason


def test_the_bot_reads_the_view_tensor_and_picks_the_best_legal_logit() -> None:
    """A network that prefers stopping (DI-9) stops whenever stopping is legal."""
    game = get_game("diamoniak")
    policy_b = np.full(38, -5.0, dtype=np.float32)
    policy_b[1] = 5.0  # stop
    network = PolicyNetwork(((np.zeros((96, 4), np.float32), np.zeros(4, np.float32)),),
                            (np.zeros((4, 38), np.float32), policy_b),
                            (np.zeros((4, 1), np.float32), np.zeros(1, np.float32)),
                            {"game": "diamoniak"})
    assert PolicyNetwork.from_bytes(network.to_bytes()).meta == {"game": "diamoniak"}
    bot = LearnedBot(game, random.Random(0), network)
    state = game.new_state(2, game.variant({}))
    while True:
        legal = state.legal_actions()
        if game.action_index(legal[0]) == 0 and len(legal) == 2:  # draw or stop
            break
        state.apply(legal[0])
    view = state.observe(state.current_player())
    assert game.action_index(bot.choose(view, legal)) == 1


def test_masked_choice_never_picks_an_illegal_action() -> None:
    logits = np.array([9.0, 1.0, 2.0, 3.0], dtype=np.float32)
    legal = np.array([1, 3])
    assert masked_choice(logits, legal, 0.0, 0.0) == 1  # index 3 within legal
    picks = {masked_choice(logits, legal, 1.0, u) for u in np.linspace(0, 0.999, 50)}
    assert picks == {0, 1}
