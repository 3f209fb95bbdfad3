"""The Table's quiet loop (issue 28): a game played forward by chance and by bots that pick
straight from the legal list, with no event log — `albion simulate`'s hot path. It lives
in `core` so a compiled build compiles it with the engines (`albion bench --table`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from albion.core.state import CHANCE, TERMINAL, State


def play_quietly(state: State[Any, Any], draw: Callable[[], float], log: Callable[[Any], None],
                 quick: Sequence[Callable[[Any, Any], Any] | None],
                 uniform: Sequence[Callable[[int], int] | None],
                 generators: Sequence[random.Random | None]) -> None:
    """Play `state` until its end or a seat no quick bot decides for: chance by
    `state.sample_chance(draw())`; seat `p` by `legal[uniform[p](len(legal))]` when it
    picks uniformly — drawn here as `randrange` draws it when `generators[p]` gives its
    generator (a plain `random.Random`) — else `quick[p](None, legal)`. Each action goes
    to `log`, then is applied. (`state` typed as a `State`: compiled, its methods are
    called directly.)"""
    while True:
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(draw())
        elif player == TERMINAL:
            return
        elif (rng := generators[player]) is not None:  # rng.randrange(len(legal)), inline
            legal = state.legal_actions()
            count = len(legal)
            if not count:
                raise ValueError("empty range in randrange(0)")
            bits = count.bit_length()
            drawn = rng.getrandbits(bits)
            while drawn >= count:
                drawn = rng.getrandbits(bits)
            action = legal[drawn]
        else:
            index = uniform[player]
            if index is not None:
                legal = state.legal_actions()
                action = legal[index(len(legal))]
            else:
                choose = quick[player]
                if choose is None:
                    return
                action = choose(None, state.legal_actions())
        log(action)
        state.apply_legal(action)
