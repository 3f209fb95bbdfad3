"""The benchmark's ladders spaced evenly in strength (issue 30): the knots' fit, the rungs
placed between them, the shipped ladders file."""

from __future__ import annotations

import json

import pytest

from albion.bots.registry import parse_players
from albion.core.registry import get_game
from albion.sim.rating.ladder import (
    KNOTS,
    RUNGS,
    FittedLadder,
    Knot,
    LadderError,
    Ladders,
    even_rungs,
    isotonic,
    ladder_tournament,
    load_ladders,
    measure_ladder,
    monotone_strengths,
)
from albion.sim.rating.population import LADDERS, rungs_for
from albion.sim.schedule import balanced_games

NOISE = (Knot("noise", 1.0), Knot("noise", 0.5), Knot("noise", 0.0))


def noise_of(bot: str) -> float:
    return float(bot.split("=")[1]) if "=" in bot else 0.0


def test_isotonic_irons_out_a_dip_and_keeps_a_rise() -> None:
    assert isotonic([0.0, 1.0, 2.0]) == [0.0, 1.0, 2.0]
    assert isotonic([0.0, 0.8, 0.6, 1.0]) == pytest.approx([0.0, 0.7, 0.7, 1.0])
    assert isotonic([3.0, 2.0, 1.0]) == pytest.approx([2.0, 2.0, 2.0])


def test_rungs_stand_at_evenly_spaced_strengths() -> None:
    """Noise 1 → 0.5 gains 0.5 and 0.5 → 0 gains 1.5: a quarter of the rungs below 0.5."""
    rungs = even_rungs(NOISE, [0.0, 0.5, 2.0], 9)
    assert rungs[0] == "heuristic:noise=1" and rungs[-1] == "heuristic"
    assert [noise_of(bot) for bot in rungs] == pytest.approx(
        [1.0, 0.75, 0.5, 0.4167, 0.3333, 0.25, 0.1667, 0.0833, 0.0], abs=1e-3)
    by_parameter = even_rungs(NOISE, [0.0, 1.0, 2.0], 5)  # linear strength: even noise
    assert [noise_of(bot) for bot in by_parameter] == pytest.approx([1, 0.75, 0.5, 0.25, 0])


def test_a_search_that_starts_below_the_heuristic_joins_where_it_reaches_it() -> None:
    """ISMCTS at 10 iterations below the heuristic: the rungs just above the heuristic's
    strength are searches of the iterations that first reach it, never the weaker 10."""
    knots = (Knot("noise", 1.0), Knot("noise", 0.0), Knot("search", 10.0),
             Knot("search", 40.0))
    strengths = [0.0, 1.0, 0.5, 2.0]
    assert monotone_strengths(knots, strengths) == strengths  # no knob's order reversed
    rungs = even_rungs(knots, strengths, 5)  # levels 0, 0.5, 1, 1.5, 2
    assert rungs[:3] == ("heuristic:noise=1", "heuristic:noise=0.5", "heuristic")
    # 1.5 is two thirds of the way from 10 (0.5) to 40 (2.0): 10 × 4^(2/3) ≈ 25
    assert rungs[3:] == ("ismcts:cutoff=4,iterations=25", "ismcts:cutoff=4,iterations=40")


def test_every_rung_of_a_measured_ladder_is_a_bot_and_stronger_goes_up() -> None:
    for key, fit in load_ladders().fitted.items():
        game, players, name = key
        rungs, measured = rungs_for(game, players, name)
        assert measured, key
        assert len(rungs) == RUNGS
        parse_players(",".join(dict.fromkeys(rungs)), allow_human=False)
        assert rungs[0] == KNOTS[name][0].bot()
        noise = [noise_of(bot) for bot in rungs if bot.startswith("heuristic")]
        assert noise == sorted(noise, reverse=True)
        searches = [int(bot.split("=")[-1]) for bot in rungs if bot.startswith("ismcts")]
        assert searches == sorted(searches)
        assert fit.strengths[0] == 0.0


def test_the_shipped_ladders_are_current() -> None:
    """A ladder's fit holds for the game version it was measured on: a change of rules
    or of a bot calls for `albion rating-ladder`."""
    ladders = load_ladders()
    assert {(game, players, name) for game, players, name in ladders.fitted} >= {
        ("diamoniak", 2, "noise"), ("diamoniak", 3, "noise"), ("diamoniak", 4, "noise"),
        ("raiding-stonehenge", 4, "noise+search")}
    for (game, players, name), fit in ladders.fitted.items():
        assert fit.game_version == get_game(game).version
        assert ladders.current(game, players, name) == fit
        assert len(fit.strengths) == len(KNOTS[name])
        assert max(fit.strengths) > 1.5, "the top of a ladder is clearly stronger"


def test_an_unmeasured_ladder_is_spaced_by_its_parameter() -> None:
    rungs, measured = rungs_for("raiding-stonehenge", 2, "noise")
    assert not measured and rungs == LADDERS["noise"]
    stale = Ladders({("diamoniak", 2, "noise"): FittedLadder("0.1", 10, 0, (0.0,) * 11)})
    assert stale.current("diamoniak", 2, "noise") is None


def test_a_ladders_file_round_trips_and_a_broken_one_is_refused() -> None:
    ladders = load_ladders()
    assert Ladders.from_json_dict(json.loads(ladders.to_text())) == ladders
    for broken in ({}, {"format": "albion-rating-ladders/0", "ladders": {}},
                   {"format": "albion-rating-ladders/1", "ladders": {
                       "diamoniak/2:noise": {"game_version": "1.0", "games": 1, "seed": 0,
                                             "strengths": ["nan"]}}}):
        with pytest.raises(LadderError):
            Ladders.from_json_dict(broken)


def test_a_ladder_tournament_is_whole_cycles_seeded_apart() -> None:
    tournament = ladder_tournament("diamoniak", 3, "noise", 1000, seed=0)
    cycle = balanced_games(11, 3)
    assert tournament.games % cycle == 0 and tournament.games >= 1000
    assert tournament.reference == tuple(knot.bot() for knot in KNOTS["noise"])
    assert tournament.seed != ladder_tournament("diamoniak", 3, "noise", seed=1).seed
    assert tournament.seed != ladder_tournament("diamoniak", 4, "noise", seed=0).seed
    with pytest.raises(LadderError):
        ladder_tournament("diamoniak", 2, "fast")


def test_measuring_a_ladder_finds_the_heuristic_above_random_play() -> None:
    tournament = ladder_tournament("diamoniak", 2, "noise", 110, seed=5)
    fit = measure_ladder(tournament, seed=5)
    assert fit.games == 110 and fit.seed == 5 and fit.strengths[0] == 0.0
    assert fit.strengths[-1] > 1.0
