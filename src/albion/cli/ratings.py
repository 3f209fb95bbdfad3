"""The rating commands' tables (issue 30): the benchmark's figures per format, and the
anchors a calibration placed, in the reader's language (numbers its way; formats, bot
specs and ladder names are data, as typed)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text

from albion.i18n import _
from albion.i18n.numbers import decimal, percent
from albion.sim.rating.anchors import FormatAnchors
from albion.sim.rating.bench import TARGET_ECE, TARGET_SPEARMAN, BenchResult


def _mark(met: bool) -> str:
    return "✓" if met else "✗"


def rating_bench_table(results: Sequence[BenchResult], seconds: float) -> Group:
    """One row per format: Spearman's rho of each rating with true strength, the
    calibration error and the time; then the win share of each fifth of the ladder."""
    if not results:
        return Group(Text(_("No format was benchmarked.")))
    first = results[0].plan
    table = Table(title=_("Ratings against true strength: {population} players, {games} "
                          "games each, seed {seed}", population=str(first.population),
                          games=str(first.games_each), seed=str(first.seed)))
    table.add_column(_("Format"), overflow="fold")
    for column in (_("OpenSkill ρ"), _("Elo ρ"), _("losers tied ρ"), _("win share ρ"),
                   _("ECE"), _("s")):
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
            f"{decimal(rho['openskill'], 3)} {_mark(result.meets_spearman)}",
            decimal(rho["elo"], 3), decimal(rho["openskill_tied"], 3),
            decimal(rho["win_share"], 3),
            f"{decimal(result.ece, 3)} {_mark(result.meets_ece)}",
            decimal(result.seconds, 1))
        fifths.add_row(f"{plan.game}/{plan.players}", plan.ladder,
                       *(percent(share, 0) for share in result.win_share_by_fifth))
    table.caption = _("Targets: ρ ≥ {rho} and above Elo's; ECE ≤ {ece} (predictions made "
                      "before each game). Elo: every pair of a game, K 60/40/20 (a player's "
                      "first 10 games, the next 10, after) over n − 1. Losers tied: "
                      "openskill's own PlackettLuce.",
                      rho=decimal(TARGET_SPEARMAN, 2), ece=decimal(TARGET_ECE, 2))
    beaten = sum(result.beats_elo for result in results)
    verdict = Text(_("OpenSkill above Elo in {beaten} of {count} formats · {seconds} s in all",
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
