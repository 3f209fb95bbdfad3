"""An analysis as values (issue 33): each judged decision, each seat's summary and the
positions to replay. Plain data that turns into JSON (`to_json_dict`) for the terminal
now and the server later; reasons are words (`Words.to_json`), put into a language only
by the face that shows them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from albion.analysis.labels import FLAGGED, Label
from albion.core.words import Words

ANALYSIS_FORMAT = "albion-analysis/1"


@dataclass(frozen=True)
class Decision:
    """One judged decision: action `index` of the record (0-based), played by `seat`."""

    index: int
    seat: int
    played: str
    best: str
    fair: float
    """The seat's fair win chance before deciding (its best candidate's), as shown:
    through the game's calibration map."""
    hindsight: tuple[float, ...]
    """Every seat's hindsight win chance at this moment."""
    chances: dict[str, float]
    """The fair win chance of each candidate action (notation), as shown."""
    iterations: int
    fall: float
    judged: float
    label: Label
    reason: Words | None = None
    position: str | None = None
    """The position text before the decision (flagged decisions only)."""
    search: dict[str, float] = field(default_factory=dict)
    """Each candidate's value by the fair search itself (before the calibration map):
    `fall` and `judged` are differences of these."""
    said: tuple[Words | str, Words | str] | None = None
    """A flagged decision's action played and better action as the seat's buttons name
    them (words: a face says them in its reader's language); `played` and `best` are
    their notation."""

    @property
    def is_flagged(self) -> bool:
        return self.label in FLAGGED

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "index": self.index, "seat": self.seat, "played": self.played,
            "best": self.best, "fair": _round(self.fair),
            "hindsight": [_round(value) for value in self.hindsight],
            "chances": {action: _round(value) for action, value in self.chances.items()},
            "iterations": self.iterations, "fall": _round(self.fall),
            "judged": _round(self.judged), "label": self.label.value,
            "reason": None if self.reason is None else self.reason.to_json(),
            "reason_text": None if self.reason is None else str(self.reason),
            "search": {action: _round(value) for action, value in self.search.items()},
            "said": None if self.said is None else
            {"played": _words(self.said[0]), "best": _words(self.said[1])},
        }


@dataclass(frozen=True)
class SeatSummary:
    """A seat's game in figures: its decisions judged, its mistakes by kind, and its luck:
    how far the deal and the draws stood for it (the mean of hindsight minus fair win
    chance at its decisions; positive: luckier than it could expect) and at its first
    decision (the deal)."""

    seat: int
    player: str
    result: float
    decisions: int
    labels: dict[str, int]
    luck: float
    deal_luck: float
    mean_fall: float

    def to_json_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "player": self.player, "result": self.result,
                "decisions": self.decisions, "labels": dict(self.labels),
                "luck": _round(self.luck), "deal_luck": _round(self.deal_luck),
                "mean_fall": _round(self.mean_fall)}


@dataclass(frozen=True)
class Analysis:
    game: str
    game_version: str
    seats: tuple[str, ...]
    returns: tuple[float, ...]
    seed: int
    iterations: int
    hindsight_iterations: int
    candidates: int
    decisions: tuple[Decision, ...]
    summaries: tuple[SeatSummary, ...]
    seconds: float = field(default=0.0, compare=False)
    calibration: dict[str, Any] | None = None
    """The calibration map the win chances are shown through (None: the search's own
    values), and what it was fitted on."""

    def flagged(self) -> list[Decision]:
        return [decision for decision in self.decisions if decision.is_flagged]

    def replays(self) -> list[dict[str, Any]]:
        """"Replay my mistakes": each flagged position as its position text, who is to
        move, what was played and the better action."""
        return [{"index": d.index, "seat": d.seat, "label": d.label.value,
                 "position": d.position, "played": d.played, "better": d.best}
                for d in self.flagged()]

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "format": ANALYSIS_FORMAT, "game": self.game, "game_version": self.game_version,
            "seats": list(self.seats), "returns": list(self.returns), "seed": self.seed,
            "iterations": self.iterations, "hindsight_iterations": self.hindsight_iterations,
            "candidates": self.candidates,
            "decisions": [decision.to_json_dict() for decision in self.decisions],
            "summaries": [summary.to_json_dict() for summary in self.summaries],
            "replays": self.replays(), "seconds": round(self.seconds, 2),
            "calibration": self.calibration,
        }


def _round(value: float) -> float:
    return round(value, 4)


def _words(words: Words | str) -> Any:
    """Words as JSON (`Words.to_json`), a plain text as itself."""
    return words.to_json() if isinstance(words, Words) else words
