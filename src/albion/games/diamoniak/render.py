"""The Diamoniak table in the terminal: pile, discard, and each seat's castle and
right-hand pile, with whose turn it is — within 80 columns and 13 lines, so that an 80×24
screen also holds eight options (issue 27). Every word on it is said as words (issue 29):
the face passes `words`, which puts them into its reader's language (English without)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from albion.core.state import TERMINAL
from albion.core.words import Words, say, say_n
from albion.games.diamoniak.cards import CASTLE_SIZE, NO_COLOUR, Card
from albion.games.diamoniak.view import DiamoniakView
from albion.games.diamoniak.words import CARD_NAMES

Say = Callable[[Words], str]
"""Words into the reader's language (the face's; `str` says them in English)."""

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

PHASE_TEXT: dict[str, Words] = {
    "first_player": say("drawing lots for the first player"),
    "turn_start": say("to draw or buy"),
    "drawing": say("drawing"),
    "draw_or_stop": say("to draw again or stop"),
    "fairy_choice": say("a witch! use a fairy?"),
    "witch_toll": say("a witch! choose cards to lose"),
    "over": say("game over"),
}


def card_text(card: Card, count: int | None = None, words: Say = str) -> Text:
    name = words(CARD_NAMES[card])
    label = name if count is None else f"{name}×{count}"
    return Text(label, style=STYLE[card])


def counts_text(counts: Sequence[int], empty: Words | None = None, words: Say = str) -> Text:
    parts = [card_text(card, counts[card], words) for card in Card if counts[card]]
    return Text(" ").join(parts) if parts else \
        Text(words(empty) if empty is not None else "—", style="dim")


def castle_text(colour: int, size: int, words: Say = str) -> Text:
    if colour == NO_COLOUR:
        return Text(words(say("no castle")), style="dim")
    card = Card(colour)
    bar = "■" * size + "□" * (CASTLE_SIZE - size)
    return Text.assemble((f"{words(CARD_NAMES[card]):<6} ", STYLE[card]), (bar, STYLE[card]),
                         f" {size}/{CASTLE_SIZE}")


def short(name: str) -> str:
    """A seat's name, cut to NAME_CELLS (issue 27: the rows fit 80 columns)."""
    return name if len(name) <= NAME_CELLS else name[:NAME_CELLS - 1] + "…"


def headline(view: DiamoniakView, names: Sequence[str], words: Say = str) -> Text:
    turn = view.turns + 1
    if view.current_player == TERMINAL:
        if view.winner >= 0:
            winner = f"P{view.winner + 1} ({short(names[view.winner])})"
            return Text(words(say("Turn {turn}: {player} wins with a full castle!", turn=turn,
                                  player=winner)), style="bold green")
        return Text(words(say_n("Game over after {count} turn: a draw (DI-10 cap)",
                                "Game over after {count} turns: a draw (DI-10 cap)",
                                view.turns)), style="bold")
    who = f"P{view.turn_seat + 1} ({short(names[view.turn_seat])})"
    phase = PHASE_TEXT.get(view.phase)
    doing = words(phase) if phase is not None else view.phase
    line = say("Turn {turn} · {player} — you · {phase}", turn=turn, player=who, phase=doing) \
        if view.seat == view.turn_seat else \
        say("Turn {turn} · {player} · {phase}", turn=turn, player=who, phase=doing)
    return Text(words(line), style="bold")


def render(view: DiamoniakView, names: Sequence[str], words: Say = str) -> RenderableType:
    """The whole table as one rich renderable, its words said by `words`."""
    piles = Text.assemble(
        (words(say("Draw pile")) + " ", "bold"),
        words(say_n("{count} card", "{count} cards", sum(view.draw_pile))) + "   ",
        (words(say("Discard")) + " ", "bold"),
        counts_text(view.discard, say("empty"), words),
    )
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold")
    table.add_column("", no_wrap=True)
    table.add_column(words(say("Player")), no_wrap=True)
    table.add_column(words(say("Castle")), no_wrap=True)
    table.add_column(words(say("Right-hand pile")), overflow="fold")
    for seat in range(view.num_players):
        marker = "▶" if seat == view.turn_seat and view.current_player != TERMINAL else ""
        name = f"P{seat + 1} {short(names[seat])}"
        if seat == view.seat:
            name = words(say("{player} (you)", player=name))
        colour, size = view.castles[seat]
        table.add_row(marker, name, castle_text(colour, size, words),
                      counts_text(view.right_piles[seat], words=words))
    parts: list[RenderableType] = [headline(view, names, words), piles, table]
    if view.toll_left:
        parts.append(Text(words(say_n("The witch still takes {count} card.",
                                      "The witch still takes {count} cards.",
                                      view.toll_left)), style="magenta"))
    return Group(*parts)
