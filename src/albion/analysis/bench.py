"""`albion analyse-bench` (issue 33): the analysis's honest figures.

- calibration: at positions of self-play games (decisions with a choice, a few per game),
  the fair win chance of the seat to move against whether it won; expected calibration
  error over ten equal-width bins, and a reliability plot;
- stability: games analysed with three seeds; the share of decisions given the same label
  by all three;
- speed: the game of median length among a batch, analysed with the defaults;
- sense: games between two bots (by default the heuristic and ISMCTS), each seat's
  decisions flagged; the difference of the two bots' flagged shares with a 95% interval
  (a bootstrap over games).

Self-play here is the heuristic's (an ISMCTS game costs a minute of search); the fair
search assumes searching players, so calibration measures how well it predicts what the
heuristic players went on to do.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from albion.analysis.analyse import (
    AnalysisSettings,
    analyse,
    decision_indices,
    search_settings,
)
from albion.analysis.calibration import (
    CalibrationMap,
    Sample,
    expected_calibration_error,
    fit_map,
    map_for,
    read_maps,
    write_maps,
)
from albion.analysis.fair import fair_estimate
from albion.core.record import GameRecord, replay
from albion.core.registry import get_game
from albion.sim.batch import GameTask
from albion.sim.records import parse_record
from albion.table.seeding import derive_rng

POSITIONS_PER_GAME = 2
"""Positions measured per self-play game: few, so that positions are nearly independent
(a game's positions share its result); self-play is cheap beside the search."""
FLOOR_DRAWS = 200
BOOTSTRAP_DRAWS = 1000
Progress = Callable[[int, int], None]


def self_play(game_id: str, games: int, seed: int, lineup: Sequence[str] = ("heuristic",),
              players: int = 2, rotate: bool = False) -> list[GameRecord]:
    """`games` finished records of `lineup` (one spec per seat, or one for every seat)."""
    specs = tuple(lineup) if len(lineup) == players else tuple(lineup) * players
    task = GameTask(game_id, (), specs, players, seed, "rotate" if rotate else "fixed",
                    keep_record=True)
    records = []
    for index in range(games):
        _outcome, text = task.play(index)
        assert text is not None
        records.append(parse_record(text))
    return records


@dataclass(frozen=True)
class Calibration:
    game: str
    positions: int
    iterations: int
    ece: float
    """The ECE of the fair search's value (before the calibration map)."""
    bins: list[dict[str, float]]
    """Per bin: its range, positions, mean estimate and share won (before the map)."""
    seconds: float
    ece_played: float = 0.0
    """The ECE of the search's value of the action actually played (the line the game
    went on with), beside the position's (its best candidate's, a maximum of noisy
    estimates: biased upwards)."""
    seed: int = 0
    positions_per_game: int = POSITIONS_PER_GAME
    games: int = 0
    ece_calibrated: float = 0.0
    """The ECE of the win chance shown: the search's value through the game's map."""
    bins_calibrated: list[dict[str, float]] = field(default_factory=list)
    interval: tuple[float, float] = (0.0, 0.0)
    """95% bootstrap interval (over games) of `ece_calibrated`."""
    floor: float = 0.0
    """The mean ECE of outcomes drawn from the calibrated figures themselves (a perfectly
    calibrated forecast on as many positions, in the same bins): sampling noise alone."""
    calibration_map: str = "identity"
    held_out: bool = True
    """Whether these positions are of seeds the map was not fitted on (a map fitted here
    is judged on its own positions: not held out)."""
    fitted_here: bool = False


def _calibration_job(job: tuple[str, GameRecord, int, int, int, int]) -> list[Sample]:
    """The positions measured at a few decisions of one game."""
    game_id, record, iterations, seed, game_index, per_game = job
    game = get_game(game_id)
    states = replay(game, record)
    settings = search_settings(game, "ismcts", iterations)
    indices = decision_indices(states)
    picked = sorted(derive_rng(seed, "positions", game_index).sample(
        indices, min(per_game, len(indices))))
    assert record.returns is not None
    found = []
    for index in picked:
        state = states[index]
        seat = state.current_player()
        played = game.parse_action(state, record.actions[index])
        estimate = fair_estimate(game, state.observe(seat), state.legal_actions(), played,
                                 settings, 3, seed, "calibration", game_index, index)
        found.append(Sample(game_id, seed, game_index, index, len(record.seats), seat,
                            estimate.chance, estimate.chances[played],
                            float(record.returns[seat]), iterations))
    return found


def calibration_samples(game_id: str, positions: int, iterations: int | None, seed: int,
                        workers: int, progress: Progress | None = None,
                        per_game: int = POSITIONS_PER_GAME) -> tuple[list[Sample], int]:
    """`positions` positions of heuristic self-play (seed `seed`), `per_game` per game,
    each valued by the fair search; and the budget used."""
    game = get_game(game_id)
    budget = iterations or AnalysisSettings().resolved(game).iterations or 1
    games = math.ceil(positions / per_game)
    records = self_play(game_id, games, seed)
    jobs = [(game_id, record, budget, seed, index, per_game)
            for index, record in enumerate(records)]
    samples: list[Sample] = []
    for done, found in enumerate(_run(_calibration_job, jobs, workers), start=1):
        samples.extend(found)
        if progress:
            progress(done, len(jobs))
    return samples[:positions], budget


def calibration(game_id: str, positions: int, iterations: int | None, seed: int,
                workers: int, progress: Progress | None = None,
                per_game: int = POSITIONS_PER_GAME, fit: Path | None = None,
                samples_out: Path | None = None) -> Calibration:
    """The calibration of the fair win chance on `positions` self-play positions: the
    search's value, and the win chance shown (the value through the game's map: the
    shipped one, or with `fit` a map fitted on these positions and written into that
    file — then not held out). `samples_out`: the positions, one JSON line each."""
    start = time.perf_counter()
    samples, budget = calibration_samples(game_id, positions, iterations, seed, workers,
                                          progress, per_game)
    if samples_out is not None:
        samples_out.write_text("".join(json.dumps(s.to_json_dict()) + "\n"
                                       for s in samples), encoding="utf-8")
    if fit is not None:
        maps = read_maps(fit.read_text(encoding="utf-8")) if fit.is_file() else {}
        chosen = maps[game_id] = fit_map(samples)
        fit.write_text(write_maps(maps), encoding="utf-8")
    else:
        chosen = map_for(game_id)
    return measure(game_id, samples, chosen, budget, seed, per_game,
                   time.perf_counter() - start, fitted_here=fit is not None)


def measure(game_id: str, samples: Sequence[Sample], chosen: CalibrationMap,
            iterations: int, seed: int, per_game: int, seconds: float,
            fitted_here: bool = False) -> Calibration:
    """The figures of `samples` before and after the map `chosen`: both ECEs, the
    calibrated one's 95% bootstrap interval over games and its noise floor."""
    ece, bins = expected_calibration_error([(s.fair, s.won) for s in samples])
    played = expected_calibration_error([(s.played, s.won) for s in samples])[0]
    shown = [chosen(s.fair, s.players) for s in samples]
    after, bins_after = expected_calibration_error(
        [(p, s.won) for p, s in zip(shown, samples, strict=True)])
    rng = random.Random(seed)
    floor = statistics.fmean(expected_calibration_error(
        [(p, float(rng.random() < p)) for p in shown])[0] for _ in range(FLOOR_DRAWS))
    by_game: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for p, s in zip(shown, samples, strict=True):
        by_game.setdefault((s.seed, s.game_index), []).append((p, s.won))
    groups = list(by_game.values())
    boot = sorted(expected_calibration_error(
        [pair for _ in groups for pair in groups[rng.randrange(len(groups))]])[0]
        for _ in range(BOOTSTRAP_DRAWS))
    interval = (boot[int(0.025 * BOOTSTRAP_DRAWS)], boot[int(0.975 * BOOTSTRAP_DRAWS) - 1])
    held_out = not fitted_here and not set(chosen.seeds) & {s.seed for s in samples}
    return Calibration(game_id, len(samples), iterations, ece, bins, seconds, played, seed,
                       per_game, len(groups), after, bins_after, interval, floor,
                       chosen.describe(), held_out, fitted_here)


def reliability_plot(results: Sequence[Calibration], path: Path) -> None:
    """One reliability diagram per game: share won against mean estimate per bin, for the
    search's value (before the map) and the win chance shown (after it)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
    from matplotlib.figure import Figure  # noqa: PLC0415

    figure = Figure(figsize=(4 * len(results), 4.4))
    FigureCanvasAgg(figure)
    for number, result in enumerate(results, start=1):
        axes = figure.add_subplot(1, len(results), number)
        axes.plot([0, 1], [0, 1], color="grey", linestyle="--", linewidth=1)
        axes.plot([b["estimate"] for b in result.bins], [b["won"] for b in result.bins],
                  marker="o", color="tab:orange", alpha=0.6,
                  label=f"search {result.ece:.3f}")
        after = result.bins_calibrated or result.bins
        axes.plot([b["estimate"] for b in after], [b["won"] for b in after], marker="o",
                  color="tab:blue", label=f"shown {result.ece_calibrated:.3f}"
                  + ("" if result.held_out else " (not held out)"))
        for b in after:
            axes.annotate(str(int(b["positions"])), (b["estimate"], b["won"]), fontsize=7,
                          textcoords="offset points", xytext=(3, -9))
        axes.set_title(f"{result.game}: {result.positions} positions, seed {result.seed}",
                       fontsize=9)
        axes.set_xlabel("fair win chance")
        axes.set_ylabel("share won")
        axes.set_xlim(0, 1)
        axes.set_ylim(0, 1)
        axes.legend(loc="upper left", fontsize=7, title="ECE", title_fontsize=7)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


@dataclass(frozen=True)
class Stability:
    game: str
    games: int
    decisions: int
    same: int
    flagged_any: int
    flagged_same: int
    iterations: int
    seconds: float

    @property
    def share(self) -> float:
        return self.same / self.decisions if self.decisions else 1.0


def stability(game_id: str, games: int, iterations: int | None, seed: int, workers: int,
              progress: Progress | None = None) -> Stability:
    """Each game analysed with seeds seed, seed+1, seed+2: decisions labelled alike."""
    start = time.perf_counter()
    game = get_game(game_id)
    records = self_play(game_id, games, seed)
    decisions = same = flagged_any = flagged_same = 0
    budget = 0
    for done, record in enumerate(records, start=1):
        runs = [analyse(game, record, AnalysisSettings(seed + k, iterations),
                        workers=workers) for k in range(3)]
        budget = runs[0].iterations
        for labels in zip(*(run.decisions for run in runs), strict=True):
            kinds = {decision.label for decision in labels}
            decisions += 1
            same += len(kinds) == 1
            if any(decision.is_flagged for decision in labels):
                flagged_any += 1
                flagged_same += len(kinds) == 1
        if progress:
            progress(done, len(records))
    return Stability(game_id, games, decisions, same, flagged_any, flagged_same, budget,
                     time.perf_counter() - start)


@dataclass(frozen=True)
class Speed:
    game: str
    actions: int
    decisions: int
    iterations: int
    seconds: float
    median_of: int


def speed(game_id: str, games: int, iterations: int | None, seed: int,
          workers: int) -> Speed:
    """The median-length game of `games` heuristic games, analysed with the defaults."""
    game = get_game(game_id)
    records = sorted(self_play(game_id, games, seed), key=lambda r: len(r.actions))
    record = records[len(records) // 2]
    result = analyse(game, record, AnalysisSettings(seed, iterations), workers=workers)
    return Speed(game_id, len(record.actions), len(result.decisions), result.iterations,
                 result.seconds, games)


@dataclass(frozen=True)
class Sense:
    game: str
    bots: tuple[str, str]
    games: int
    decisions: tuple[int, int]
    flagged: tuple[int, int]
    difference: float
    interval: tuple[float, float]
    iterations: int
    seconds: float
    per_game: list[tuple[int, int, int, int]] = field(repr=False)


def sense(game_id: str, bots: tuple[str, str], games: int, iterations: int | None,
          seed: int, workers: int, progress: Progress | None = None) -> Sense:
    """`bots[0]` against `bots[1]` (seats rotated each game): the share of each one's
    decisions flagged; bots[0]'s less bots[1]'s, with a 95% bootstrap interval over
    games."""
    start = time.perf_counter()
    game = get_game(game_id)
    records = self_play(game_id, games, seed, bots, 2, rotate=True)
    per_game = []
    budget = 0
    for index, record in enumerate(records):
        result = analyse(game, record, AnalysisSettings(seed, iterations), workers=workers)
        budget = result.iterations
        counts = [0, 0, 0, 0]  # decisions and flagged of bots[0], then bots[1]
        for decision in result.decisions:
            bot = 0 if (decision.seat - index) % 2 == 0 else 1  # GameTask's rotation
            counts[2 * bot] += 1
            counts[2 * bot + 1] += decision.is_flagged
        per_game.append((counts[0], counts[1], counts[2], counts[3]))
        if progress:
            progress(index + 1, len(records))
    rng = random.Random(seed)
    difference = _difference(per_game)
    boot = sorted(_difference([per_game[rng.randrange(len(per_game))] for _ in per_game])
                  for _ in range(2000))
    return Sense(game_id, bots, games, (sum(g[0] for g in per_game),
                                        sum(g[2] for g in per_game)),
                 (sum(g[1] for g in per_game), sum(g[3] for g in per_game)), difference,
                 (boot[49], boot[1949]), budget, time.perf_counter() - start, per_game)


def _difference(per_game: Sequence[tuple[int, int, int, int]]) -> float:
    first = sum(g[1] for g in per_game) / max(1, sum(g[0] for g in per_game))
    second = sum(g[3] for g in per_game) / max(1, sum(g[2] for g in per_game))
    return first - second


def _run(function: Callable[[Any], Any], jobs: list[Any], workers: int) -> Any:
    if workers <= 1:
        yield from map(function, jobs)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(function, jobs)


def to_json(result: Any) -> dict[str, Any]:
    data = asdict(result)
    if isinstance(result, Sense):
        data.pop("per_game", None)
    return data
