"""The heuristic bot's `noise` (issue 30): a share of its decisions played at random, the
rating benchmark's ladder from the random bot's play up to the heuristic's."""

from __future__ import annotations

import random

import pytest

from albion.bots.heuristic_bot import HeuristicBot
from albion.bots.registry import make_bot, parse_players
from albion.bots.specs import PlayerSpecError
from albion.core.registry import get_game
from albion.sim.batch import GameTask


def test_noise_is_an_option_between_0_and_1() -> None:
    game = get_game("diamoniak")
    bot = make_bot(parse_players("heuristic:noise=0.25")[0], game, random.Random(0))
    assert isinstance(bot, HeuristicBot) and bot.noise == 0.25
    assert make_bot(parse_players("heuristic")[0], game, random.Random(0)).noise == 0.0
    for bad in ("heuristic:noise=1.5", "heuristic:noise=-0.1", "heuristic:noise=nan"):
        with pytest.raises(PlayerSpecError):
            parse_players(bad)


def test_without_noise_the_games_are_those_of_the_plain_heuristic() -> None:
    plain = GameTask("diamoniak", (), ("heuristic", "random"), 2, seed=5)
    zero = GameTask("diamoniak", (), ("heuristic:noise=0", "random"), 2, seed=5)
    for index in range(5):
        assert plain.play(index)[0].deterministic() == zero.play(index)[0].deterministic()


def test_more_noise_wins_less() -> None:
    task = GameTask("diamoniak", (), ("heuristic:noise=0.1", "heuristic:noise=0.9"), 2,
                    seed=1, schedule="rotate")
    wins = [0.0, 0.0]
    for index in range(40):
        outcome, _ = task.play(index)
        for seat, player in enumerate(outcome.seats):
            wins[player] += outcome.returns[seat]
    assert wins[0] > 2 * wins[1]
