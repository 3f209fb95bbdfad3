"""The analysis of a finished game (issue 33): refusal of a game in progress, the fair
estimate from the seat's view alone (a canary planted in another seat's secrets changes
nothing), determinism, the decisions judged, the replays."""

from __future__ import annotations

import pytest

from albion.analysis import (
    AnalysisError,
    AnalysisSettings,
    Label,
    analyse,
    decision_indices,
)
from albion.analysis.analyse import search_settings
from albion.analysis.fair import fair_estimate
from albion.core.record import GameRecord, replay
from albion.core.registry import get_game
from albion.core.state import CHANCE
from tests.analysis.conftest import FAST, GAMES, unfinished


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_in_progress_is_refused(records: dict[str, GameRecord],
                                       game_id: str) -> None:
    record = records[game_id]
    game = get_game(game_id)
    with pytest.raises(AnalysisError, match="still in progress"):
        analyse(game, unfinished(record, len(record.actions) // 2))
    with pytest.raises(AnalysisError, match="still in progress"):  # every action, no result
        analyse(game, unfinished(record, len(record.actions)))


@pytest.mark.parametrize("game_id", ["raiding-stonehenge", "super-camelot"])
def test_the_fair_estimate_never_changes_with_a_canary_in_another_seats_secrets(
        records: dict[str, GameRecord], game_id: str) -> None:
    game = get_game(game_id)
    states = replay(game, records[game_id])
    settings = search_settings(game, "ismcts", FAST[game_id])
    checked = 0
    for index in decision_indices(states)[::5]:
        state = states[index]
        seat = state.current_player()
        other = (seat + 1) % len(records[game_id].seats)
        planted = game.plant_canary(state, other)
        if planted is None or planted == state:
            continue
        assert planted.observe(seat) == state.observe(seat)
        played = state.legal_actions()[-1]
        estimates = [fair_estimate(game, world.observe(seat), world.legal_actions(), played,
                                   settings, 3, 5, index) for world in (state, planted)]
        assert estimates[0] == estimates[1]
        checked += 1
        if checked == 6:
            break
    assert checked == 6


@pytest.mark.parametrize("game_id", GAMES)
def test_same_record_same_seed_same_analysis_on_one_process_or_two(
        records: dict[str, GameRecord], game_id: str) -> None:
    game = get_game(game_id)
    settings = AnalysisSettings(seed=3, iterations=FAST[game_id])
    first = analyse(game, records[game_id], settings).to_json_dict()
    again = analyse(game, records[game_id], settings, workers=2).to_json_dict()
    first.pop("seconds")
    again.pop("seconds")
    assert first == again
    other = analyse(game, records[game_id], AnalysisSettings(seed=4, iterations=FAST[
        game_id])).to_json_dict()
    other.pop("seconds")
    assert other != first


@pytest.mark.parametrize("game_id", GAMES)
def test_every_decision_with_a_choice_is_judged_with_both_estimates(
        records: dict[str, GameRecord], game_id: str) -> None:
    game = get_game(game_id)
    record = records[game_id]
    states = replay(game, record)
    seen: list[int] = []
    analysis = analyse(game, record, AnalysisSettings(iterations=FAST[game_id]),
                       progress=lambda done, total: seen.append(done))
    expected = [i for i, s in enumerate(states[:-1])
                if s.current_player() != CHANCE and len(s.legal_actions()) > 1]
    assert [d.index for d in analysis.decisions] == expected
    assert seen == list(range(1, len(expected) + 1))
    for decision in analysis.decisions:
        assert decision.seat == states[decision.index].current_player()
        assert decision.played == record.actions[decision.index]
        assert decision.played in decision.chances and decision.best in decision.chances
        assert 0.0 <= decision.fair <= 1.0
        assert decision.fair == max(decision.chances.values())
        assert len(decision.hindsight) == len(record.seats)
        assert all(0.0 <= value <= 1.0 for value in decision.hindsight)
        # Judged in the search's own values; shown through the map, which keeps their order.
        assert decision.fall == pytest.approx(max(0.0, decision.search[decision.best] -
                                                  decision.search[decision.played]))
        assert set(decision.search) == set(decision.chances)
        assert (decision.reason is None) == (decision.label is Label.GOOD)
        assert (decision.said is None) == (decision.label is Label.GOOD)
    summaries = analysis.summaries
    assert sum(s.decisions for s in summaries) == len(analysis.decisions)
    assert [s.result for s in summaries] == record.returns


def test_a_flagged_position_replays_as_its_position_text(
        records: dict[str, GameRecord]) -> None:
    game = get_game("diamoniak")
    analysis = analyse(game, records["diamoniak"], AnalysisSettings(iterations=40))
    replays = analysis.replays()
    assert replays, "a heuristic game has some flagged decision at this budget"
    states = replay(game, records["diamoniak"])
    for item in replays:
        position = game.from_text(item["position"])
        assert position == states[item["index"]]
        assert game.action_text(position, game.parse_action(position, item["better"])) \
            == item["better"]
        assert item["better"] != item["played"]


def test_the_last_decision_s_hindsight_knows_the_outcome_the_game_had(
        records: dict[str, GameRecord]) -> None:
    """In Diamoniak every card is public but the pile's order: with the later draws known,
    the last decision's hindsight is close to the result (the winner's decision)."""
    game = get_game("diamoniak")
    record = records["diamoniak"]
    analysis = analyse(game, record, AnalysisSettings(iterations=40))
    last = analysis.decisions[-1]
    winner = record.returns.index(1.0) if record.returns else -1
    assert last.hindsight[winner] > 0.5


@pytest.mark.parametrize("game_id", ["diamoniak", "raiding-stonehenge"])
def test_candidates_searches_pair_up_so_the_fall_is_measured_more_sharply(
        records: dict[str, GameRecord], game_id: str) -> None:
    """Every candidate's search draws the same determinisations and random numbers, so
    the fall's standard error from the paired iterations (the labels', docs/analysis.md)
    is below the one of independent searches; the best's own spread is the floor."""
    from albion.analysis.labels import (  # noqa: PLC0415
        VARIANCE_FLOOR,
        independent_standard_error,
    )

    game = get_game(game_id)
    states = replay(game, records[game_id])
    iterations = 60
    settings = search_settings(game, "ismcts", iterations)
    paired = independent = 0.0
    compared = 0
    for index in decision_indices(states)[:12]:
        state = states[index]
        seat = state.current_player()
        played = game.parse_action(state, records[game_id].actions[index])
        estimate = fair_estimate(game, state.observe(seat), state.legal_actions(), played,
                                 settings, 3, 7, index)
        assert set(estimate.spread) == set(estimate.chances)
        assert estimate.spread[estimate.best] == pytest.approx(
            (VARIANCE_FLOOR / iterations) ** 0.5)
        for action, chance in estimate.chances.items():
            if action != estimate.best:
                paired += estimate.spread[action]
                independent += independent_standard_error(
                    estimate.chance, iterations, chance, iterations)
                compared += 1
    assert compared >= 8
    assert paired < 0.8 * independent, (paired / compared, independent / compared)
