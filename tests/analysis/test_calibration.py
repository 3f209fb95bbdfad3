"""The calibration map of the fair win chance (issue 33, docs/analysis.md, Calibration):
its fit finds a known miscalibration and leaves a calibrated forecast alone, its forms are
monotone, it carries to other player counts around the seat's base rate, the maps shipped
are fitted and monotone, an analysis shows win chances through its game's map while
judging decisions in the search's values, and a figure measured on the positions a map was
fitted on is never passed off as held out."""

from __future__ import annotations

import importlib
import json
import random
from itertools import pairwise
from pathlib import Path

import pytest
from typer.testing import CliRunner

from albion.analysis import AnalysisSettings, analyse
from albion.analysis.bench import measure
from albion.analysis.calibration import (
    NOISE_MARGIN,
    CalibrationMap,
    Kind,
    Sample,
    _fold,
    cross_validated,
    fit_file,
    fit_kind,
    fit_logistic,
    fit_map,
    logit,
    map_for,
    read_maps,
    shipped_maps,
    sigmoid,
)
from albion.cli.app import app
from albion.core.record import GameRecord
from albion.core.registry import get_game, plugin_of
from tests.analysis.conftest import FAST, GAMES

runner = CliRunner()


def synthetic(n: int, truth: CalibrationMap | None, seed: int = 1, players: int = 2,
              game: str = "diamoniak") -> list[Sample]:
    """`n` positions (two per game) whose outcome is drawn from `truth` of the value (the
    value itself when None)."""
    rng = random.Random(seed)
    found = []
    for k in range(n):
        value = rng.betavariate(0.7, 0.7)  # many near 0 and 1, as the search's are
        chance = truth(value, players) if truth is not None else value
        found.append(Sample(game, seed, k // 2, k % 2, players, k % players, value, value,
                            float(rng.random() < chance), 100))
    return found


def test_the_fit_finds_an_overconfident_search_and_undoes_it() -> None:
    truth = CalibrationMap("diamoniak", "logistic", slope=0.6, shift=0.15)
    samples = synthetic(4000, truth)
    fitted = fit_map(samples)
    assert fitted.kind in ("logistic", "isotonic")
    slope, shift = fit_logistic(samples)
    assert slope == pytest.approx(0.6, abs=0.08) and shift == pytest.approx(0.15, abs=0.1)
    plain = CalibrationMap.from_json_dict("diamoniak", {"kind": "logistic"})
    assert plain(0.3) == pytest.approx(0.3)  # slope 1, shift 0: the identity
    cv = fitted.fitted["cross_validated"]
    assert cv["logistic"]["ece"] < cv["identity"]["ece"] - 0.02
    assert cv["logistic"]["log_loss"] < cv["identity"]["log_loss"]
    assert fitted.fitted["positions"] == 4000 and fitted.fitted["seeds"] == [1]
    assert fitted.fitted["iterations"] == [100]


def test_a_calibrated_forecast_is_left_as_it_is() -> None:
    """Chosen by log loss: the isotonic map's binned ECE is lower here (its forecasts
    gather on few values), though nothing needed mending."""
    fitted = fit_map(synthetic(4000, None, seed=2))
    assert fitted.kind == "identity", fitted.fitted["cross_validated"]
    assert fitted(0.83) == 0.83 and fitted.summary() is None


def test_cross_validation_keeps_a_game_s_positions_in_one_fold() -> None:
    samples = synthetic(400, None)
    ece, loss = cross_validated(samples, "logistic")
    assert 0 <= ece < 0.2 and loss > 0
    folds: dict[int, set[int]] = {}
    for sample in samples:
        folds.setdefault(sample.game_index, set()).add(_fold(sample, 5))
    assert all(len(found) == 1 for found in folds.values())


@pytest.mark.parametrize("kind", ["logistic", "isotonic"])
def test_every_form_is_monotone_and_inside_0_1(kind: Kind) -> None:
    truth = CalibrationMap("diamoniak", "logistic", slope=0.5, shift=-0.2)
    samples = synthetic(3000, truth, seed=3)
    fitted = fit_kind(samples, kind)
    grid = [k / 200 for k in range(201)]
    shown = [fitted(value) for value in grid]
    assert all(0 < value < 1 for value in shown)
    assert all(a <= b + 1e-12 for a, b in pairwise(shown))
    if kind == "logistic":  # the ends pulled in, as the truth's
        assert shown[0] > 0.02 and shown[-1] < 0.98
    again = read_maps(json.dumps({"format": "albion-calibration/1",
                                  "games": {"diamoniak": fitted.to_json_dict()}}))
    assert [again["diamoniak"](value) for value in grid] == pytest.approx(shown, abs=1e-5)


def test_an_isotonic_map_is_applied_only_to_the_player_counts_it_was_fitted_on() -> None:
    fitted = fit_kind(synthetic(2000, CalibrationMap("", "logistic", slope=0.5), seed=4),
                      "isotonic", "raiding-stonehenge", {"players": [2]})
    assert fitted(0.9, 2) < 0.85  # pulled in, as the truth
    assert fitted(0.9, 4) == 0.9 and fitted(0.1, 3) == 0.1  # no base rate to carry


def test_the_logistic_map_carries_to_more_players_around_their_base_rate() -> None:
    shrink = CalibrationMap("raiding-stonehenge", "logistic", slope=0.5, shift=0.0)
    assert shrink(0.5, 2) == pytest.approx(0.5)
    assert shrink(0.25, 4) == pytest.approx(0.25)  # the base rate of four seats stays
    assert 0.25 < shrink(0.9, 4) < 0.9 and 0.04 < shrink(0.05, 4) < 0.25
    assert shrink(0.9, 4) == pytest.approx(sigmoid(0.5 * (logit(0.9) - logit(0.25))
                                                   + logit(0.25)))


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_ships_a_map_fitted_on_its_own_seeds(game_id: str) -> None:
    """Each game's entry in calibration.json: fitted on at least 1,000 self-play positions
    of its recorded seeds at the game's own budget, monotone, inside (0, 1) (the identity
    where no form beat it: Raiding Stonehenge)."""
    shipped = map_for(game_id)
    assert game_id in shipped_maps() and shipped.seeds
    assert shipped.fitted["positions"] >= 1000
    assert shipped.fitted["iterations"] == [plugin_of(get_game(game_id)).analysis_iterations]
    cv = shipped.fitted["cross_validated"]  # the kind kept: the least log loss, or near it
    least = min(figures["log_loss"] for figures in cv.values())
    assert cv[shipped.kind]["log_loss"] <= least + NOISE_MARGIN
    grid = [k / 100 for k in range(101)]
    shown = [shipped(value) for value in grid]
    assert all(a <= b for a, b in pairwise(shown))
    assert all(0 < value < 1 for value in shown[1:-1])


def test_an_analysis_shows_the_map_s_win_chances_and_judges_the_search_s(
        records: dict[str, GameRecord], monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("diamoniak")
    shipped = CalibrationMap(game.id, "logistic", slope=0.5, shift=0.1,
                             fitted={"positions": 10, "seeds": [77]})
    module = importlib.import_module("albion.analysis.analyse")  # not the function
    monkeypatch.setattr(module, "map_for", lambda game_id: shipped)
    settings = AnalysisSettings(seed=5, iterations=FAST[game.id])
    shown = analyse(game, records[game.id], settings)
    raw = analyse(game, records[game.id], AnalysisSettings(
        seed=5, iterations=FAST[game.id], calibrated=False))
    assert shown.calibration is not None and shown.calibration["seeds"] == list(shipped.seeds)
    assert raw.calibration is None
    players = len(records[game.id].seats)
    for with_map, without in zip(shown.decisions, raw.decisions, strict=True):
        assert with_map.search == without.search == without.chances
        assert (with_map.label, with_map.fall, with_map.best) == \
            (without.label, without.fall, without.best)
        assert with_map.fair == pytest.approx(shipped(without.fair, players))
        assert with_map.chances == {action: pytest.approx(shipped(value, players))
                                    for action, value in without.chances.items()}
        assert with_map.fall == pytest.approx(max(
            0.0, with_map.search[with_map.best] - with_map.search[with_map.played]))
    assert any(a.fair != b.fair for a, b in zip(shown.decisions, raw.decisions, strict=True))


def test_a_figure_on_the_positions_a_map_was_fitted_on_is_not_held_out() -> None:
    truth = CalibrationMap("diamoniak", "logistic", slope=0.6, shift=0.0)
    fitted_on = synthetic(1000, truth, seed=7)
    fitted = fit_map(fitted_on)
    same = measure("diamoniak", fitted_on, fitted, 100, 7, 2, 0.0)
    other = measure("diamoniak", synthetic(1000, truth, seed=8), fitted, 100, 8, 2, 0.0)
    assert not same.held_out and other.held_out
    assert other.ece_calibrated < other.ece - 0.02  # the map helps on other seeds too
    low, high = other.interval
    assert low <= other.ece_calibrated <= high
    assert 0.005 < other.floor < 0.06 and other.games == 500
    assert sum(b["positions"] for b in other.bins_calibrated) == 1000


def test_analyse_bench_fit_writes_a_map_and_marks_its_figure_not_held_out(
        tmp_path: Path) -> None:
    maps = tmp_path / "calibration.json"
    result = runner.invoke(app, [
        "analyse-bench", "--game", "super-camelot", "--part", "calibration", "--positions",
        "12", "--per-game", "3", "--iterations", "3", "--workers", "1", "--seed", "9",
        "--fit", str(maps), "--out", str(tmp_path / "out"), "--json"])
    assert result.exit_code == 1, result.stderr  # a figure not held out never passes
    figures = json.loads(result.stdout)["calibration"][0]
    assert (figures["positions"], figures["games"], figures["positions_per_game"]) == (12, 4, 3)
    assert figures["held_out"] is False and figures["fitted_here"] is True
    written = read_maps(maps.read_text())
    assert set(written) == {"super-camelot"} and written["super-camelot"].seeds == (9,)
    saved = (tmp_path / "out" / "calibration-super-camelot.jsonl").read_text().splitlines()
    assert len(saved) == 12
    refit = fit_file([tmp_path / "out" / "calibration-super-camelot.jsonl"],
                     tmp_path / "again.json")
    assert refit["super-camelot"] == written["super-camelot"]  # same positions, same map


def test_refit_measures_the_maps_on_held_out_positions_and_draws_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m albion.analysis.refit FIT --out MAPS --check HELD --plot PNG`: the maps
    fitted on one seed's positions, measured on another's (held out), drawn."""
    from albion.analysis.calibration import Sample  # noqa: PLC0415
    from albion.analysis.refit import main  # noqa: PLC0415

    def positions(seed: int, path: Path) -> Path:
        rng = random.Random(seed)
        lines = []
        for game_index in range(300):
            value = rng.random()
            won = float(rng.random() < 0.5 + 0.6 * (value - 0.5))  # too sure: a map helps
            lines.append(json.dumps(Sample("diamoniak", seed, game_index, 0, 2, 0, value,
                                           value, won, 100).to_json_dict()))
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path

    fit, held = positions(1, tmp_path / "fit.jsonl"), positions(2, tmp_path / "held.jsonl")
    plot = tmp_path / "held.png"
    main([str(fit), "--out", str(tmp_path / "maps.json"), "--check", str(held),
          "--plot", str(plot)])
    printed = capsys.readouterr().out
    assert "diamoniak on 300 positions of seeds [2]: ECE of the search" in printed
    assert "NOT held out" not in printed
    assert plot.read_bytes().startswith(b"\x89PNG")
    with pytest.raises(SystemExit):  # a plot of nothing is refused
        main([str(fit), "--out", str(tmp_path / "maps.json"), "--plot", str(plot)])
