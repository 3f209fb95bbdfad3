"""The browser only draws (issue 26): no page or board script holds a ruling, a rule's
number or a piece of notation parsing. Rulings, the rules' numbers and every action's
place come from the server (each game's presentation model); a script that tests a
notation verb (`text.startsWith("buy ")`, `/^roll /`) or writes `DI-7` is a second copy
of the rules, and fails here."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from albion.core import CHANCE
from albion.core.registry import all_plugins, get_plugin
from tests.conformance.harness import playout, setups

SRC = Path(__file__).parents[2] / "src" / "albion"
SCRIPTS = sorted([*(SRC / "server" / "web" / "js").glob("*.js"),
                  *(SRC / "games").glob("*/web/*.js")])
RULING = re.compile(r"\b(?:DI|RS|SC|HC|ALL)-\d+\b")
RULE_CONSTANT = re.compile(r"\bconst ([A-Z][A-Z0-9_]*) = \d")
DRAWING_CONSTANTS = {"S", "STEP_MS", "STEP_CLASSES", "TICK_MS", "PAGE", "LINE_CAP",
                     "TYPING_MS", "KEPT", "NEWS", "WIDTH", "HEIGHT",
                     "REFRESH_MS", "RECHECK_MS"}
"""Numbers of the drawing itself (a square's size in SVG units, an animation's pace, how
often a countdown is redrawn, how many finished tables the lobby lists at once) and of the
page (the chat input's length, the server's cap on a line, the pause between two typed
digits of a choice, the announcements a text mode keeps and the events it reads out, issue
29), the rating graph's size in SVG units and how often the friends list and the
notifications' count are asked for again (issues 30, 31): none is a rule of a game."""


@cache
def notation_verbs() -> frozenset[str]:
    """The first word of every action of every game (chance included), from seeded random
    games of every setup: `draw`, `buy`, `take`, `step`, `attack`, `roll`, …"""
    verbs: set[str] = set()
    for setup in setups():
        for state in playout(setup, 0):
            if state.is_terminal():
                continue
            actions = [outcome for outcome, _ in state.chance_outcomes()] \
                if state.current_player() == CHANCE else state.legal_actions()
            verbs.update(setup.game.action_text(state, action).split()[0]
                         for action in actions)
    return frozenset(verbs)


def test_the_scripts_are_found() -> None:
    """Each game that ships a drawing has its board script where its plug-in says (the
    three of this package do; a plug-in may ship none: the generic renderer draws it)."""
    assert len(SCRIPTS) >= 10
    shipping = [plugin for plugin in all_plugins() if plugin.web is not None]
    assert {"diamoniak", "raiding-stonehenge", "super-camelot"} <= {p.id for p in shipping}
    for plugin in shipping:
        folder = plugin.web_folder()
        assert folder is not None and folder.joinpath("board.js").is_file(), plugin.id


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_script_names_a_ruling(script: Path) -> None:
    found = RULING.findall(script.read_text())
    assert not found, f"{script.name} writes {sorted(set(found))}: rulings come from the server"


BOARDS = [script for script in SCRIPTS if script.name in ("board.js", "generic-board.js")]


@pytest.mark.parametrize("script", BOARDS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_board_parses_the_notation(script: Path) -> None:
    """A literal that starts with a notation verb followed by a word (`"buy ${colour}"`,
    `/^take (\\d+)/`), or a test of a text's start or its words, is a board reading an
    action's text: a board places actions by their annotations."""
    source = script.read_text()
    verbs = "|".join(sorted(notation_verbs(), key=len, reverse=True))
    literal = re.compile(rf"""["'`/]\^?(?:{verbs}) (?:\w|\$\{{|\(|\\)""")
    found = [match.group(0) for match in literal.finditer(source)]
    assert not found, f"{script.name} reads notation: {found}"
    for test in ("startsWith(", 'split(" ")', "split(/\\s"):
        assert test not in source, f"{script.name} reads a text with {test}"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_script_holds_a_rule_constant(script: Path) -> None:
    """A rule's number (a castle of six, three diamonds, a 28-square map) comes with the
    game's geometry; a script's own numeric constants are its drawing's."""
    names = set(RULE_CONSTANT.findall(script.read_text())) - DRAWING_CONSTANTS
    assert not names, f"{script.name} holds {sorted(names)}"


def test_the_verbs_cover_every_game() -> None:
    verbs = notation_verbs()
    assert {"draw", "buy", "take", "play", "place", "step", "attack", "roll", "reveal",
            "deal", "tile"} <= verbs
    assert get_plugin("diamoniak").web is not None
