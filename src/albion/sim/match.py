"""One game between agents: chance drawn from a seeded generator, each seat asked with
its own view only, every action checked and written to the record."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from albion.bots.base import Agent
from albion.core.chance import pick_outcome
from albion.core.errors import AlbionError
from albion.core.game import AnyGame, AnyState
from albion.core.record import GameRecord
from albion.core.state import CHANCE
from albion.core.variants import Variant
from albion.table.seeding import derive_rng


class AgentError(AlbionError, RuntimeError):
    """An agent answered with an action that is not legal."""


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action: who took it (a seat or CHANCE), what, its notation, and how a
    spectator may see it (games with secret moves hide part of it)."""

    actor: int
    action: Any
    text: str
    public_text: str
    outcome: str | None = None
    """What the action brought about, publicly (see `AnyGame.describe_outcome`)."""


StepListener = Callable[[AnyState, Step], None]


class Match:
    """A game in progress between `agents` (one per seat)."""

    def __init__(
        self,
        game: AnyGame,
        variant: Variant,
        agents: Sequence[Agent],
        seed: int,
        seat_names: Sequence[str] | None = None,
        keep_record: bool = True,
    ) -> None:
        self.game = game
        self.variant = variant
        self.agents = list(agents)
        self.seed = seed
        self.seat_names = list(seat_names or [agent.name for agent in agents])
        self.state: AnyState = game.new_state(len(self.agents), variant)
        self.keep_record = keep_record
        self.actions: list[str] = []
        self.num_actions = 0
        self._chance = derive_rng(seed, "chance")

    def step(self) -> Step:
        """Ask chance or the seat to move, check the answer, apply it."""
        state = self.state
        actor = state.current_player()
        if actor == CHANCE:
            action = pick_outcome(state.chance_outcomes(), self._chance.random())
        else:
            legal = state.legal_actions()
            agent = self.agents[actor]
            seen = state.clone() if getattr(agent, "sees_state", False) else \
                state.observe(actor)
            action = agent.choose(seen, legal)
            if action not in legal:
                raise AgentError(
                    f"{self.agents[actor].name} at {self.game.seat_name(actor)} chose an "
                    f"illegal action {action!r}"
                )
        if not self.keep_record:
            state.apply_legal(action)
            self.num_actions += 1
            return Step(actor, action, "", "")
        text = self.game.action_text(state, action)
        public_text = self.game.describe_action(state, action, None)
        before = state.clone()
        state.apply_legal(action)
        self.num_actions += 1
        self.actions.append(text)
        return Step(actor, action, text, public_text,
                    self.game.describe_outcome(before, state))

    def run(self, listener: StepListener | None = None) -> AnyState:
        """Play to the end; `listener` sees the state after every step."""
        while not self.state.is_terminal():
            step = self.step()
            if listener is not None:
                listener(self.state, step)
        return self.state

    def record(self) -> GameRecord:
        """The record so far (finished games carry their returns)."""
        state = self.state
        return GameRecord(
            game=self.game.id,
            game_version=self.game.version,
            variant=self.variant.as_dict(),
            seats=list(self.seat_names),
            actions=list(self.actions),
            returns=state.returns() if state.is_terminal() else None,
            meta={"seed": str(self.seed)},
        )
