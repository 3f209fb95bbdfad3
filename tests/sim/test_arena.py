"""Tournaments and reports: balanced seats, identical results on every backend, resuming,
ratings, and report files that parse."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from albion.core import get_game
from albion.sim.balance import hidden_information_value
from albion.sim.report import ReportPlan, run_report, sweep_pairs
from albion.sim.schedule import balanced_games, seating
from albion.sim.standings import standings
from albion.sim.tournament import (
    GameOutcome,
    TournamentConfig,
    TournamentError,
    run_tournament,
)

CONFIG = TournamentConfig("diamoniak", ("heuristic", "random", "ismcts:iterations=20"), 12, 2,
                          5, ())


def test_every_bot_plays_every_seat_equally_often() -> None:
    for bots, players in ((3, 2), (2, 4), (5, 4), (4, 4)):
        games = balanced_games(bots, players)
        counts = {(bot, seat): 0 for bot in range(bots) for seat in range(players)}
        for index in range(games):
            for seat, bot in enumerate(seating(index, bots, players)):
                counts[(bot, seat)] += 1
        for bot in range(bots):
            assert len({counts[(bot, seat)] for seat in range(players)}) == 1


def test_fewer_bots_than_seats_every_bot_fills_as_many_seats() -> None:
    """Issue 14: with 3 bots at 4 seats, no bot doubles up in every game."""
    for bots in range(1, 7):
        for players in range(2, 6):
            games = balanced_games(bots, players)
            seats = [0] * bots
            for index in range(games):
                for bot in seating(index, bots, players):
                    seats[bot] += 1
            assert len(set(seats)) == 1, (bots, players, seats)


@pytest.mark.parametrize("backend", ["process", "ray"])
def test_results_are_identical_whatever_the_backend(backend: str) -> None:
    local = run_tournament(CONFIG, "local")
    other = run_tournament(CONFIG, backend, workers=2)
    assert [o.deterministic() for o in local] == [o.deterministic() for o in other]


def test_a_resumed_run_equals_an_uninterrupted_one(tmp_path: Path) -> None:
    class StopError(Exception):
        """Stands for an interruption."""

    def stop_after_five(done: int) -> None:
        if done >= 5:
            raise StopError

    with pytest.raises(StopError):
        run_tournament(CONFIG, "local", out=tmp_path / "t", progress=stop_after_five)
    lines = (tmp_path / "t" / "results.jsonl").read_text().splitlines()
    assert len(lines) == 5
    with (tmp_path / "t" / "results.jsonl").open("a") as results:
        results.write('{"index": 7, "seats": [0')  # a line cut short by a crash
    resumed = run_tournament(CONFIG, "local", out=tmp_path / "t")
    whole = run_tournament(CONFIG, "local")
    assert [o.deterministic() for o in resumed] == [o.deterministic() for o in whole]
    assert len(list((tmp_path / "t" / "records").iterdir())) == 12
    record = json.loads((tmp_path / "t" / "records" / "game-000003.json").read_text())
    assert record["game"] == "diamoniak" and record["returns"] is not None
    other = TournamentConfig("diamoniak", ("random", "heuristic"), 12, 2, 5, ())
    with pytest.raises(TournamentError, match="holds another tournament"):
        run_tournament(other, "local", out=tmp_path / "t")


def test_a_strong_bot_rates_above_random() -> None:
    outcomes = run_tournament(CONFIG, "process", workers=2)
    table = {row.name: row for row in standings(CONFIG.bots, outcomes).bots}
    assert table["heuristic"].mu > table["random"].mu
    assert table["heuristic"].win_rate > table["random"].win_rate
    assert all(row.games == 8 for row in table.values())


def test_report_files_are_written_and_parse(tmp_path: Path) -> None:
    game = get_game("raiding-stonehenge")
    plan = ReportPlan(game, ("heuristic", "random"), 8, 4, 1, {},
                      sweep_pairs(["contest=first-takes,all-lose", "rotate_start=no"]))
    report = run_report(plan, tmp_path, "local", 1)
    data = json.loads((tmp_path / "report.json").read_text())
    assert [c["label"] for c in data["configurations"]] == ["base", "contest=all-lose",
                                                            "rotate_start=no"]
    assert len(data["comparisons"]) == 2
    assert data["configurations"][0]["games"] == 8
    assert set(data["configurations"][0]["bot_win_rates"]) == {"heuristic", "random"}
    page = (tmp_path / "report.html").read_text()
    assert page.count("data:image/png;base64,") >= 3 and "Against the base" in page
    assert report.hidden_information is None


def test_report_shows_the_value_of_hidden_information_and_characters(tmp_path: Path) -> None:
    game = get_game("super-camelot")
    plan = ReportPlan(game, ("cheat-mcts:iterations=3", "ismcts:iterations=3"), 2, 2, 1,
                      {"max_turns": 8})
    report = run_report(plan, tmp_path, "local", 1)
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["hidden_information_value"] is not None
    assert "character" in data["configurations"][0]["label_win_rates"]
    assert report.figures[0].end_reasons == {"cap": 2}


def test_a_report_where_no_seat_ever_wins_draws_its_plots(tmp_path: Path) -> None:
    """Every game at the cap: every seat's rate is 0 and its interval starts at 0 exactly."""
    game = get_game("super-camelot")
    plan = ReportPlan(game, ("random",), 7, 2, 1, {"max_turns": 1})
    report = run_report(plan, tmp_path, "local", 1)
    assert report.figures[0].end_reasons == {"cap": 7}
    assert [rate.interval[0] for rate in report.figures[0].seats] == [0.0, 0.0]
    assert report.figures[0].bots == {}, "one bot in every seat has no win rate of its own"
    assert (tmp_path / "report.html").read_text().count("data:image/png;base64,") >= 3


def test_a_bot_at_several_seats_counts_one_game_and_one_win() -> None:
    config = TournamentConfig("diamoniak", ("heuristic", "random"), 6, 3, 2, ())
    outcomes = run_tournament(config, "local")
    table = {row.name: row for row in standings(config.bots, outcomes).bots}
    assert table["heuristic"].games == 6 and table["random"].games == 6
    assert table["heuristic"].wins + table["random"].wins == pytest.approx(6)
    assert table["heuristic"].win_rate <= 1.0


def test_hidden_information_is_measured_game_by_game() -> None:
    games = [GameOutcome(i, (0, 1) if i % 2 else (1, 0),
                         (1.0, 0.0) if (i % 3) else (0.0, 1.0), "castle", 10, (0, 0), (1, 1))
             for i in range(60)]
    gap, p = hidden_information_value(("cheat-mcts", "ismcts"), games)  # type: ignore[misc]
    wins = sum(1 for g in games if g.returns[g.seats.index(0)] == 1.0)
    assert gap == pytest.approx((wins - (60 - wins)) / 60)
    assert 0.0 <= p <= 1.0
    assert hidden_information_value(("heuristic", "ismcts"), games) is None


def test_another_tournaments_folder_names_what_differs(tmp_path: Path) -> None:
    run_tournament(CONFIG, "local", out=tmp_path / "t", progress=None)
    other = TournamentConfig(CONFIG.game, CONFIG.bots, CONFIG.games, CONFIG.players, 99, ())
    with pytest.raises(TournamentError, match=r"seed 5 \(now 99\)"):
        run_tournament(other, "local", out=tmp_path / "t")
    more = TournamentConfig(CONFIG.game, CONFIG.bots, 14, CONFIG.players, CONFIG.seed, ())
    assert len(run_tournament(more, "local", out=tmp_path / "t")) == 14, "extended"
