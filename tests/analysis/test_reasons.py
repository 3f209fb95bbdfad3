"""Each flagged decision's reason (issue 33): the game's facts from the seat's view, then
the fair search's figures, in every language of the catalogue."""

from __future__ import annotations

import pytest

from albion.analysis.reasons import LABEL_WORDS, figures, reason
from albion.core.registry import get_game
from albion.core.words import Words
from albion.games.diamoniak import Buy, Card, Choice
from albion.games.diamoniak.analysis import witch_odds
from albion.games.raiding_stonehenge.actions import Play, Take
from albion.i18n import translator


def diamoniak_view() -> object:
    game = get_game("diamoniak")
    state = game.from_text(
        "diamoniak 2p first=seat0 release_empty=no diamonds_to=seller buy=own fairy=choose "
        "max_turns=500 | draw_or_stop P1 turns 8 | pile 2r 3g 1y 6d 4w 1f | discard 4r 3g "
        "1y 2d 3w | P1 castle 4y right 1b 3d 1f | P2 castle 5b right 9d 1f")
    return state.observe(0)


def test_diamoniak_says_the_witch_odds_from_the_pile_it_sees() -> None:
    view = diamoniak_view()
    assert str(witch_odds(view)) == ("4 witches among 17 cards in the pile: a draw meets "
                                     "one 24% of the time")
    words = reason(get_game("diamoniak"), view, Choice.DRAW, Choice.STOP,
                   figures("draw", 0.41, "stop", 0.64, 1000))
    assert str(words) == (
        "4 witches among 17 cards in the pile: a draw meets one 24% of the time; "
        "you hold a fairy against a witch (DI-8); your castle holds 4 cards of 6; "
        "“stop” keeps 64% to win where “draw” keeps 41% (the fair search, 1000 iterations "
        "each)")


def test_diamoniak_says_the_diamonds_of_a_buy() -> None:
    words = reason(get_game("diamoniak"), diamoniak_view(), Choice.DRAW,
                   Buy(1, Card.YELLOW), figures("draw", 0.3, "buy yellow from P2", 0.5, 9))
    assert "you have 3 diamonds (a card costs 3, DI-7)" in str(words)


def test_raiding_stonehenge_says_the_lines_and_the_hand() -> None:
    game = get_game("raiding-stonehenge")
    state = game.new_state(2)
    while state.current_player() < 0:
        state.apply(state.chance_outcomes()[0][0])
    view = state.observe(state.current_player())
    take = reason(game, view, Take(0), Take(1), figures("take 1", 0.4, "take 2", 0.5, 9))
    assert str(take).startswith("line 2 offers the ")
    assert "; line 1 offers the " in str(take)
    play = reason(game, view, Play(3), Play(4), figures("play 3", 0.4, "play 4", 0.5, 9))
    assert str(play).startswith("your hand: ")
    assert "0 seats have committed a card before you (RS-6)" in str(play)


def test_super_camelot_says_health_gems_and_actions() -> None:
    game = get_game("super-camelot")
    state = game.new_state(2)
    first = state.observe(0)
    assert reason(game, first, None, None, figures("a", 0.1, "b", 0.5, 9)) == figures(
        "a", 0.1, "b", 0.5, 9)  # no character yet: the figures alone
    while state.current_player() < 0 or len(state.legal_actions()) == 1 or \
            len(state.observe(None).players) < 2:
        state.apply(state.chance_outcomes()[0][0] if state.current_player() < 0
                    else state.legal_actions()[0])
    view = state.observe(state.current_player())
    words = str(reason(game, view, None, None, figures("a", 0.1, "b", 0.5, 9)))
    assert words.startswith("your health: ") and "(SC-21)" in words


@pytest.mark.parametrize("language", ["fr", "de"])
def test_reasons_and_labels_are_said_in_every_language(language: str) -> None:
    speak = translator(language)
    words = reason(get_game("diamoniak"), diamoniak_view(), Choice.DRAW, Choice.STOP,
                   figures("draw", 0.41, "stop", 0.64, 1000))
    said = speak.words(words)
    assert said != str(words)
    assert ("sorcières" if language == "fr" else "Hexen") in said
    assert "64" in said and "41" in said
    for label_words in LABEL_WORDS.values():
        assert isinstance(label_words, Words)
        assert speak.words(label_words) != str(label_words)


def test_a_flagged_decision_names_its_actions_as_the_buttons_do_in_every_language() -> None:
    """The reason and the flagged line name the actions by the seat's buttons' words
    (issue 33: in every language of the catalogue), not by their notation."""
    from albion.analysis.analyse import action_words  # noqa: PLC0415
    from albion.core.state import CHANCE  # noqa: PLC0415

    game = get_game("diamoniak")
    state = game.new_state(2)
    while state.current_player() == CHANCE or len(state.legal_actions()) < 2:
        state.apply_legal(state.legal_actions()[0] if state.current_player() != CHANCE
                          else state.sample_chance(0.5))
    actions = state.legal_actions()[:2]
    named = action_words(game, state.observe(state.current_player()), actions)
    notation = [game.action_text(state, action) for action in actions]
    english = [str(words) for words in named]
    french = [translator("fr").words(words) for words in named if not isinstance(words, str)]
    assert english != notation and len(french) == 2 and french != english, (english, french)


@pytest.mark.parametrize(("language", "said"), [
    ("en", "“Stop” keeps 64% to win where “Draw a card; the turn goes on” keeps 41%"),
    ("fr", "«\u00a0Stop\u00a0» garde 64\u00a0% de chances de gagner là où "
           "«\u00a0Draw a card; the turn goes on\u00a0» en garde 41\u00a0%"),
    ("de", "„Stop“ behält 64\u00a0% Gewinnchance, wo „Draw a card; the turn goes on“ "
           "41\u00a0% behält"),
])
def test_the_figures_quote_the_actions_words(language: str, said: str) -> None:
    """A button's words may hold a semicolon of their own ("Stop: keep your cards; the
    turn ends"), as the reason's parts do: the figures quote each action as the language
    does, and a percentage stays on the line of its number."""
    words = figures("Draw a card; the turn goes on", 0.41, "Stop", 0.64, 1000)
    assert translator(language).words(words).startswith(said)
