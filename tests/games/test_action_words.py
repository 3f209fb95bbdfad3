"""The words a player reads beside the board (issue 27, item 10): every action's label and
Super Camelot's questions say it as a player would — no ruling id in the sentence (a face
links the ruling instead), no "(s)", no engine id or notation abbreviation ("green-gem",
"Attack ne"), no "the Move's next step" — and the Stars are counted in words ("Use 1 Star
as a Gem", not the notation's "gems 1")."""

from __future__ import annotations

import re

import pytest

from albion.core.registry import get_plugin
from albion.games.super_camelot import wire as camelot_wire
from albion.games.super_camelot.actions import UseStars
from albion.games.super_camelot.presentation import annotate
from albion.games.super_camelot.view import SuperCamelotView
from tests.conformance.harness import Setup, playout, setups
from tests.games.test_log_events import ENGINE_IDS

GAMES = ("diamoniak", "raiding-stonehenge", "super-camelot")
SETUPS = [setup for setup in setups() if setup.game.id in GAMES]
RULING = re.compile(r"\b(?:DI|RS|SC|ALL)-\d+\b")
ENGINE_WORDS = re.compile(r"\(s\)|\bthe Move's\b|\b(?:ne|se|sw|nw)\b|_")


def engine_words(text: str) -> list[str]:
    return RULING.findall(text) + ENGINE_WORDS.findall(text) + ENGINE_IDS.findall(text)


@pytest.mark.parametrize("setup", SETUPS, ids=str)
def test_every_label_is_said_as_a_player_would(setup: Setup) -> None:
    wire = get_plugin(setup.game.id).load_wire()
    assert wire is not None
    seen = 0
    for seed in (1, 2):
        for state in playout(setup, seed):
            seat = state.current_player()
            if seat < 0:
                continue
            view = state.observe(seat)
            for note in wire.annotate(view, state.legal_actions()):
                assert not engine_words(str(note.label)), note  # its English (issue 29)
                seen += 1
            if isinstance(view, SuperCamelotView):
                asked = camelot_wire.awaiting(view)
                if asked is not None:
                    assert not engine_words(asked.question), asked
    assert seen > 0


def test_sc36_sc6_the_turn_goes_on_in_a_players_words() -> None:
    """'the Move's next step, another action, or ending the turn (SC-36)' was the
    question while moving."""
    for ask in (camelot_wire.MOVING, camelot_wire.ACTING, camelot_wire.PASSED_OUT):
        assert not engine_words(ask.question), ask
    assert camelot_wire.MOVING.question == "whether to move on, act again or end the turn"


def test_sc38_the_stars_are_counted_in_words() -> None:
    """The buttons read 'gems 0', 'gems 1' (and then 'Count 1 Star(s) as Gems')."""
    view = next(state.observe(state.current_player()) for setup in SETUPS
                if setup.game.id == "super-camelot" for state in playout(setup, 1)
                if state.current_player() >= 0)
    labels = [str(note.label) for note in annotate(view, [UseStars(n) for n in range(4)])]
    assert labels == ["Use no Star as a Gem: each counts as 2 Hits",
                      "Use 1 Star as a Gem, any other as 2 Hits",
                      "Use 2 Stars as Gems, any other as 2 Hits",
                      "Use 3 Stars as Gems"]
