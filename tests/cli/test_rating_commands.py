"""`albion rating-bench` and `albion rating-calibrate` end to end (issue 30)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from albion.cli.app import app
from albion.sim.rating import Anchors, load_anchors
from albion.sim.rating.ladder import Ladders, load_ladders

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_rating_bench_reports_each_format_as_json() -> None:
    code, out, _ = run("rating-bench", "--format", "diamoniak/2", "--format",
                       "diamoniak/4", "--population", "12", "--games-each", "3",
                       "--workers", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert [(f["game"], f["players"], f["games"]) for f in data["formats"]] == [
        ("diamoniak", 2, 18), ("diamoniak", 4, 9)]
    assert {"book", "weng_lin", "elo", "openskill_tied", "win_share", "ideal"} == set(
        data["formats"][0]["spearman"])
    assert data["formats"][0]["tables"] == "rated"
    assert data["formats"][0]["ladder_measured"] is True


def test_rating_bench_prints_a_table() -> None:
    code, out, _ = run("rating-bench", "--format", "diamoniak/2", "--population", "8",
                       "--games-each", "2", "--workers", "1")
    assert code == 0
    assert "diamoniak/2" in out and "ECE" in out and "Elo" in out and "ideal" in out


def test_rating_bench_plays_random_tables_when_asked() -> None:
    code, out, _ = run("rating-bench", "--format", "diamoniak/2", "--population", "8",
                       "--games-each", "2", "--workers", "1", "--tables", "random",
                       "--json")
    assert code == 0
    assert json.loads(out)["formats"][0]["tables"] == "random"


def test_rating_bench_refuses_a_population_that_cannot_fill_its_tables() -> None:
    code, out, err = run("rating-bench", "--format", "diamoniak/3", "--population", "10")
    assert code == 2 and out == ""
    assert "multiple of 3" in err
    code, out, err = run("rating-bench", "--format", "diamoniak/2", "--tables", "swiss")
    assert code == 2 and out == ""
    assert "unknown tables" in err


def test_rating_ladder_measures_a_ladder_and_keeps_the_others(tmp_path: Path) -> None:
    out = tmp_path / "ladders.json"
    out.write_text(load_ladders().to_text())
    code, printed, _ = run("rating-ladder", "--format", "diamoniak/2", "--games", "100",
                           "--seed", "4", "--workers", "1", "--out", str(out))
    assert code == 0, printed
    written = Ladders.from_json_dict(json.loads(out.read_text()))
    fit = written.fitted[("diamoniak", 2, "noise")]
    assert fit.games == 110 and fit.seed == 4  # a whole cycle of 11 knots, two seats
    assert fit != load_ladders().fitted[("diamoniak", 2, "noise")]
    others = {key: value for key, value in load_ladders().fitted.items()
              if key != ("diamoniak", 2, "noise")}
    assert {key: written.fitted[key] for key in others} == others
    assert "heuristic:noise=0.5" in printed
    out.write_text("{}")
    code, _, err = run("rating-ladder", "--format", "diamoniak/2", "--out", str(out))
    assert code == 2 and "not a ladders file" in err


def test_rating_calibrate_places_the_anchors_and_keeps_other_formats(tmp_path: Path) -> None:
    shipped = load_anchors()
    mine = Anchors(shipped.scale, {"diamoniak": ("random", "heuristic:noise=0.5",
                                                 "heuristic")}, dict(shipped.formats))
    out = tmp_path / "anchors.json"
    out.write_text(mine.to_text())
    code, printed, _ = run("rating-calibrate", "--game", "diamoniak", "--games", "24",
                           "--workers", "1", "--out", str(out))
    assert code == 0, printed
    placed = Anchors.from_json_dict(json.loads(out.read_text()))
    for players in (2, 3, 4):
        ratings = placed.formats[("diamoniak", players)].ratings
        assert set(ratings) == {"random", "heuristic:noise=0.5", "heuristic"}
        assert ratings["random"].mu == 0.0 < ratings["heuristic"].mu
    others = {key: value for key, value in shipped.formats.items() if key[0] != "diamoniak"}
    assert {key: placed.formats[key] for key in others} == others
    assert "diamoniak/2" in printed


def test_rating_calibrate_refuses_a_game_without_reference_bots(tmp_path: Path) -> None:
    out = tmp_path / "anchors.json"
    out.write_text(Anchors(load_anchors().scale, {}, {}).to_text())
    code, _, err = run("rating-calibrate", "--game", "diamoniak", "--out", str(out))
    assert code == 2 and "no reference bots" in err
    out.write_text("{}")
    code, _, err = run("rating-calibrate", "--out", str(out))
    assert code == 2 and "not an anchors file" in err
