"""Balance figures of a set of games: seat advantage, game length, how games end, win rate
by label (Super Camelot's characters) and by bot; and comparisons between variants with
their significance."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import fmean, pstdev, stdev
from typing import Any

from albion.core.state import CAP
from albion.core.words import Words, say
from albion.sim.batch import GameOutcome
from albion.sim.stats import wilson

SIGNIFICANCE = 0.05


@dataclass(frozen=True)
class Rate:
    wins: float
    games: int

    @property
    def value(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {"wins": self.wins, "games": self.games, "rate": round(self.value, 4),
                "interval95": [round(low, 4), round(high, 4)]}

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> Rate:
        return cls(float(data["wins"]), int(data["games"]))


@dataclass(frozen=True)
class Balance:
    """The figures of one configuration (a variant and a line-up)."""

    label: str
    variant: dict[str, Any]
    games: int
    seats: list[Rate]
    lengths: list[int]
    end_reasons: dict[str, int]
    bots: dict[str, Rate]
    labels: dict[str, dict[str, Rate]] = field(default_factory=dict)

    @property
    def mean_length(self) -> float:
        return fmean(self.lengths) if self.lengths else 0.0

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "variant": self.variant,
            "games": self.games,
            "seat_win_rates": [rate.to_json_dict() for rate in self.seats],
            "mean_actions": round(self.mean_length, 2),
            "actions_sd": round(pstdev(self.lengths), 2) if self.lengths else 0.0,
            "end_reasons": self.end_reasons,
            "actions_per_game": self.lengths,
            "bot_win_rates": {name: rate.to_json_dict() for name, rate in self.bots.items()},
            "label_win_rates": {key: {value: rate.to_json_dict() for value, rate in
                                      rates.items()} for key, rates in self.labels.items()},
        }

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> Balance:
        """The figures as `to_json_dict` wrote them (report.json), to draw them again in
        another language (issue 29); KeyError when a field is missing (an older report
        without `actions_per_game`)."""
        return cls(
            label=str(data["label"]),
            variant=dict(data["variant"]),
            games=int(data["games"]),
            seats=[Rate.from_json_dict(rate) for rate in data["seat_win_rates"]],
            lengths=[int(length) for length in data["actions_per_game"]],
            end_reasons={str(reason): int(count)
                         for reason, count in data["end_reasons"].items()},
            bots={str(name): Rate.from_json_dict(rate)
                  for name, rate in data["bot_win_rates"].items()},
            labels={str(key): {str(value): Rate.from_json_dict(rate)
                               for value, rate in rates.items()}
                    for key, rates in data["label_win_rates"].items()},
        )


def _won(outcome: GameOutcome) -> list[float]:
    """Each seat's win (ALL-1 shares); a draw at the safety cap is no win."""
    return [0.0 if outcome.end_reason == CAP else value for value in outcome.returns]


def balance(label: str, variant: dict[str, Any], bots: Sequence[str],
            outcomes: Sequence[GameOutcome]) -> Balance:
    """Seat k's win rate counts the games where it won (shared wins as fractions; capped
    draws as no win)."""
    players = len(outcomes[0].seats) if outcomes else 0
    seat_wins = [0.0] * players
    bot_wins: dict[str, float] = defaultdict(float)
    bot_games: Counter[str] = Counter()
    label_wins: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    label_games: dict[str, Counter[str]] = defaultdict(Counter)
    for outcome in outcomes:
        won = _won(outcome)
        for name in {bots[b] for b in outcome.seats}:  # one game per bot, however many seats
            bot_games[name] += 1
        for seat, bot in enumerate(outcome.seats):
            seat_wins[seat] += won[seat]
            bot_wins[bots[bot]] += won[seat]
            for key, values in outcome.labels.items():
                label_wins[key][values[seat]] += won[seat]
                label_games[key][values[seat]] += 1
    return Balance(
        label=label,
        variant=variant,
        games=len(outcomes),
        seats=[Rate(wins, len(outcomes)) for wins in seat_wins],
        lengths=[outcome.num_actions for outcome in outcomes],
        end_reasons=dict(sorted(Counter(o.end_reason for o in outcomes).items())),
        bots={name: Rate(bot_wins[name], bot_games[name]) for name in dict.fromkeys(bots)
              if bot_games[name]} if len(set(bots)) > 1 else {},  # one bot: nothing to say
        labels={key: {value: Rate(label_wins[key][value], games)
                      for value, games in sorted(counts.items())}
                for key, counts in label_games.items()},
    )


def _normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def proportion_test(a: Rate, b: Rate) -> tuple[float, float]:
    """(b − a, two-sided p) by the two-proportion z-test."""
    pooled = (a.wins + b.wins) / max(a.games + b.games, 1)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / max(a.games, 1) + 1 / max(b.games, 1)))
    difference = b.value - a.value
    return difference, (_normal_p(difference / spread) if spread else 1.0)


def mean_test(a: Sequence[int], b: Sequence[int]) -> tuple[float, float]:
    """(mean b − mean a, two-sided p) by Welch's statistic (sample variances) with a normal
    reference — fine for the hundreds of games a report plays, a little bold below 30."""
    if len(a) < 2 or len(b) < 2:
        return fmean(b) - fmean(a) if a and b else 0.0, 1.0
    spread = math.sqrt(stdev(a) ** 2 / len(a) + stdev(b) ** 2 / len(b))
    difference = fmean(b) - fmean(a)
    if not spread:
        return difference, 0.0 if difference else 1.0
    return difference, _normal_p(difference / spread)


@dataclass(frozen=True)
class Comparison:
    """One swept value against the base configuration."""

    key: str
    value: Any
    first_seat: tuple[float, float]
    """(difference of the first seat's win rate, p)."""
    length: tuple[float, float]
    """(difference of mean actions per game, p)."""

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "key": self.key, "value": self.value,
            "first_seat_win_rate_difference": round(self.first_seat[0], 4),
            "first_seat_p": round(self.first_seat[1], 4),
            "first_seat_significant": self.first_seat[1] < SIGNIFICANCE,
            "mean_actions_difference": round(self.length[0], 2),
            "mean_actions_p": round(self.length[1], 4),
            "mean_actions_significant": self.length[1] < SIGNIFICANCE,
        }


def compare(base: Balance, other: Balance, key: str, value: Any) -> Comparison:
    return Comparison(key, value, proportion_test(base.seats[0], other.seats[0]),
                      mean_test(base.lengths, other.lengths))


def hidden_information_note(bots: Sequence[str],
                            outcomes: Sequence[GameOutcome]) -> Words | None:
    """Why the value of hidden information is not measured, as words (None when it is)."""
    names = [name.split(":")[0] for name in bots]
    if "cheat-mcts" not in names or "ismcts" not in names:
        return say("not measured, as it needs cheat-mcts and ismcts in the line-up (with "
                   "the same search options)")
    if hidden_information_value(bots, outcomes) is None:
        return say("not measured, as fewer than two games had both cheat-mcts and ismcts "
                   "seated")
    return None


def hidden_information_value(bots: Sequence[str],
                             outcomes: Sequence[GameOutcome]) -> tuple[float, float] | None:
    """With cheat-mcts and ismcts in one line-up: (mean win gap per game where both sat,
    two-sided p of a paired test) — what seeing hidden information is worth (compare them
    with the same search options); None otherwise."""
    names = [name.split(":")[0] for name in bots]
    if "cheat-mcts" not in names or "ismcts" not in names:
        return None
    cheat, honest = names.index("cheat-mcts"), names.index("ismcts")
    gaps = []
    for outcome in outcomes:
        if cheat in outcome.seats and honest in outcome.seats:
            won = _won(outcome)
            gaps.append(sum(w for s, w in zip(outcome.seats, won, strict=True) if s == cheat)
                        - sum(w for s, w in zip(outcome.seats, won, strict=True)
                              if s == honest))
    if len(gaps) < 2:
        return None
    spread = stdev(gaps) / math.sqrt(len(gaps))
    gap = fmean(gaps)
    return gap, (_normal_p(gap / spread) if spread else (0.0 if gap else 1.0))
