"""Issue 29: the result tables of `albion simulate`, `tournament` and `report` read in the
reader's language — headers, titles, how games ended (a reason as words, not its id),
numbers the language's way. Checked in the pseudo-locale with the terminal's scan
(tests/cli/test_languages.py): no plain English word outside ⟦ ⟧ but data (the bots as
specified, the variant swept, the game's name)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from albion.bots.specs import PlayerSpec
from albion.cli import app as app_module
from albion.core.game import AnyGame
from albion.core.variants import Variant
from albion.sim.simulate import Summary
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


@pytest.mark.parametrize(("lang", "line"), [
    ("fr", "Égalités : 1\u202f234 · actions par partie en moyenne : 1\u202f234,5 · fins : "
           "château complet (2) · 3\u202f456,79 s"),
    ("de", "Unentschieden: 1.234 · Ø Aktionen pro Partie: 1.234,5 · beendet durch: "
           "vollständige Burg (2) · 3.456,79 s"),
    ("en", "Draws: 1,234 · mean actions per game: 1,234.5 · ended by: full castle (2) · "
           "3,456.79 s"),
])
def test_the_simulate_summary_line_writes_its_numbers_the_languages_way(
        lang: str, line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The line under `albion simulate`'s table: draws, the mean length and the seconds
    grouped and with the decimal sign of the reader's language (issue 29)."""
    def big(game: AnyGame, variant: Variant, specs: Sequence[PlayerSpec], games: int,
            seed: int, **_: object) -> Summary:
        return Summary(game=game.id, players=["heuristic", "random"], games=games, seed=seed,
                       variant=dict(variant), wins=[1.0, 1.0], seat_wins=[1.0, 1.0],
                       draws=1234, mean_actions=1234.5, seconds=3456.789,
                       end_reasons={"castle": 2})
    monkeypatch.setattr(app_module, "simulate", big)
    code, out, err = run("--lang", lang, "simulate", "diamoniak", "-p", "heuristic,random",
                         "-n", "2", "--workers", "1")
    assert code == 0, err
    assert line in out.splitlines(), out
