"""Hand-written strategies, one module per game: `policy(state, rng)` for the seat to
move, never at a chance node (used by the heuristic bot on a state sampled from its view,
by the search as its guide and, where it is cheap enough, in rollouts) and
`evaluate(state)` (rough win chances, for rollouts cut short)."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from albion.bots.heuristics import diamoniak, raiding_stonehenge, super_camelot
from albion.bots.search import Evaluation, Policy


@dataclass(frozen=True)
class Strategy:
    policy: Policy
    evaluate: Evaluation
    summary: str


def _strategy(module: ModuleType) -> Strategy:
    return Strategy(module.policy, module.evaluate, (module.__doc__ or "").strip())


STRATEGIES: dict[str, Strategy] = {
    "diamoniak": _strategy(diamoniak),
    "raiding-stonehenge": _strategy(raiding_stonehenge),
    "super-camelot": _strategy(super_camelot),
}
