"""The Diamoniak table in the terminal: pile, discard, and each seat's castle and
right-hand pile, with whose turn it is — within 80 columns and 13 lines, so that an 80×24
screen also holds eight options (issue 27)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from albion.core.state import TERMINAL
from albion.games.diamoniak.cards import CASTLE_SIZE, NO_COLOUR, Card
from albion.games.diamoniak.view import DiamoniakView

STYLE = {
    Card.RED: "bold red",
    Card.BLUE: "bold blue",
    Card.GREEN: "bold green",
    Card.YELLOW: "bold yellow",
    Card.DIAMOND: "bold cyan",
    Card.WITCH: "bold magenta",
    Card.FAIRY: "bold bright_white",
}

NAME_CELLS = 10
"""A seat's name is cut to this many characters (its row keeps its castle and pile)."""

PHASE_TEXT = {
    "first_player": "drawing lots for the first player",
    "turn_start": "to draw or buy",
    "drawing": "drawing",
    "draw_or_stop": "to draw again or stop",
    "fairy_choice": "a witch! use a fairy?",
    "witch_toll": "a witch! choose cards to lose",
    "over": "game over",
}


def card_text(card: Card, count: int | None = None) -> Text:
    label = card.label if count is None else f"{card.label}×{count}"
    return Text(label, style=STYLE[card])


def counts_text(counts: Sequence[int], empty: str = "—") -> Text:
    parts = [card_text(card, counts[card]) for card in Card if counts[card]]
    return Text(" ").join(parts) if parts else Text(empty, style="dim")


def castle_text(colour: int, size: int) -> Text:
    if colour == NO_COLOUR:
        return Text("no castle", style="dim")
    card = Card(colour)
    bar = "■" * size + "□" * (CASTLE_SIZE - size)
    return Text.assemble((f"{card.label:<6} ", STYLE[card]), (bar, STYLE[card]),
                         f" {size}/{CASTLE_SIZE}")


def short(name: str) -> str:
    """A seat's name, cut to NAME_CELLS (issue 27: the rows fit 80 columns)."""
    return name if len(name) <= NAME_CELLS else name[:NAME_CELLS - 1] + "…"


def headline(view: DiamoniakView, names: Sequence[str]) -> Text:
    turn = f"Turn {view.turns + 1}"
    if view.current_player == TERMINAL:
        if view.winner >= 0:
            return Text(f"{turn}: P{view.winner + 1} ({short(names[view.winner])}) wins "
                        "with a full castle!", style="bold green")
        return Text(f"Game over after {view.turns} turns: a draw (DI-10 cap)", style="bold")
    who = f"P{view.turn_seat + 1} ({short(names[view.turn_seat])})"
    you = " — you" if view.seat == view.turn_seat else ""
    return Text(f"{turn} · {who}{you} · {PHASE_TEXT.get(view.phase, view.phase)}",
                style="bold")


def render(view: DiamoniakView, names: Sequence[str]) -> RenderableType:
    """The whole table as one rich renderable."""
    piles = Text.assemble(
        ("Draw pile ", "bold"), f"{sum(view.draw_pile)} cards   ",
        ("Discard ", "bold"), counts_text(view.discard, "empty"),
    )
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold")
    table.add_column("", no_wrap=True)
    table.add_column("Player", no_wrap=True)
    table.add_column("Castle", no_wrap=True)
    table.add_column("Right-hand pile", overflow="fold")
    for seat in range(view.num_players):
        marker = "▶" if seat == view.turn_seat and view.current_player != TERMINAL else ""
        name = f"P{seat + 1} {short(names[seat])}" + (" (you)" if seat == view.seat else "")
        colour, size = view.castles[seat]
        table.add_row(marker, name, castle_text(colour, size),
                      counts_text(view.right_piles[seat]))
    parts: list[RenderableType] = [headline(view, names), piles, table]
    if view.toll_left:
        parts.append(Text(f"The witch still takes {view.toll_left} card(s).", style="magenta"))
    return Group(*parts)
