"""Diamoniak at an 80×24 terminal (issue 27): four seats with long names, big right-hand
piles and a full discard, at the witch's toll, drawn at 80 columns: every line fits, the
view leaves room for eight options and the prompt, and the viewer's own castle and every
count of their right-hand pile are on their row."""

from __future__ import annotations

import io

from rich.console import Console

from albion.games.diamoniak import Card, DiamoniakState, DiamoniakView
from albion.games.diamoniak.cards import CASTLE_SIZE
from albion.games.diamoniak.render import render
from tests.games.diamoniak.positions import play, position

WIDTH = 80
VIEW_LINES = 13
"""An 80×24 screen less a blank line, eight options under their heading, and the prompt."""
LONG = "ismcts:iterations=2000,c=1.2"


def screen(view: DiamoniakView, names: list[str]) -> list[str]:
    console = Console(width=WIDTH, record=True, file=io.StringIO(), color_system=None)
    console.print(render(view, names))
    return console.export_text().rstrip("\n").split("\n")


def witch_toll() -> DiamoniakState:
    """P1 (a red castle) pays the witch with every kind in every right-hand pile."""
    right = {0: {"blue": 2, "green": 2, "yellow": 2, "diamond": 6, "fairy": 1},
             1: {"red": 1, "green": 1, "yellow": 1, "diamond": 5, "fairy": 1},
             2: {"red": 1, "blue": 1, "yellow": 1, "diamond": 4},
             3: {"red": 1, "blue": 1, "green": 1, "diamond": 3}}
    castles = {0: ("red", 3), 1: ("blue", 2), 2: ("green", 2), 3: ("yellow", 1)}
    state = position(4, castles=castles, right=right, discard={"witch": 3, "diamond": 1})
    return play(state, "draw", "reveal witch", "keep fairy")


def own_row(lines: list[str]) -> str:
    """The viewer's row, with the lines its right-hand pile wraps onto."""
    start = next(index for index, line in enumerate(lines) if "(you)" in line)
    block = [lines[start]]
    block += [line for line in lines[start + 1:start + 2] if line.startswith(" " * 10)]
    return " ".join(block)


def test_the_witchs_toll_with_long_names_fits_80_columns_and_13_lines() -> None:
    state = witch_toll()
    assert len(state.legal_actions()) == 5
    names = [LONG] * 4
    for seat in range(4):
        view = state.observe(seat)
        lines = screen(view, names)
        shown = "\n".join(lines)
        assert max(len(line.rstrip()) for line in lines) <= WIDTH, shown
        assert len(lines) <= VIEW_LINES, shown
        assert next(line for line in lines if "Player" in line).split() == [
            "Player", "Castle", "Right-hand", "pile"]
        row = own_row(lines).split()
        colour, size = view.castles[seat]
        assert Card(colour).label in row and f"{size}/{CASTLE_SIZE}" in row, shown
        for card in Card:
            if view.right_piles[seat][card]:
                assert f"{card.label}×{view.right_piles[seat][card]}" in row, shown
