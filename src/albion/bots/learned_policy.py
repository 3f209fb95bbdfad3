"""A small policy network evaluated with numpy alone: the weights the `learned` bot plays
with (issue 34). Trained elsewhere (`albion.rl.learned.train`, with PyTorch); here only
the forward pass, so playing needs no deep-learning library.

The file is an `.npz` with the layers `trunk0_w`, `trunk0_b`, `trunk1_w`, … (ReLU between
them), the heads `policy_w`, `policy_b`, `value_w`, `value_b`, and a JSON `meta` string
(game, observation and action sizes, how it was trained)."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

Floats: TypeAlias = npt.NDArray[np.float32]
"""Declared an alias: the compiled build's type check (setup.py) may run without numpy,
where a plain assignment of an unknown type is no type (mypyc refused the build)."""

WEIGHTS_PACKAGE = "albion.bots.weights"
"""Where the shipped weights live, one `<game-id>.npz` per game."""


@dataclass(frozen=True)
class PolicyNetwork:
    """An MLP over a view's observation tensor: logits over the game's fixed action space
    and the deciding seat's value (its zero-sum outcome, −1 to 1)."""

    trunk: tuple[tuple[Floats, Floats], ...]
    policy: tuple[Floats, Floats]
    value: tuple[Floats, Floats]
    meta: dict[str, Any]

    def forward(self, observations: Floats) -> tuple[Floats, Floats]:
        """(logits (B, actions), values (B,)) for observations (B, size)."""
        hidden = observations.astype(np.float32, copy=False)
        for weights, bias in self.trunk:
            hidden = np.maximum(hidden @ weights + bias, 0.0)
        logits = hidden @ self.policy[0] + self.policy[1]
        values = np.tanh(hidden @ self.value[0] + self.value[1])[:, 0]
        return logits, values

    def to_bytes(self) -> bytes:
        arrays: dict[str, Any] = {}
        for k, (weights, bias) in enumerate(self.trunk):
            arrays[f"trunk{k}_w"], arrays[f"trunk{k}_b"] = weights, bias
        arrays["policy_w"], arrays["policy_b"] = self.policy
        arrays["value_w"], arrays["value_b"] = self.value
        arrays["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
        out = io.BytesIO()
        np.savez_compressed(out, **arrays)
        return out.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> PolicyNetwork:
        with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
            trunk: list[tuple[Floats, Floats]] = []
            while f"trunk{len(trunk)}_w" in arrays:
                k = len(trunk)
                trunk.append((arrays[f"trunk{k}_w"].astype(np.float32),
                              arrays[f"trunk{k}_b"].astype(np.float32)))
            return cls(tuple(trunk),
                       (arrays["policy_w"].astype(np.float32),
                        arrays["policy_b"].astype(np.float32)),
                       (arrays["value_w"].astype(np.float32),
                        arrays["value_b"].astype(np.float32)),
                       json.loads(str(arrays["meta"])))


def shipped(game_id: str) -> PolicyNetwork | None:
    """The weights shipped for a game (None when it has none)."""
    entry = resources.files(WEIGHTS_PACKAGE).joinpath(f"{game_id}.npz")
    if not entry.is_file():
        return None
    return PolicyNetwork.from_bytes(entry.read_bytes())


def masked_choice(logits: Floats, legal: npt.NDArray[np.intp], temperature: float,
                  uniform: float) -> int:
    """The index (into `legal`) the policy picks: the best legal logit at temperature 0,
    else a draw from the softmax over the legal logits with `uniform` in [0, 1)."""
    chosen = logits[legal].astype(np.float64)
    if temperature <= 0:
        return int(np.argmax(chosen))
    scaled = (chosen - chosen.max()) / temperature
    weights = np.exp(scaled)
    cumulative = np.cumsum(weights / weights.sum())
    picked = int(np.searchsorted(cumulative, uniform, side="right"))
    return min(picked, len(legal) - 1)
