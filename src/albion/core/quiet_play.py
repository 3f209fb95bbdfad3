"""The Table's quiet loop (issue 28): a game played forward by chance and by bots that pick
straight from the legal list, with no event log — `albion simulate`'s hot path. It lives
in `core` so a compiled build compiles it with the engines (`albion bench --table`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from albion.core.state import CHANCE, TERMINAL


def play_quietly(state: Any, draw: Callable[[], float], log: Callable[[Any], None],
                 quick: Sequence[Callable[[Any, Any], Any] | None],
                 uniform: Sequence[Callable[[int], int] | None]) -> None:
    """Play `state` until its end or a seat no quick bot decides for: chance by
    `state.sample_chance(draw())`; seat `p` by `legal[uniform[p](len(legal))]` when it
    picks uniformly, else `quick[p](None, legal)`. Each action goes to `log`, then is
    applied."""
    while True:
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(draw())
        elif player == TERMINAL:
            return
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
