"""Issue 29: the result tables of `albion simulate`, `tournament` and `report` read in the
reader's language — headers, titles, how games ended (a reason as words, not its id),
numbers the language's way. Checked in the pseudo-locale with the terminal's scan
(tests/cli/test_languages.py): no plain English word outside ⟦ ⟧ but data (the bots as
specified, the variant swept, the game's name)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_languages import english_afterwards, run, untranslated, wide  # noqa: F401 - fixtures

BOTS = ["heuristic", "random"]


pytestmark = pytest.mark.usefixtures("wide")
"""Screens on one line per row, English again afterwards (`english_afterwards`, autouse)."""


def test_simulate_and_tournament_tables_in_the_pseudo_locale_leave_no_english() -> None:
    code, out, err = run("--lang", "qps", "simulate", "diamoniak", "-p", "heuristic,random",
                         "-n", "4", "--workers", "1")
    assert code == 0, err
    assert "⟦⟦ƒûļļ çåšţļé⟧ (4)⟧" in out, "how the games ended, in words"
    assert untranslated(out, *BOTS) == []
    code, out, err = run("--lang", "qps", "tournament", "diamoniak", "-b", "heuristic,random",
                         "-n", "4", "--backend", "local")
    assert code == 0, err
    assert untranslated(out, *BOTS) == []


def test_the_report_table_in_the_pseudo_locale_leaves_no_english(tmp_path: Path) -> None:
    out_dir = tmp_path / "r"
    code, out, err = run("--lang", "qps", "report", "diamoniak", "-b", "heuristic,random",
                         "-n", "4", "--sweep", "fairy=auto", "--backend", "local",
                         "--out", str(out_dir))
    assert code == 0, err
    screen = out.replace(str(out_dir / "report.html"), "").replace(
        str(out_dir / "report.json"), "")
    assert "⟦ƀåšé⟧" in screen, "the base configuration, in words"
    assert untranslated(screen, *BOTS, "fairy", "auto") == []


@pytest.mark.parametrize(("lang", "castle", "rate"), [
    ("fr", "château complet (4)", "100,0\u00a0%"),
    ("de", "vollständige Burg (4)", "100,0\u00a0%"),
    ("en", "full castle (4)", "100.0%"),
])
def test_how_games_ended_and_the_rates_read_in_each_language(lang: str, castle: str,
                                                             rate: str) -> None:
    code, out, err = run("--lang", lang, "simulate", "diamoniak", "-p", "heuristic,random",
                         "-n", "4", "--workers", "1")
    assert code == 0, err
    assert castle in out and rate in out
    assert "castle 4" not in out  # the reason's id, as it used to show
