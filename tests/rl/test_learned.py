"""The learned bot (issue 34): its training's sparring partner decides as the game's
strategy does, its weights load and play without PyTorch, and the `learned` spec plays
legal moves from views only."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from albion.bots.learned_policy import PolicyNetwork
from albion.cli.app import app
from albion.core.state import CHANCE
from albion.games.diamoniak import strategy
from albion.games.diamoniak.game import GAME
from albion.rl.learned.heuristic import heuristic_actions
from albion.rl.learned.train import (
    TrainSettings,
    seat_advantages,
    train,
    versus_heuristic,
    zero_sum,
)
from albion.rl.vector.bridges import DiamoniakBridge
from albion.rl.vector.exactness import Tape

VARIANTS = [{}, {"buy": "any"}, {"fairy": "auto", "release_empty": "yes"},
            {"diamonds_to": "discard", "first": "random"}]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v) or "default")
def test_the_batched_heuristic_decides_as_the_strategy_does(players: int,
                                                           variant: dict[str, str]) -> None:
    """Seeded games of the Python strategy for every seat, replayed in lockstep by the
    batched heuristic with the same chance: the same action at every decision (DI-3 …
    DI-10 through both engines)."""
    bridge = DiamoniakBridge()
    batch = 24
    engine = bridge.engine(players, variant)
    resolved = GAME.variant(variant)
    rngs = [random.Random(seed) for seed in range(batch)]
    states = [GAME.new_state(players, resolved) for _ in range(batch)]
    tape = Tape.empty(batch, bridge.width)

    def run_chance(b: int) -> None:
        state = states[b]
        while state.current_player() == CHANCE:
            action = state.sample_chance(rngs[b].random())
            bridge.record_chance(tape, b, action)
            state.apply(action)

    for b in range(batch):
        run_chance(b)
    vector = bridge.init(engine, batch, tape)
    decisions = 0
    while not all(state.is_terminal() for state in states):
        batched = heuristic_actions(vector)
        chosen = np.zeros(batch, dtype=np.int64)
        for b, state in enumerate(states):
            if state.is_terminal():
                continue
            action = strategy.policy(state, rngs[b])
            chosen[b] = GAME.action_index(action)
            assert batched[b] == chosen[b], (b, state.phase, action)
            state.apply(action)
            run_chance(b)
            decisions += 1
        vector, _, over, _ = engine.step(vector, chosen)
        assert list(over) == [state.is_terminal() for state in states]
    assert decisions > batch * 20


def test_advantages_follow_each_seat_s_own_decisions() -> None:
    """GAE along a seat's own decisions: a game of five decisions (seat 0, 0, 1, 0, then
    it ends with seat 0's win), a new game's first decision, and each seat's bootstrap."""
    values = np.array([[0.1], [0.2], [0.3], [0.4], [0.5]], dtype=np.float32)
    seats = np.array([[0], [0], [1], [0], [0]])
    done = np.array([[False], [False], [False], [True], [False]])
    rewards = np.zeros((5, 1, 2), dtype=np.float32)
    rewards[3, 0] = [1.0, -1.0]
    boot = np.array([[0.6, 0.7]], dtype=np.float32)
    learner = np.ones((5, 1), dtype=bool)
    monte_carlo = seat_advantages(values, seats, learner, done, rewards, boot, lam=1.0)
    assert monte_carlo[:, 0] == pytest.approx([0.9, 0.8, -1.3, 0.6, 0.1])
    one_step = seat_advantages(values, seats, learner, done, rewards, boot, lam=0.0)
    assert one_step[:, 0] == pytest.approx([0.1, 0.2, -1.3, 0.6, 0.1])
    learner[2] = False  # seat 1 played by the heuristic: not learned from
    mixed = seat_advantages(values, seats, learner, done, rewards, boot, lam=1.0)
    assert mixed[:, 0] == pytest.approx([0.9, 0.8, 0.0, 0.6, 0.1])


def test_zero_sum_rewards_from_all_1_returns() -> None:
    shares = np.array([[1.0, 0.0, 0.0], [1 / 3, 1 / 3, 1 / 3]], dtype=np.float32)
    assert np.allclose(zero_sum(shares, 3), [[1.0, -0.5, -0.5], [0.0, 0.0, 0.0]])


def test_a_short_training_run_exports_weights_that_play() -> None:
    """Two PPO iterations on small batches of every player count: numpy weights with
    their settings and measures, that the batched yardstick and the bot can play."""
    pytest.importorskip("torch")
    settings = TrainSettings(players=(2, 3, 4), envs=48, horizon=8, iterations=2,
                             minibatch=64, eval_games=16, eval_every=1)
    seen: list[int] = []
    network = train(settings, lambda step: seen.append(step.iteration))
    assert seen == [1, 2]
    assert [entry["iteration"] for entry in network.meta["history"]] == [1, 2]
    assert network.meta["settings"]["players"] == [2, 3, 4]
    again = PolicyNetwork.from_bytes(network.to_bytes())
    observations = np.random.default_rng(0).random((5, 96), dtype=np.float32)
    logits, values = again.forward(observations)
    assert logits.shape == (5, 38) and values.shape == (5,)
    assert np.allclose(logits, network.forward(observations)[0])
    share = versus_heuristic(again, 2, 32, seed=1)
    assert 0.0 <= share <= 1.0


def test_train_bot_writes_weights_and_refuses_what_it_cannot_train(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    out = tmp_path / "w.npz"
    done = CliRunner().invoke(app, ["train-bot", "--minutes", "0.05", "--envs", "32",
                                    "--players", "2", "--out", str(out), "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout.strip().splitlines()[-1])["out"] == str(out)
    assert PolicyNetwork.from_bytes(out.read_bytes()).meta["game"] == "diamoniak"
    refused = CliRunner().invoke(app, ["train-bot", "raiding-stonehenge"])
    assert refused.exit_code == 2 and "diamoniak only" in refused.output


def test_train_bot_goes_on_from_its_own_weights_only(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"not weights")
    refused = CliRunner().invoke(app, ["train-bot", "--start", str(garbage)])
    assert refused.exit_code == 2 and "not a weights file" in refused.output
    tiny = PolicyNetwork(((np.zeros((96, 4), np.float32), np.zeros(4, np.float32)),),
                         (np.zeros((4, 38), np.float32), np.zeros(38, np.float32)),
                         (np.zeros((4, 1), np.float32), np.zeros(1, np.float32)), {})
    other = tmp_path / "other.npz"
    other.write_bytes(tiny.to_bytes())
    refused = CliRunner().invoke(app, ["train-bot", "--start", str(other)])
    assert refused.exit_code == 2 and "another network's shape" in refused.output
    shipped = Path(str(resources.files("albion.bots.weights") / "diamoniak.npz"))
    out = tmp_path / "more.npz"
    done = CliRunner().invoke(app, ["train-bot", "--minutes", "0.05", "--envs", "32",
                                    "--players", "2", "--start", str(shipped),
                                    "--out", str(out), "--json"])
    assert done.exit_code == 0, done.output
    meta = PolicyNetwork.from_bytes(out.read_bytes()).meta
    assert meta["started_from"]["decisions"] == network_for_meta(shipped)["decisions"]


def network_for_meta(path: Path) -> dict[str, object]:
    return PolicyNetwork.from_bytes(path.read_bytes()).meta
