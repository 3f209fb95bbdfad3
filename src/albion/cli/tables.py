"""Result tables for the terminal: win rates with 95% intervals."""

from __future__ import annotations

from rich.table import Table

from albion.bots import is_cheat, parse_players
from albion.core.game import Game
from albion.sim.simulate import Summary
from albion.sim.stats import wilson


def summary_table(game: Game, summary: Summary) -> Table:
    """Wins per player (and per seat when rotated), with Wilson 95% intervals."""
    games = summary.games
    rotated = " (players rotated round the seats)" if summary.rotate else ""
    table = Table(title=f"{game.name}: {games} games, seed {summary.seed}{rotated}")
    table.add_column("Player" if summary.rotate else "Seat / player")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate [95%]", justify="right")
    if summary.rotate:
        table.add_column("Seat", justify="right")
        table.add_column("Seat wins", justify="right")
    specs = parse_players(",".join(summary.players), allow_human=False)
    for index, (name, wins) in enumerate(zip(summary.players, summary.wins, strict=True)):
        low, high = wilson(wins, games)
        label = name + (" (cheats: sees hidden information)" if is_cheat(specs[index]) else "")
        row = [label if summary.rotate else f"{game.seat_name(index)} {label}", f"{wins:g}",
               f"{wins / games:.1%} [{low:.1%}, {high:.1%}]"]
        if summary.rotate:
            row += [game.seat_name(index), f"{summary.seat_wins[index]:g}"]
        table.add_row(*row)
    return table
