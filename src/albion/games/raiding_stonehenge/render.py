"""The Raiding Stonehenge table in the terminal: the five lines with their bottom cards,
the deck, the piles, everyone's disks sorted by colour with their current score, and the
viewer's own hand."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
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


def disks_text(counts: Sequence[int]) -> Text:
    return Text(" ").join(Text(f"{LETTER[c]}{counts[c]}", style=STYLE[c] if counts[c]
                               else "dim") for c in Colour)


def headline(view: RaidingView, names: Sequence[str]) -> Text:
    start = f"start P{view.start + 1}"
    if view.current_player == TERMINAL and view.final_hands is not None:
        scores = [score(d) for d in view.disks]
        best = winners(scores, view.final_hands)
        who = " and ".join(f"P{s + 1} ({names[s]})" for s in best)
        how = " on the hands (RS-17)" if scores.count(max(scores)) > 1 else ""
        verb = "share the win" if len(best) > 1 else "wins"
        return Text(f"Game over after {view.round - 1} rounds · {who} {verb} with "
                    f"{max(scores)} points{how}", style="bold green")
    if view.current_player == CHANCE:
        return Text(f"Round {view.round} · {start} · dealing", style="bold")
    seat = view.current_player
    you = " — you" if seat == view.seat else ""
    return Text(f"Round {view.round} · {start} · P{seat + 1} ({names[seat]}){you} "
                f"{PHASE_TEXT.get(view.phase, view.phase)}", style="bold")


def render(view: RaidingView, names: Sequence[str]) -> RenderableType:
    """The whole table as one rich renderable."""
    lines = Table(box=None, show_header=False, pad_edge=False)
    lines.add_column(style="bold")
    lines.add_column()
    for index, line in enumerate(view.lines):
        row = Text(" ").join([*(card(n) for n in line[:-1]), card(line[-1], bottom=True)]) \
            if line else Text("empty", style="dim")
        lines.add_row(f"line {index + 1} ", row)
    piles = Text.assemble(("Piles  ", "bold"), Text("  ").join(
        Text(f"{colour.label} {view.piles[colour]}", style=STYLE[colour])
        for colour in Colour))
    stock = Text(f"Deck {view.deck_size} cards · played {sum(view.discard)} cards",
                 style="dim")
    players = Table(box=box.SIMPLE_HEAVY, pad_edge=False)
    for column in ("", "Player", "Disks", "Score", "Hand", "Card", "Pile"):
        players.add_column(column, no_wrap=True)
    for seat in range(view.num_players):
        marker = "▶" if seat == view.current_player else ("◆" if seat == view.start else "")
        name = f"P{seat + 1} {names[seat]}" + (" (you)" if seat == view.seat else "")
        if view.final_hands is not None:
            hand = cards(view.final_hands[seat])
        elif seat == view.seat:
            hand = cards(view.hand or ())
        else:
            hand = Text(f"{view.hand_sizes[seat]} cards", style="dim")
        played = view.revealed[seat] or (view.own_play if seat == view.seat else 0)
        status = card(played) if played else (Text("face down", style="italic")
                                              if view.committed[seat] else Text(""))
        pile = view.at_pile[seat]
        players.add_row(marker, name, disks_text(view.disks[seat]),
                        str(score(view.disks[seat])), hand, status,
                        Text(Colour(pile).label, style=STYLE[Colour(pile)]) if pile >= 0
                        else Text(""))
    legend = Text("▶ to act · ◆ gray figure (start player) · [bottom card] can be taken · "
                  "W white, B blue, G green, Y yellow, R red, K black (its player chooses a "
                  "pile)", style="dim")
    return Group(headline(view, names), lines, piles, stock, players, legend)
