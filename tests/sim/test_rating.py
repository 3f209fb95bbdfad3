"""The rating book (issue 30): the Plackett–Luce update, pinned anchors, win chances,
storage, and refusals that change nothing."""

from __future__ import annotations

import json
import math

import pytest
from openskill.models import PlackettLuce

from albion.bots.specs import PlayerSpecError
from albion.core.registry import get_game
from albion.sim.rating import (
    Anchors,
    AnchorsError,
    FormatAnchors,
    Rating,
    RatingBook,
    RatingError,
    RatingRow,
    Scale,
    account_entity,
    bot_entity,
    load_anchors,
    updated,
    win_chances,
)

SCALE = Scale()
EMPTY = Anchors(scale=SCALE)


def book(anchors: Anchors = EMPTY) -> RatingBook:
    return RatingBook(anchors)


def test_the_winner_goes_up_and_the_loser_down() -> None:
    ratings = book()
    after = ratings.rate("diamoniak", 2, ["account:1", "account:2"], [0.0, 1.0])
    assert after[1].mu > SCALE.mu > after[0].mu
    assert all(r.sigma < SCALE.sigma and r.games == 1 for r in after)


def test_in_four_players_every_loser_goes_down_and_the_winner_up() -> None:
    ratings = [Rating(30, 3), Rating(20, 3), Rating(25, 6), Rating(35, 2)]
    after = updated(ratings, [0.0, 1.0, 0.0, 0.0], SCALE)
    assert after[1].mu > ratings[1].mu
    assert all(after[seat].mu < ratings[seat].mu for seat in (0, 2, 3))


def test_a_shared_win_lifts_both_winners_alike() -> None:
    after = updated([Rating(25, 8), Rating(25, 8), Rating(25, 8)], [0.5, 0.5, 0.0], SCALE)
    assert after[0] == after[1] and after[0].mu > 25 > after[2].mu


def test_a_draw_pulls_unequal_players_together() -> None:
    after = updated([Rating(30, 5), Rating(20, 5)], [0.5, 0.5], SCALE)
    assert after[0].mu < 30 and after[1].mu > 20


def openskill_after(ratings: list[tuple[float, float]], ranks: list[int]) -> list[Rating]:
    model = PlackettLuce()
    rated = model.rate([[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings],
                       ranks=ranks)
    return [Rating(team[0].mu, team[0].sigma) for team in rated]


@pytest.mark.parametrize(("returns", "ranks"), [
    ([1.0, 0.0], [1, 2]),  # a win
    ([0.5, 0.5], [1, 1]),  # a draw
    ([3.0, 1.0, 2.0], [1, 3, 2]),  # every seat ordered
    ([0.5, 0.5, 0.0], [1, 1, 2]),  # two winners, one loser: nothing left unordered
])
def test_the_update_is_openskills_where_the_result_is_a_full_ranking(
        returns: list[float], ranks: list[int]) -> None:
    start = [(30.0, 5.0), (20.0, 7.0), (25.0, 3.0)][:len(returns)]
    ours = updated([Rating(mu, sigma) for mu, sigma in start], returns, SCALE)
    theirs = openskill_after(start, ranks)
    for mine, other in zip(ours, theirs, strict=True):
        assert mine.mu == pytest.approx(other.mu, abs=1e-9)
        assert mine.sigma == pytest.approx(other.sigma, abs=1e-9)


def test_unordered_losers_are_not_pulled_together_as_openskill_ties_them() -> None:
    """openskill ranks the losers of a four-player game as tied: the weakest loser goes
    *up* (a draw with stronger players); here a loss is a loss."""
    start = [(25.0, 6.0), (35.0, 3.0), (30.0, 3.0), (15.0, 6.0)]
    theirs = openskill_after(start, [1, 2, 2, 2])
    ours = updated([Rating(mu, sigma) for mu, sigma in start], [1.0, 0.0, 0.0, 0.0], SCALE)
    assert theirs[3].mu > 15.0
    assert ours[3].mu < 15.0
    assert ours[0].mu == pytest.approx(theirs[0].mu)  # the winner's stage is the same


def test_a_pinned_anchor_never_moves_and_is_never_stored() -> None:
    anchor = Rating(20.0, 1.0)
    pinned = Anchors(SCALE, {}, {("diamoniak", 2): FormatAnchors("1.0", 100, 0,
                                                                 {"heuristic": anchor})})
    ratings = book(pinned)
    for game in range(20):
        returns = [1.0, 0.0] if game % 3 else [0.0, 1.0]
        after = ratings.rate("diamoniak", 2, ["heuristic", "account:7"], returns)
        assert after[0] == anchor
    assert ratings.rating("diamoniak", 2, "heuristic") == anchor
    assert [row.entity for row in ratings.rows()] == ["account:7"]
    assert ratings.rows()[0].games == 20
    ratings.add_rows([RatingRow("heuristic", "diamoniak", 2, 99.0, 1.0, 5)])
    assert ratings.rating("diamoniak", 2, "heuristic") == anchor
    # the anchor is pinned in its format only
    assert ratings.rate("diamoniak", 3, ["heuristic", "a", "b"], [1, 0, 0])[0].games == 1


def test_beating_a_stronger_anchor_is_worth_more() -> None:
    anchors = Anchors(SCALE, {}, {("diamoniak", 2): FormatAnchors(
        "1.0", 100, 0, {"random": Rating(0.0, 1.0), "heuristic": Rating(30.0, 1.0)})})
    weak = book(anchors).rate("diamoniak", 2, ["account:1", "random"], [1.0, 0.0])[0]
    strong = book(anchors).rate("diamoniak", 2, ["account:1", "heuristic"], [1.0, 0.0])[0]
    assert strong.mu > weak.mu > SCALE.mu


def test_win_chances_sum_to_one_and_favour_the_stronger() -> None:
    chances = win_chances([Rating(30, 2), Rating(20, 2), Rating(25, 2)], SCALE)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[2] > chances[1]
    assert win_chances([Rating(25, 8)] * 4, SCALE) == pytest.approx([0.25] * 4)
    sure = win_chances([Rating(30, 1), Rating(20, 1)], SCALE)
    unsure = win_chances([Rating(30, 8), Rating(20, 8)], SCALE)
    assert sure[0] > unsure[0] > 0.5  # doubt flattens a prediction


def test_win_chances_are_plackett_luce_first_choice() -> None:
    ratings = [Rating(30, 2), Rating(20, 3)]
    c = math.sqrt(sum(r.sigma ** 2 + SCALE.beta ** 2 for r in ratings))
    expected = 1 / (1 + math.exp((20 - 30) / c))
    assert win_chances(ratings, SCALE)[0] == pytest.approx(expected)


def test_the_book_round_trips_through_json() -> None:
    ratings = book()
    ratings.rate("diamoniak", 2, ["account:1", "account:2"], [1.0, 0.0], when="2025-01-02")
    ratings.rate("raiding-stonehenge", 4, ["account:1", "b", "c", "d"], [0.0, 1.0, 0, 0])
    data = json.loads(json.dumps(ratings.to_json_dict()))
    again = RatingBook.from_json_dict(data, EMPTY)
    assert again.rows() == ratings.rows()
    assert again.rows()[0].updated == "2025-01-02"
    assert RatingRow.from_json_dict(ratings.rows()[1].to_json_dict()) == ratings.rows()[1]


@pytest.mark.parametrize("data", [{}, {"format": "albion-ratings/1"},
                                  {"format": "albion-ratings/1", "rows": [{"entity": "a"}]},
                                  {"format": "albion-ratings/1", "rows": [
                                      {"entity": "a", "game": "diamoniak", "players": 2,
                                       "mu": "nan", "sigma": 1, "games": 1}]},
                                  {"format": "albion-ratings/1", "rows": [
                                      {"entity": "a", "game": "diamoniak", "players": 0,
                                       "mu": 25, "sigma": 1, "games": 1}]}])
def test_a_broken_book_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(RatingError):
        RatingBook.from_json_dict(data, EMPTY)


@pytest.mark.parametrize(("game", "players", "entities", "returns"), [
    ("chess", 2, ["a", "b"], [1.0, 0.0]),
    ("diamoniak", 5, ["a", "b", "c", "d", "e"], [1.0, 0, 0, 0, 0]),
    ("diamoniak", 2, ["a"], [1.0, 0.0]),
    ("diamoniak", 2, ["a", "b"], [1.0]),
    ("diamoniak", 2, ["a", "b"], [math.nan, 0.0]),
    ("diamoniak", 2, ["a", ""], [1.0, 0.0]),
    ("diamoniak", 2, ["a", "x" * 201], [1.0, 0.0]),
    ("diamoniak", 2, ["a", "cheat-mcts:iterations=50"], [1.0, 0.0]),
])
def test_a_game_that_cannot_be_rated_is_refused_and_changes_nothing(
        game: str, players: int, entities: list[str], returns: list[float]) -> None:
    ratings = book()
    ratings.rate("diamoniak", 2, ["a", "b"], [1.0, 0.0])
    before = ratings.rows()
    with pytest.raises(RatingError) as refused:
        ratings.rate(game, players, entities, returns)
    assert refused.value.words is not None  # said in words, for any language
    assert ratings.rows() == before


def test_a_bot_at_two_seats_counts_one_game_with_the_mean_of_its_updates() -> None:
    ratings = book()
    after = ratings.rate("diamoniak", 3, ["heuristic:noise=0.5", "heuristic:noise=0.5",
                                          "account:1"], [1.0, 0.0, 0.0])
    bot = ratings.rating("diamoniak", 3, "heuristic:noise=0.5")
    assert bot.games == 1 and after[0] == after[1] == bot
    assert after[2].mu < SCALE.mu


def test_a_broken_anchors_file_is_refused() -> None:
    data = load_anchors().to_json_dict()
    data["formats"]["diamoniak/2"]["anchors"]["random"]["sigma"] = 0
    with pytest.raises(AnchorsError):
        Anchors.from_json_dict(data)
    with pytest.raises(AnchorsError):
        Anchors.from_json_dict({"format": "albion-rating-anchors/0"})
    assert Anchors.from_json_dict(load_anchors().to_json_dict()) == load_anchors()


def test_entities_are_written_one_way() -> None:
    assert account_entity(42) == "account:42"
    assert bot_entity("ismcts:iterations=200,c=1") == "ismcts:c=1,iterations=200"
    assert bot_entity("Heuristic") == "heuristic"
    with pytest.raises(PlayerSpecError):
        bot_entity("random,random")
    with pytest.raises(PlayerSpecError):
        bot_entity("ismcts:depth=3")


def test_the_displayed_rating_is_mu_minus_three_sigma() -> None:
    assert Rating(25.0, 8.0).ordinal == 1.0


def test_the_shipped_anchors_are_current_and_on_the_scale() -> None:
    """A format's anchors hold for the game version they were measured on: a change of
    rules calls for `albion rating-calibrate`."""
    anchors = load_anchors()
    assert anchors.scale == Scale()
    assert anchors.formats, "no calibrated format"
    for (game_id, players), placed in anchors.formats.items():
        game = get_game(game_id)
        assert placed.game_version == game.version, (game_id, players)
        assert game.min_players <= players <= game.max_players
        reference = anchors.reference[game_id]
        assert set(placed.ratings) == set(reference)
        zero = "random" if "random" in reference else reference[0]
        assert placed.ratings[zero].mu == 0.0
        assert placed.ratings["heuristic"].mu > placed.ratings[zero].mu
        assert all(0 < r.sigma < 5 for r in placed.ratings.values())
    for bots in anchors.reference.values():
        assert all(bot_entity(bot) == bot for bot in bots)
    assert {game for game, _ in anchors.formats} == set(anchors.reference)
