"""Super Camelot's characters in reports (issue 14): the heuristic picks every one of the
six (SC-34), and the "win rate by character" chart has a bar for each, with its number of
games, even one no game drew."""

from __future__ import annotations

import random
from typing import Any

import pytest
from matplotlib.figure import Figure

from albion.core import CHANCE
from albion.games.super_camelot import GAME, strategy
from albion.games.super_camelot.components import Character
from albion.games.super_camelot.pieces import Phase
from albion.sim import report_page
from albion.sim.balance import Balance, Rate
from albion.sim.batch import GameTask

SIX = [character.label for character in Character]


def test_the_heuristic_picks_every_character_over_seeded_games() -> None:
    """SC-34: uniformly among the free characters (it always took the first one, so
    reports compared arthur and gwenivere only)."""
    task = GameTask("super-camelot", (("max_turns", 1),), ("heuristic",) * 4, 4, seed=14)
    picked = [label for index in range(10)
              for label in task.play(index)[0].labels["character"]]
    assert sorted(set(picked)) == sorted(SIX)
    assert picked[0::4] != ["arthur"] * 10, "the first seat is not always given the first"


def test_only_the_choice_of_character_uses_the_generator() -> None:
    """Every other decision is the same whatever the generator, which it leaves as it
    was (searches guided by the strategy draw the same numbers as before)."""
    rng = random.Random(5)
    state = GAME.new_state(3)
    checked = 0
    while not state.is_terminal() and state.turns < 30:
        if state.current_player() == CHANCE:
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply(rng.choices(actions, weights)[0])
            continue
        one, other = random.Random(1), random.Random(2)
        choice = strategy.policy(state, one)
        if state.phase is not Phase.CHOOSING:
            assert strategy.policy(state, other) == choice
            assert one.getstate() == random.Random(1).getstate()
            checked += 1
        state.apply(choice)
    assert checked > 100


def capture(monkeypatch: pytest.MonkeyPatch) -> list[Figure]:
    """The figures the page would embed, kept instead of drawn."""
    figures: list[Figure] = []

    def keep(figure: Figure, dpi: int = 110) -> str:
        figures.append(figure)
        return ""

    monkeypatch.setattr(report_page, "png", keep)
    return figures


def figures_of(labels: dict[str, Rate]) -> Balance:
    return Balance(label="base", variant={}, games=5, seats=[Rate(2, 5), Rate(3, 5)],
                   lengths=[40] * 5, end_reasons={"gems": 5}, bots={},
                   labels={"character": labels})


def test_the_character_chart_has_all_six_bars_with_their_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14: a character no game drew still gets its bar, at n=0."""
    figures = capture(monkeypatch)
    seen = {"arthur": Rate(2, 4), "lancelot": Rate(1, 3), "percival": Rate(2, 3)}
    data: dict[str, Any] = {"game": "super-camelot", "bots": ["heuristic"], "players": 2,
                            "games_per_configuration": 5, "seed": 1, "comparisons": [],
                            "configurations": [figures_of(seen).to_json_dict()],
                            "hidden_information_value": None}
    report_page.render_page(data)
    axes = figures[-1].axes[0]
    assert axes.get_title().startswith("Win rate by character")
    ticks = [tick.get_text() for tick in axes.get_xticklabels()]
    games = {"arthur": 4, "lancelot": 3, "percival": 3}
    assert ticks == [f"{label.title()}\nn={games.get(label, 0)}" for label in SIX]
    heights = [bar.get_height() for bar in axes.patches]
    assert heights == [0.5, 0.0, pytest.approx(1 / 3), 0.0, pytest.approx(2 / 3), 0.0]
