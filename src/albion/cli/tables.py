"""Result tables for the terminal: win rates with 95% intervals."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from albion.bots import is_cheat, parse_players
from albion.bots.registry import cheats
from albion.core.game import AnyGame
from albion.sim.balance import SIGNIFICANCE, ends_text
from albion.sim.report import Report
from albion.sim.simulate import Summary
from albion.sim.standings import Standings
from albion.sim.stats import wilson
from albion.sim.tournament import TournamentConfig

CHEAT_NOTE = "⚠ cheats: sees hidden information (for analysis only)"


def summary_table(game: AnyGame, summary: Summary) -> Table:
    """Wins per player (and per seat when rotated), with Wilson 95% intervals."""
    games = summary.games
    rotated = " (players rotated round the seats)" if summary.rotate else ""
    table = Table(title=f"{game.name}: {games} games, seed {summary.seed}{rotated}")
    table.add_column("Player" if summary.rotate else "Seat / player", overflow="fold")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate [95%]", justify="right")
    if summary.rotate:
        table.add_column("Seat", justify="right")
        table.add_column("Seat wins", justify="right")
    specs = parse_players(",".join(summary.players), allow_human=False)
    for index, (name, wins) in enumerate(zip(summary.players, summary.wins, strict=True)):
        low, high = wilson(wins, games)
        label = name + (" ⚠ cheats" if is_cheat(specs[index]) else "")
        row = [label if summary.rotate else f"{game.seat_name(index)} {label}", f"{wins:g}",
               f"{wins / games:.1%} [{low:.1%}, {high:.1%}]"]
        if summary.rotate:
            row += [game.seat_name(index), f"{summary.seat_wins[index]:g}"]
        table.add_row(*row)
    if any(is_cheat(spec) for spec in specs):
        table.caption = CHEAT_NOTE
    return table


def standings_table(game: AnyGame, config: TournamentConfig, table: Standings) -> Group:
    """Ratings and win rates per bot, then seats and game length."""
    bots = Table(title=f"{game.name} tournament: {table.games} games of {config.players}, "
                 f"seed {config.seed}")
    for column in ("Bot", "Rating (mu ± sigma)", "Games", "Seats", "Wins", "Win rate [95%]",
                   "s/move"):
        bots.add_column(column, justify="left" if column == "Bot" else "right",
                        overflow="fold" if column == "Bot" else "ellipsis")
    specs = parse_players(",".join(config.bots), allow_human=False)
    order = sorted(range(len(table.bots)), key=lambda i: -table.bots[i].ordinal)
    for index in order:
        row = table.bots[index]
        label = row.name + (" ⚠ cheats" if is_cheat(specs[index]) else "")
        bots.add_row(label, f"{row.mu:.1f} ± {row.sigma:.1f}", str(row.games), str(row.seats),
                     f"{row.wins:g}",
                     f"{row.win_rate:.1%} [{row.interval[0]:.1%}, {row.interval[1]:.1%}]",
                     f"{row.seconds_per_move:.4f}")
    if any(is_cheat(spec) for spec in specs):
        bots.caption = CHEAT_NOTE
    seats = Text("Wins by seat: " + ", ".join(
        f"{game.seat_name(seat)} {wins:g}" for seat, wins in enumerate(table.seat_wins))
        + f" · draws {table.draws} · mean actions {table.mean_actions:.1f} · ended by: "
        + ends_text(table.end_reasons))
    return Group(bots, seats)


def report_table(game: AnyGame, report: Report) -> Group:
    """Each configuration's seat win rates and length; each sweep against the base."""
    table = Table(title=f"{game.name} balance: {report.plan.games} games per configuration")
    table.add_column("Configuration", overflow="fold")
    players = report.plan.players
    for seat in range(players):
        table.add_column(f"P{seat + 1} wins [95%]", justify="right")
    table.add_column("Mean actions", justify="right")
    table.add_column("Ended by")
    for figures in report.figures:
        table.add_row(figures.label, *(
            f"{r.value:.1%} [{r.interval[0]:.0%}, {r.interval[1]:.0%}]" for r in figures.seats),
            f"{figures.mean_length:.1f}", ends_text(figures.end_reasons))
    parts: list[Table | Text] = [table]
    if report.figures and report.figures[0].bots:
        by_bot = Table(title="Win rate by bot [95%], per configuration (a game counts once "
                       "per bot, however many seats it filled)")
        by_bot.add_column("Bot", overflow="fold")
        for figures in report.figures:
            by_bot.add_column(figures.label, justify="right")
        for name in report.figures[0].bots:
            by_bot.add_row(name, *(
                f"{r.value:.1%} [{r.interval[0]:.0%}, {r.interval[1]:.0%}]"
                if (r := figures.bots.get(name)) else "—" for figures in report.figures))
        parts.append(by_bot)
    if report.comparisons:
        against = Table(title="Against the base (two-sided p, same seeds, no correction "
                        "for several comparisons; * below 0.05)")
        for column in ("Swept value", "P1 win rate change", "Mean actions change"):
            against.add_column(column)
        for c in report.comparisons:
            seat_change, seat_p = c.first_seat
            length_change, length_p = c.length
            against.add_row(
                f"{c.key}={c.value}",
                f"{seat_change:+.1%} (p={seat_p:.3f}){_star(seat_p)}",
                f"{length_change:+.1f} (p={length_p:.3f}){_star(length_p)}")
        parts.append(against)
    for figures in report.figures[:1]:
        for key, rates in figures.labels.items():
            parts.append(Text(f"Win rate by {key}: " + ", ".join(
                f"{name} {r.value:.1%} [{r.interval[0]:.0%}, {r.interval[1]:.0%}]"
                for name, r in rates.items())))
    if report.hidden_information is not None:
        gap, p = report.hidden_information
        parts.append(Text(f"Value of hidden information: per game where both sat, cheat-mcts "
                          f"wins {gap:+.1%} more often than ismcts (paired, p={p:.3f})"))
    else:
        parts.append(Text(f"Value of hidden information: {report.hidden_information_note}",
                          style="dim"))
    cheating = [b for b in report.plan.bots if cheats(b)]
    if cheating:
        parts.append(Text(f"⚠ {', '.join(cheating)} sees hidden information (for analysis "
                          "only)", style="yellow"))
    return Group(*parts)


def _star(p: float) -> str:
    return " *" if p < SIGNIFICANCE else ""
