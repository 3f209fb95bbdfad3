"""The fair win chance (issue 33): what a seat could expect from what it saw, by the fair
search (SO-ISMCTS from its view alone, `albion.bots.search`). Each candidate action is
valued by a search of its own from the seat's view, that action played first: its win
chance is the mean return of that search's iterations. Every candidate's search draws the
same determinisations and the same random numbers (common random numbers), so the
differences between candidates are not drowned by the luck of the draws, and the two
searches' iterations pair up: the fall's standard error is measured on the pairs
(`labels.paired_standard_error`). With more legal
actions than `candidates`, a search from the view over all of them picks the most visited
to compare with the action played.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from albion.analysis.labels import paired_standard_error
from albion.bots.search import Budget, SearchSettings, search
from albion.core.game import AnyGame, AnyState
from albion.table.seeding import derive_rng


@dataclass(frozen=True)
class FairEstimate:
    """The fair search's values of one decision, for the seat deciding."""

    chances: dict[Any, float]
    """Win chance of each candidate action."""
    iterations: int
    """Iterations of each candidate's search."""
    best: Any
    played: Any
    spread: dict[Any, float] = field(default_factory=dict)
    """Per candidate, the standard error of its fall from `best`, from the two searches'
    paired iterations (`labels.paired_standard_error`)."""

    @property
    def chance(self) -> float:
        """The seat's fair win chance at the decision: its best candidate's."""
        return self.chances[self.best]


def fair_estimate(game: AnyGame, view: Any, legal: Sequence[Any], played: Any,
                  settings: SearchSettings, candidates: int, seed: int,
                  *labels: object) -> FairEstimate:
    """The fair values of the decision whose seat sees `view`, `played` having been
    played. Only the view is read (a canary in another seat's secrets changes nothing);
    `seed` and `labels` fix every random number."""
    seat = view.seat
    draw = game.sampler(view)
    shortlist = list(legal)
    if len(shortlist) > candidates:
        shortlist = _shortlist(draw, seat, legal, played, settings, candidates,
                               derive_rng(seed, "rank", *labels))
    per_action = settings.budget.iterations
    chances: dict[Any, float] = {}
    returns: dict[Any, list[float]] = {}
    for action in shortlist:
        chances[action], returns[action] = _value(draw, seat, action, settings, seed, labels)
    best = max(shortlist, key=lambda action: (chances[action], action == played))
    spread = {action: paired_standard_error(returns[best], returns[action])
              for action in shortlist}
    return FairEstimate(chances, per_action, best, played, spread)


def _shortlist(draw: Callable[[random.Random], AnyState], seat: int, legal: Sequence[Any],
               played: Any, settings: SearchSettings, candidates: int,
               rng: random.Random) -> list[Any]:
    """The action played and the search's most visited others, `candidates` in all (in
    the order of `legal`)."""
    result = search(lambda: draw(rng), seat, legal, rng, settings)
    order = sorted(range(len(legal)), key=lambda i: (-result.visits.get(legal[i], 0), i))
    chosen = {played}
    for index in order:
        if len(chosen) >= candidates:
            break
        chosen.add(legal[index])
    return [action for action in legal if action in chosen]


def _value(draw: Callable[[random.Random], AnyState], seat: int, action: Any,
           settings: SearchSettings, seed: int,
           labels: tuple[object, ...]) -> tuple[float, list[float]]:
    """`seat`'s mean return over a search from its view with `action` played first, and
    each iteration's return: the same determinisations (`deals`) and random numbers
    (`rng`) for every action, so iteration i of two actions' searches are a pair."""
    deals = derive_rng(seed, "deal", *labels)
    rng = derive_rng(seed, "search", *labels)

    def sample() -> AnyState:
        state = draw(deals)
        state.apply_legal(action)
        return state

    budget = Budget(settings.budget.iterations, None, iterations_set=True)
    returns: list[float] = []
    result = search(sample, seat, [action], rng, replace(settings, budget=budget), returns)
    root = result.root
    return (root.reward / root.visits if root.visits else 0.0), returns
