"""A tournament summed up: OpenSkill ratings (multiplayer), win rates with 95% intervals,
seats, game length, how games end, and each bot's time per move."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from albion.bots.registry import cheats
from albion.core.state import CAP
from albion.sim.batch import GameOutcome
from albion.sim.stats import wilson


@dataclass(frozen=True)
class BotStanding:
    name: str
    games: int
    seats: int
    """Seats filled over the tournament (a bot may fill several seats of one game)."""
    wins: float
    win_rate: float
    interval: tuple[float, float]
    mu: float
    sigma: float
    seconds_per_move: float

    @property
    def ordinal(self) -> float:
        """A conservative rating: mu − 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Standings:
    bots: list[BotStanding]
    seat_wins: list[float]
    games: int
    draws: int
    mean_actions: float
    end_reasons: dict[str, int]

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "draws": self.draws,
            "mean_actions": round(self.mean_actions, 3),
            "end_reasons": self.end_reasons,
            "seat_wins": self.seat_wins,
            "bots": [
                {"bot": b.name, "cheats": cheats(b.name),
                 "games": b.games, "seats": b.seats, "wins": b.wins,
                 "win_rate": round(b.win_rate, 4),
                 "interval95": [round(b.interval[0], 4), round(b.interval[1], 4)],
                 "mu": round(b.mu, 3), "sigma": round(b.sigma, 3),
                 "ordinal": round(b.ordinal, 3),
                 "seconds_per_move": round(b.seconds_per_move, 5)}
                for b in self.bots
            ],
        }


def ranks(outcome: GameOutcome) -> list[float]:
    """1 for the winners (everyone at a capped draw), 2 for the rest."""
    best = max(outcome.returns)
    return [1.0 if value == best else 2.0 for value in outcome.returns]


def standings(bots: Sequence[str], outcomes: Sequence[GameOutcome]) -> Standings:
    """Ratings are updated game by game in game order, so they never depend on which
    worker finished first. A bot's win rate counts games: with a bot at several seats of
    one game, its seats' returns add up (at most one win per game)."""
    model = PlackettLuce()
    ratings = [model.rating(name=name) for name in bots]
    games = [0] * len(bots)
    seats = [0] * len(bots)
    wins = [0.0] * len(bots)
    seconds = [0.0] * len(bots)
    moves = [0] * len(bots)
    seat_wins = [0.0] * (len(outcomes[0].seats) if outcomes else 0)
    reasons: Counter[str] = Counter()
    draws = 0
    for outcome in sorted(outcomes, key=lambda o: o.index):
        reasons[outcome.end_reason] += 1
        for seat, bot in enumerate(outcome.seats):
            seconds[bot] += outcome.think_seconds[seat]
            moves[bot] += outcome.moves[seat]
            seats[bot] += 1
        for bot in set(outcome.seats):  # a bot at several seats plays one game, wins once
            games[bot] += 1
        if outcome.end_reason == CAP:
            draws += 1
        else:
            for seat, value in enumerate(outcome.returns):
                wins[outcome.seats[seat]] += value
                seat_wins[seat] += value
        teams = [[ratings[bot]] for bot in outcome.seats]
        rated = model.rate(teams, ranks=ranks(outcome))
        for bot in sorted(set(outcome.seats)):  # a bot at several seats: the mean of its updates
            mine = [team[0] for seat, team in enumerate(rated) if outcome.seats[seat] == bot]
            ratings[bot] = model.rating(mu=sum(r.mu for r in mine) / len(mine),
                                        sigma=sum(r.sigma for r in mine) / len(mine),
                                        name=bots[bot])
    rows = [BotStanding(name, games[i], seats[i], wins[i],
                        wins[i] / games[i] if games[i] else 0.0,
                        wilson(wins[i], games[i]), ratings[i].mu, ratings[i].sigma,
                        seconds[i] / moves[i] if moves[i] else 0.0)
            for i, name in enumerate(bots)]
    return Standings(rows, seat_wins, len(outcomes), draws,
                     sum(o.num_actions for o in outcomes) / max(len(outcomes), 1),
                     dict(sorted(reasons.items())))
