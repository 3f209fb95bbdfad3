"""Albion's ISMCTS against OpenSpiel's Python `ISMCTSBot` on the same game through the
OpenSpiel adapter (`albion bench GAME --vs-openspiel`, issue #17).

Two measures, in one run:

- speed: both searches think for the same time on the same decision positions of random
  games, one after the other, in an order that alternates by position: iterations per
  second of each. Albion's bot is measured twice, as specified (`--bot`, the game's search
  defaults) and like for like with OpenSpiel's (random rollouts to the end, no guide, the
  same UCT constant), which is the ratio of the two searches' speeds.
- strength: games at equal time per move, Albion at seat g mod n of game g and OpenSpiel's
  bot at every other seat; Albion's score is its mean return (ALL-1: a win 1, a shared win
  1/k, a draw at the cap 1/n), with a 95% Wilson interval. Chance is drawn from a seeded
  generator; OpenSpiel's bot has its own seeded numpy generator.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # no stubs
from open_spiel.python.algorithms import (  # type: ignore[import-untyped]  # no stubs
    ismcts as os_ismcts,
)
from open_spiel.python.algorithms import mcts as os_mcts

from albion.bots.ismcts_bot import IsmctsBot
from albion.bots.registry import make_bot, search_defaults
from albion.bots.specs import PlayerSpec, PlayerSpecError
from albion.core.chance import pick_outcome
from albion.core.game import AnyGame
from albion.core.variants import Variant
from albion.rl.openspiel import AlbionSpielState, openspiel_name
from albion.sim.stats import wilson

LIKE_FOR_LIKE = (("rollout", "random"), ("cutoff", "0"), ("bias", "0"))
"""Albion's search options that match OpenSpiel's ISMCTS with its random-rollout evaluator."""


class OpenSpielIsmcts:
    """OpenSpiel's Python `ISMCTSBot` (random-rollout evaluator, one rollout, UCT with
    constant `c`, the most visited action) given a time per move instead of a number of
    simulations: its own `run_search` loop, stopped by the clock, with its check that
    every sampled world shares the root's key. At least two simulations: its first only
    expands the root. Its nodes are keyed by observation strings (the seat's view), as
    Albion's search keys its nodes, and as the information state did before it gained
    perfect recall (issue 34: the memory digest costs a view per seat per action)."""

    def __init__(self, game: Any, c: float, seed: int) -> None:
        self.random = np.random.RandomState(seed)
        evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.random)
        self.bot = os_ismcts.ISMCTSBot(game, evaluator, c, max_simulations=1,
                                       random_state=self.random,
                                       use_observation_string=True)

    def think(self, state: Any, seconds: float) -> tuple[int, int, float]:
        """(action, simulations, seconds spent) from `state`, a decision of its player."""
        bot = self.bot
        start = time.perf_counter()
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0], 0, time.perf_counter() - start
        bot.reset()
        root = bot.create_new_node(state)
        key = bot.get_state_key(state)
        deadline = start + seconds
        simulations = 0
        while simulations < 2 or time.perf_counter() < deadline:
            world = bot.sample_root_state(state)
            assert bot.get_state_key(world) == key
            bot.run_simulation(world)
            simulations += 1
        policy = bot.get_final_policy(state, root)
        actions, probabilities = zip(*policy, strict=True)
        action = int(self.random.choice(actions, p=probabilities))
        return action, simulations, time.perf_counter() - start


def albion_bot(game: AnyGame, spec: PlayerSpec, seconds: float, seed: int) -> IsmctsBot:
    """Albion's ISMCTS bot of `spec` thinking `seconds` per move."""
    if spec.name != "ismcts":
        raise PlayerSpecError(f"--vs-openspiel measures the ismcts bot, not {spec.name}")
    given = dict(spec.options)
    if "seconds" in given or "iterations" in given:
        raise PlayerSpecError("--seconds-per-move sets the budget: give the bot no "
                              "seconds or iterations")
    timed = PlayerSpec(spec.name, (*spec.options, ("seconds", repr(seconds))))
    bot = make_bot(timed, game, random.Random(seed))
    assert isinstance(bot, IsmctsBot)
    return bot


def like_for_like(spec: PlayerSpec) -> PlayerSpec:
    """`spec` with random rollouts to the end and no guide (its `c` kept)."""
    kept = tuple((key, value) for key, value in spec.options
                 if key not in dict(LIKE_FOR_LIKE))
    return PlayerSpec(spec.name, (*kept, *LIKE_FOR_LIKE))


def spiel_game(game: AnyGame, players: int, variant: Variant) -> Any:
    """The game through the OpenSpiel adapter under `players` and `variant`."""
    return pyspiel.load_game(openspiel_name(game.id), {"players": players, **variant})


def _chance(state: Any, rng: random.Random) -> int:
    return int(pick_outcome(state.chance_outcomes(), rng.random()))


def decision_positions(spiel: Any, count: int, rng: random.Random) -> list[Any]:
    """`count` decisions with at least two legal actions, each up to 60 random actions
    into a random game (as `albion bench --bot` chooses its positions)."""
    positions: list[Any] = []
    while len(positions) < count:
        state = spiel.new_initial_state()
        for _ in range(rng.randrange(60)):
            if state.is_terminal():
                break
            state.apply_action(_random_action(state, rng))
        while not state.is_terminal() and (state.is_chance_node() or
                                           len(state.legal_actions()) < 2):
            state.apply_action(_random_action(state, rng))
        if not state.is_terminal():
            positions.append(state)
    return positions


def _random_action(state: Any, rng: random.Random) -> int:
    if state.is_chance_node():
        return _chance(state, rng)
    legal = state.legal_actions()
    return int(legal[rng.randrange(len(legal))])


@dataclass
class Rate:
    """Iterations and seconds of one search over the speed positions."""

    iterations: int = 0
    seconds: float = 0.0

    def add(self, iterations: int, seconds: float) -> None:
        self.iterations += iterations
        self.seconds += seconds

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds else 0.0


@dataclass(frozen=True)
class SpeedResult:
    positions: int
    seconds_per_search: float
    albion: Rate
    albion_like_for_like: Rate
    openspiel: Rate


def measure_speed(game: AnyGame, spiel: Any, spec: PlayerSpec, positions: int,
                  seconds: float, seed: int,
                  progress: Callable[[int], None] | None = None) -> SpeedResult:
    """Each of the three searches thinks `seconds` at each position, in an order that
    rotates from one position to the next."""
    c = _uct_constant(game, spec)
    ours = albion_bot(game, spec, seconds, seed)
    ours_like = albion_bot(game, like_for_like(spec), seconds, seed + 1)
    theirs = OpenSpielIsmcts(spiel, c, seed + 2)
    rates = {"albion": Rate(), "like": Rate(), "openspiel": Rate()}

    def run_albion(bot: IsmctsBot, state: AlbionSpielState) -> tuple[int, float]:
        engine = state.engine_state
        result = bot.think(engine.observe(engine.current_player()), engine.legal_actions())
        return result.iterations, result.seconds

    def run_openspiel(state: AlbionSpielState) -> tuple[int, float]:
        _, iterations, spent = theirs.think(state, seconds)
        return iterations, spent

    runs: list[tuple[str, Callable[[AlbionSpielState], tuple[int, float]]]] = [
        ("albion", lambda state: run_albion(ours, state)),
        ("openspiel", run_openspiel),
        ("like", lambda state: run_albion(ours_like, state)),
    ]
    chosen = decision_positions(spiel, positions, random.Random(seed))
    for index, state in enumerate(chosen):
        for offset in range(len(runs)):
            name, run = runs[(index + offset) % len(runs)]
            rates[name].add(*run(state.clone()))
        if progress is not None:
            progress(index + 1)
    return SpeedResult(positions, seconds, rates["albion"], rates["like"],
                       rates["openspiel"])


def _uct_constant(game: AnyGame, spec: PlayerSpec) -> float:
    given = dict(spec.options).get("c")
    return float(given) if given is not None else float(search_defaults(game)["c"])


@dataclass(frozen=True)
class GameOutcome:
    albion_seat: int
    returns: tuple[float, ...]
    albion_moves: int
    albion_seconds: float
    openspiel_moves: int
    openspiel_seconds: float


@dataclass(frozen=True)
class MatchResult:
    outcomes: list[GameOutcome] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def score(self) -> float:
        """Albion's summed returns: wins, with a shared win 1/k and a draw 1/n."""
        return sum(outcome.returns[outcome.albion_seat] for outcome in self.outcomes)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.games)

    def seconds_per_move(self, albion: bool) -> float:
        moves = sum(o.albion_moves if albion else o.openspiel_moves for o in self.outcomes)
        spent = sum(o.albion_seconds if albion else o.openspiel_seconds
                    for o in self.outcomes)
        return spent / moves if moves else 0.0


def play_one(game: AnyGame, spiel: Any, spec: PlayerSpec, seconds: float, index: int,
             seed: int) -> GameOutcome:
    """Game `index`: Albion's bot at seat `index mod n`, OpenSpiel's at the others; moves
    with a single legal action are played without search and not counted."""
    players = spiel.num_players()
    seat = index % players
    label = seed * 1_000_003 + index
    ours = albion_bot(game, spec, seconds, label)
    theirs = OpenSpielIsmcts(spiel, _uct_constant(game, spec), label % 2**32)
    chance = random.Random(label)
    state = spiel.new_initial_state()
    moves = [0, 0]
    spent = [0.0, 0.0]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_chance(state, chance))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        mover = state.current_player()
        if mover == seat:
            engine = state.engine_state
            start = time.perf_counter()
            action = ours.choose(engine.observe(mover), engine.legal_actions())
            spent[0] += time.perf_counter() - start
            moves[0] += 1
            state.apply_action(game.action_index(action))
        else:
            chosen, _, took = theirs.think(state, seconds)
            spent[1] += took
            moves[1] += 1
            state.apply_action(chosen)
    return GameOutcome(seat, tuple(state.returns()), moves[0], spent[0], moves[1], spent[1])


def play_match(game: AnyGame, spiel: Any, spec: PlayerSpec, games: int, seconds: float,
               seed: int, progress: Callable[[int], None] | None = None) -> MatchResult:
    """`games` games, seats rotating game by game."""
    result = MatchResult()
    for index in range(games):
        result.outcomes.append(play_one(game, spiel, spec, seconds, index, seed))
        if progress is not None:
            progress(index + 1)
    return result


def report(game: AnyGame, players: int, spec: PlayerSpec, speed: SpeedResult,
           match: MatchResult, seconds: float, seed: int) -> dict[str, Any]:
    """The figures as one JSON-ready dict."""
    low, high = match.interval
    games = match.games
    return {
        "game": game.id,
        "openspiel_game": openspiel_name(game.id),
        "players": players,
        "albion_bot": str(spec),
        "albion_bot_like_for_like": str(like_for_like(spec)),
        "openspiel_bot": "open_spiel.python.algorithms.ismcts.ISMCTSBot "
                         "(RandomRolloutEvaluator, 1 rollout, MAX_VISIT_COUNT, "
                         f"uct_c={_uct_constant(game, spec)})",
        "speed_positions": speed.positions,
        "speed_seconds_per_search": speed.seconds_per_search,
        "albion_iterations_per_s": round(speed.albion.per_second, 1),
        "albion_like_for_like_iterations_per_s": round(speed.albion_like_for_like.per_second,
                                                       1),
        "openspiel_iterations_per_s": round(speed.openspiel.per_second, 2),
        "ratio_iterations_per_s": _ratio(speed.albion.per_second,
                                         speed.openspiel.per_second),
        "ratio_like_for_like": _ratio(speed.albion_like_for_like.per_second,
                                      speed.openspiel.per_second),
        "games": games,
        "seconds_per_move": seconds,
        "albion_score": round(match.score, 3),
        "albion_win_rate": round(match.score / games, 3) if games else None,
        "albion_win_rate_95": [round(low, 3), round(high, 3)],
        "fair_share": round(1 / players, 3),
        "albion_seconds_per_move_measured": round(match.seconds_per_move(True), 4),
        "openspiel_seconds_per_move_measured": round(match.seconds_per_move(False), 4),
        "seed": seed,
    }


def _ratio(ours: float, theirs: float) -> float | None:
    return round(ours / theirs, 2) if theirs else None
