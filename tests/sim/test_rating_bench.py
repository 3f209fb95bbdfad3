"""The rating benchmark (issue 30): its population, matchmaking and determinism."""

from __future__ import annotations

from collections import Counter

import pytest

from albion.bots.registry import parse_players
from albion.core.errors import AlbionError
from albion.sim.rating.bench import BenchPlan, measure, parse_format, play, run_bench
from albion.sim.rating.population import (
    LADDERS,
    BenchError,
    population_task,
    rung_of,
    search_rungs,
)

TINY = BenchPlan("diamoniak", 2, "noise", population=12, games_each=4, seed=3)


def test_every_round_seats_every_player_once() -> None:
    task = population_task("diamoniak", 3, LADDERS["noise"], 12, seed=1)
    plan = BenchPlan("diamoniak", 3, population=12, games_each=5)
    seated = Counter(p for index in range(plan.games()) for p in task.players_at(index))
    assert seated == dict.fromkeys(range(12), 5)
    for round_start in range(0, plan.games(), 4):
        players = [p for i in range(round_start, round_start + 4) for p in task.players_at(i)]
        assert sorted(players) == list(range(12))
    assert task.seating(0) == tuple(rung_of(p, 12, 51) for p in task.players_at(0))


def test_the_ladders_go_from_random_play_up() -> None:
    for rungs in LADDERS.values():
        assert rungs[0] == "heuristic:noise=1"
        parse_players(",".join(rungs), allow_human=False)  # every rung a valid bot
        assert len(set(rungs)) == len(rungs)
    assert LADDERS["noise"][-1] == "heuristic"
    iterations = [int(rung.split("=")[1].split(",")[0]) for rung in search_rungs(25)]
    assert iterations == sorted(iterations) and iterations[0] == 10 and iterations[-1] == 80
    assert [rung_of(p, 300, 51) for p in (0, 5, 6, 299)] == [0, 0, 1, 50]


def test_the_benchmark_is_the_same_for_a_seed_on_any_number_of_workers() -> None:
    once = run_bench(TINY, workers=1).to_json_dict()
    again = measure(TINY, play(TINY, workers=2)).to_json_dict()
    for result in (once, again):
        result.pop("seconds")
    assert once == again
    assert once["games"] == 24
    assert set(once["spearman"]) == {"openskill", "openskill_tied", "elo", "win_share"}
    assert -1 <= once["spearman"]["openskill"] <= 1 and 0 <= once["ece"] <= 1


def test_a_format_is_read_with_its_default_ladder() -> None:
    assert parse_format("raiding-stonehenge/4").ladder == "noise+search"
    assert parse_format("diamoniak/3").ladder == "noise"
    plan = parse_format("diamoniak/2:noise+search", population=40, games_each=3, seed=9)
    assert (plan.game, plan.players, plan.ladder, plan.population, plan.games_each,
            plan.seed) == ("diamoniak", 2, "noise+search", 40, 3, 9)


@pytest.mark.parametrize("text", ["diamoniak", "diamoniak/x", "chess/2", "diamoniak/9",
                                  "diamoniak/2:fast"])
def test_a_format_that_cannot_be_run_is_refused(text: str) -> None:
    with pytest.raises(AlbionError):
        parse_format(text)


def test_a_population_that_cannot_fill_its_tables_is_refused() -> None:
    with pytest.raises(BenchError):
        BenchPlan("diamoniak", 3, population=13).task()
    with pytest.raises(BenchError):
        BenchPlan("diamoniak", 4, population=4).task()
