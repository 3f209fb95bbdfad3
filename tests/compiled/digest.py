"""Seeded games and bot decisions written out as text, for comparing two builds of the
engine (issue 28, item 4): run as `python -m tests.compiled.digest` under each build, and
the outputs must be identical. The first line names the build that ran."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from albion.bots.registry import make_bot, parse_players
from albion.build import build_name
from albion.core.game import AnyGame, AnyState
from albion.core.registry import get_game
from albion.core.state import CHANCE

CASES = (("diamoniak", 2), ("diamoniak", 4), ("raiding-stonehenge", 2),
         ("raiding-stonehenge", 4), ("super-camelot", 2), ("super-camelot", 4))
SEEDS = range(4)
SEARCHED_MOVES = 4
"""ISMCTS decisions asked per game (each with a fixed seed and iteration count)."""


def random_game(game: AnyGame, players: int, seed: int) -> dict[str, Any]:
    """A random playout: chance drawn with `sample_chance`, decisions uniformly."""
    rng, state = random.Random(seed), game.new_state(players)
    moves = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng.random())
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        moves.append(game.action_text(state, action))
        state.apply(action)
    return {"moves": moves, "returns": state.returns(), "end": state.end_reason(),
            "position": state.to_text()}


def bot_game(game: AnyGame, players: int, seed: int) -> dict[str, Any]:
    """Heuristic bots in every seat, and a seeded ISMCTS asked the first few decisions."""
    rng, state = random.Random(seed), game.new_state(players)
    heuristic = [make_bot(spec, game, random.Random(seed * 10 + seat)) for seat, spec in
                 enumerate(parse_players(",".join(["heuristic"] * players)))]
    moves, searched = [], []
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            action = state.sample_chance(rng.random())
        else:
            legal = state.legal_actions()
            if len(searched) < SEARCHED_MOVES and len(legal) > 1:
                searched.append(_searched(game, state, seat, seed * 100 + len(searched)))
            action = heuristic[seat].choose(state.observe(seat), legal)
        moves.append(game.action_text(state, action))
        state.apply(action)
    return {"moves": moves, "returns": state.returns(), "searched": searched}


def _searched(game: AnyGame, state: AnyState, seat: int, seed: int) -> dict[str, Any]:
    [spec] = parse_players("ismcts:iterations=60")
    bot = make_bot(spec, game, random.Random(seed))
    result = bot.think(state.observe(seat), state.legal_actions())  # type: ignore[attr-defined]
    return {"action": game.action_text(state, result.action), "value": repr(result.value),
            "visits": sorted((game.action_text(state, a), n) for a, n in result.visits.items()),
            "rollout_actions": result.rollout_actions}


def main() -> None:
    print(build_name())
    for game_id, players in CASES:
        game = get_game(game_id)
        for seed in SEEDS:
            print(json.dumps({"game": game_id, "players": players, "seed": seed,
                              "random": random_game(game, players, seed),
                              "bots": bot_game(game, players, seed)}, sort_keys=True))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
