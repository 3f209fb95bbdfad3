"""The rating benchmark (issue 30): its population, matchmaking (rated and random tables)
and determinism."""

from __future__ import annotations

from collections import Counter

import pytest

from albion.bots.registry import parse_players
from albion.core.errors import AlbionError
from albion.sim.rating.bench import (
    BenchPlan,
    bench_book,
    measure,
    parse_format,
    play,
    run_bench,
)
from albion.sim.rating.population import (
    LADDERS,
    BenchError,
    population_task,
    rated_tables,
    rung_of,
    search_rungs,
)

TINY = BenchPlan("diamoniak", 2, "noise", population=12, games_each=4, seed=3)
TINY_RANDOM = BenchPlan("diamoniak", 2, "noise", population=12, games_each=4, seed=3,
                        tables="random")


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


@pytest.mark.parametrize("plan", [TINY, TINY_RANDOM])
def test_the_benchmark_is_the_same_for_a_seed_on_any_number_of_workers(
        plan: BenchPlan) -> None:
    once = run_bench(plan, workers=1).to_json_dict()
    again = measure(plan, play(plan, workers=2)).to_json_dict()
    for result in (once, again):
        result.pop("seconds")
    assert once == again
    assert once["games"] == 24 and once["tables"] == plan.tables
    assert set(once["spearman"]) == {"book", "weng_lin", "openskill_tied", "elo",
                                     "win_share", "ideal"}
    assert -1 <= once["spearman"]["book"] <= 1 and 0 <= once["ece"] <= 1


def test_rated_tables_seat_neighbours_in_rating_with_a_little_randomness() -> None:
    displayed = [float(p) for p in range(40)]  # player p's displayed rating is p
    tables = rated_tables(seed=1, round_number=2, displayed=displayed, players=4)
    assert sorted(p for table in tables for p in table) == list(range(40))
    assert all(max(table) - min(table) < 4 * 3 for table in tables)  # near in rating
    assert tables != tuple(tuple(range(s, s + 4)) for s in range(0, 40, 4))  # not fixed
    assert tables == rated_tables(1, 2, displayed, 4)  # seeded
    assert tables != rated_tables(1, 3, displayed, 4)
    newcomers = rated_tables(seed=1, round_number=0, displayed=[0.0] * 40, players=4)
    assert max(max(table) - min(table) for table in newcomers) > 12  # ties: random


def test_a_rated_round_pairs_by_the_ratings_after_the_last() -> None:
    plan = BenchPlan("diamoniak", 2, "noise", population=40, games_each=6, seed=4)
    games = play(plan)
    assert len(games) == plan.games()
    for round_start in range(0, plan.games(), 20):
        seated = sorted(p for game in games[round_start:round_start + 20]
                        for p in game.players)
        assert seated == list(range(40))
    book, entity = bench_book(), [f"player:{p}" for p in range(40)]
    for game in games[:100]:
        book.rate("diamoniak", 2, [entity[p] for p in game.players],
                  list(game.outcome.returns))
    displayed = [book.rating("diamoniak", 2, name).ordinal for name in entity]
    last_round = [game.players for game in games[100:]]
    task = plan.task()
    assert tuple(last_round) == rated_tables(task.seed, 5, displayed, 2)
    gap = sum(abs(displayed[a] - displayed[b]) for a, b in last_round) / len(last_round)
    spread = max(displayed) - min(displayed)
    assert gap < spread / 5, "neighbours in rating, not random opponents"


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
