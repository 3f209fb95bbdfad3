"""`albion report`: balance figures of a game under its base variant and under swept
variant values, each from a seat-balanced tournament, written as an HTML page (plots) in
the reader's language and a JSON file with the same numbers, language-free (issue 29)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from albion.bots.registry import cheats
from albion.core.errors import VariantError
from albion.core.game import AnyGame
from albion.core.variants import VariantValue
from albion.core.words import Words
from albion.sim.balance import (
    Balance,
    Comparison,
    balance,
    compare,
    hidden_information_note,
    hidden_information_value,
)
from albion.sim.report_names import BASE
from albion.sim.tournament import TournamentConfig, run_tournament


@dataclass(frozen=True)
class ReportPlan:
    game: AnyGame
    bots: tuple[str, ...]
    games: int
    players: int
    seed: int
    variant: dict[str, VariantValue]
    sweeps: tuple[tuple[str, tuple[VariantValue, ...]], ...] = ()

    def configurations(self) -> list[tuple[str, str | None, VariantValue | None,
                                           dict[str, VariantValue]]]:
        """(label, swept key, value, full variant): the base first, then each swept value
        that differs from it."""
        base = self.game.variant(self.variant).as_dict()
        found: list[tuple[str, str | None, VariantValue | None, dict[str, VariantValue]]] = [
            (BASE, None, None, base)]
        for key, values in self.sweeps:
            for value in values:
                variant = self.game.variant({**base, key: value}).as_dict()
                if variant != base:
                    found.append((f"{key}={variant[key]}", key, variant[key], variant))
        return found


@dataclass(frozen=True)
class Report:
    plan: ReportPlan
    figures: list[Balance]
    comparisons: list[Comparison]
    hidden_information: tuple[float, float] | None
    hidden_information_note: Words | None = None
    """Why it was not measured, when it was not (words, said where shown)."""

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "game": self.plan.game.id,
            "bots": list(self.plan.bots),
            "cheating_bots": [b for b in self.plan.bots if cheats(b)],
            "games_per_configuration": self.plan.games,
            "players": self.plan.players,
            "seed": self.plan.seed,
            "configurations": [figures.to_json_dict() for figures in self.figures],
            "comparisons": [comparison.to_json_dict() for comparison in self.comparisons],
            "hidden_information_value": None if self.hidden_information is None else {
                "win_rate_gap": round(self.hidden_information[0], 4),
                "p": round(self.hidden_information[1], 4)},
            "hidden_information_note": None if self.hidden_information_note is None
            else self.hidden_information_note.to_json(),
        }


def run_report(plan: ReportPlan, out: Path, backend: str, workers: int,
               progress: Callable[[str, int], None] | None = None) -> Report:
    """Play every configuration (resumable under `out/runs/`), then write
    `out/report.json` and `out/report.html`."""
    figures: list[Balance] = []
    comparisons: list[Comparison] = []
    hidden: tuple[float, float] | None = None
    note: Words | None = None
    for label, key, value, variant in plan.configurations():
        config = TournamentConfig(plan.game.id, plan.bots, plan.games, plan.players,
                                  plan.seed, tuple(sorted(variant.items())))
        outcomes = run_tournament(config, backend, workers,
                                  out / "runs" / label.replace("=", "-"),
                                  progress=_reporter(progress, label))
        figures.append(balance(label, variant, plan.bots, outcomes))
        if key is None:
            hidden = hidden_information_value(plan.bots, outcomes)
            note = hidden_information_note(plan.bots, outcomes)
        else:
            comparisons.append(compare(figures[0], figures[-1], key, value))
    report = Report(plan, figures, comparisons, hidden, note)
    from albion.sim.report_page import render_page  # noqa: PLC0415 - matplotlib: seconds

    out.mkdir(parents=True, exist_ok=True)
    data = report.to_json_dict()
    (out / "report.json").write_text(json.dumps(data, indent=1) + "\n")
    (out / "report.html").write_text(render_page(data), encoding="utf-8")
    return report


def _reporter(progress: Callable[[str, int], None] | None,
              label: str) -> Callable[[int], None] | None:
    if progress is None:
        return None
    return lambda done: progress(label, done)


def sweep_pairs(items: Sequence[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """`["contest=first-takes,all-lose"]` → (("contest", ("first-takes", "all-lose")),)."""
    pairs = []
    for item in items:
        key, sep, values = item.partition("=")
        if not sep or not key.strip() or not values.strip():
            raise VariantError(f"sweep {item!r} is not of the form key=v1,v2")
        pairs.append((key.strip(), tuple(v.strip() for v in values.split(",") if v.strip())))
    return tuple(pairs)
