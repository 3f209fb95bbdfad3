"""The games' tutorials (issue 32): the data holds (every step's position reads, its
expected moves are legal there, it points where the board annotates, it teaches real
rulings), every `newcomer` ruling is taught, and the engine plays them on a real table —
refusing a wrong move with its ruling and the step's hint, keeping the step."""

from __future__ import annotations

import dataclasses

import pytest

from albion.core import all_games
from albion.core.game import AnyGame
from albion.core.plugin import load_tutorial
from albion.core.presentation import ActionNote, Place
from albion.core.registry import plugin_of
from albion.core.tutorial import Step, Tutorial, TutorialError, parse_tutorial
from albion.i18n import translator
from albion.table.table import AnyTable
from albion.table.tutorial import Lesson, Played, Refused, look_words, step_table
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


LATER = ("a few turns later", "a few rounds later", "a turn later", "a round later",
         "later that turn")
"""How a step that jumps ahead (`later = true`) opens its text: the learner is told."""


def learner_sees(table: AnyTable, seat: int) -> dict[str, object]:
    """What must match between a step's outcome and the next step: the learner's view of
    the position — its `board`, every field the board shows (the learner's own cards,
    castle, hand, disks, character and square, the other seats' public holdings, the
    piles, lines and map) — who decides next, the variant and the seats."""
    view = table.view(seat)
    return {"board": view["board"], "to_move": view["to_move"],
            "variant": view["variant"], "seats": view["seats"]}


def outcomes(game: AnyGame, tutorial: Tutorial) -> list[tuple[int, str, AnyTable, int]]:
    """Each step's expected moves played at its table (chance from the step's seed), the
    bots and chance played on to the learner's next decision: (step, move, table, seat)."""
    found = []
    for index, step in enumerate(tutorial.steps[:-1]):
        for move in step.expect:
            lesson = Lesson(game, tutorial, start=index)
            seat = lesson.seat
            outcome = lesson.try_move(move)
            assert isinstance(outcome, Played), (index + 1, move, outcome)
            found.append((index, move, outcome.table, seat))
    return found


@pytest.mark.parametrize(("game", "tutorial"), tutorials(), ids=step_id)
def test_each_step_outcome_leads_into_the_next_step(game: AnyGame,
                                                    tutorial: Tutorial) -> None:
    """A newcomer sees one game: after a step's expected move (any of them) and what the
    bots and chance did, the learner's view is the next step's view — unless the next
    step says in its text that it jumps ahead (`later`), and then the variant and the
    seats (who plays which seat) still match."""
    for index, move, table, seat in outcomes(game, tutorial):
        following = tutorial.steps[index + 1]
        upcoming = step_table(game, following)
        assert upcoming.to_move() == (seat,), f"step {index + 2}: the learner is not at {seat}"
        got, wanted = learner_sees(table, seat), learner_sees(upcoming, seat)
        if following.later:
            assert following.text.lower().startswith(LATER), (index + 2, following.text[:40])
            assert (got["variant"], got["seats"]) == (wanted["variant"], wanted["seats"])
            continue
        differing = sorted(key for key in got["board"] if  # type: ignore[attr-defined]
                           got["board"][key] != wanted["board"].get(key))  # type: ignore[index]
        assert got == wanted, (f"step {index + 1}'s {move!r} does not lead to step "
                               f"{index + 2}: the board differs in {differing}")


@pytest.mark.parametrize(("game", "tutorial"), tutorials(), ids=step_id)
def test_the_learner_keeps_one_character_or_colour_across_the_jumps(
        game: AnyGame, tutorial: Tutorial) -> None:
    """Even a step that jumps ahead keeps who the learner is: Diamoniak's castle colour
    once chosen, Super Camelot's character."""
    kept: dict[str, object] = {}
    for step in tutorial.steps:
        table = step_table(game, step)
        board = table.view(table.to_move()[0])["board"]
        for player in board.get("players", []):
            found = {"castle": (player.get("castle") or {}).get("colour"),
                     "character": player.get("character")}
            for key, value in found.items():
                if value is None:
                    continue
                name = f"{key} of seat {player.get('seat')}"
                assert kept.setdefault(name, value) == value, (step.title, name, value)


def test_the_chain_check_fails_when_a_step_does_not_follow() -> None:
    """Diamoniak's step 1 without its seed draws another colour than step 2's red."""
    game = next(game for game in GAMES if game.id == "diamoniak")
    tutorial = tutorial_of(game)
    first = dataclasses.replace(tutorial.steps[0], seed=None)
    broken = Tutorial(tutorial.game, tutorial.title, tutorial.intro,
                      (first, *tutorial.steps[1:]))
    _, _, table, seat = outcomes(game, broken)[0]
    assert learner_sees(table, seat) != learner_sees(step_table(game, broken.steps[1]), seat)


def test_where_to_look_reads_as_a_player_says_it_in_every_language() -> None:
    """The place a step points at, as the terminal and the Learn page both say it."""
    said = {point: str(look_words(point, 0)) for point in (
        Place("line", number=4), Place("hand", seat=0, number=29),
        Place("right_pile", seat=1, item="red"), Place("square", square="r12c14"))}
    assert list(said.values()) == ["line 4", "the 29 in your hand",
                                   "the red card in P2's right-hand pile",
                                   "the square at row 12, column 14"]
    for lang, line, hand in (("fr", "ligne 4", "le 29 de ta main"),
                             ("de", "Reihe 4", "die 29 in deiner Hand")):
        words = translator(lang).words
        assert words(look_words(Place("line", number=4), 0)) == line
        assert words(look_words(Place("hand", seat=0, number=29), 0)) == hand
        for point, english in said.items():
            assert words(look_words(point, 0)) != english, (lang, point)
