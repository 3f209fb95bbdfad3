"""Result tables for the terminal: win rates with 95% intervals, in the reader's language
(issue 29): its words through the catalogue, how games ended as words (`sim.ends`), numbers
as the language writes them; bot specs, seat names and variant values are data, as typed."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from albion.bots import is_cheat, parse_players
from albion.bots.registry import cheats
from albion.core.game import AnyGame
from albion.i18n import _, _n
from albion.i18n.numbers import decimal, percent
from albion.sim.balance import SIGNIFICANCE
from albion.sim.ends import ends_text
from albion.sim.report import Report
from albion.sim.report_names import configuration_name, seat_label_words
from albion.sim.simulate import Summary
from albion.sim.standings import Standings
from albion.sim.stats import wilson
from albion.sim.tournament import TournamentConfig

__all__ = ["ends_text", "report_table", "standings_table", "summary_table"]


def cheat_note() -> str:
    return _("⚠ cheats: sees hidden information (for analysis only)")


def cheats_mark() -> str:
    return " " + _("⚠ cheats")


def rate_text(value: float, low: float, high: float, digits: int = 1) -> str:
    """A win rate and its 95% interval (`45.3% [30%, 60%]`), the language's way."""
    return _("{rate} [{low}, {high}]", rate=percent(value), low=percent(low, digits),
             high=percent(high, digits))


def summary_table(game: AnyGame, summary: Summary) -> Table:
    """Wins per player (and per seat when rotated), with Wilson 95% intervals."""
    games = summary.games
    title = _n("{game}: {count} game, seed {seed} (players rotated round the seats)",
               "{game}: {count} games, seed {seed} (players rotated round the seats)",
               games, game=game.name, seed=summary.seed) if summary.rotate else \
        _n("{game}: {count} game, seed {seed}", "{game}: {count} games, seed {seed}", games,
           game=game.name, seed=summary.seed)
    table = Table(title=title)
    table.add_column(_("Player") if summary.rotate else _("Seat / player"), overflow="fold")
    table.add_column(_("Wins"), justify="right")
    table.add_column(_("Win rate [95%]"), justify="right")
    if summary.rotate:
        table.add_column(_("Seat"), justify="right")
        table.add_column(_("Seat wins"), justify="right")
    specs = parse_players(",".join(summary.players), allow_human=False)
    for index, (name, wins) in enumerate(zip(summary.players, summary.wins, strict=True)):
        low, high = wilson(wins, games)
        label = name + (cheats_mark() if is_cheat(specs[index]) else "")
        row = [label if summary.rotate else f"{game.seat_name(index)} {label}", f"{wins:g}",
               rate_text(wins / games, low, high)]
        if summary.rotate:
            row += [game.seat_name(index), f"{summary.seat_wins[index]:g}"]
        table.add_row(*row)
    if any(is_cheat(spec) for spec in specs):
        table.caption = cheat_note()
    return table


def standings_table(game: AnyGame, config: TournamentConfig, table: Standings) -> Group:
    """Ratings and win rates per bot, then seats and game length."""
    bots = Table(title=_n("{game} tournament: {count} game of {players}, seed {seed}",
                          "{game} tournament: {count} games of {players}, seed {seed}",
                          table.games, game=game.name, players=config.players,
                          seed=config.seed))
    bots.add_column(_("Bot"), justify="left", overflow="fold")
    for column in (_("Rating (mu ± sigma)"), _("Games"), _("Seats"), _("Wins"),
                   _("Win rate [95%]"), _("s/move")):
        bots.add_column(column, justify="right", overflow="ellipsis")
    specs = parse_players(",".join(config.bots), allow_human=False)
    order = sorted(range(len(table.bots)), key=lambda i: -table.bots[i].ordinal)
    for index in order:
        row = table.bots[index]
        label = row.name + (cheats_mark() if is_cheat(specs[index]) else "")
        bots.add_row(label, f"{decimal(row.mu)} ± {decimal(row.sigma)}", str(row.games),
                     str(row.seats), f"{row.wins:g}",
                     rate_text(row.win_rate, *row.interval),
                     decimal(row.seconds_per_move, 4))
    if any(is_cheat(spec) for spec in specs):
        bots.caption = cheat_note()
    wins = ", ".join(f"{game.seat_name(seat)} {wins:g}"
                     for seat, wins in enumerate(table.seat_wins))
    seats = Text(_("Wins by seat: {wins} · draws {draws} · mean actions {mean} · ended by: "
                   "{ends}", wins=wins, draws=str(table.draws),
                   mean=decimal(table.mean_actions), ends=ends_text(table.end_reasons)))
    return Group(bots, seats)


def report_table(game: AnyGame, report: Report) -> Group:
    """Each configuration's seat win rates and length; each sweep against the base."""
    table = Table(title=_n("{game} balance: {count} game per configuration",
                           "{game} balance: {count} games per configuration",
                           report.plan.games, game=game.name))
    table.add_column(_("Configuration"), overflow="fold")
    players = report.plan.players
    for seat in range(players):
        table.add_column(_("{seat} wins [95%]", seat=game.seat_name(seat)), justify="right")
    table.add_column(_("Mean actions"), justify="right")
    table.add_column(_("Ended by"))
    for figures in report.figures:
        table.add_row(configuration_name(figures.label), *(
            rate_text(r.value, *r.interval, digits=0) for r in figures.seats),
            decimal(figures.mean_length), ends_text(figures.end_reasons))
    parts: list[Table | Text] = [table]
    if report.figures and report.figures[0].bots:
        by_bot = Table(title=_("Win rate by bot [95%], per configuration (a game counts "
                               "once per bot, however many seats it filled)"))
        by_bot.add_column(_("Bot"), overflow="fold")
        for figures in report.figures:
            by_bot.add_column(configuration_name(figures.label), justify="right")
        for name in report.figures[0].bots:
            by_bot.add_row(name, *(
                rate_text(r.value, *r.interval, digits=0)
                if (r := figures.bots.get(name)) else "—" for figures in report.figures))
        parts.append(by_bot)
    if report.comparisons:
        against = Table(title=_("Against the base (two-sided p, same seeds, no correction "
                                "for several comparisons; * below 0.05)"))
        for column in (_("Swept value"), _("P1 win rate change"), _("Mean actions change")):
            against.add_column(column)
        for c in report.comparisons:
            seat_change, seat_p = c.first_seat
            length_change, length_p = c.length
            against.add_row(f"{c.key}={c.value}",
                            _tested(percent(seat_change, signed=True), seat_p),
                            _tested(decimal(length_change, signed=True), length_p))
        parts.append(against)
    for figures in report.figures[:1]:
        for key, rates in figures.labels.items():
            shown = " · ".join(f"{name.title()} {rate_text(r.value, *r.interval, digits=0)}"
                               for name, r in rates.items())
            parts.append(Text(_("Win rate by {label}: {rates}", label=seat_label_words(key),
                                rates=shown)))
    if report.hidden_information is not None:
        gap, p = report.hidden_information
        parts.append(Text(_("Value of hidden information: per game where both sat, "
                            "cheat-mcts wins {gap} more often than ismcts (paired, p={p})",
                            gap=percent(gap, signed=True), p=decimal(p, 3))))
    elif report.hidden_information_note is not None:
        parts.append(Text(_("Value of hidden information: {note}",
                            note=report.hidden_information_note), style="dim"))
    cheating = [b for b in report.plan.bots if cheats(b)]
    if cheating:
        parts.append(Text(_n("⚠ {bots} sees hidden information (for analysis only)",
                             "⚠ {bots} see hidden information (for analysis only)",
                             len(cheating), bots=", ".join(cheating)), style="yellow"))
    return Group(*parts)


def _tested(change: str, p: float) -> str:
    """A change and its p-value, starred below the significance level."""
    return _("{change} (p = {p})", change=change, p=decimal(p, 3)) + (
        " *" if p < SIGNIFICANCE else "")
