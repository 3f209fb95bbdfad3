"""Raiding Stonehenge at an 80×24 terminal (issue 27): a new player found their own sixth
card, their red disks and the column names cut off. Late positions with full hands, five
players and long names are drawn at 80 columns: every line fits, the view leaves room for
six options and the prompt, and the viewer's own hand, disks and play are all there."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from albion import i18n
from albion.core import CHANCE
from albion.core.words import say
from albion.games.raiding_stonehenge import GAME, RaidingState, RaidingView
from albion.games.raiding_stonehenge.render import cards, render
from tests.games.raiding_stonehenge.positions import play, position

WIDTH = 80
VIEW_LINES = 15
"""An 80×24 screen less a blank line, six options under their heading, and the prompt."""
LONG = "ismcts:iterations=2000,c=1.2"
HEADER = ["Player", "W", "B", "G", "Y", "R", "Score", "Hand", "Played"]


def screen(view: RaidingView, names: list[str]) -> list[str]:
    console = Console(width=WIDTH, record=True, file=io.StringIO(), color_system=None)
    console.print(render(view, names))
    return console.export_text().rstrip("\n").split("\n")


def full_hands(players: int = 5) -> RaidingState:
    """Every hand at six two-digit cards, a seat with ten disks of three colours, all at
    the play step (RS-5, RS-6)."""
    hands = [[14, 17, 23, 28, 30], [20, 22, 25, 26, 27], [13, 16, 19, 24, 29],
             [10, 11, 15, 18, 21], [12, 14, 17, 20, 22]][:players]
    lines = [[1, 26], [2, 25], [3, 24], [4, 23], [5, 21]]
    disks = [{"white": 10, "blue": 3, "red": 10}, {"green": 10}, {"yellow": 10}]
    state = position(players, lines=lines, hands=hands, disks=disks[:players])
    return play(state, *(f"take line {seat % 5 + 1}" for seat in range(players)))


def check(view: RaidingView, names: list[str]) -> None:
    """The screen fits, and holds the whole own row under whole column names."""
    lines = screen(view, names)
    shown = "\n".join(lines)
    assert max(len(line.rstrip()) for line in lines) <= WIDTH, shown
    assert len(lines) <= VIEW_LINES, shown
    header = next(index for index, line in enumerate(lines) if "Player" in line)
    assert lines[header].split() == HEADER, shown
    if view.seat is None:
        return
    row = next(line for line in lines[header:] if "(you)" in line).split()
    at = row.index("(you)")
    assert [int(count) for count in row[at + 1:at + 6]] == list(view.disks[view.seat])
    hand = cards(view.hand or ()).plain.split()
    assert hand and all(card in row for card in hand), shown


@pytest.mark.parametrize("players", [4, 5])
def test_a_full_hand_ten_disks_and_long_names_fit_80_columns(players: int) -> None:
    """Every seat's own six cards and disk counts, for each seat."""
    state = full_hands(players)
    assert all(len(hand) == 6 for hand in state.hands)
    names = [LONG] * players
    for seat in range(players):
        view = state.observe(seat)
        check(view, names)
        assert len(cards(view.hand or ()).plain.split()) == 6


def test_a_played_black_card_and_its_pile_fit_beside_the_hand() -> None:
    """RS-6, RS-8: the own card played face down (seen by its player only), then the pile
    its black card went to, while another black card is still to be placed."""
    state = full_hands()
    play(state, "play 30")
    own = [line for line in screen(state.observe(0), [LONG] * 5) if "(you)" in line]
    assert own[-1].rstrip().endswith("30K"), own
    play(state, "play 20", "play 24", "play 10", "play 12")
    play(state, "place yellow")
    view = state.observe(0)
    check(view, [LONG] * 5)
    own = [line for line in screen(view, [LONG] * 5) if "(you)" in line]
    assert own[-1].rstrip().endswith("30K→yellow"), own


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (5, 2), (5, 3)])
def test_every_position_of_a_seeded_game_fits(players: int, seed: int) -> None:
    """Each seat's view at each decision, and everyone's final hands (RS-17) at the end."""
    rng = random.Random(seed)
    state = GAME.new_state(players)
    names = [LONG] * players
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply(rng.choices(actions, weights)[0])
            continue
        check(state.observe(state.current_player()), names)
        state.apply(rng.choice(state.legal_actions()))
    for viewer in (None, *range(players)):
        check(state.observe(viewer), names)
    final = screen(state.observe(None), names)
    for hand in state.observe(None).final_hands or ():
        assert any(cards(hand).plain in line for line in final)



@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_table_in_french_and_german_fits_80_columns(lang: str) -> None:
    """Issue 29: every word through `words`, in the reader's language — the longest
    position (five full hands, long names, a black card to place) still fits 80 columns
    and 15 lines, with the own hand whole and no English word of the table left."""
    said = i18n.translator(lang).words
    state = full_hands(5)
    play(state, "play 30", "play 20", "play 24", "play 10", "play 12")
    for seat in range(5):
        view = state.observe(seat)
        console = Console(width=WIDTH, record=True, file=io.StringIO(), color_system=None)
        console.print(render(view, [LONG] * 5, words=said))
        lines = console.export_text().rstrip("\n").split("\n")
        shown = "\n".join(lines)
        assert max(len(line.rstrip()) for line in lines) <= WIDTH, shown
        assert len(lines) <= VIEW_LINES, shown
        assert cards(view.hand or ()).plain in shown
        assert said(say("{player} (you)", player=f"P{seat + 1} {LONG[:9]}…")) in shown
        for english in ("Round", "deck", "line", "cards", "(you)", "bottom card", "to act"):
            assert english not in shown, (english, shown)


@pytest.mark.parametrize(("lang", "column", "title"), [
    ("fr", "Carte jouée", "Jouer"), ("de", "Gespielt", "Ausspielen"), ("en", "Played", "Play")])
def test_the_played_column_has_a_word_of_its_own(lang: str, column: str, title: str) -> None:
    """Issue 29: the column of the card each seat played this round shared its message
    with RS-6's title "Play" (French "Jouer" over a column of cards); it is "Played"."""
    said = i18n.translator(lang).words
    state = full_hands(5)
    play(state, "play 30", "play 20", "play 24", "play 10", "play 12")
    console = Console(width=WIDTH, record=True, file=io.StringIO(), color_system=None)
    console.print(render(state.observe(0), [LONG] * 5, words=said))
    header = next(line for line in console.export_text().split("\n")
                  if said(say("Player")) in line)
    assert header.rstrip().endswith(f" {column}"), header
    assert said(say("Played")) == column and said(say("Play")) == title
