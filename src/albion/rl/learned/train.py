"""Training the `learned` bot (issue 34): PPO by self-play on the batched Diamoniak engine.

Every game of the batch is played by the policy for every seat (self-play); a share of
the games (`heuristic_share`) seats the hand-written strategy (`heuristic.py`) in one
place instead, so the policy also meets a fixed opponent and cannot drift into a style
that only beats itself. Only the policy's own decisions are learned from.

- Rewards: zero-sum, on the step a game ends (a lone winner +1, each loser −1/(n − 1),
  DI-10's cap a draw, 0); no discount; advantages by GAE(λ) along each seat's own
  decisions (a seat's next decision, not the next step of the game, is its next state).
- The network: an MLP over the documented observation tensor (docs/observations.md),
  logits over the fixed action space with illegal actions masked out, a value head.
- Exported with numpy only (`albion.bots.learned_policy.PolicyNetwork`): the bot needs no
  PyTorch to play.

PyTorch is imported here only (the `dev` extra installs its CPU build).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from albion.bots.learned_policy import PolicyNetwork
from albion.rl.learned.heuristic import heuristic_actions
from albion.rl.vector.diamoniak import ACTIONS, OBSERVATION, DiamoniakBatch, VectorDiamoniak


@dataclass
class TrainSettings:
    """Everything that decides a training run (stored in the weights' `meta`)."""

    players: tuple[int, ...] = (2,)
    envs: int = 2048
    horizon: int = 64
    minutes: float = 30.0
    iterations: int = 0  # 0: until `minutes` are up
    learning_rate: float = 3e-4
    epochs: int = 4
    minibatch: int = 8192
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value_weight: float = 0.5
    heuristic_share: float = 0.25
    hidden: tuple[int, ...] = (128, 128)
    seed: int = 0
    eval_games: int = 4096
    eval_every: int = 20
    threads: int = 1
    start: str | None = None  # weights (.npz) to go on from, instead of a fresh network


@dataclass
class Progress:
    """What a run reports as it goes (one JSON line each)."""

    iteration: int
    seconds: float
    decisions: int
    games: int
    policy_loss: float
    value_loss: float
    entropy: float
    vs_heuristic: float | None = None
    history: list[dict[str, Any]] = field(default_factory=list)


def zero_sum(returns: npt.NDArray[np.float32], n: int) -> npt.NDArray[np.float32]:
    """ALL-1's shares (winner 1, a draw 1/n each) as zero-sum rewards."""
    out: npt.NDArray[np.float32] = ((returns - 1.0 / n) * n / (n - 1)).astype(np.float32)
    return out


class Runner:
    """One player count's batch of games, advanced by the policy and the heuristic."""

    def __init__(self, players: int, envs: int, heuristic_share: float, seed: int) -> None:
        self.n = players
        self.engine = VectorDiamoniak(players)
        self.batch: DiamoniakBatch = self.engine.init(seed, envs)
        self.rng = np.random.default_rng(seed + 1)
        self.heuristic_games = np.arange(envs) < round(heuristic_share * envs)
        self.heuristic_seat = np.where(self.heuristic_games,
                                       self.rng.integers(0, players, envs), -1)
        self.games = 0

    def rollout(self, act: Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]],
                                    tuple[npt.NDArray[np.int64], npt.NDArray[np.float32],
                                          npt.NDArray[np.float32]]],
                value_of: Callable[[npt.NDArray[np.float32]], npt.NDArray[np.float32]],
                horizon: int, lam: float) -> dict[str, npt.NDArray[Any]]:
        """`horizon` steps of every game; the policy's decisions with their advantages."""
        envs, n, engine = self.batch.seat.shape[0], self.n, self.engine
        obs = np.zeros((horizon, envs, OBSERVATION), dtype=np.float32)
        masks = np.zeros((horizon, envs, ACTIONS), dtype=bool)
        actions = np.zeros((horizon, envs), dtype=np.int64)
        logps = np.zeros((horizon, envs), dtype=np.float32)
        values = np.zeros((horizon, envs), dtype=np.float32)
        seats = np.zeros((horizon, envs), dtype=np.int64)
        learner = np.zeros((horizon, envs), dtype=bool)
        done = np.zeros((horizon, envs), dtype=bool)
        rewards = np.zeros((horizon, envs, n), dtype=np.float32)
        for t in range(horizon):
            b = self.batch
            obs[t] = engine.observe(b)
            masks[t] = b.legal_action_mask
            seats[t] = b.seat
            learner[t] = self.heuristic_seat != b.seat
            chosen, logps[t], values[t] = act(obs[t], masks[t])
            scripted = ~learner[t]
            if scripted.any():
                chosen = np.where(scripted, heuristic_actions(b), chosen)
            actions[t] = chosen
            self.batch, step_rewards, over, _ = engine.step(b, chosen)
            done[t] = over
            if over.any():
                rewards[t, over] = zero_sum(step_rewards[over], n)
                self.games += int(over.sum())
                engine.restart(self.batch, over, inplace=True)
                redraw = over & self.heuristic_games
                self.heuristic_seat[redraw] = self.rng.integers(0, n, int(redraw.sum()))
        boot = np.stack([value_of(engine.observe(self.batch, np.full(envs, k)))
                         for k in range(n)], axis=1)  # (envs, n): each seat's own view
        advantages = seat_advantages(values, seats, learner, done, rewards, boot, lam)
        keep = learner.reshape(-1)
        return {"obs": obs.reshape(-1, OBSERVATION)[keep],
                "masks": masks.reshape(-1, ACTIONS)[keep],
                "actions": actions.reshape(-1)[keep], "logps": logps.reshape(-1)[keep],
                "values": values.reshape(-1)[keep],
                "advantages": advantages.reshape(-1)[keep]}


def seat_advantages(values: npt.NDArray[np.float32], seats: npt.NDArray[np.int64],
                    learner: npt.NDArray[np.bool_], done: npt.NDArray[np.bool_],
                    rewards: npt.NDArray[np.float32], boot: npt.NDArray[np.float32],
                    lam: float) -> npt.NDArray[np.float32]:
    """GAE(λ), undiscounted, along each seat's own decisions: (T, B) advantages of the
    learner's decisions (0 elsewhere). `values`, `seats`, `learner`, `done`: (T, B);
    `rewards`: (T, B, n), a game's zero-sum rewards on the step it ended; `boot`: (B, n),
    each seat's value after the last step (its game still running)."""
    horizon, envs = values.shape
    n = boot.shape[1]
    advantages = np.zeros((horizon, envs), dtype=np.float32)
    next_value, next_advantage = boot.astype(np.float32), np.zeros((envs, n), np.float32)
    pending = np.zeros((envs, n), dtype=np.float32)
    rows = np.arange(envs)
    for t in reversed(range(horizon)):
        ended = done[t]
        if ended.any():  # the game ended at this step: its decisions see its outcome
            next_value[ended] = 0.0
            next_advantage[ended] = 0.0
            pending[ended] = rewards[t, ended]
        mine = rows[learner[t]]
        seat = seats[t, mine]
        delta = pending[mine, seat] + next_value[mine, seat] - values[t, mine]
        advantage = delta + lam * next_advantage[mine, seat]
        advantages[t, mine] = advantage
        next_value[mine, seat] = values[t, mine]
        next_advantage[mine, seat] = advantage
        pending[mine, seat] = 0.0
    return advantages


def versus_heuristic(network: PolicyNetwork, players: int, games: int, seed: int) -> float:
    """The policy's (greedy) share of ALL-1's returns against the heuristic in the other
    seats, seats rotated: `games` games on the batched engine, a quick yardstick (the
    bot's real measure is `albion arena`, on the Python engine)."""
    engine = VectorDiamoniak(players)
    batch = engine.init(seed, games)
    seat = np.arange(games) % players
    total = np.zeros(games)
    live = np.ones(games, dtype=bool)
    while live.any():
        logits, _ = network.forward(engine.observe(batch))
        greedy = np.where(batch.legal_action_mask, logits, -np.inf).argmax(axis=1)
        chosen = np.where(batch.seat == seat, greedy, heuristic_actions(batch))
        batch, rewards, over, _ = engine.step(batch, chosen, live)
        ended = over & live
        total[ended] = rewards[ended, seat[ended]]
        live &= ~over
    return float(total.mean())


def train(settings: TrainSettings, report: Callable[[Progress], None] | None = None
          ) -> PolicyNetwork:
    """Train a policy as `settings` say; the weights, ready for `PolicyNetwork.to_bytes`."""
    import torch  # noqa: PLC0415 - PyTorch only when training (a dev extra)
    from torch import nn  # noqa: PLC0415

    torch.manual_seed(settings.seed)
    torch.set_num_threads(settings.threads)

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            layers: list[nn.Module] = []
            width = OBSERVATION
            for size in settings.hidden:
                layers += [nn.Linear(width, size), nn.ReLU()]
                width = size
            self.trunk = nn.Sequential(*layers)
            self.policy = nn.Linear(width, ACTIONS)
            self.value = nn.Linear(width, 1)
            nn.init.orthogonal_(self.policy.weight, 0.01)
            nn.init.zeros_(self.policy.bias)

        def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            hidden = self.trunk(x)
            return self.policy(hidden), torch.tanh(self.value(hidden)).squeeze(-1)

    net = Net()
    started_from: dict[str, Any] = {}
    if settings.start is not None:
        with open(settings.start, "rb") as file:
            previous = PolicyNetwork.from_bytes(file.read())
        load_into(net, previous)
        started_from = {key: previous.meta.get(key)
                        for key in ("iterations", "seconds", "decisions", "games")}
        started_from["history"] = previous.meta.get("history", [])
        started_from["settings"] = previous.meta.get("settings", {})
    optimiser = torch.optim.Adam(net.parameters(), lr=settings.learning_rate)
    sampler = np.random.default_rng(settings.seed + 7)

    def act(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]
            ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        with torch.no_grad():
            logits, value = net(torch.from_numpy(obs))
            logits = logits.masked_fill(~torch.from_numpy(mask), -1e9)
            logp_all = torch.log_softmax(logits, dim=-1).numpy()
        # Gumbel-max: one draw per game from the masked softmax
        gumbel = -np.log(-np.log(sampler.random(logp_all.shape) + 1e-12) + 1e-12)
        chosen = np.argmax(logp_all + gumbel, axis=1)
        return (chosen, logp_all[np.arange(len(chosen)), chosen].astype(np.float32),
                value.numpy())

    def value_of(obs: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        with torch.no_grad():
            values: npt.NDArray[np.float32] = net(torch.from_numpy(obs))[1].numpy()
        return values

    share = settings.envs // len(settings.players)
    runners = [Runner(n, share, settings.heuristic_share, settings.seed + 1000 * k)
               for k, n in enumerate(settings.players)]
    started = time.perf_counter()
    decisions = 0
    history: list[dict[str, Any]] = []
    iteration = 0
    while True:
        iteration += 1
        parts = [runner.rollout(act, value_of, settings.horizon, settings.lam)
                 for runner in runners]
        data = {key: np.concatenate([part[key] for part in parts]) for key in parts[0]}
        size = len(data["actions"])
        decisions += size
        returns = data["advantages"] + data["values"]
        adv = data["advantages"]
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        tensors = {"obs": torch.from_numpy(data["obs"]),
                   "masks": torch.from_numpy(data["masks"]),
                   "actions": torch.from_numpy(data["actions"]),
                   "logps": torch.from_numpy(data["logps"]),
                   "adv": torch.from_numpy(adv.astype(np.float32)),
                   "returns": torch.from_numpy(returns.astype(np.float32))}
        losses = []
        for _ in range(settings.epochs):
            order = torch.from_numpy(sampler.permutation(size))
            for start in range(0, size, settings.minibatch):
                idx = order[start:start + settings.minibatch]
                logits, value = net(tensors["obs"][idx])
                logits = logits.masked_fill(~tensors["masks"][idx], -1e9)
                logp_all = torch.log_softmax(logits, dim=-1)
                logp = logp_all.gather(1, tensors["actions"][idx][:, None]).squeeze(1)
                ratio = torch.exp(logp - tensors["logps"][idx])
                a = tensors["adv"][idx]
                policy_loss = -torch.min(ratio * a, torch.clamp(
                    ratio, 1 - settings.clip, 1 + settings.clip) * a).mean()
                value_loss = ((value - tensors["returns"][idx]) ** 2).mean()
                probs = logp_all.exp()
                entropy = -(probs * logp_all.clamp(min=-30)).sum(-1).mean()
                loss = (policy_loss + settings.value_weight * value_loss
                        - settings.entropy * entropy)
                optimiser.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                optimiser.step()
                losses.append((policy_loss.item(), value_loss.item(), entropy.item()))
        seconds = time.perf_counter() - started
        last = (settings.iterations and iteration >= settings.iterations) or (
            not settings.iterations and seconds >= settings.minutes * 60)
        vs = None
        if settings.eval_games and (iteration % settings.eval_every == 0 or last):
            vs = versus_heuristic(export(net, settings, {}), settings.players[0],
                                  settings.eval_games, 10_000 + iteration)
        mean = np.mean(losses, axis=0)
        progress = Progress(iteration, round(seconds, 1), decisions,
                            sum(r.games for r in runners), float(mean[0]), float(mean[1]),
                            float(mean[2]), vs)
        if vs is not None:
            history.append({"iteration": iteration, "seconds": round(seconds),
                            "decisions": decisions, "vs_heuristic": round(vs, 4)})
        if report is not None:
            report(progress)
        if last:
            return export(net, settings, {
                "started_from": started_from or None, "iterations": iteration,
                "seconds": round(seconds), "decisions": decisions,
                "games": sum(r.games for r in runners), "history": history})


def load_into(net: Any, network: PolicyNetwork) -> None:
    """Copy numpy weights into the torch network of the same shape (ValueError if not)."""
    import torch  # noqa: PLC0415 - PyTorch only when training

    linear = [module for module in net.trunk if hasattr(module, "weight")]
    pairs = [*zip(linear, network.trunk, strict=False), (net.policy, network.policy),
             (net.value, network.value)]
    if len(linear) != len(network.trunk):
        raise ValueError(f"{len(network.trunk)} hidden layers in the file, "
                         f"{len(linear)} in the network")
    with torch.no_grad():
        for module, (weights, bias) in pairs:
            if tuple(module.weight.shape) != weights.T.shape:
                raise ValueError(f"a layer of {weights.shape} in the file, "
                                 f"{tuple(module.weight.shape[::-1])} in the network")
            module.weight.copy_(torch.from_numpy(weights.T.copy()))
            module.bias.copy_(torch.from_numpy(bias))


def export(net: Any, settings: TrainSettings, run: dict[str, Any]) -> PolicyNetwork:
    """The torch network's weights as numpy (`x @ W + b`, so each W transposed)."""
    linear = [module for module in net.trunk if hasattr(module, "weight")]

    def pair(module: Any) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        return (module.weight.detach().numpy().T.astype(np.float32).copy(),
                module.bias.detach().numpy().astype(np.float32).copy())

    meta = {"game": "diamoniak", "observation": OBSERVATION, "actions": ACTIONS,
            "algorithm": "PPO self-play on albion.rl.vector", "settings": asdict(settings),
            **run}
    return PolicyNetwork(tuple(pair(m) for m in linear), pair(net.policy), pair(net.value),
                         json.loads(json.dumps(meta)))


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson interval of a share."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half
