"""The Raiding Stonehenge table in the terminal: the five lines with their bottom cards,
the deck, the piles, everyone's disks sorted by colour with their current score, and the
viewer's own hand — within 80 columns and 15 lines, so that an 80×24 screen also holds
the options (issue 27). Every word on it is said as words (issue 29): the face passes
`words`, which puts them into its reader's language (English without); the cards'
numbers and colour letters (`17R`, as the game's intro explains them) and the seats stay
as they are."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from albion.core.state import CHANCE, TERMINAL
from albion.core.words import Words, say, say_n
from albion.games.raiding_stonehenge.components import Colour, card_colour
from albion.games.raiding_stonehenge.scoring import score, winners
from albion.games.raiding_stonehenge.view import RaidingView

Say = Callable[[Words], str]
"""Words into the reader's language (the face's; `str` says them in English)."""

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
"""Every colour also has a letter, for screens (and eyes) without colours; the letters
are the game's own in every language (its intro and the browser's board name them)."""
COLOUR_NAME: dict[Colour, Words] = {
    Colour.WHITE: say("white"),
    Colour.BLUE: say("blue"),
    Colour.GREEN: say("green"),
    Colour.YELLOW: say("yellow"),
    Colour.RED: say("red"),
}
NAME_CELLS = 10
"""A seat's name is cut to this many characters (its row keeps its disks and hand)."""
LEGEND = say("▶ to act · ◆ start player · [bottom card] can be taken · K black: any pile")

PHASE_TEXT: dict[str, Words] = {
    "dealing": say("dealing"),
    "pick": say("to take a bottom card"),
    "play": say("to play a card face down"),
    "place": say("black card: to choose a pile"),
    "set_aside": say("to set a disk aside"),
    "over": say("game over"),
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


def player(seat: int, names: Sequence[str]) -> str:
    """A seat and its player's name: `P2 (alice)`."""
    return f"P{seat + 1} ({short(names[seat])})"


def together(players: list[str]) -> Words | str:
    """Several players as one: `P1 (a) and P2 (b)`."""
    result: Words | str = players[-1]
    for name in reversed(players[:-1]):
        result = say("{first} and {rest}", first=name, rest=result)
    return result


def game_over(view: RaidingView, names: Sequence[str]) -> Words:
    """RS-16, RS-17: the winner (or those sharing the win), their points, and whether the
    hands broke a tie."""
    scores = [score(d) for d in view.disks]
    best = winners(scores, view.final_hands or ())
    rounds = say_n("{count} round", "{count} rounds", view.round - 1)
    points = say_n("{count} point", "{count} points", max(scores))
    who = together([player(seat, names) for seat in best])
    if scores.count(max(scores)) > 1:
        if len(best) > 1:
            return say("Game over after {rounds} · {players} share the win with {points} on "
                       "the hands (RS-17)", rounds=rounds, players=who, points=points)
        return say("Game over after {rounds} · {player} wins with {points} on the hands "
                   "(RS-17)", rounds=rounds, player=who, points=points)
    if len(best) > 1:
        return say("Game over after {rounds} · {players} share the win with {points}",
                   rounds=rounds, players=who, points=points)
    return say("Game over after {rounds} · {player} wins with {points}", rounds=rounds,
               player=who, points=points)


def headline(view: RaidingView, names: Sequence[str], words: Say = str) -> Text:
    start = f"P{view.start + 1}"
    if view.current_player == TERMINAL and view.final_hands is not None:
        return Text(words(game_over(view, names)), style="bold green")
    if view.current_player == CHANCE:
        return Text(words(say("Round {round} · start {start} · dealing", round=view.round,
                              start=start)), style="bold")
    seat = view.current_player
    phase = PHASE_TEXT.get(view.phase)
    doing = words(phase) if phase is not None else view.phase
    line = say("Round {round} · start {start} · {player} — you {phase}", round=view.round,
               start=start, player=player(seat, names), phase=doing) \
        if seat == view.seat else \
        say("Round {round} · start {start} · {player} {phase}", round=view.round,
            start=start, player=player(seat, names), phase=doing)
    return Text(words(line), style="bold")


def lines_table(view: RaidingView, words: Say = str) -> Table:
    """RS-4: the five lines, the bottom card (the one that can be taken) in brackets."""
    lines = Table(box=None, show_header=False, pad_edge=False)
    lines.add_column(style="bold")
    lines.add_column()
    for index, line in enumerate(view.lines):
        row = Text(" ").join([*(card(n) for n in line[:-1]), card(line[-1], bottom=True)]) \
            if line else Text(words(say("empty")), style="dim")
        lines.add_row(words(say("line {number}", number=index + 1)) + " ", row)
    return lines


def supply_line(view: RaidingView, words: Say = str) -> Text:
    """The five piles (their colours named), the deck and the cards played, on one line."""
    return Text.assemble(
        (words(say("Piles")) + "  ", "bold"),
        Text("  ").join(Text(f"{words(COLOUR_NAME[colour])} {view.piles[colour]}",
                             style=STYLE[colour]) for colour in Colour),
        (" · " + words(say("deck {count} · played {played}", count=view.deck_size,
                            played=sum(view.discard))), "dim"))


def seat_text(view: RaidingView, seat: int, names: Sequence[str], words: Say = str) -> Text:
    """`P2 alice`, and `(you)` on the viewer's own row."""
    name = f"P{seat + 1} {short(names[seat])}"
    if seat != view.seat:
        return Text(name)
    return Text(words(say("{player} (you)", player=name)), style="bold")


def hand_text(view: RaidingView, seat: int, words: Say = str) -> Text:
    """The viewer's own hand (every hand once the game is over, RS-17), else its size."""
    if view.final_hands is not None:
        return cards(view.final_hands[seat])
    if seat == view.seat:
        return cards(view.hand or ())
    count = view.hand_sizes[seat]
    return Text(words(say_n("{count} card", "{count} cards", count)), style="dim")


def play_text(view: RaidingView, seat: int, words: Say = str) -> Text:
    """The card played (the viewer's own before the reveal too, RS-6) and, for a black
    card, the pile its player chose (RS-8); `face down` before the reveal."""
    played = view.revealed[seat] or (view.own_play if seat == view.seat else 0)
    if not played:
        return Text(words(say("face down")), style="italic") if view.committed[seat] \
            else Text("")
    shown = Text(card(played).plain.strip(), style=card(played).style)
    pile = view.at_pile[seat]
    if pile >= 0 and pile != card_colour(played):
        shown.append(f"→{words(COLOUR_NAME[Colour(pile)])}", style=STYLE[Colour(pile)])
    return shown


def players_table(view: RaidingView, names: Sequence[str], words: Say = str) -> Table:
    """A row per seat: its disks by colour (a column each), score, hand and play."""
    players = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold")
    players.add_column("", no_wrap=True)
    players.add_column(words(say("Player")), no_wrap=True)
    for colour in Colour:
        players.add_column(Text(LETTER[colour], style=STYLE[colour]), justify="right",
                           no_wrap=True)
    # "Played": the card each seat played this round; "Play" is RS-6's title, a word of
    # its own in French and German
    for column in (say("Score"), say("Hand"), say("Played")):
        players.add_column(words(column), no_wrap=True)
    for seat in range(view.num_players):
        marker = "▶" if seat == view.current_player else ("◆" if seat == view.start else "")
        disks = view.disks[seat]
        players.add_row(marker, seat_text(view, seat, names, words),
                        *(Text(str(disks[c]), style=STYLE[c] if disks[c] else "dim")
                          for c in Colour),
                        str(score(disks)), hand_text(view, seat, words),
                        play_text(view, seat, words))
    return players


def render(view: RaidingView, names: Sequence[str], words: Say = str) -> RenderableType:
    """The whole table as one rich renderable, 80 columns wide at most and short enough
    to leave an 80×24 screen room for six options (issue 27), its words said by
    `words`."""
    return Group(headline(view, names, words), lines_table(view, words),
                 supply_line(view, words), players_table(view, names, words),
                 Text(words(LEGEND), style="dim"))
