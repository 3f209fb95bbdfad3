"""The rating commands' tables (issue 30): the benchmark's figures per format, the anchors
a calibration placed and the ladders a measurement fitted, in the reader's language
(numbers its way; formats, bot specs, ladder and table names are data, as typed)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text

from albion.i18n import _
from albion.i18n.numbers import decimal, percent
from albion.sim.rating.anchors import FormatAnchors
from albion.sim.rating.bench import TARGET_ECE, TARGET_SPEARMAN, BenchResult
from albion.sim.rating.ladder import FittedLadder, LadderKey, knots_of, monotone_strengths


def _mark(met: bool) -> str:
    return "✓" if met else "✗"


def rating_bench_table(results: Sequence[BenchResult], seconds: float) -> Group:
    """One row per format: Spearman's rho of each rating with true strength (the ideal:
    the book's model fitted on all the games at once, `offline.py`), the
    calibration errors and the time; then the win share of each fifth of the ladder."""
    if not results:
        return Group(Text(_("No format was benchmarked.")))
    first = results[0].plan
    table = Table(title=_("Ratings against true strength: {population} players, {games} "
                          "games each, {tables} tables, seed {seed}",
                          population=str(first.population), games=str(first.games_each),
                          tables=first.tables, seed=str(first.seed)))
    table.add_column(_("Format"), overflow="fold")
    for column in (_("book ρ"), _("Elo ρ"), _("ideal ρ"), _("Weng–Lin ρ"),
                   _("win share ρ"), _("ECE"), _("Weng–Lin ECE"), _("s")):
        table.add_column(column, justify="right")
    fifths = Table(title=_("Share of games won, by fifth of the ladder (weakest first)"))
    fifths.add_column(_("Format"), overflow="fold")
    fifths.add_column(_("Ladder"), overflow="fold")
    for fifth in range(1, 6):
        fifths.add_column(str(fifth), justify="right")
    for result in results:
        plan = result.plan
        rho = result.spearman
        table.add_row(
            f"{plan.game}/{plan.players}",
            f"{decimal(rho['book'], 3)} {_mark(result.meets_spearman)}",
            decimal(rho["elo"], 3), decimal(rho["ideal"], 3), decimal(rho["weng_lin"], 3),
            decimal(rho["win_share"], 3),
            f"{decimal(result.ece, 3)} {_mark(result.meets_ece)}",
            decimal(result.ece_weng_lin, 3), decimal(result.seconds, 1))
        spacing = _("measured, even strengths") if result.ladder_measured \
            else _("even parameter")
        fifths.add_row(f"{plan.game}/{plan.players}", f"{plan.ladder} ({spacing})",
                       *(percent(share, 0) for share in result.win_share_by_fifth))
    table.caption = _("Targets: ρ ≥ {rho} and above Elo's; ECE ≤ {ece} (predictions made "
                      "before each game). Book: Plackett–Luce, Laplace update, each format's "
                      "beta. Weng–Lin: the book's first form (openskill's update and beta). "
                      "Elo: every pair of a game, K 60/40/20 (a player's first 10 games, the "
                      "next 10, after) over n − 1. Ideal: the book's model fitted on all "
                      "the games at once, the most their results tell. (--json adds "
                      "openskill's own PlackettLuce, losers tied.)",
                      rho=decimal(TARGET_SPEARMAN, 2), ece=decimal(TARGET_ECE, 2))
    beaten = sum(result.beats_elo for result in results)
    verdict = Text(_("The book above Elo in {beaten} of {count} formats · {seconds} s in all",
                     beaten=str(beaten), count=str(len(results)),
                     seconds=decimal(seconds, 1)))
    return Group(table, fifths, verdict)


def anchors_table(formats: dict[tuple[str, int], FormatAnchors]) -> Table:
    """Each calibrated format's reference bots: mu ± sigma, and the format's beta."""
    table = Table(title=_("Rating anchors (the random bot at 0)"))
    table.add_column(_("Format"), overflow="fold")
    table.add_column(_("Reference bot"), overflow="fold")
    table.add_column(_("Rating (mu ± sigma)"), justify="right")
    table.add_column(_("beta"), justify="right")
    table.add_column(_("Games"), justify="right")
    for (game, players), anchors in sorted(formats.items()):
        for entity, rating in sorted(anchors.ratings.items(), key=lambda kv: kv[1].mu):
            table.add_row(f"{game}/{players}", entity,
                          f"{decimal(rating.mu)} ± {decimal(rating.sigma)}",
                          decimal(anchors.beta, 2), str(anchors.games))
    return table


def ladders_table(fitted: dict[LadderKey, FittedLadder]) -> Table:
    """Each measured ladder's knots: the fitted log-strength (the first knot at 0), and
    the strength the rungs are placed by (made to rise along each knob)."""
    table = Table(title=_("Benchmark ladders: log-strength of each knot (the first at 0)"))
    table.add_column(_("Format"), overflow="fold")
    table.add_column(_("Bot"), overflow="fold")
    table.add_column(_("Fitted"), justify="right")
    table.add_column(_("Placed by"), justify="right")
    table.add_column(_("Games"), justify="right")
    for (game, players, name), fit in sorted(fitted.items()):
        knots = knots_of(name)
        placed = monotone_strengths(knots, fit.strengths)
        for knot, strength, level in zip(knots, fit.strengths, placed, strict=True):
            table.add_row(f"{game}/{players}:{name}", knot.bot(), decimal(strength, 2),
                          decimal(level, 2), str(fit.games))
    return table
