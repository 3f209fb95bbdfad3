"""The Plackett–Luce rating of one finished game (issue 30), and the chances it gives each
seat before the game: Weng & Lin's Bayesian approximation (2011, algorithm 4, the update
`openskill.models.PlackettLuce` makes) in two forms, chosen by `Scale.update`.

- `laplace` (this book's): the posterior after a game is the Laplace approximation — a
  rating's precision adds what the game tells of it (Fisher's information, p(1 − p) per
  choice it took part in, over c²) and its mean moves by the Newton step from where it
  was, scaled by the variance *after* the game (Glickman's derivation of Glicko, 1999).
  The table's spread c counts doubt as doubt, not as luck: c² = n beta² + π/(4n) Σ sigma²,
  MacKay's (1992) approximation of a logistic averaged over normal doubt (a pair of seats
  whose difference is unsure by sigma_a² + sigma_b² is flattened like a logistic of scale
  sqrt(c0² + π/8 (sigma_a² + sigma_b²)), here for the table's mean pair).
- `weng-lin` (openskill's, the book's first form): c² = Σ (sigma² + beta²), which
  flattens by the doubt at full weight (2.5 times MacKay's in two players, 5 times in
  four), the mean moved by the variance *before* the game, and the variance shrunk by
  only sigma/c of the game's information (openskill's gamma), floored by kappa, so later
  games outweigh earlier ones. Measured on the benchmark's games (seeds 101–103, random
  tables, openskill's beta), its predictions were too flat in four-player Raiding
  Stonehenge (calibration error 0.036–0.041; the Laplace form 0.014–0.021) and it ranked
  worse in 11 of the 12 runs of four formats (Spearman up to 0.012 lower, once 0.001
  higher).

Returns only say who won (ALL-1: the winners share 1; a draw at a safety cap gives each
seat 1/n). So the ranking is partial: the winners first — several winners are tied, each
credited a share — then the rest, *unordered*. openskill ranks those losers as tied and
adds a stage that pulls them together (a draw among them); a lost game does not say the
losers played alike, so that stage is left out here. Where returns order every seat, or
all seats tie (a draw), the `weng-lin` update is openskill's own (checked by the tests)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from albion.sim.rating.scale import DISPLAY_Z, Scale


@dataclass(frozen=True)
class Rating:
    """One entity's rating in one format (game, player count): `mu` its estimated strength,
    `sigma` the doubt about it, `games` the rated games it played."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The displayed rating: conservative, mu − 3 sigma (what the entity is at least,
        99.7 % sure); shown with sigma beside it."""
        return self.mu - DISPLAY_Z * self.sigma


def groups_of(returns: Sequence[float]) -> list[list[int]]:
    """Seats grouped by return, best first (equal returns share a group)."""
    values = sorted(set(returns), reverse=True)
    return [[seat for seat, value in enumerate(returns) if value == best] for best in values]


def stages(returns: Sequence[float]) -> list[tuple[list[int], list[int]]]:
    """The choices a game's result is made of, as (chosen seats, seats chosen among): each
    group of seats in turn is chosen from itself and every group below it — all but the
    last group, which nobody was chosen before (unordered), unless it is the whole table
    (everyone tied: a draw, one stage of the table choosing itself)."""
    groups = groups_of(returns)
    if len(groups) == 1:
        return [(groups[0], groups[0])]
    return [(group, [seat for later in groups[index:] for seat in later])
            for index, group in enumerate(groups[:-1])]


def spread(ratings: Sequence[Rating], scale: Scale) -> float:
    """c, the spread of performances at this table: with every rating known, beta √n (a
    seat's log-strength is mu/c); doubt flattens it (see the module's docstring)."""
    doubt = sum(r.sigma ** 2 for r in ratings)
    if scale.update == "weng-lin":
        return math.sqrt(doubt + len(ratings) * scale.beta ** 2)
    return math.sqrt(len(ratings) * scale.beta ** 2 + math.pi / (4 * len(ratings)) * doubt)


def win_chances(ratings: Sequence[Rating], scale: Scale) -> list[float]:
    """Each seat's chance to win, by the model the update assumes: Plackett–Luce's first
    choice, exp(mu/c) over the table's sum (doubt flattens it through c). Sums to 1."""
    if not ratings:
        return []
    c = spread(ratings, scale)
    top = max(r.mu for r in ratings)
    weights = [math.exp((r.mu - top) / c) for r in ratings]
    total = sum(weights)
    return [weight / total for weight in weights]


def updated(ratings: Sequence[Rating], returns: Sequence[float], scale: Scale,
            pinned: Sequence[bool] = ()) -> list[Rating]:
    """The seats' ratings after a game with these returns (one per seat, in seat order).
    A pinned seat (a reference bot) plays its part in everyone else's update and keeps
    its own rating; every other seat counts one more game."""
    if len(ratings) != len(returns):
        raise ValueError("one rating per seat and one return per seat")
    doubt = [math.sqrt(r.sigma ** 2 + scale.tau ** 2) for r in ratings]  # openskill's tau
    before = [Rating(r.mu, sigma, r.games) for r, sigma in zip(ratings, doubt, strict=True)]
    c = spread(before, scale)
    top = max(r.mu for r in before)
    exps = [math.exp((r.mu - top) / c) for r in before]
    omega = [0.0] * len(before)  # what the game said of each seat: chosen − expected
    delta = [0.0] * len(before)  # how much it said: Σ p(1 − p) over its choices
    for chosen, among in stages(returns):
        total = sum(exps[seat] for seat in among)
        share = 1.0 / len(chosen)
        for seat in among:
            p = exps[seat] / total
            omega[seat] += (share if seat in chosen else 0.0) - p
            delta[seat] += p * (1 - p)
    result = []
    for seat, rating in enumerate(before):
        if seat < len(pinned) and pinned[seat]:
            result.append(ratings[seat])
            continue
        variance = rating.sigma ** 2
        if scale.update == "weng-lin":
            gamma = rating.sigma / c  # openskill's default gamma
            mu = rating.mu + variance / c * omega[seat]
            after = variance * max(1 - gamma * variance / c ** 2 * delta[seat], scale.kappa)
        else:
            after = variance / (1 + variance / c ** 2 * delta[seat])
            mu = rating.mu + after / c * omega[seat]
        result.append(Rating(mu, math.sqrt(after), rating.games + 1))
    return result
