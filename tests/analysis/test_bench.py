"""`albion analyse-bench` (issue 33) at a tiny scale: its parts run, write their figures
and the reliability plot, and exit 1 when a target is missed; the ECE's arithmetic."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from albion.analysis.bench import expected_calibration_error
from albion.cli.app import app

runner = CliRunner()


def test_expected_calibration_error_weighs_each_bin_by_its_positions() -> None:
    pairs = [(0.15, 0.0)] * 3 + [(0.15, 1.0)] + [(0.85, 1.0)] * 4
    ece, bins = expected_calibration_error(pairs)
    # bin 1: mean 0.15, won 0.25 (|0.10| x 4/8); bin 8: mean 0.85, won 1 (|0.15| x 4/8)
    assert ece == pytest.approx(0.125)
    assert [(b["positions"], b["won"]) for b in bins] == [(4, 0.25), (4, 1.0)]
    assert expected_calibration_error([(0.3, 1.0)] * 3 + [(0.3, 0.0)] * 7)[0] == \
        pytest.approx(0.0)


def test_every_part_at_a_tiny_scale(tmp_path: Path) -> None:
    result = runner.invoke(app, [
        "analyse-bench", "--game", "diamoniak", "--positions", "10", "--games", "2",
        "--iterations", "4", "--workers", "1", "--bots", "heuristic,ismcts:iterations=20",
        "--out", str(tmp_path), "--json"])
    assert result.exit_code in (0, 1), result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"calibration", "stability", "speed", "sense"}
    assert data["calibration"][0]["positions"] == 10
    assert 0.0 <= data["calibration"][0]["ece"] <= 1.0
    assert data["stability"][0]["games"] == 2
    assert data["speed"][0]["median_of"] == 2
    assert data["sense"][0]["bots"] == ["heuristic", "ismcts:iterations=20"]
    assert json.loads((tmp_path / "bench.json").read_text()) == data
    assert (tmp_path / "reliability.png").read_bytes()[:4] == b"\x89PNG"


def test_an_unknown_part_is_refused() -> None:
    result = runner.invoke(app, ["analyse-bench", "--part", "beauty"])
    assert result.exit_code == 2 and "unknown part" in result.stderr
