"""The hindsight win chance (issue 33): every seat's chance to win from the true state —
the whole deal seen — with every later chance outcome known: the chance outcomes the game
actually went on to have come in the order they came, each kind in its own queue (the
next card revealed, the next die rolled, the next tile drawn). A line of play that asks for
an outcome the record cannot give (a card no longer in the pile, more dice than were
rolled) draws it at random instead. The search is the analysis bot's (`cheat-mcts`: the
same tree and rollouts as the fair search), on a perfect-information game; one search
values the position for every seat.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict, deque
from collections.abc import Sequence
from typing import Any

from albion.bots.search import Node, SearchSettings
from albion.core.game import AnyState
from albion.core.state import CHANCE, TERMINAL

Script = dict[type, tuple[Any, ...]]
"""The later chance outcomes of a game, by kind (their class), in the order they came."""


def chance_script(outcomes: Sequence[Any]) -> Script:
    """The outcomes, in order, queued by kind."""
    queues: dict[type, list[Any]] = defaultdict(list)
    for outcome in outcomes:
        queues[type(outcome)].append(outcome)
    return {kind: tuple(queue) for kind, queue in queues.items()}


class ScriptedChance:
    """One iteration's cursor in a script: the next outcome of the kind asked for, when
    the state allows it; else one drawn from `rng` (the script keeps its place)."""

    __slots__ = ("queues", "rng")

    def __init__(self, script: Script, rng: random.Random) -> None:
        self.queues = {kind: deque(queue) for kind, queue in script.items()}
        self.rng = rng

    def outcome(self, state: AnyState) -> Any:
        outcomes = state.chance_outcomes()
        queue = self.queues.get(type(outcomes[0][0]))
        if queue:
            wanted = queue[0]
            if any(outcome == wanted for outcome, _ in outcomes):
                queue.popleft()
                return wanted
        return state.sample_chance(self.rng.random())


def hindsight_chances(state: AnyState, script: Script, rng: random.Random,
                      settings: SearchSettings) -> list[float]:
    """Each seat's mean return over the search's iterations from `state` (its true
    state) with the chance outcomes of `script`: its hindsight win chance."""
    if state.is_terminal():
        return [float(value) for value in state.returns()]
    iterations = settings.budget.iterations
    c, policy, cutoff, evaluate = settings.c, settings.rollout, settings.cutoff, \
        settings.evaluate
    root = Node(CHANCE)
    totals: list[float] = []
    for _ in range(iterations):
        world = state.clone()
        chance = ScriptedChance(script, rng)
        path: list[Node] = []
        node = root
        while (mover := world.current_player()) != TERMINAL:
            if mover == CHANCE:
                action = chance.outcome(world)
                child = node.children.get((CHANCE, action))
                if child is None:
                    child = node.children[(CHANCE, action)] = Node(CHANCE, action)
                world.apply_legal(action)
                node = child
                continue
            actions = world.legal_actions()
            kids = [node.children.get((mover, action)) for action in actions]
            if None in kids:
                untried = [a for a, kid in zip(actions, kids, strict=True) if kid is None]
                action = untried[rng.randrange(len(untried))]
                for kid in kids:
                    if kid is not None:
                        kid.avail += 1
                node = node.children[(mover, action)] = Node(mover, action)
                world.apply_legal(action)
                path.append(node)
                break
            node = _select(kids, c)
            world.apply_legal(node.action)
            path.append(node)
        rewards = _rollout(world, chance, rng, policy, cutoff, evaluate)
        if not totals:
            totals = [0.0] * len(rewards)
        for seat, reward in enumerate(rewards):
            totals[seat] += reward
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.seat]
    return [total / iterations for total in totals]


def _select(kids: list[Any], c: float) -> Node:
    """UCB1 with availability, as the fair search selects (the first best wins ties)."""
    best: Node = kids[0]
    best_score = -math.inf
    for child in kids:
        child.avail += 1
        score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) /
                                                            child.visits)
        if score > best_score:
            best_score, best = score, child
    return best


def _rollout(state: AnyState, chance: ScriptedChance, rng: random.Random, policy: Any,
             cutoff: int, evaluate: Any) -> list[float]:
    """The search's rollout (its policy, cut off and evaluated as it is), chance from the
    script."""
    stop_at = cutoff if cutoff and evaluate is not None else -1
    steps = 0
    while (player := state.current_player()) != TERMINAL:
        if steps == stop_at:
            return [float(value) for value in evaluate(state)]
        if player == CHANCE:
            state.apply_legal(chance.outcome(state))
        else:
            state.apply_legal(policy(state, rng))
        steps += 1
    return [float(value) for value in state.returns()]
