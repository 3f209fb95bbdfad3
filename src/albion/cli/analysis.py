"""`albion analyse`'s tables (issue 33): each seat's summary, then each flagged decision
with the better action and its reason, in the reader's language. The hindsight estimate
sees hidden information (for analysis only, of a finished game), so the table says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from albion.analysis import Analysis, Label
from albion.analysis.reasons import LABEL_WORDS
from albion.core.game import AnyGame
from albion.i18n import _, _n, current
from albion.i18n.numbers import decimal, percent

LABEL_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def analysis_view(game: AnyGame, analysis: Analysis) -> Group:
    """The summary table and the flagged decisions."""
    summary = Table(title=_n("{game}: {count} decision judged, seed {seed}",
                             "{game}: {count} decisions judged, seed {seed}",
                             len(analysis.decisions), game=game.name, seed=analysis.seed))
    summary.add_column(_("Seat / player"), overflow="fold")
    summary.add_column(_("Result"), justify="right")
    summary.add_column(_("Decisions"), justify="right")
    for label in ("inaccuracy", "mistake", "blunder"):
        summary.add_column(current().words(LABEL_WORDS[Label(label)]), justify="right",
                           style=LABEL_STYLES[label])
    summary.add_column(_("Luck"), justify="right")
    for seat in analysis.summaries:
        summary.add_row(f"{game.seat_name(seat.seat)} {seat.player}",
                        decimal(seat.result, 2), str(seat.decisions),
                        *(str(seat.labels[label]) for label in
                          ("inaccuracy", "mistake", "blunder")),
                        percent(seat.luck, 1, signed=True))
    flagged = Table(title=_("Flagged decisions"), show_lines=False)
    flagged.add_column("#", justify="right")
    flagged.add_column(_("Seat"))
    flagged.add_column(_("Verdict"))
    flagged.add_column(_("Played"), overflow="fold")
    flagged.add_column(_("Better"), overflow="fold")
    flagged.add_column(_("Why"), overflow="fold", ratio=1)
    for decision in analysis.flagged():
        label = decision.label
        flagged.add_row(str(decision.index + 1), game.seat_name(decision.seat),
                        Text(current().words(LABEL_WORDS[label]),
                             style=LABEL_STYLES[label.value]),
                        decision.played, decision.best,
                        current().words(decision.reason) if decision.reason else "")
    notes = Text(_("Fair: the seat's win chance from what it saw (the fair search). Luck: "
                   "its hindsight win chance (the whole deal and every later draw known, "
                   "for analysis only) less its fair one, on average over its decisions. "
                   "{seconds} s", seconds=decimal(analysis.seconds, 1)), style="dim")
    parts: list[Table | Text] = [summary]
    if analysis.flagged():
        parts.append(flagged)
    else:
        parts.append(Text(_("No decision flagged.")))
    parts.append(notes)
    return Group(*parts)


def bench_view(results: dict[str, list[Any]]) -> Group:
    """`albion analyse-bench`'s tables: one per part measured, each target marked."""
    parts: list[Table | Text] = []
    if results.get("calibration"):
        table = Table(title=_("Calibration of the fair win chance (target: ECE ≤ 0.03 on "
                              "positions the map was not fitted on)"))
        for column in (_("Game"), _("Positions"), _("Seed"), _("Iterations"),
                       _("ECE of the search"), _("Calibration map"), _("ECE shown [95%]"),
                       _("Noise floor"), _("Seconds")):
            table.add_column(column, justify="right")
        for item in results["calibration"]:
            shown = _("{rate} [{low}, {high}]", rate=decimal(item.ece_calibrated, 3),
                      low=decimal(item.interval[0], 3), high=decimal(item.interval[1], 3))
            if not item.held_out:
                shown = _("{figure} (fitted on these positions)", figure=shown)
            table.add_row(item.game, str(item.positions), str(item.seed),
                          str(item.iterations), decimal(item.ece, 3), item.calibration_map,
                          _mark(shown, calibration_passed(item)), decimal(item.floor, 3),
                          decimal(item.seconds, 0))
        parts.append(table)
    if results.get("stability"):
        table = Table(title=_("Stability over 3 seeds (target: the same label on ≥ 90% "
                              "of decisions)"))
        for column in (_("Game"), _("Games"), _("Decisions"), _("Same label"),
                       _("Flagged by any seed: same label"), _("Iterations")):
            table.add_column(column, justify="right")
        for item in results["stability"]:
            table.add_row(item.game, str(item.games), str(item.decisions),
                          _mark(percent(item.share, 1), item.share >= STABILITY_TARGET),
                          f"{item.flagged_same}/{item.flagged_any}", str(item.iterations))
        parts.append(table)
    if results.get("speed"):
        table = Table(title=_("Speed: the median-length game (target: ≤ 30 s)"))
        for column in (_("Game"), _("Actions"), _("Decisions"), _("Iterations"),
                       _("Seconds")):
            table.add_column(column, justify="right")
        for item in results["speed"]:
            table.add_row(item.game, str(item.actions), str(item.decisions),
                          str(item.iterations),
                          _mark(decimal(item.seconds, 1), item.seconds <= SPEED_TARGET))
        parts.append(table)
    if results.get("sense"):
        table = Table(title=_("Sense: the share of each bot's decisions flagged (the "
                              "weaker more, the interval above 0)"))
        for column in (_("Game"), _("Games"), _("Bots"), _("Flagged"),
                       _("Difference [95%]")):
            table.add_column(column, justify="right")
        for item in results["sense"]:
            shares = [f / d if d else 0.0 for f, d in zip(item.flagged, item.decisions,
                                                          strict=True)]
            table.add_row(item.game, str(item.games), " / ".join(item.bots),
                          " / ".join(percent(share, 1) for share in shares),
                          _mark(_("{rate} [{low}, {high}]", rate=percent(item.difference, 1),
                                  low=percent(item.interval[0], 1),
                                  high=percent(item.interval[1], 1)),
                                item.interval[0] > 0))
        parts.append(table)
    return Group(*parts)


ECE_TARGET = 0.03
STABILITY_TARGET = 0.90
SPEED_TARGET = 30.0


def calibration_passed(item: Any) -> bool:
    """The calibration target: the win chance shown (through the game's map) within
    ECE_TARGET on positions of seeds the map was not fitted on."""
    return bool(item.held_out and item.ece_calibrated <= ECE_TARGET)


def bench_passed(results: dict[str, list[Any]]) -> bool:
    """Whether every figure measured meets its target (issue 33)."""
    return all(calibration_passed(item) for item in results.get("calibration", [])) and \
        all(item.share >= STABILITY_TARGET for item in results.get("stability", [])) and \
        all(item.seconds <= SPEED_TARGET for item in results.get("speed", [])) and \
        all(item.interval[0] > 0 for item in results.get("sense", []))


def _mark(text: str, passed: bool) -> Text:
    return Text(f"{text} {'✓' if passed else '✗'}", style="green" if passed else "red")


def curves_plot(game: AnyGame, analysis: Analysis, path: Path) -> None:
    """Both curves per seat over the game (issue 33): the fair win chance at the seat's
    decisions, its hindsight win chance at every decision, flagged decisions marked."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415 - slow
    from matplotlib.figure import Figure  # noqa: PLC0415

    seats = len(analysis.seats)
    figure = Figure(figsize=(9, 2.4 * seats))
    FigureCanvasAgg(figure)
    for seat in range(seats):
        axes = figure.add_subplot(seats, 1, seat + 1)
        own = [d for d in analysis.decisions if d.seat == seat]
        axes.plot([d.index + 1 for d in analysis.decisions],
                  [d.hindsight[seat] for d in analysis.decisions], color="grey",
                  linewidth=1, label=_("hindsight"))
        axes.plot([d.index + 1 for d in own], [d.fair for d in own], color="tab:blue",
                  linewidth=1.5, label=_("fair"))
        for decision in own:
            if decision.is_flagged:
                axes.scatter([decision.index + 1], [decision.fair], zorder=3, s=22,
                             color=PLOT_COLOURS[decision.label.value])
        axes.set_ylim(0, 1)
        axes.set_ylabel(_("win chance"))
        axes.set_title(f"{game.seat_name(seat)} {analysis.seats[seat]}", fontsize=9)
        axes.legend(loc="upper left", fontsize=7)
    figure.axes[-1].set_xlabel(_("action"))
    figure.tight_layout()
    figure.savefig(path, dpi=100, format="png")


PLOT_COLOURS = {"inaccuracy": "gold", "mistake": "darkorange", "blunder": "red"}
