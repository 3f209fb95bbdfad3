"""The Raiding Stonehenge table in the terminal: the five lines with their bottom cards,
the deck, the piles, everyone's disks sorted by colour with their current score, and the
viewer's own hand — within 80 columns and 15 lines, so that an 80×24 screen also holds
the options (issue 27)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from albion.core.state import CHANCE, TERMINAL
from albion.games.raiding_stonehenge.components import Colour, card_colour
from albion.games.raiding_stonehenge.scoring import score, winners
from albion.games.raiding_stonehenge.view import RaidingView

STYLE = {
    Colour.WHITE: "bold white",
    Colour.BLUE: "bold blue",
    Colour.GREEN: "bold green",
    Colour.YELLOW: "bold yellow",
    Colour.RED: "bold red",
}
BLACK_STYLE = "bold black on white"
LETTER = {colour: colour.label[0].upper() for colour in Colour}
BLACK_LETTER = "K"
"""Every colour also has a letter, for screens (and eyes) without colours."""
NAME_CELLS = 10
"""A seat's name is cut to this many characters (its row keeps its disks and hand)."""
LEGEND = Text("▶ to act · ◆ start player · [bottom card] can be taken · K black: any pile",
              style="dim")

PHASE_TEXT = {
    "dealing": "dealing",
    "pick": "to take a bottom card",
    "play": "to play a card face down",
    "place": "black card: to choose a pile",
    "set_aside": "to set a disk aside",
    "over": "game over",
}


def card(number: int, bottom: bool = False) -> Text:
    """A card: its number and its colour's letter, in its colour (RS-1)."""
    colour = card_colour(number)
    style = BLACK_STYLE if colour < 0 else STYLE[Colour(colour)]
    letter = BLACK_LETTER if colour < 0 else LETTER[Colour(colour)]
    label = f"[{number:>2}{letter}]" if bottom else f" {number:>2}{letter} "
    return Text(label, style=style + (" underline" if bottom else ""))


def cards(numbers: Sequence[int]) -> Text:
    """A hand, compactly: numbers with their colours' letters."""
    if not numbers:
        return Text("—", style="dim")
    return Text(" ").join(Text(card(n).plain.strip(), style=card(n).style) for n in numbers)


def short(name: str) -> str:
    """A seat's name, cut to NAME_CELLS (issue 27: the rows fit 80 columns)."""
    return name if len(name) <= NAME_CELLS else name[:NAME_CELLS - 1] + "…"


def headline(view: RaidingView, names: Sequence[str]) -> Text:
    start = f"start P{view.start + 1}"
    if view.current_player == TERMINAL and view.final_hands is not None:
        scores = [score(d) for d in view.disks]
        best = winners(scores, view.final_hands)
        who = " and ".join(f"P{s + 1} ({short(names[s])})" for s in best)
        how = " on the hands (RS-17)" if scores.count(max(scores)) > 1 else ""
        verb = "share the win" if len(best) > 1 else "wins"
        return Text(f"Game over after {view.round - 1} rounds · {who} {verb} with "
                    f"{max(scores)} points{how}", style="bold green")
    if view.current_player == CHANCE:
        return Text(f"Round {view.round} · {start} · dealing", style="bold")
    seat = view.current_player
    you = " — you" if seat == view.seat else ""
    return Text(f"Round {view.round} · {start} · P{seat + 1} ({short(names[seat])}){you} "
                f"{PHASE_TEXT.get(view.phase, view.phase)}", style="bold")


def lines_table(view: RaidingView) -> Table:
    """RS-4: the five lines, the bottom card (the one that can be taken) in brackets."""
    lines = Table(box=None, show_header=False, pad_edge=False)
    lines.add_column(style="bold")
    lines.add_column()
    for index, line in enumerate(view.lines):
        row = Text(" ").join([*(card(n) for n in line[:-1]), card(line[-1], bottom=True)]) \
            if line else Text("empty", style="dim")
        lines.add_row(f"line {index + 1} ", row)
    return lines


def supply_line(view: RaidingView) -> Text:
    """The five piles (their colours named), the deck and the cards played, on one line."""
    return Text.assemble(
        ("Piles  ", "bold"),
        Text("  ").join(Text(f"{colour.label} {view.piles[colour]}", style=STYLE[colour])
                        for colour in Colour),
        (f" · deck {view.deck_size} · played {sum(view.discard)}", "dim"))


def seat_text(view: RaidingView, seat: int, names: Sequence[str]) -> Text:
    """`P2 alice`, and `(you)` on the viewer's own row."""
    you = " (you)" if seat == view.seat else ""
    return Text(f"P{seat + 1} {short(names[seat])}{you}", style="bold" if you else "")


def hand_text(view: RaidingView, seat: int) -> Text:
    """The viewer's own hand (every hand once the game is over, RS-17), else its size."""
    if view.final_hands is not None:
        return cards(view.final_hands[seat])
    if seat == view.seat:
        return cards(view.hand or ())
    return Text(f"{view.hand_sizes[seat]} cards", style="dim")


def play_text(view: RaidingView, seat: int) -> Text:
    """The card played (the viewer's own before the reveal too, RS-6) and, for a black
    card, the pile its player chose (RS-8); `face down` before the reveal."""
    played = view.revealed[seat] or (view.own_play if seat == view.seat else 0)
    if not played:
        return Text("face down", style="italic") if view.committed[seat] else Text("")
    shown = Text(card(played).plain.strip(), style=card(played).style)
    pile = view.at_pile[seat]
    if pile >= 0 and pile != card_colour(played):
        shown.append(f"→{Colour(pile).label}", style=STYLE[Colour(pile)])
    return shown


def players_table(view: RaidingView, names: Sequence[str]) -> Table:
    """A row per seat: its disks by colour (a column each), score, hand and play."""
    players = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold")
    players.add_column("", no_wrap=True)
    players.add_column("Player", no_wrap=True)
    for colour in Colour:
        players.add_column(Text(LETTER[colour], style=STYLE[colour]), justify="right",
                           no_wrap=True)
    for column in ("Score", "Hand", "Play"):
        players.add_column(column, no_wrap=True)
    for seat in range(view.num_players):
        marker = "▶" if seat == view.current_player else ("◆" if seat == view.start else "")
        disks = view.disks[seat]
        players.add_row(marker, seat_text(view, seat, names),
                        *(Text(str(disks[c]), style=STYLE[c] if disks[c] else "dim")
                          for c in Colour),
                        str(score(disks)), hand_text(view, seat), play_text(view, seat))
    return players


def render(view: RaidingView, names: Sequence[str]) -> RenderableType:
    """The whole table as one rich renderable, 80 columns wide at most and short enough
    to leave an 80×24 screen room for six options (issue 27)."""
    return Group(headline(view, names), lines_table(view), supply_line(view),
                 players_table(view, names), LEGEND)
