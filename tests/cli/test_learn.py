"""`albion learn GAME` end to end (issue 32), fed on stdin: each tutorial completes with
the right answers (by number and by notation), a wrong move is refused with its ruling
and the step's hint, in the reader's language; an unknown game is one line, exit 2."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from albion.cli.app import app
from albion.core.plugin import load_tutorial
from albion.core.registry import get_game, plugin_of
from albion.core.tutorial import Tutorial
from albion.table.tutorial import step_table

runner = CliRunner()
GAMES = ("diamoniak", "raiding-stonehenge", "super-camelot")


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def tutorial(game_id: str) -> Tutorial:
    found = load_tutorial(plugin_of(get_game(game_id)))
    assert found is not None
    return found


def right_answers(game_id: str) -> list[str]:
    """Each step's expected move: by its number on odd steps, by its words on even."""
    game = get_game(game_id)
    answers = []
    for number, step in enumerate(tutorial(game_id).steps, 1):
        table = step_table(game, step)
        legal = table.legal(table.to_move()[0])
        move = step.expect[0]
        answers.append(str(legal.index(move) + 1) if number % 2 else move)
    return answers


@pytest.mark.parametrize("game_id", GAMES)
def test_learn_completes_each_tutorial_fed_the_right_answers(game_id: str) -> None:
    steps = tutorial(game_id).steps
    code, out, err = run("learn", game_id, stdin="\n".join(right_answers(game_id)) + "\n")
    assert code == 0, err
    for number, step in enumerate(steps, 1):
        assert f"Step {number} of {len(steps)}: {step.title}" in out
    assert "Tutorial complete" in out and f"albion play {game_id}" in out


def test_learn_refuses_a_wrong_move_with_its_ruling_and_hint_and_keeps_the_step() -> None:
    answers = right_answers("diamoniak")
    code, out, _ = run("learn", "diamoniak",
                       stdin="\n".join(["buy red from P2", "hint", *answers]) + "\n")
    assert code == 0
    assert "Not now: only a player with a castle may buy (DI-7)" in out
    first_hint = tutorial("diamoniak").steps[0].hint
    assert out.count(f"Hint: {first_hint}") == 2  # with the refusal, then asked for
    assert out.count("Step 1 of 6") == 1


def test_learn_stopped_before_the_end_exits_1_and_says_where() -> None:
    code, out, _ = run("learn", "raiding-stonehenge", stdin="4\n")
    assert code == 1
    assert "Step 2 of 4" in out and "Tutorial stopped at step 2" in out


def test_learn_speaks_french_and_german() -> None:
    for lang, words in (("fr", "Ta première partie de Diamoniak"),
                        ("de", "Deine erste Partie Diamoniak")):
        code, out, _ = run("--lang", lang, "learn", "diamoniak",
                           stdin="\n".join(right_answers("diamoniak")) + "\n")
        assert code == 0 and words in out
        assert "Step 1 of" not in out


def test_learn_refuses_an_unknown_game_in_one_line() -> None:
    code, out, err = run("learn", "chess")
    assert code == 2 and out == ""
    assert err.startswith("error:") and "chess" in err and len(err.strip().splitlines()) == 1


def test_learn_refuses_a_game_without_a_tutorial_in_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("albion.cli.app.load_tutorial", lambda plugin: None)
    code, out, err = run("learn", "diamoniak")
    assert code == 2 and out == ""
    assert "Diamoniak has no tutorial yet" in err and "albion rules diamoniak" in err
