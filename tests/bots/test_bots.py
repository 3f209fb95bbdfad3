"""Bots: specs and options, views only (never states), determinism, and the simulate
features built for them (rotation, workers)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from albion.bots import (
    Agent,
    AgentBase,
    PlayerSpec,
    PlayerSpecError,
    as_agent,
    make_bot,
    parse_players,
)
from albion.bots.ismcts_bot import IsmctsBot
from albion.bots.search import (
    Budget,
    SearchSettings,
    random_choice,
    random_index,
    random_policy,
    search,
)
from albion.core import CHANCE, State, get_game
from albion.core.registry import get_plugin
from albion.sim.simulate import simulate
from albion.table import Table
from tests.conformance.harness import choose

FAST = "ismcts:iterations=30"


def test_specs_split_options_onto_the_bot_before_them() -> None:
    specs = parse_players("ismcts:iterations=2000,c=1.2,random,heuristic")
    assert [str(s) for s in specs] == ["ismcts:iterations=2000,c=1.2", "random", "heuristic"]
    assert specs[0].options == (("iterations", "2000"), ("c", "1.2"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ismcts:depth=3", "depth: Extra inputs are not permitted"),
        ("ismcts:iterations=0", "iterations: Input should be greater than or equal to 1"),
        ("ismcts:iterations=lots", "iterations: Input should be a valid integer"),
        ("ismcts:rollout=clever", "rollout: Input should be 'random' or 'heuristic'"),
        ("c=1,random", "comes before any bot"),
        ("alphazero", "unknown player 'alphazero'"),
        ("human:x=1", "'human' takes no options"),
        ("ismcts:", "options are key=value"),
    ],
)
def test_bad_specs_are_explained(text: str, message: str) -> None:
    with pytest.raises(PlayerSpecError, match=message) as error:
        parse_players(text)
    if text.startswith("ismcts:") and "=" in text:
        assert "options of ismcts: iterations, seconds, c, rollout, cutoff" in str(error.value)
    if text == "alphazero":
        assert "bots and options" in str(error.value)


class Spy(AgentBase):
    """Records what a bot is handed, then lets the bot decide (declaring the bot's own
    flags: the Agent protocol, issue 26)."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.sees_state = inner.sees_state
        self.needs_view = True  # it records the view
        self.seen: list[Any] = []

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        self.seen.append(view)
        return self.inner.choose(view, legal)


@pytest.mark.parametrize("game_id", ["diamoniak", "raiding-stonehenge", "super-camelot"])
def test_bots_are_handed_views_never_states(game_id: str) -> None:
    game = get_game(game_id)
    specs = [PlayerSpec("random"), PlayerSpec("heuristic"), PlayerSpec("ismcts",
                                                                       (("iterations", "5"),))]
    spies = [Spy(make_bot(spec, game, random.Random(i))) for i, spec in enumerate(specs)]
    cheat = Spy(make_bot(PlayerSpec("cheat-mcts", (("iterations", "5"),)), game,
                         random.Random(9)))
    variant = game.variant({"max_turns": 12} if game_id == "super-camelot" else None)
    seated = [*spies[:2], cheat] if game_id == "raiding-stonehenge" else spies[1:]
    table = Table(game, seated, variant, seed=1)
    assert table.is_over()
    for spy in seated:
        assert spy.seen
        if spy.sees_state:
            assert all(isinstance(seen, State) for seen in spy.seen)
        else:
            assert not any(isinstance(seen, State) for seen in spy.seen)
            assert all(hasattr(seen, "seat") for seen in spy.seen)


def test_ismcts_decides_from_the_view_alone_a_canary_changes_nothing() -> None:
    game = get_game("raiding-stonehenge")
    rng = random.Random(4)
    state = game.new_state(4)
    checked = 0
    while not state.is_terminal() and checked < 12:
        seat = state.current_player()
        if seat != CHANCE:
            other = (seat + 1) % 4
            planted = game.plant_canary(state, other)
            if planted is not None:
                legal = state.legal_actions()
                picks = []
                for world in (state, planted):
                    bot = make_bot(PlayerSpec("ismcts", (("iterations", "40"),)), game,
                                   random.Random(7))
                    assert isinstance(bot, IsmctsBot)
                    picks.append((bot.choose(world.observe(seat), legal), bot.last))
                assert picks[0][0] == picks[1][0]
                if picks[0][1] is not None and picks[1][1] is not None:
                    assert picks[0][1].visits == picks[1][1].visits
                checked += 1
        state.apply(choose(state, rng))
    assert checked == 12


@pytest.mark.parametrize("game_id", ["diamoniak", "raiding-stonehenge"])
def test_same_seed_same_moves_for_every_bot(game_id: str) -> None:
    game = get_game(game_id)
    text = ",".join([FAST, "heuristic", "random", FAST][: game.min_players if game_id ==
                                                         "diamoniak" else 4])
    specs = parse_players(text, allow_human=False)
    first = simulate(game, game.variant(), specs, 3, seed=5)
    second = simulate(game, game.variant(), specs, 3, seed=5)
    assert first.results == second.results


def test_rotation_moves_players_round_the_seats_and_workers_change_nothing() -> None:
    game = get_game("diamoniak")
    specs = parse_players("heuristic,random", allow_human=False)
    one = simulate(game, game.variant(), specs, 12, seed=3, rotate=True)
    two = simulate(game, game.variant(), specs, 12, seed=3, rotate=True, workers=2)
    assert one.results == two.results and one.wins == two.wins
    assert sum(one.wins) == pytest.approx(sum(one.seat_wins))
    assert [r.seats for r in one.results[:2]] == [(0, 1), (1, 0)]
    assert one.wins[0] > one.wins[1], "heuristic beats random"


def test_search_nodes_are_keyed_by_who_moves() -> None:
    game = get_game("raiding-stonehenge")
    rng = random.Random(2)
    state = game.new_state(4)
    while state.current_player() == CHANCE or state.phase.name != "PLAY":
        state.apply(choose(state, rng))
    seat = state.current_player()
    result = search(lambda: game.sample_state(state.observe(seat), rng), seat,
                    state.legal_actions(), rng, SearchSettings(Budget(200)))
    nodes, checked = [result.root], 0
    while nodes:
        node = nodes.pop()
        for (mover, _action), child in node.children.items():
            assert child.seat == mover
            nodes.append(child)
            checked += 1
    assert checked >= 200, "one node per iteration at least"


def test_seconds_must_be_finite_and_both_budgets_stop_at_the_first() -> None:
    with pytest.raises(PlayerSpecError, match="seconds"):
        parse_players("ismcts:seconds=inf")
    game = get_game("diamoniak")
    bot = make_bot(PlayerSpec("ismcts", (("iterations", "25"), ("seconds", "60"))), game,
                   random.Random(0))
    assert isinstance(bot, IsmctsBot)
    state = game.new_state(2)
    result = bot.think(state.observe(0), state.legal_actions())
    assert result.iterations == 25


def test_rollout_option_picks_the_rollout_policy_and_the_guide_stays() -> None:
    """The heuristic guides the tree whenever bias is set, whichever policy rolls out."""
    game = get_game("super-camelot")
    strategy = get_plugin(game.id).load_strategy()
    assert strategy is not None
    default = make_bot(PlayerSpec("ismcts", ()), game, random.Random(0))
    heuristic = make_bot(PlayerSpec("ismcts", (("rollout", "heuristic"),)), game,
                         random.Random(0))
    unguided = make_bot(PlayerSpec("ismcts", (("bias", "0"),)), game, random.Random(0))
    assert isinstance(default, IsmctsBot) and isinstance(heuristic, IsmctsBot)
    assert isinstance(unguided, IsmctsBot)
    assert default.settings.rollout is random_policy
    assert heuristic.settings.rollout is strategy.policy
    assert default.settings.guide is strategy.policy and default.settings.bias == 0.5
    assert unguided.settings.bias == 0.0


def test_every_bot_declares_the_agent_protocols_flags() -> None:
    """Issue 26: a table asks a bot by its declared flags (never by guessing them)."""
    game = get_game("raiding-stonehenge")
    for name in ("random", "heuristic", "ismcts", "cheat-mcts"):
        bot = make_bot(PlayerSpec(name), game, random.Random(0))
        assert isinstance(bot, Agent), name
        assert as_agent(bot) is bot
    assert make_bot(PlayerSpec("random"), game, random.Random(0)).picks_from_legal
    assert make_bot(PlayerSpec("cheat-mcts"), game, random.Random(0)).sees_state


def test_an_agent_of_ones_own_needs_only_a_name_and_a_choice() -> None:
    """README: anything with a `name` and `choose(view, legal)` sits at a table; it is
    handed views (never a state) and asked like any bot that reads its view."""

    class First:
        name = "first"

        def __init__(self) -> None:
            self.seen: list[Any] = []

        def choose(self, view: Any, legal: Sequence[Any]) -> Any:
            self.seen.append(view)
            return legal[0]

    mine = First()
    agent = as_agent(mine)
    assert isinstance(agent, Agent) and not agent.sees_state and agent.needs_view
    table = Table(get_game("diamoniak"), [mine, "random"], seed=2)
    assert table.is_over() and mine.seen
    assert not any(isinstance(seen, State) for seen in mine.seen)


@given(seed=st.integers(0, 2**32), length=st.integers(1, 300))
def test_random_choice_draws_what_random_choice_draws(seed: int, length: int) -> None:
    """Issue 28: the rollouts' own draw gives the option `rng.choice` gives and leaves the
    generator where `rng.choice` leaves it, so seeded searches do not change."""
    options = list(range(length))
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(5):
        assert random_choice(ours, options) == theirs.choice(options)
    assert ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**32), count=st.integers(1, 2**70))
def test_random_index_draws_what_randrange_draws(seed: int, count: int) -> None:
    """Issue 28: the random bot's draw (compiled with the search) gives the index
    `rng.randrange` gives and leaves the generator where it leaves it, so seeded games
    and simulations do not change."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(5):
        assert random_index(ours, count) == theirs.randrange(count)
    assert ours.getstate() == theirs.getstate()


def test_random_index_refuses_an_empty_range_and_asks_a_subclass() -> None:
    with pytest.raises(ValueError, match="empty range"):
        random_index(random.Random(1), 0)

    class Fixed(random.Random):
        def randrange(self, *args: Any, **kwargs: Any) -> int:
            return 7

    assert random_index(Fixed(1), 3) == 7


def test_random_choice_refuses_nothing_to_choose_and_asks_a_subclass() -> None:
    with pytest.raises(IndexError):
        random_choice(random.Random(1), [])

    class Fixed(random.Random):
        def choice(self, seq: Any) -> Any:
            return seq[-1]

    assert random_choice(Fixed(1), [1, 2, 3]) == 3
