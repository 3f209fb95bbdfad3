"""The games' tutorials (issue 32): the data holds (every step's position reads, its
expected moves are legal there, it points where the board annotates, it teaches real
rulings), every `newcomer` ruling is taught, and the engine plays them on a real table —
refusing a wrong move with its ruling and the step's hint, keeping the step."""

from __future__ import annotations

import pytest

from albion.core import all_games
from albion.core.game import AnyGame
from albion.core.plugin import load_tutorial
from albion.core.presentation import ActionNote, Place
from albion.core.registry import plugin_of
from albion.core.tutorial import Step, Tutorial, TutorialError, parse_tutorial
from albion.table.tutorial import Lesson, Played, Refused, step_table
from albion.table.views import drawing_of

GAMES = all_games()
BUILT_IN = ("diamoniak", "raiding-stonehenge", "super-camelot")


def tutorial_of(game: AnyGame) -> Tutorial:
    tutorial = load_tutorial(plugin_of(game))
    assert tutorial is not None, f"{game.id} has no tutorial"
    return tutorial


def tutorials() -> list[tuple[AnyGame, Tutorial]]:
    return [(game, tutorial_of(game)) for game in GAMES if game.id in BUILT_IN]


def steps() -> list[tuple[AnyGame, int, Step]]:
    return [(game, number, step) for game, tutorial in tutorials()
            for number, step in enumerate(tutorial.steps, 1)]


def step_id(value: object) -> str:
    """A test's id: a game by its id, a step by its title, a tutorial by its game."""
    if isinstance(value, Step):
        return value.title
    if isinstance(value, Tutorial):
        return value.game
    return str(getattr(value, "id", value))


def untaught(game: AnyGame, tutorial: Tutorial) -> list[str]:
    """The `newcomer` rulings of `game` that no step of `tutorial` teaches."""
    return sorted({ruling.id for ruling in game.rulings if ruling.newcomer}
                  - tutorial.taught())


@pytest.mark.parametrize("game", [game for game, _ in tutorials()], ids=step_id)
def test_every_newcomer_ruling_is_taught_by_some_step(game: AnyGame) -> None:
    assert any(ruling.newcomer for ruling in game.rulings), f"{game.id}: no newcomer ruling"
    missing = untaught(game, tutorial_of(game))
    assert not missing, f"newcomer rulings no step of {game.id}'s tutorial teaches: {missing}"


def test_the_coverage_check_fails_when_a_newcomer_ruling_is_not_taught() -> None:
    game = next(game for game in GAMES if game.id == "diamoniak")
    tutorial = tutorial_of(game)
    without_buy = Tutorial(tutorial.game, tutorial.title, tutorial.intro,
                           tuple(step for step in tutorial.steps if "DI-7" not in step.teaches))
    assert untaught(game, without_buy) == ["DI-10", "DI-7"]


@pytest.mark.parametrize(("game", "number", "step"), steps(), ids=step_id)
def test_every_step_teaches_rulings_of_its_game(game: AnyGame, number: int,
                                                step: Step) -> None:
    ids = {ruling.id for ruling in game.rulings}
    assert step.teaches and set(step.teaches) <= ids, (number, step.teaches)


@pytest.mark.parametrize(("game", "number", "step"), steps(), ids=step_id)
def test_every_step_position_builds_and_its_expected_actions_are_legal(
        game: AnyGame, number: int, step: Step) -> None:
    """A rules change that breaks a tutorial fails here: the position reads, a seat
    decides there, and each expected move parses, is written canonically and is legal."""
    state = game.from_text(step.position)
    assert state.current_player() >= 0, f"step {number}: nobody decides"
    for text in step.expect:
        action = game.parse_action(state, text)
        assert game.action_text(state, action) == text, f"step {number}: not canonical"
        assert state.refusal(action) is None, f"step {number}: {text} is refused"
    table = step_table(game, step)
    seat = table.to_move()[0]
    assert seat == state.current_player()
    assert set(step.expect) <= set(table.legal(seat))


def _matches(point: Place, note: ActionNote) -> bool:
    """`point` names where `note` sits (every field the point gives is its place's) or
    one of the squares it reaches (an attack's target inside its arc)."""
    if point.area == "square" and point.square in note.reaches:
        return True
    at = note.at
    if at is None or point.area != at.area:
        return False
    return all(getattr(point, key) is None or getattr(point, key) == getattr(at, key)
               for key in ("seat", "square", "item", "number"))


@pytest.mark.parametrize(("game", "tutorial"), tutorials(), ids=step_id)
def test_every_step_points_where_its_board_annotates(game: AnyGame,
                                                     tutorial: Tutorial) -> None:
    """A step's `point` is a place of the presentation model: where an expected move sits
    when it sits on the board, else an area the game's board annotates in the tutorial."""
    annotate = drawing_of(game).annotate
    assert annotate is not None
    areas: set[str] = set()
    expected_notes: list[list[ActionNote]] = []
    for step in tutorial.steps:
        state = game.from_text(step.position)
        seat = state.current_player()
        legal = state.legal_actions()
        notes = annotate(state.observe(seat), legal)
        areas |= {note.at.area for note in notes if note.at is not None}
        texts = [game.action_text(state, action) for action in legal]
        expected_notes.append([note for text, note in zip(texts, notes, strict=True)
                               if text in step.expect])
    for number, (step, expected) in enumerate(zip(tutorial.steps, expected_notes,
                                                  strict=True), 1):
        if any(note.at is not None for note in expected):
            assert any(_matches(step.point, note) for note in expected), (number, step.point)
        else:
            assert step.point.area in areas, (number, step.point)


@pytest.mark.parametrize(("game", "tutorial"), tutorials(), ids=step_id)
def test_the_expected_moves_complete_every_tutorial_on_a_real_table(
        game: AnyGame, tutorial: Tutorial) -> None:
    lesson = Lesson(game, tutorial)
    for number, step in enumerate(tutorial.steps):
        assert lesson.index == number and lesson.step is step
        table, version = lesson.table, lesson.table.version
        outcome = lesson.try_move(step.expect[-1])
        assert isinstance(outcome, Played) and outcome.table is table
        assert table.version > version and outcome.since == version
    assert lesson.is_done


def diamoniak_lesson() -> Lesson:
    game = next(game for game in GAMES if game.id == "diamoniak")
    return Lesson(game, tutorial_of(game))


def test_a_wrong_move_is_refused_with_the_ruling_it_breaks_and_the_step_stays() -> None:
    lesson = diamoniak_lesson()
    table, version = lesson.table, lesson.table.version
    outcome = lesson.try_move("buy red from P2")
    assert isinstance(outcome, Refused)
    assert outcome.ruling == "DI-7" and "castle" in str(outcome.words)
    assert outcome.hint == lesson.step.hint
    assert lesson.index == 0 and lesson.table is table and table.version == version
    assert isinstance(lesson.try_move("draw"), Played) and lesson.index == 1


def test_a_legal_move_the_step_does_not_ask_for_is_refused_with_its_hint() -> None:
    lesson = diamoniak_lesson()
    while lesson.step.expect != ("buy red from P2",):
        assert isinstance(lesson.try_move(lesson.step.expect[0]), Played)
    table, version = lesson.table, lesson.table.version
    outcome = lesson.try_move("draw")
    assert isinstance(outcome, Refused) and outcome.ruling is None
    assert "DI-7" in str(outcome.words) and outcome.hint == lesson.step.hint
    assert table.version == version and not lesson.is_done


def test_a_text_that_is_no_move_is_refused_with_the_hint() -> None:
    lesson = diamoniak_lesson()
    outcome = lesson.try_move("fly away")
    assert isinstance(outcome, Refused) and outcome.hint == lesson.step.hint
    assert lesson.index == 0


def test_a_tutorial_without_steps_or_with_a_bad_point_is_refused() -> None:
    with pytest.raises(TutorialError, match="no \\[\\[step\\]\\]"):
        parse_tutorial('game = "x"\ntitle = "t"\n')
    bad_point = ('game = "x"\ntitle = "t"\n[[step]]\ntitle = "s"\n'
                 'position = "diamoniak 2p"\ntext = "t"\nexpect = "draw"\nhint = "h"\n'
                 'point = "the pile"\nteaches = ["DI-3"]\n')
    with pytest.raises(TutorialError, match="step 1: point"):
        parse_tutorial(bad_point)
    with pytest.raises(TutorialError, match="not TOML"):
        parse_tutorial("[[step")
