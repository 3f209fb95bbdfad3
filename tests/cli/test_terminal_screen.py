"""Issue 27: at an 80×24 terminal, every screen a person decides on — the position and its
options, above the prompt — fits: no line wider than 80 columns, at most 23 lines, and the
viewer's own information whole on it (Raiding Stonehenge's hand, disks and column names,
Diamoniak's castle and right-hand pile, Super Camelot's square on the map and row). Each
game is played to its end (or long enough), the person answering at random, the bots
under long names."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from albion.cli.human import TerminalSeat
from albion.games.diamoniak.cards import CASTLE_SIZE, NO_COLOUR, Card
from albion.games.raiding_stonehenge.render import cards
from albion.games.super_camelot.board import OFF_BOARD, SIDE, SQUARES
from albion.games.super_camelot.presentation import CIRCLE_SQUARES
from albion.table import AnyTable, Table

WIDTH, HEIGHT = 80, 24
LONG_NAME = "ismcts:iterations=2000,c=1.2"


class Person:
    """Answers at random by number, keeping each screen printed before its prompt."""

    def __init__(self, seed: int) -> None:
        self.console = Console(width=WIDTH, height=HEIGHT, record=True, file=io.StringIO(),
                               color_system=None)
        self.rng = random.Random(seed)
        self.table: AnyTable | None = None
        self.seat = 0
        self.screens: list[tuple[Any, list[str]]] = []
        """(the view decided on, the screen's lines)."""

    def read(self, prompt: str) -> str:
        assert self.table is not None
        lines = self.console.export_text(clear=True).rstrip("\n").split("\n")
        self.screens.append((self.table.observe(self.seat), lines))
        return str(self.rng.randint(1, len(self.table.legal(self.seat))))


def play(game: str, players: int, seed: int, decisions: int = 1000) -> Person:
    """Seat 0 is the person; the others heuristic bots with a long name."""
    person = Person(seed)
    table = Table(game, ["human"] + ["heuristic"] * (players - 1), seed=seed,
                  names=["human", *[LONG_NAME] * (players - 1)])
    person.table = table
    seat = TerminalSeat(person.console, table, 0, table.names, person.read)
    while not table.is_over() and len(person.screens) < decisions:
        assert table.to_move() == (0,)
        seat.decide()
    return person


def own_row(lines: list[str]) -> list[str]:
    """The viewer's row of the players' table, with the lines it wraps onto."""
    header = next(index for index, line in enumerate(lines) if "Player" in line)
    start = next(index for index, line in enumerate(lines) if "(you)" in line
                 and index > header)
    block = [lines[start]]
    for line in lines[start + 1:]:
        if not line.startswith(" " * 10):
            break
        block.append(line)
    return block


def words(lines: list[str]) -> list[str]:
    return " ".join(lines).split()


def check_raiding(view: Any, lines: list[str]) -> None:
    """RS-18: the whole hand, the five disk counts and every column's name."""
    header = next(line for line in lines if "Player" in line)
    assert words([header]) == ["Player", "W", "B", "G", "Y", "R", "Score", "Hand", "Played"]
    row = words(own_row(lines))
    at = row.index("(you)")
    assert [int(count) for count in row[at + 1:at + 6]] == list(view.disks[0])
    for card in cards(view.hand).plain.split():
        assert card in row[at + 7:]


def check_diamoniak(view: Any, lines: list[str]) -> None:
    """DI-11: one's castle and every count of one's right-hand pile."""
    assert words([next(line for line in lines if "Player" in line)]) == [
        "Player", "Castle", "Right-hand", "pile"]
    row = words(own_row(lines))
    colour, size = view.castles[0]
    if colour != NO_COLOUR:
        assert Card(colour).label in row and f"{size}/{CASTLE_SIZE}" in row
    for card in Card:
        if view.right_piles[0][card]:
            assert f"{card.label}×{view.right_piles[0][card]}" in row


def check_camelot(view: Any, lines: list[str]) -> None:
    """SC-27: one's row whole, and one's character on the map (once characters are
    chosen)."""
    if not view.players:
        return
    header = next(line for line in lines if "Player" in line)
    assert words([header]) == ["Player", "At", "Health", "Keys", "Bombs", "Relics", "Gems",
                               "Treasures"]
    assert own_row(lines)
    position = view.players[0].position
    if position == OFF_BOARD or not any(re.match(r"^ {4,}\d+ ", line) for line in lines):
        return
    numbers = next(line for line in lines if re.match(r"^ {4,}\d+ ", line))
    label = re.search(r"\d+", numbers)
    assert label is not None
    left = int(label[0]) - 1 - (label.start() - 4) // 2
    row, col = divmod(position if position < SQUARES else CIRCLE_SQUARES[position][0], SIDE)
    drawn = next(line for line in lines if line.startswith(f"{row + 1:>3} "))
    assert drawn[4 + 2 * (col - left)] == "1", "the viewer's own character"


CHECKS: dict[str, Callable[[Any, list[str]], None]] = {
    "raiding-stonehenge": check_raiding,
    "diamoniak": check_diamoniak,
    "super-camelot": check_camelot,
}


@pytest.mark.parametrize(("game", "players", "seed", "decisions"), [
    ("raiding-stonehenge", 4, 1, 1000),
    ("raiding-stonehenge", 5, 2, 1000),
    ("diamoniak", 4, 3, 1000),
    ("diamoniak", 2, 4, 1000),
    ("super-camelot", 4, 5, 60),
    ("super-camelot", 2, 6, 60),
])
def test_every_screen_fits_80_by_24_with_ones_own_information(
        game: str, players: int, seed: int, decisions: int) -> None:
    person = play(game, players, seed, decisions)
    assert len(person.screens) > 10
    for view, lines in person.screens:
        shown = "\n".join(lines)
        assert len(lines) <= HEIGHT - 1, f"{len(lines)} lines above the prompt:\n{shown}"
        assert max(len(line.rstrip()) for line in lines) <= WIDTH, shown
        try:
            CHECKS[game](view, lines)
        except (AssertionError, StopIteration, ValueError) as error:
            raise AssertionError(f"{error!r} in:\n{shown}") from error


def test_packed_options_say_what_each_does_on_help() -> None:
    """When the options are packed in columns to leave the map its room, `help` lists
    them again one a line, with what each does and its ruling."""
    person = play("super-camelot", 2, 6, decisions=40)
    packed = [lines for _, lines in person.screens
              if any(line.startswith("Your options (") for line in lines)]
    assert packed, "a Super Camelot turn packs its options at 80×24"
    table = Table("diamoniak", ["human", "heuristic"], seed=1)
    answers = iter(["help", "1"])
    console = Console(width=WIDTH, height=8, record=True, file=io.StringIO(),
                      color_system=None)
    TerminalSeat(console, table, 0, table.names, lambda _: next(answers)).decide()
    shown = console.export_text()
    assert "Your options ('help' says what each does):" in shown, "8 lines: packed"
    listed = shown[shown.index("Your options:\n"):shown.index("Type a number")]
    assert "draw  Draw a card" in listed and "(DI-3)" in listed
