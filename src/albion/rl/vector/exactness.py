"""The exactness check: Python-engine games replayed through a batched engine, compared
state by state.

Each game is played by the Python engine (`albion.games`) with a seeded random policy and
seeded chance; the batched engine plays the same games in lockstep, given the same
decisions and, through its chance-injection path, the same chance outcomes (the cards
revealed and the first seat, DI-2, DI-3; the cards dealt, RS-3, RS-13). After every step
the two must agree on every game's full state (every field of the Python record), its
legal mask, its end and its returns (ALL-1), and — for the games `tensors` selects —
every seat's observation tensor (docs/observations.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from albion.core.state import CHANCE
from albion.core.variants import VariantValue

Variant = dict[str, VariantValue]


class Bridge(Protocol):
    """What the check needs of one game: its two engines and how to compare them."""

    game: Any
    width: int  # the chance tape's first width per game

    def engine(self, num_players: int, variant: Variant) -> Any: ...

    def record_chance(self, tape: Tape, game: int, action: Any) -> None: ...

    def init(self, engine: Any, batch: int, tape: Tape) -> Any: ...

    def python_state(self, state: Any) -> list[int]: ...

    def batch_states(self, engine: Any, batch: Any) -> npt.NDArray[np.int64]: ...


@dataclass
class Tape:
    """The chance outcomes the Python games used, per game, written as they happen and
    read by the batched engine's script (shared arrays, so a step reads the outcomes the
    Python games produced just before it)."""

    outcomes: npt.NDArray[np.int32]
    used: npt.NDArray[np.int32]
    firsts: npt.NDArray[np.int32]

    @classmethod
    def empty(cls, batch: int, width: int) -> Tape:
        return cls(np.zeros((batch, width), dtype=np.int32), np.zeros(batch, dtype=np.int32),
                   np.zeros(batch, dtype=np.int32))

    def write(self, game: int, value: int) -> None:
        at = int(self.used[game])
        if at >= self.outcomes.shape[1]:
            raise ValueError("chance tape full")  # the bridge sizes it for the whole game
        self.outcomes[game, at] = value
        self.used[game] = at + 1


@dataclass
class Mismatch:
    """The first disagreement found: which game, after which step, in what."""

    config: str
    game: int
    step: int
    what: str


@dataclass
class Report:
    games: int = 0
    steps: int = 0
    tensor_games: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)


def _policy_step(state: Any, rng: random.Random, game: Any) -> tuple[int, Any]:
    actions = state.legal_actions()
    action = actions[rng.randrange(len(actions))]
    return game.action_index(action), action


def _run_chance(state: Any, rng: random.Random, tape: Tape, b: int, bridge: Bridge) -> None:
    while state.current_player() == CHANCE:
        action = state.sample_chance(rng.random())
        bridge.record_chance(tape, b, action)
        state.apply(action)


def check_chunk(bridge: Bridge, num_players: int, variant: Variant, seeds: list[int],
                tensors: Callable[[int], bool], config: str, report: Report) -> None:
    """Play `seeds` (one game each) in both engines in lockstep; append mismatches."""
    game = bridge.game
    batch = len(seeds)
    engine = bridge.engine(num_players, variant)
    resolved = game.variant(variant)
    rngs = [random.Random(seed) for seed in seeds]
    states = [game.new_state(num_players, resolved) for _ in seeds]
    tape = Tape.empty(batch, bridge.width)
    for b, state in enumerate(states):
        _run_chance(state, rngs[b], tape, b, bridge)
    vector = bridge.init(engine, batch, tape)
    observed = [tensors(seed) for seed in seeds]
    report.games += batch
    report.tensor_games += sum(observed)
    done = np.zeros(batch, dtype=bool)
    step = 0
    width = game.num_distinct_actions
    expected = np.array([bridge.python_state(s) for s in states], dtype=np.int64)
    masks = np.ones((batch, width), dtype=bool)  # all True at the end (pgx), as batched
    over = np.array([s.is_terminal() for s in states])
    returns = np.array([s.returns() for s in states], dtype=np.float64)
    live = np.flatnonzero(~over).tolist()
    for b in live:
        masks[b] = game.legal_mask(states[b])
    while True:
        got = bridge.batch_states(engine, vector)
        bad = (expected != got).any(axis=1) | (masks != vector.legal_action_mask).any(axis=1)
        bad |= over != vector.terminated
        bad |= ~np.isclose(returns, engine.returns(vector)).all(axis=1)
        for b in np.flatnonzero(bad & ~done).tolist():
            report.mismatches.append(Mismatch(config, int(b), step, _what(
                expected[b], got[b], masks[b], vector.legal_action_mask[b])))
            done[b] = True  # one report per game
        _check_tensors(engine, vector, states, observed, config, step, report, done, live)
        if not live:
            return
        actions = np.zeros(batch, dtype=np.int64)
        for b in live:
            state = states[b]
            index, action = _policy_step(state, rngs[b], game)
            state.apply(action)
            _run_chance(state, rngs[b], tape, b, bridge)
            actions[b] = index
        vector, rewards, _, _ = engine.step(vector, actions, ~done)  # a diverged game stops
        report.steps += len(live)
        expected_rewards = np.zeros_like(returns)
        still = []
        for b in live:
            state = states[b]
            expected[b] = bridge.python_state(state)
            if state.is_terminal():
                over[b] = True
                masks[b] = True
                returns[b] = expected_rewards[b] = state.returns()
            else:
                masks[b] = game.legal_mask(state)
                still.append(b)
        live = still
        wrong = ~np.isclose(rewards, expected_rewards).all(axis=1) & ~done
        for b in np.flatnonzero(wrong).tolist():
            report.mismatches.append(Mismatch(config, int(b), step, "rewards"))
            done[b] = True
        step += 1


def _what(expected: npt.NDArray[Any], got: npt.NDArray[Any], mask: npt.NDArray[Any],
          vector_mask: npt.NDArray[Any]) -> str:
    fields = np.flatnonzero(expected != got)
    if fields.size:
        return f"state fields {fields[:8].tolist()}: python {expected[fields[:8]].tolist()}, " \
               f"batched {got[fields[:8]].tolist()}"
    if (mask != vector_mask).any():
        return f"legal mask: python {np.flatnonzero(mask).tolist()}, batched " \
               f"{np.flatnonzero(vector_mask).tolist()}"
    return "terminated or returns"


def _check_tensors(engine: Any, vector: Any, states: list[Any], observed: list[bool],
                   config: str, step: int, report: Report, done: npt.NDArray[np.bool_],
                   live: list[int]) -> None:
    """Every seat's tensor of the selected games still playing, and at their end,
    against the Python encoder's."""
    ended = {b for b in range(len(states)) if states[b].is_terminal()} if not live else set()
    games = [b for b in live if observed[b] and not done[b]]
    games += [b for b in ended if observed[b] and not done[b]]
    if not games:
        return
    game = states[0].game
    for seat in range(states[0].num_players):
        got = engine.observe(vector, np.full(len(states), seat))
        for b in games:
            expected = game.observation_tensor(states[b].observe(seat))
            if not np.array_equal(expected, got[b]):
                where = np.flatnonzero(expected != got[b])[:8]
                report.mismatches.append(Mismatch(
                    config, b, step, f"seat {seat}'s tensor at {where.tolist()}: python "
                    f"{expected[where].tolist()}, batched {got[b][where].tolist()}"))
                done[b] = True


def configs(bridge_name: str) -> Iterator[tuple[int, Variant]]:
    """Every player count and variant the batched engine supports (the check spreads its
    games over them evenly)."""
    from itertools import product  # noqa: PLC0415

    if bridge_name == "diamoniak":
        keys: tuple[tuple[str, str], ...] = (
            ("first", "random"), ("release_empty", "yes"), ("diamonds_to", "discard"),
            ("buy", "any"), ("fairy", "auto"))
        for n, flags, cap in product((2, 3, 4), product((False, True), repeat=5), (500, 30)):
            variant: Variant = {key: value for (key, value), on in zip(keys, flags, strict=True)
                                if on}
            variant["max_turns"] = cap
            yield n, variant
    else:
        keys = (("contest", "all-lose"), ("set_aside", "pile-colour"), ("rotate_start", "no"))
        for n, flags in product((2, 3, 4, 5), product((False, True), repeat=3)):
            yield n, {key: value for (key, value), on in zip(keys, flags, strict=True) if on}
