"""The High Card table in the terminal: whose turn, the round's cards, and per seat its
hand (the viewer's own only, HC-1), its plays and its points."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .state import HighCardView
from .wire import board


def render(view: HighCardView, names: Sequence[str]) -> RenderableType:
    """The whole table as one rich renderable."""
    seen = board(view)
    if seen.phase == "over":
        best = max(player.points for player in seen.players)
        winners = [f"P{p.seat + 1} ({names[p.seat]})" for p in seen.players if p.points == best]
        headline = Text(f"Game over: {' and '.join(winners)} with {best} point(s)",
                        style="bold green")
    elif seen.phase == "deal":
        headline = Text("Dealing", style="bold")
    else:
        who = f"P{seen.to_act + 1} ({names[seen.to_act]})" if seen.to_act is not None else ""
        you = " — you" if view.seat == seen.to_act else ""
        cards = " ".join(map(str, seen.round_cards)) or "none yet"
        headline = Text(f"Round {seen.round + 1} · {who}{you} to play · on the table: {cards}",
                        style="bold")
    table = Table(box=box.SIMPLE_HEAVY, pad_edge=False)
    for column in ("", "Player", "Hand", "Played", "Points"):
        table.add_column(column)
    for player in seen.players:
        hand = " ".join(map(str, player.hand)) if player.hand is not None else \
            "▮" * player.hand_size
        table.add_row("▶" if player.seat == seen.to_act else "",
                      f"P{player.seat + 1} {names[player.seat]}"
                      + (" (you)" if player.seat == view.seat else ""),
                      hand or "—", " ".join(map(str, player.played)) or "—", str(player.points))
    return Group(headline, table)
