"""The rating book (issue 30): the Plackett–Luce update, pinned anchors, win chances,
storage, and refusals that change nothing."""

from __future__ import annotations

import json
import math
from dataclasses import replace

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
WENG_LIN = Scale(update="weng-lin")
"""openskill's PlackettLuce update, the book's first form."""
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
def test_the_weng_lin_update_is_openskills_where_the_result_is_a_full_ranking(
        returns: list[float], ranks: list[int]) -> None:
    start = [(30.0, 5.0), (20.0, 7.0), (25.0, 3.0)][:len(returns)]
    ours = updated([Rating(mu, sigma) for mu, sigma in start], returns, WENG_LIN)
    theirs = openskill_after(start, ranks)
    for mine, other in zip(ours, theirs, strict=True):
        assert mine.mu == pytest.approx(other.mu, abs=1e-9)
        assert mine.sigma == pytest.approx(other.sigma, abs=1e-9)


def test_unordered_losers_are_not_pulled_together_as_openskill_ties_them() -> None:
    """openskill ranks the losers of a four-player game as tied: the weakest loser goes
    *up* (a draw with stronger players); here a loss is a loss."""
    start = [(25.0, 6.0), (35.0, 3.0), (30.0, 3.0), (15.0, 6.0)]
    theirs = openskill_after(start, [1, 2, 2, 2])
    ours = updated([Rating(mu, sigma) for mu, sigma in start], [1.0, 0.0, 0.0, 0.0],
                   WENG_LIN)
    assert theirs[3].mu > 15.0
    assert ours[3].mu < 15.0
    assert ours[0].mu == pytest.approx(theirs[0].mu)  # the winner's stage is the same
    laplace = updated([Rating(mu, sigma) for mu, sigma in start], [1.0, 0.0, 0.0, 0.0],
                      SCALE)
    assert laplace[0].mu > 25.0 and all(laplace[seat].mu < start[seat][0] for seat in (1, 2, 3))


def test_the_laplace_update_by_hand() -> None:
    """Two players, a win: the table's spread c² = 2 beta² + π/8 (sigma_a² + sigma_b²);
    each rating's precision adds p(1 − p)/c², and its mean moves by the variance after
    the game × (result − p)/c."""
    scale = Scale(tau=0.0)
    a, b = Rating(30.0, 4.0), Rating(20.0, 6.0)
    c = math.sqrt(2 * scale.beta ** 2 + math.pi / 8 * (16 + 36))
    p = 1 / (1 + math.exp((20.0 - 30.0) / c))  # a's chance
    after = updated([a, b], [0.0, 1.0], scale)  # b wins
    var_a = 16 / (1 + 16 * p * (1 - p) / c ** 2)
    var_b = 36 / (1 + 36 * p * (1 - p) / c ** 2)
    assert after[0].sigma == pytest.approx(math.sqrt(var_a))
    assert after[1].sigma == pytest.approx(math.sqrt(var_b))
    assert after[0].mu == pytest.approx(30.0 - var_a / c * p)
    assert after[1].mu == pytest.approx(20.0 + var_b / c * p)


def test_the_laplace_update_weighs_every_game_alike() -> None:
    """Strengths do not change, so a rating's games should count alike: after 40
    alternating wins and losses against an equal, the Laplace precision has grown by
    nearly 40 games' information (at most 40 × ¼ / c², c = beta √2 once sure; less while
    doubt widens c), while Weng–Lin's shrinks by only sigma/c of it and stays wider."""
    scale = Scale(tau=0.0)
    ratings = {"laplace": Rating(25.0, 25 / 3), "weng-lin": Rating(25.0, 25 / 3)}
    for game in range(40):
        returns = [1.0, 0.0] if game % 2 else [0.0, 1.0]
        for update in ratings:
            rules = Scale(tau=0.0, update=update)
            ratings[update] = updated([ratings[update], Rating(25.0, 1.0)], returns, rules)[0]
    most = 40 * 0.25 / (2 * scale.beta ** 2)
    gained = 1 / ratings["laplace"].sigma ** 2 - 1 / (25 / 3) ** 2
    assert 0.8 * most < gained <= most
    assert ratings["weng-lin"].sigma > 1.3 * ratings["laplace"].sigma


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
    assert win_chances(ratings, WENG_LIN)[0] == pytest.approx(expected)
    c = math.sqrt(2 * SCALE.beta ** 2 + math.pi / 8 * (4 + 9))  # doubt as MacKay's
    assert win_chances(ratings, SCALE)[0] == pytest.approx(1 / (1 + math.exp(-10 / c)))
    four = [Rating(30, 2), Rating(20, 3), Rating(25, 1), Rating(22, 4)]
    c = math.sqrt(4 * SCALE.beta ** 2 + math.pi / 16 * (4 + 9 + 1 + 16))
    weights = [math.exp(r.mu / c) for r in four]
    assert win_chances(four, SCALE) == pytest.approx([w / sum(weights) for w in weights])


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
    for beta in (0, -1, "nan"):
        data = load_anchors().to_json_dict()
        data["formats"]["diamoniak/2"]["beta"] = beta
        with pytest.raises(AnchorsError):
            Anchors.from_json_dict(data)
    data = load_anchors().to_json_dict()
    data["scale"]["update"] = "glicko"
    with pytest.raises(AnchorsError):
        Anchors.from_json_dict(data)
    assert Anchors.from_json_dict(load_anchors().to_json_dict()) == load_anchors()


def test_an_anchors_file_of_the_first_format_is_read_as_it_was_meant() -> None:
    """albion-rating-anchors/1 had no beta per format and rated with Weng–Lin's update."""
    data = load_anchors().to_json_dict()
    data["format"] = "albion-rating-anchors/1"
    del data["scale"]["update"]
    for placed in data["formats"].values():
        del placed["beta"]
    old = Anchors.from_json_dict(data)
    assert old.scale.update == "weng-lin"
    assert old.scale_for("diamoniak", 2) == old.scale == replace(Scale(), update="weng-lin")


def test_each_calibrated_format_is_rated_with_its_own_beta() -> None:
    anchors = Anchors(SCALE, {}, {("diamoniak", 2): FormatAnchors(
        "1.0", 100, 0, {"random": Rating(0.0, 1.0)}, beta=8.0)})
    assert anchors.scale_for("diamoniak", 2) == replace(SCALE, beta=8.0)
    assert anchors.scale_for("diamoniak", 3) == SCALE
    ratings = book(anchors)
    lucky = ratings.rate("diamoniak", 2, ["a", "b"], [1.0, 0.0])
    plain = book().rate("diamoniak", 2, ["a", "b"], [1.0, 0.0])
    assert 25 < lucky[0].mu < plain[0].mu  # more luck: a win says less
    unpinned = book(anchors.unpinned())
    assert unpinned.rating("diamoniak", 2, "random") == Rating(SCALE.mu, SCALE.sigma)
    assert unpinned.scale_for("diamoniak", 2).beta == 8.0


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
        # beta puts the reference bots' span at √12 sigma: the strongest about 29 above
        span = max(r.mu for r in placed.ratings.values()) \
            - min(r.mu for r in placed.ratings.values())
        assert math.sqrt(12) * anchors.scale.sigma <= span < 1.2 * math.sqrt(12) * 25 / 3
        assert 1 < placed.beta < 20
    for bots in anchors.reference.values():
        assert all(bot_entity(bot) == bot for bot in bots)
    assert {game for game, _ in anchors.formats} == set(anchors.reference)
