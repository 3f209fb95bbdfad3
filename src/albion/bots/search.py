"""Monte Carlo tree search over information sets (SO-ISMCTS, Cowling, Powley & Whitehouse
2012) — and over the true state, for the analysis-only cheating bot, which differs only in
where each iteration's state comes from.

Each iteration takes a state (a determinisation of the seat's view, or the true state),
walks one tree whose edges are actions (chance outcomes included: sampled, never chosen,
and keeping no statistics), picks among the actions legal in that state by UCB1 with
availability counts (plus a progressive bias towards a guide policy's choice, if set),
expands one node, finishes with a rollout (random or heuristic, optionally cut off and
scored by an evaluation), and backs the returns up: each node keeps the reward of the seat
that chose the edge into it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from albion.core.game import AnyState
from albion.core.pickling import picklable
from albion.core.plugin import Evaluation, Policy
from albion.core.state import CHANCE, TERMINAL


def random_index(rng: random.Random, count: int) -> int:
    """`rng.randrange(count)`, drawn as `random.Random.randrange` draws it — getrandbits
    of the count's bit count, drawn again while out of range — so the same generator gives
    the same index and is left in the same state; but without random.py's interpreted
    frames, which cost a compiled rollout a fifth of its time (issue 28). A subclass of
    Random that draws otherwise is asked itself."""
    if type(rng) is not random.Random:
        return rng.randrange(count)
    if count <= 0:
        raise ValueError("empty range in randrange(0)")
    bits = count.bit_length()
    index = rng.getrandbits(bits)
    while index >= count:
        index = rng.getrandbits(bits)
    return index


def random_choice(rng: random.Random, options: Sequence[Any]) -> Any:
    """`rng.choice(options)`, drawn as `random.Random.choice` draws it (`random_index`):
    the same option, the generator left in the same state."""
    if type(rng) is not random.Random:
        return rng.choice(options)
    count = len(options)
    if not count:
        raise IndexError("Cannot choose from an empty sequence")
    bits = count.bit_length()  # `random_index`, inline: the rollouts' hottest call
    index = rng.getrandbits(bits)
    while index >= count:
        index = rng.getrandbits(bits)
    return options[index]


def random_policy(state: AnyState, rng: random.Random) -> Any:
    """A uniformly random legal action (`random_choice`: the same draw as
    `rng.choice`)."""
    return random_choice(rng, state.legal_actions())


def play_out_randomly(state: AnyState, rng: random.Random) -> tuple[int, int]:
    """Play `state` to its end with `random_policy`'s decisions and chance drawn by
    `sample_chance(rng.random())`, as a random rollout does: (actions, decisions). One
    loop for the search's rollouts and `albion bench`'s playouts, compiled with the
    engine in a compiled build (issue 28, item 4)."""
    actions = decisions = 0
    while (player := state.current_player()) != TERMINAL:
        if player == CHANCE:
            state.apply_legal(state.sample_chance(rng.random()))
        else:
            state.apply_legal(random_choice(rng, state.legal_actions()))
            decisions += 1
        actions += 1
    return actions, decisions


class Node:
    """One information set (for the seat that moves there) reached by an action. Children
    are keyed by (mover, action): the same action by different seats (possible when who
    moves next depends on hidden cards) leads to different nodes."""

    __slots__ = ("children", "visits", "reward", "avail", "seat", "action")

    def __init__(self, seat: int, action: Any = None) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.seat = seat  # who chose the edge into this node (CHANCE for an outcome)
        self.action = action  # the edge into this node (None at the root)


@dataclass(frozen=True)
class Budget:
    """Stop after `iterations`, or after `seconds` of thinking when that is set; with both
    given explicitly (`iterations_set`), at whichever comes first."""

    iterations: int = 1000
    seconds: float | None = None
    iterations_set: bool = False


@dataclass(frozen=True)
class SearchResult:
    action: Any
    value: float
    """Mean return of the chosen action for the searching seat (its win chance)."""
    iterations: int
    rollout_actions: int
    seconds: float
    visits: dict[Any, int]
    root: Node = field(repr=False, compare=False)
    """The tree, for analysis."""


@dataclass(frozen=True)
class SearchSettings:
    """How a search plays each iteration: its budget, the UCT constant `c`, the `rollout`
    policy, a `cutoff` after which `evaluate` scores the rollout (0: play to the end), and
    progressive bias: with `guide` and `bias`, the guide's choice at a node is tried first
    and gets a bonus `bias / (visits + 1)`, so the search follows the guide until the
    statistics say otherwise."""

    budget: Budget
    c: float = 0.7
    rollout: Policy = random_policy
    cutoff: int = 0
    evaluate: Evaluation | None = None
    guide: Policy | None = None
    bias: float = 0.0


def search(sample: Callable[[], AnyState], seat: int, legal: Sequence[Any],
           rng: random.Random, settings: SearchSettings,
           returns: list[float] | None = None) -> SearchResult:
    """Search from `seat`'s decision; `sample()` gives each iteration its state. With
    `returns`, each iteration's return for `seat` is appended to it, in order (the
    analysis pairs two searches' iterations, issue 33)."""
    budget, c, bias = settings.budget, settings.c, settings.bias
    guide = settings.guide if bias else None
    policy, cutoff, evaluate = settings.rollout, settings.cutoff, settings.evaluate
    root = Node(seat)
    start = time.perf_counter()
    deadline = start + budget.seconds if budget.seconds else math.inf
    iterations = rollout_actions = 0
    limit = budget.iterations if budget.seconds is None or budget.iterations_set else math.inf
    while iterations < limit and (time.perf_counter() < deadline or not iterations):
        state = sample()
        path = [root]
        node = root
        while (mover := state.current_player()) != TERMINAL:
            if mover == CHANCE:
                action = state.sample_chance(rng.random())
                child = node.children.get((CHANCE, action))
                if child is None:
                    child = node.children[(CHANCE, action)] = Node(CHANCE, action)
                state.apply_legal(action)
                node = child  # sampled, not chosen: it keeps no statistics
                continue
            actions = state.legal_actions()
            hint = guide(state, rng) if guide else None
            children = node.children
            kids = [children.get((mover, action)) for action in actions]
            if None in kids:
                node = _expand(children, mover, actions, kids, hint, rng)
                state.apply_legal(node.action)
                path.append(node)
                break
            action, node = _select(actions, kids, c, hint, bias)
            state.apply_legal(action)
            path.append(node)
        rewards, steps = _rollout(state, rng, policy, cutoff, evaluate)
        rollout_actions += steps
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.seat]
        if returns is not None:
            returns.append(rewards[seat])
        iterations += 1
    visits = {action: child.visits for (mover, action), child in root.children.items()
              if mover == seat}
    best = max(legal, key=lambda a: visits.get(a, -1))
    chosen = root.children.get((seat, best))
    value = chosen.reward / chosen.visits if chosen and chosen.visits else 0.0
    return SearchResult(best, value, iterations, rollout_actions,
                        time.perf_counter() - start, visits, root)


def _expand(children: dict[Any, Node], mover: int, actions: list[Any],
            kids: list[Node | None], hint: Any, rng: random.Random) -> Node:
    """Add a child for one untried action (the hint if untried, else one at random); the
    tried siblings were available too."""
    untried = [action for action, kid in zip(actions, kids, strict=True) if kid is None]
    guided = hint is not None and hint in untried
    action = hint if guided else untried[rng.randrange(len(untried))]
    child = children[(mover, action)] = Node(mover, action)
    for kid in kids:
        if kid is not None:
            kid.avail += 1
    return child


def _select(actions: list[Any], kids: list[Any], c: float, hint: Any,
            bias: float) -> tuple[Any, Node]:
    """UCB1 with availability: only the children whose actions are legal here compete;
    the guide's `hint` gets the progressive-bias bonus. The first best wins ties."""
    log, sqrt = math.log, math.sqrt
    best_score = -math.inf
    best = 0
    for index, child in enumerate(kids):
        child.avail += 1
        visits = child.visits
        score = child.reward / visits + c * sqrt(log(child.avail) / visits)
        if hint is not None and actions[index] == hint:
            score += bias / (visits + 1)
        if score > best_score:
            best_score, best = score, index
    return actions[best], kids[best]


def _rollout(state: AnyState, rng: random.Random, policy: Policy, cutoff: int,
             evaluate: Evaluation | None) -> tuple[list[float], int]:
    """Play `policy` (chance outcomes sampled) to the end, or for `cutoff` actions and
    score the state reached."""
    stop_at = cutoff if cutoff and evaluate is not None else -1
    if stop_at < 0 and policy is random_policy:
        return state.returns(), play_out_randomly(state, rng)[0]
    steps = 0
    while (player := state.current_player()) != TERMINAL:
        if steps == stop_at:
            assert evaluate is not None
            return evaluate(state), steps
        if player == CHANCE:
            state.apply_legal(state.sample_chance(rng.random()))
        else:
            state.apply_legal(policy(state, rng))
        steps += 1
    return state.returns(), steps


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
