"""Calibrating the anchors (issue 30): a seat-balanced tournament among a game's reference
bots, then the Plackett–Luce strengths that make those games most likely — the very
model the book rates and predicts with (`model.stages`, `model.win_chances`) — put on the
scale with the random bot at 0, and the format's beta.

The fit is a maximum a posteriori estimate by Newton's method: log-strengths theta, a
weak normal prior (sd 5) so that a bot that never wins still gets a finite strength, and
the Laplace approximation for their uncertainty.

Beta (`beta_of`) says how much one game's performance varies against how far skill
goes: a rating's log-strength is mu / (beta √n), so beta sets how many log-strength units
the newcomer prior's sigma spans. It is chosen so that the prior is as wide as a
population spread evenly between the weakest and the strongest reference bot — from
random play to the best bot the game affords, the range the reference bots are chosen to
span — whose spread is the fitted span of log-strengths over √12. A luck-heavy game,
whose bots lie close in log-strength, gets a larger beta. A strength of theta is then
mu = theta × c, c the spread of a table of anchors (`model.spread`), so a table of
reference bots is predicted as the tournament went: in every format the strongest
reference bot is about √12 sigma ≈ 29 above the weakest."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from albion.core.registry import get_game
from albion.core.words import say
from albion.sim.batch import GameOutcome, GameTask, run_games
from albion.sim.rating.anchors import ZERO, Anchors, AnchorsError, FormatAnchors
from albion.sim.rating.model import Rating, spread, stages
from albion.sim.rating.scale import Scale
from albion.sim.schedule import balanced_games

PRIOR_SD = 5.0
"""The prior's spread of log-strengths: weak (a strength ratio of e^5 ≈ 150 is one sd)."""
CALIBRATION_GAMES = 240
"""Games per format by default: a multiple of every balanced cycle of four bots at two to
five seats (12, 12, 4, 20), enough for anchors known to about ±1.5."""


@dataclass(frozen=True)
class Calibration:
    """One format's tournament among its reference bots."""

    game: str
    players: int
    reference: tuple[str, ...]
    games: int = CALIBRATION_GAMES
    seed: int = 0

    def task(self) -> GameTask:
        return GameTask(self.game, (), self.reference, self.players, self.seed, "balanced")

    def cycle(self) -> int:
        return balanced_games(len(self.reference), self.players)


def calibrations(anchors: Anchors, games: Sequence[str] = (), count: int = CALIBRATION_GAMES,
                 seed: int = 0) -> list[Calibration]:
    """The tournaments that place the anchors of `games` (default: every game with a
    reference set), one per player count the game allows."""
    chosen = list(games) or sorted(anchors.reference)
    plans = []
    for game_id in chosen:
        game = get_game(game_id)
        if game.id not in anchors.reference:
            raise AnchorsError(say("{game} has no reference bots in the anchors file; "
                                   "games with some: {games}", game=game.id,
                                   games=", ".join(sorted(anchors.reference))))
        plans += [Calibration(game.id, players, anchors.reference[game.id], count, seed)
                  for players in range(game.min_players, game.max_players + 1)]
    return plans


def with_formats(anchors: Anchors, formats: dict[tuple[str, int], FormatAnchors]) -> Anchors:
    """The anchors with these formats placed anew (the others kept)."""
    return replace(anchors, formats={**anchors.formats, **formats})


def fit_strengths(bots: int, games: Sequence[tuple[Sequence[int], Sequence[float]]]
                  ) -> tuple[list[float], list[list[float]]]:
    """Log-strengths of `bots` players from games given as (player per seat, returns),
    and their covariance (Laplace). Newton's method on the log-posterior."""
    theta = [0.0] * bots
    for _ in range(100):
        gradient = [-t / PRIOR_SD ** 2 for t in theta]
        hessian = [[(-1 / PRIOR_SD ** 2 if i == j else 0.0) for j in range(bots)]
                   for i in range(bots)]
        for seats, returns in games:
            for chosen, among in stages(returns):
                weights = [math.exp(theta[seats[seat]]) for seat in among]
                total = sum(weights)
                mass = [0.0] * bots  # the chance of each player being chosen
                for seat, weight in zip(among, weights, strict=True):
                    mass[seats[seat]] += weight / total
                for seat in chosen:
                    gradient[seats[seat]] += 1 / len(chosen)
                for i in range(bots):
                    gradient[i] -= mass[i]
                    hessian[i][i] -= mass[i]
                    for j in range(bots):
                        hessian[i][j] += mass[i] * mass[j]
        step = solve(hessian, gradient)
        theta = [t - s for t, s in zip(theta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-10:
            break
    covariance = inverse([[-h for h in row] for row in hessian])
    return theta, covariance


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix · x = vector (Gauss–Jordan with partial pivoting; a few unknowns)."""
    size = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [value / lead for value in rows[col]]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [row[-1] for row in rows]


def inverse(matrix: list[list[float]]) -> list[list[float]]:
    size = len(matrix)
    columns = [solve(matrix, [1.0 if i == j else 0.0 for i in range(size)])
               for j in range(size)]
    return [[columns[j][i] for j in range(size)] for i in range(size)]


def beta_of(theta: Sequence[float], players: int, scale: Scale) -> float:
    """The format's beta from its reference bots' log-strengths: the newcomer prior's
    sigma spans, in log-strength (mu / (beta √n)), the spread of a population spread
    evenly between the weakest and the strongest bot (their span over √12). Refused if
    the bots cannot be told apart (a game of pure luck has no scale)."""
    span = max(theta) - min(theta)
    if not span > 1e-6:
        raise AnchorsError(say("the reference bots' strengths do not differ: no scale to "
                               "place them on"))
    return scale.sigma * math.sqrt(12) / (span * math.sqrt(players))


def anchors_from_fit(reference: Sequence[str], players: int, theta: Sequence[float],
                     covariance: Sequence[Sequence[float]], scale: Scale
                     ) -> dict[str, Rating]:
    """Strengths on the scale (with the format's beta), the random bot at 0 (else the
    set's first bot): sigma is the uncertainty of theta about the set's mean, times a
    table's spread without doubt (sqrt(n) beta); mu = theta × c, the spread of a table of
    such anchors, so that a table of them is predicted as the fit says."""
    size = len(theta)
    centred = [sum(covariance[i][j] for j in range(size)) / size for i in range(size)]
    mean = sum(centred) / size
    deviation = [max(covariance[i][i] - 2 * centred[i] + mean, 0.0) for i in range(size)]
    sigmas = [math.sqrt(value * players) * scale.beta for value in deviation]
    typical = math.sqrt(sum(s * s for s in sigmas) / size)
    c = spread([Rating(0.0, typical)] * players, scale)
    zero = reference.index(ZERO) if ZERO in reference else 0
    return {bot: Rating((theta[i] - theta[zero]) * c, sigmas[i])
            for i, bot in enumerate(reference)}


def fit_outcomes(calibration: Calibration, outcomes: Sequence[GameOutcome],
                 scale: Scale) -> FormatAnchors:
    """The format's anchors and beta from its tournament's outcomes."""
    theta, covariance = fit_strengths(len(calibration.reference),
                                      [(o.seats, o.returns) for o in outcomes])
    beta = beta_of(theta, calibration.players, scale)
    ratings = anchors_from_fit(calibration.reference, calibration.players, theta,
                               covariance, replace(scale, beta=beta))
    return FormatAnchors(get_game(calibration.game).version, len(outcomes),
                         calibration.seed, ratings, beta)


def calibrate(calibration: Calibration, scale: Scale, workers: int = 1,
              progress: Callable[[int], None] | None = None) -> FormatAnchors:
    """Play the tournament (seeded, on `workers` processes) and fit it."""
    outcomes: list[GameOutcome] = []
    for outcome, _ in run_games(calibration.task(), range(calibration.games),
                                workers=workers):
        outcomes.append(outcome)
        if progress:
            progress(len(outcomes))
    outcomes.sort(key=lambda o: o.index)
    return fit_outcomes(calibration, outcomes, scale)
