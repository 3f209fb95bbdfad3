"""The rating benchmark (`albion rating-bench`, issue 30): in each format, a population of
players of known strength (`population.py`) plays its games through the batch runner, at
tables a server pairing by rating would make (or at random tables); then, game by game in
order, the book predicts each seat's chance to win *before* rating the game, and rates
it. The same games are rated by the book's first form (Weng–Lin's update, openskill's
beta: what the book was before), by openskill's own PlackettLuce (losers tied) and by
pairwise Elo (Board Game Arena's way); and the ideal, the book's model fitted on every
game at once (`offline.py`), the most those results can tell. At the end: Spearman's
rank correlation of each rating with true strength, the calibration error of the
predictions, and the share of games each fifth of the ladder won (stronger must win
more)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from openskill.models import PlackettLuce

from albion.core.registry import get_game
from albion.core.words import say
from albion.sim.batch import GameOutcome, run_games
from albion.sim.rating.anchors import Anchors, load_anchors
from albion.sim.rating.book import RatingBook
from albion.sim.rating.metrics import (
    PairwiseElo,
    calibration_bins,
    expected_calibration_error,
    spearman,
)
from albion.sim.rating.offline import fit_means
from albion.sim.rating.population import (
    TABLES,
    BenchError,
    PopulationTask,
    Tables,
    ladder,
    population_task,
    rated_tables,
    rungs_for,
)
from albion.sim.rating.scale import Scale

TARGET_SPEARMAN = 0.9
TARGET_ECE = 0.03
GROUPS = 5
"""The ladder is cut into fifths to show that stronger players win more."""
DEFAULT_FORMATS = (("diamoniak", 2, "noise"), ("diamoniak", 3, "noise"),
                   ("diamoniak", 4, "noise"), ("raiding-stonehenge", 4, "noise+search"))
"""The issue's formats, each with the widest ladder it can afford (population.LADDERS)."""


@dataclass(frozen=True)
class BenchPlan:
    """One format's benchmark."""

    game: str
    players: int
    ladder: str = "noise"
    population: int = 300
    games_each: int = 30
    seed: int = 0
    tables: Tables = "rated"

    def rungs(self) -> tuple[tuple[str, ...], bool]:
        """The ladder's rungs in this format, and whether they were measured."""
        return rungs_for(self.game, self.players, self.ladder)

    def task(self) -> PopulationTask:
        return population_task(self.game, self.players, self.rungs()[0], self.population,
                               self.seed)

    def games(self) -> int:
        return self.games_each * (self.population // self.players)


@dataclass(frozen=True)
class PlayedGame:
    """One benchmark game: the players at each seat, and how it went."""

    players: tuple[int, ...]
    outcome: GameOutcome


def bench_book() -> RatingBook:
    """The book as the server rates (each format's beta), with no anchor pinned: every
    player starts alike."""
    return RatingBook(load_anchors().unpinned())


def first_book() -> RatingBook:
    """The book's first form, for comparison: Weng–Lin's update, openskill's beta."""
    return RatingBook(Anchors(scale=Scale(update="weng-lin")))


@dataclass(frozen=True)
class BenchResult:
    """What one format's benchmark measured."""

    plan: BenchPlan
    games: int
    seconds: float
    spearman: dict[str, float]
    """Per rating: `book` (this book), `weng_lin` (its first form), `openskill_tied`
    (openskill's PlackettLuce, losers tied), `elo` (pairwise), `win_share` (each
    player's share of wins), and `ideal` (the book's model fitted on all the games at
    once: the most the results tell)."""
    ece: float
    """The calibration error of this book's predictions, made before each game."""
    ece_weng_lin: float
    """The same for the book's first form."""
    ece_openskill_predict: float
    """The same for openskill's own `predict_win` on its ratings."""
    win_share_by_fifth: list[float]
    bins: list[dict[str, float]] = field(default_factory=list)
    ladder_measured: bool = False
    """Rungs at measured, evenly spaced strengths (else evenly in the parameter)."""

    @property
    def meets_spearman(self) -> bool:
        return self.spearman["book"] >= TARGET_SPEARMAN

    @property
    def beats_elo(self) -> bool:
        return self.spearman["book"] > self.spearman["elo"]

    @property
    def meets_ece(self) -> bool:
        return self.ece <= TARGET_ECE

    def to_json_dict(self) -> dict[str, Any]:
        return {"game": self.plan.game, "players": self.plan.players,
                "ladder": self.plan.ladder, "ladder_measured": self.ladder_measured,
                "tables": self.plan.tables, "population": self.plan.population,
                "games_each": self.plan.games_each, "seed": self.plan.seed,
                "games": self.games, "seconds": round(self.seconds, 2),
                "spearman": {k: round(v, 4) for k, v in self.spearman.items()},
                "ece": round(self.ece, 4), "ece_weng_lin": round(self.ece_weng_lin, 4),
                "ece_openskill_predict_win": round(self.ece_openskill_predict, 4),
                "win_share_by_fifth": [round(s, 4) for s in self.win_share_by_fifth],
                "calibration_bins": self.bins,
                "targets": {"spearman": TARGET_SPEARMAN, "ece": TARGET_ECE},
                "meets_spearman": self.meets_spearman, "beats_elo": self.beats_elo,
                "meets_ece": self.meets_ece}


def parse_format(text: str, population: int = 300, games_each: int = 30, seed: int = 0,
                 tables: str = "rated") -> BenchPlan:
    """`diamoniak/2` or `raiding-stonehenge/4:noise+search` as a plan (the ladder, when
    not given, the default format's, else `noise`); refused in words if the game, the
    player count or the ladder is unknown."""
    where, _, named = text.strip().partition(":")
    game, slash, count = where.partition("/")
    if not slash or not count.strip().isdigit():
        raise BenchError(say("{format}: a format is GAME/PLAYERS[:LADDER] (diamoniak/2, "
                             "raiding-stonehenge/4:noise+search)", format=repr(text)))
    game_id, players = get_game(game.strip()).id, int(count)
    get_game(game_id).check_players(players)
    defaults = {(g, n): ladder_name for g, n, ladder_name in DEFAULT_FORMATS}
    chosen = named.strip() or defaults.get((game_id, players), "noise")
    ladder(chosen)
    matched = [choice for choice in TABLES if choice == tables]
    if not matched:
        raise BenchError(say("unknown tables {tables}; tables: {choices}",
                             tables=repr(tables), choices=", ".join(TABLES)))
    return BenchPlan(game_id, players, chosen, population, games_each, seed, matched[0])


def play(plan: BenchPlan, workers: int = 1,
         progress: Callable[[int], None] | None = None) -> list[PlayedGame]:
    """The format's games, in index order (seeded: the same on any number of workers).
    Rated tables are made round by round from the book's ratings after the last."""
    task = plan.task()
    played: list[PlayedGame] = []
    if plan.tables == "random":
        for outcome, _ in run_games(task, range(plan.games()), workers=workers):
            played.append(PlayedGame(task.players_at(outcome.index), outcome))
            if progress:
                progress(len(played))
        return sorted(played, key=lambda game: game.outcome.index)
    book = bench_book()
    entity = [f"player:{p}" for p in range(plan.population)]
    per_round = task.tables_per_round()
    for round_number in range(plan.games_each):
        displayed = [book.rating(plan.game, plan.players, name).ordinal for name in entity]
        first = round_number * per_round
        this_round = replace(task, tables=rated_tables(task.seed, round_number, displayed,
                                                       plan.players), first=first)
        outcomes = []
        for outcome, _ in run_games(this_round, range(first, first + per_round),
                                    workers=workers):
            outcomes.append(outcome)
            if progress:
                progress(len(played) + len(outcomes))
        for outcome in sorted(outcomes, key=lambda o: o.index):
            seats = this_round.players_at(outcome.index)
            book.rate(plan.game, plan.players, [entity[p] for p in seats],
                      list(outcome.returns))
            played.append(PlayedGame(seats, outcome))
    return played


def measure(plan: BenchPlan, games: Sequence[PlayedGame], seconds: float = 0.0
            ) -> BenchResult:
    """Rate the games in order with every rating, and score the ratings."""
    task = plan.task()
    entity = [f"player:{p}" for p in range(plan.population)]
    book, first = bench_book(), first_book()
    elo = PairwiseElo()
    stock = PlackettLuce()
    tied = {name: stock.rating() for name in entity}
    predicted: list[float] = []
    first_predicted: list[float] = []
    stock_predicted: list[float] = []
    observed: list[float] = []
    wins = [0.0] * plan.population
    played = [0] * plan.population
    for game in games:
        seats = [entity[p] for p in game.players]
        returns = list(game.outcome.returns)
        predicted += book.win_chances(plan.game, plan.players, seats)
        first_predicted += first.win_chances(plan.game, plan.players, seats)
        stock_predicted += stock.predict_win([[tied[name]] for name in seats])
        observed += returns
        book.rate(plan.game, plan.players, seats, returns)
        first.rate(plan.game, plan.players, seats, returns)
        elo.rate(seats, returns)
        best = max(returns)
        rated = stock.rate([[tied[name]] for name in seats],
                           ranks=[1.0 if value == best else 2.0 for value in returns])
        for seat, name in enumerate(seats):
            tied[name] = rated[seat][0]
        for seat, player in enumerate(game.players):
            wins[player] += returns[seat]
            played[player] += 1
    truth = [float(task.truth(p)) for p in range(plan.population)]

    def mus(rater: RatingBook) -> list[float]:
        return [rater.rating(plan.game, plan.players, name).mu for name in entity]

    share = [wins[p] / played[p] if played[p] else 0.0 for p in range(plan.population)]
    scores = {
        "book": spearman(truth, mus(book)),
        "weng_lin": spearman(truth, mus(first)),
        "openskill_tied": spearman(truth, [tied[name].mu for name in entity]),
        "elo": spearman(truth, [elo.rating(name) for name in entity]),
        "win_share": spearman(truth, share),
        "ideal": spearman(truth, fit_means(
            plan.population, [(game.players, game.outcome.returns) for game in games],
            plan.players, book.scale_for(plan.game, plan.players))),
    }
    fifths = [[share[p] for p in range(plan.population)
               if p * GROUPS // plan.population == group] for group in range(GROUPS)]
    bins = [{"low": b.low, "high": b.high, "count": b.count,
             "predicted": round(b.predicted, 4), "observed": round(b.observed, 4)}
            for b in calibration_bins(predicted, observed) if b.count]
    return BenchResult(plan, len(games), seconds, scores,
                       expected_calibration_error(predicted, observed),
                       expected_calibration_error(first_predicted, observed),
                       expected_calibration_error(stock_predicted, observed),
                       [sum(f) / len(f) if f else 0.0 for f in fifths], bins,
                       plan.rungs()[1])


def run_bench(plan: BenchPlan, workers: int = 1,
              progress: Callable[[int], None] | None = None) -> BenchResult:
    """Play and measure one format, timed."""
    start = time.perf_counter()
    outcomes = play(plan, workers, progress)
    return measure(plan, outcomes, time.perf_counter() - start)
