"""`albion analyse`'s tables (issue 33): each seat's summary, then each flagged decision
with the better action and its reason, in the reader's language. The hindsight estimate
sees hidden information (for analysis only, of a finished game), so the table says so."""

from __future__ import annotations

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
