"""`albion analyse RECORD [--json]` (issue 33): exit codes, the JSON's shape, the table,
the reader's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from albion.cli.app import app
from albion.core.record import GameRecord
from albion.sim.records import record_json
from tests.analysis.conftest import FAST, unfinished

runner = CliRunner()


def saved(tmp_path: Path, record: GameRecord, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(record_json(record))
    return str(path)


def test_json_has_every_decision_summary_and_replay(tmp_path: Path,
                                                    records: dict[str, GameRecord]) -> None:
    record = records["diamoniak"]
    result = runner.invoke(app, ["analyse", saved(tmp_path, record), "--json", "--seed", "2",
                                 "--iterations", "40", "--workers", "1"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["format"] == "albion-analysis/1"
    assert (data["game"], data["seats"], data["returns"]) == (
        "diamoniak", record.seats, record.returns)
    assert (data["seed"], data["iterations"], data["hindsight_iterations"]) == (2, 40, 20)
    decision = data["decisions"][0]
    assert set(decision) == {"index", "seat", "played", "best", "fair", "hindsight",
                             "chances", "iterations", "fall", "judged", "label", "reason",
                             "reason_text", "search", "said"}
    assert [s["seat"] for s in data["summaries"]] == [0, 1]
    assert set(data["summaries"][0]) == {"seat", "player", "result", "decisions", "labels",
                                         "luck", "deal_luck", "mean_fall"}
    flagged = [d for d in data["decisions"] if d["label"] != "good"]
    assert len(data["replays"]) == len(flagged) > 0
    assert flagged[0]["reason"]["message"] == "{fact}; {rest}" or "{better}" in \
        flagged[0]["reason"]["message"]
    assert set(data["replays"][0]) == {"index", "seat", "label", "position", "played",
                                       "better"}
    assert data["replays"][0]["position"].startswith("diamoniak 2p")


@pytest.mark.parametrize("game_id", ["raiding-stonehenge", "super-camelot"])
def test_table_names_each_seat_and_the_flagged_decisions(
        tmp_path: Path, records: dict[str, GameRecord], game_id: str) -> None:
    result = runner.invoke(app, ["analyse", saved(tmp_path, records[game_id]),
                                 "--iterations", str(FAST[game_id]), "--workers", "1"])
    assert result.exit_code == 0, result.stderr
    assert "P1 heuristic" in result.stdout and "P2 heuristic" in result.stdout
    assert "Luck" in result.stdout


def test_a_game_in_progress_is_refused_with_exit_2(tmp_path: Path,
                                                  records: dict[str, GameRecord]) -> None:
    record = unfinished(records["raiding-stonehenge"], 30)
    result = runner.invoke(app, ["analyse", saved(tmp_path, record)])
    assert result.exit_code == 2
    assert "still in progress" in result.stderr
    assert result.stdout == ""


def test_refusal_in_french(tmp_path: Path, records: dict[str, GameRecord]) -> None:
    record = unfinished(records["diamoniak"], 10)
    result = runner.invoke(app, ["--lang", "fr", "analyse", saved(tmp_path, record)])
    assert result.exit_code == 2
    assert "encore en cours" in result.stderr


def test_a_missing_or_broken_record_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyse", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "cannot read record" in result.stderr
    broken = tmp_path / "broken.json"
    broken.write_text("{}")
    assert runner.invoke(app, ["analyse", str(broken)]).exit_code == 2


def test_bad_iterations_are_refused(tmp_path: Path, records: dict[str, GameRecord]) -> None:
    result = runner.invoke(app, ["analyse", saved(tmp_path, records["diamoniak"]),
                                 "--iterations", "0"])
    assert result.exit_code == 2


def test_plot_draws_both_curves_into_a_png(tmp_path: Path,
                                           records: dict[str, GameRecord]) -> None:
    plot = tmp_path / "curves.png"
    result = runner.invoke(app, ["analyse", saved(tmp_path, records["diamoniak"]),
                                 "--iterations", "8", "--workers", "1", "--plot", str(plot)])
    assert result.exit_code == 0, result.stderr
    assert plot.read_bytes()[:4] == b"\x89PNG"
    folder = runner.invoke(app, ["analyse", saved(tmp_path, records["diamoniak"]),
                                 "--iterations", "8", "--workers", "1", "--plot",
                                 str(tmp_path)])
    assert folder.exit_code == 2 and "cannot write" in folder.stderr
