"""OpenSkill's Plackett–Luce rating of one finished game (issue 30): Weng & Lin's Bayesian
approximation (2011, algorithm 4, the update `openskill.models.PlackettLuce` makes) applied
to what a game's returns tell, and the chances it gives each seat before the game.

Returns only say who won (ALL-1: the winners share 1; a draw at a safety cap gives each
seat 1/n). So the ranking is partial: the winners first — several winners are tied, each
credited a share — then the rest, *unordered*. openskill ranks those losers as tied and
adds a stage that pulls them together (a draw among them); a lost game does not say the
losers played alike, so that stage is left out here. Where returns order every seat, or
all seats tie (a draw), the update is openskill's own (checked by the tests)."""

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


def _c(ratings: Sequence[Rating], scale: Scale) -> float:
    """Weng & Lin's c: the spread of performances at this table."""
    return math.sqrt(sum(r.sigma ** 2 + scale.beta ** 2 for r in ratings))


def win_chances(ratings: Sequence[Rating], scale: Scale) -> list[float]:
    """Each seat's chance to win, by the model the update assumes: Plackett–Luce's first
    choice, exp(mu/c) over the table's sum (doubt flattens it through c). Sums to 1."""
    if not ratings:
        return []
    c = _c(ratings, scale)
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
    c = _c(before, scale)
    exps = [math.exp(r.mu / c) for r in before]
    omega = [0.0] * len(before)
    delta = [0.0] * len(before)
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
        gamma = rating.sigma / c  # openskill's default gamma
        mu = rating.mu + variance / c * omega[seat]
        shrink = max(1 - gamma * variance / c ** 2 * delta[seat], scale.kappa)
        result.append(Rating(mu, math.sqrt(variance * shrink), rating.games + 1))
    return result
