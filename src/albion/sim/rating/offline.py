"""The ideal rating of a set of games (issue 30): every player's strength fitted jointly
over all the games at once — the batch maximum a posteriori of the book's own model — the
best any rater can do with what those results say, whatever order they came in. The
benchmark sets it beside the book (which sees one game at a time, in order, and never
goes back) to tell the rater's shortfall from the games'.

The model is the book's (`model.py`): a seat's log-strength is mu / c0, c0 = beta √n (a
table's spread when every rating is known; `model.spread`) with the format's beta; a
game is the partial ranking of `model.stages` — the winners chosen first, each credited
its share, the losers unordered — so a stage adds to the log-likelihood the mean, over
its chosen seats, of log p(seat chosen first among the rest); and each player's prior is
the book's newcomer, normal with mean `Scale.mu` and sd `Scale.sigma`. Strengths do not
change, so there is no tau. The log-posterior is concave; it is maximised by Newton's
method (the Hessian is sparse — a player meets only its tables — so each step is solved
by conjugate gradients with its diagonal as preconditioner, and halved while the
posterior does not rise)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from albion.sim.rating.model import Rating, spread, stages
from albion.sim.rating.scale import Scale

TOLERANCE = 1e-9
"""Newton stops when no mean moves by more than this (in the scale's units)."""
MAX_STEPS = 100


@dataclass(frozen=True)
class Stage:
    """One choice of a game: the players it chose among, and the credit each was given
    (its share if chosen, else 0; the credits sum to 1)."""

    among: tuple[int, ...]
    credit: tuple[float, ...]


def game_stages(players: Sequence[int], returns: Sequence[float]) -> list[Stage]:
    """A game's stages (`model.stages`), seats replaced by the players sitting there."""
    result = []
    for chosen, among in stages(returns):
        share = 1.0 / len(chosen)
        result.append(Stage(tuple(players[seat] for seat in among),
                            tuple(share if seat in chosen else 0.0 for seat in among)))
    return result


class OfflineFit:
    """The log-posterior of `count` players' means given every stage, its gradient and
    its Hessian's products, and its maximum (`fit`)."""

    def __init__(self, count: int, stages_: Sequence[Stage], seats: int, scale: Scale
                 ) -> None:
        self.count = count
        self.stages = list(stages_)
        self.c0 = spread([Rating(scale.mu, 0.0)] * seats, scale)
        self.prior_mu = scale.mu
        self.prior_precision = 1.0 / scale.sigma ** 2

    def chances(self, mu: Sequence[float], stage: Stage) -> list[float]:
        """Each player's chance to be chosen at this stage."""
        top = max(mu[p] for p in stage.among)
        weights = [math.exp((mu[p] - top) / self.c0) for p in stage.among]
        total = sum(weights)
        return [w / total for w in weights]

    def log_posterior(self, mu: Sequence[float]) -> float:
        """Up to a constant: the stages' log-likelihood plus the prior's."""
        value = -0.5 * self.prior_precision * sum((m - self.prior_mu) ** 2 for m in mu)
        for stage in self.stages:
            p = self.chances(mu, stage)
            value += sum(credit * math.log(chance)
                         for credit, chance in zip(stage.credit, p, strict=True) if credit)
        return value

    def gradient_and_curvature(self, mu: Sequence[float]
                               ) -> tuple[list[float], list[tuple[Stage, list[float]]]]:
        """The gradient, and each stage's chances (what the Hessian's products need)."""
        gradient = [-self.prior_precision * (m - self.prior_mu) for m in mu]
        chances = []
        for stage in self.stages:
            p = self.chances(mu, stage)
            for player, credit, chance in zip(stage.among, stage.credit, p, strict=True):
                gradient[player] += (credit - chance) / self.c0
            chances.append((stage, p))
        return gradient, chances

    def precision_times(self, chances: Sequence[tuple[Stage, list[float]]],
                        vector: Sequence[float]) -> list[float]:
        """−Hessian · vector: the prior's precision, plus each stage's
        (diag(p) − p pᵀ) / c0² on the players it chose among."""
        result = [self.prior_precision * v for v in vector]
        scale = 1.0 / self.c0 ** 2
        for stage, p in chances:
            mean = sum(chance * vector[player]
                       for player, chance in zip(stage.among, p, strict=True))
            for player, chance in zip(stage.among, p, strict=True):
                result[player] += scale * chance * (vector[player] - mean)
        return result

    def newton_step(self, gradient: Sequence[float],
                    chances: Sequence[tuple[Stage, list[float]]]) -> list[float]:
        """The step solving −Hessian · step = gradient, by conjugate gradients
        preconditioned by the diagonal."""
        diagonal = [self.prior_precision] * self.count
        for stage, p in chances:
            for player, chance in zip(stage.among, p, strict=True):
                diagonal[player] += chance * (1 - chance) / self.c0 ** 2
        step = [0.0] * self.count
        residual = list(gradient)
        z = [r / d for r, d in zip(residual, diagonal, strict=True)]
        direction = list(z)
        rz = sum(r * zi for r, zi in zip(residual, z, strict=True))
        goal = 1e-24 * max(sum(g * g for g in gradient), 1e-300)
        for _ in range(self.count):
            if sum(r * r for r in residual) <= goal:
                break
            product = self.precision_times(chances, direction)
            alpha = rz / sum(d * q for d, q in zip(direction, product, strict=True))
            step = [s + alpha * d for s, d in zip(step, direction, strict=True)]
            residual = [r - alpha * q for r, q in zip(residual, product, strict=True)]
            z = [r / d for r, d in zip(residual, diagonal, strict=True)]
            rz, previous = sum(r * zi for r, zi in zip(residual, z, strict=True)), rz
            direction = [zi + rz / previous * d for zi, d in zip(z, direction, strict=True)]
        return step

    def fit(self) -> list[float]:
        """The means that make the games most likely under the prior (every player's
        mu; a player in no game keeps the prior's)."""
        mu = [self.prior_mu] * self.count
        value = self.log_posterior(mu)
        for _ in range(MAX_STEPS):
            gradient, chances = self.gradient_and_curvature(mu)
            step = self.newton_step(gradient, chances)
            length = 1.0
            while True:
                trial = [m + length * s for m, s in zip(mu, step, strict=True)]
                trial_value = self.log_posterior(trial)
                if trial_value >= value or length < 1e-6:
                    break
                length /= 2
            mu, value = trial, trial_value
            if max((abs(length * s) for s in step), default=0.0) < TOLERANCE:
                break
        return mu


def fit_means(count: int, games: Sequence[tuple[Sequence[int], Sequence[float]]],
              seats: int, scale: Scale) -> list[float]:
    """The ideal rating: each of `count` players' mu fitted on every game at once, games
    given as (player at each seat, returns) at tables of `seats`, on the book's scale
    (the format's beta, the newcomer's prior)."""
    every = [stage for players, returns in games
             for stage in game_stages(players, returns)]
    return OfflineFit(count, every, seats, scale).fit()
