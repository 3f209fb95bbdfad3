"""The table: one game in progress, the one authority every face drives (the terminal,
simulations and tournaments, the server, the research adapters).

It checks who may decide and on which version, refuses illegal actions with their
ruling (changing nothing), lets bot seats decide from their views only, resolves chance
with its own seeded generator, takes simultaneous decisions (RS-6) in any order, and keeps
per-audience events, so that no rule, seat check or secret is handled twice.
(boardgame.io's single reducer; lichess's one actor per game with versioned events.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from albion.bots.base import Agent
from albion.bots.registry import make_bot, parse_players
from albion.bots.specs import PlayerSpec
from albion.core.chance import pick_outcome
from albion.core.errors import AlbionError, NotYourTurn, StaleVersion
from albion.core.events import ActionTaken, ChanceResult, Event, GameOver
from albion.core.game import AnyGame, AnyState
from albion.core.registry import get_game
from albion.core.state import CAP, CHANCE, TERMINAL
from albion.core.variants import Variant, VariantValue
from albion.table.entries import Entry
from albion.table.seeding import derive_rng, fresh_seed


class AgentError(AlbionError, RuntimeError):
    """A bot answered with an action that is not legal."""


class Table:
    """One game in progress between `players` (specs as the command line takes them:
    `"human"`, `"random"`, `"ismcts:iterations=500"`), seeded by `seed` (a fresh one if
    None). Bots decide inside `submit` (and at creation), unless `autoplay` is off: then
    their seats wait in `to_move()` like people's, for a caller running bots elsewhere.
    With `events` off the table keeps no event log (simulations: the fast path)."""

    def __init__(
        self,
        game: str | AnyGame,
        players: Sequence[str | PlayerSpec],
        variant: Variant | Mapping[str, VariantValue] | None = None,
        seed: int | None = None,
        *,
        names: Sequence[str] | None = None,
        events: bool = True,
        autoplay: bool = True,
        agents: Mapping[int, Agent] | None = None,
    ) -> None:
        self.game: AnyGame = get_game(game) if isinstance(game, str) else game
        self.specs = _specs(players)
        self.game.check_players(len(self.specs))
        self.variant = variant if isinstance(variant, Variant) else self.game.variant(variant)
        self.seed = fresh_seed() if seed is None else seed
        self.names = list(names) if names is not None else [str(s) for s in self.specs]
        self.autoplay = autoplay
        self.version = 0
        self._state: AnyState = self.game.new_state(len(self.specs), self.variant)
        self._chance = derive_rng(self.seed, "chance")
        self._agents: list[Agent | None] = [
            (agents or {}).get(seat) or (None if spec.is_human else
                                         make_bot(spec, self.game, derive_rng(self.seed, "seat",
                                                                              seat)))
            for seat, spec in enumerate(self.specs)]
        self._needs_view = [getattr(agent, "needs_view", True) for agent in self._agents]
        self._decided: dict[int, Any] = {}
        self._actions: list[Any] = []
        """Every action applied to the engine, in its order (the record's `actions`)."""
        self._log: list[tuple[int, Any]] = []
        """(actor, action) per version, in the order the table accepted them."""
        self._keep_events = events
        self._entries: list[Entry] = []
        self._advance()

    # -- what a face asks ------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.specs)

    def is_human(self, seat: int) -> bool:
        return self.specs[seat].is_human

    def is_over(self) -> bool:
        return self._state.is_terminal()

    def returns(self) -> list[float] | None:
        """ALL-1 per seat once the game is over; None while it is on."""
        return self._state.returns() if self.is_over() else None

    def end_reason(self) -> str | None:
        return self._state.end_reason()

    def to_move(self) -> tuple[int, ...]:
        """The seats that may decide now (several at once where decisions are
        simultaneous); bot seats decide by themselves unless `autoplay` is off."""
        return tuple(seat for seat in self._state.decision_seats()
                     if seat not in self._decided and
                     (self._agents[seat] is None or not self.autoplay))

    def legal_actions(self, seat: int) -> list[Any]:
        """The actions `seat` may submit now (empty when it may not decide)."""
        if seat not in self.to_move():
            return []
        return self._decision_state(seat).legal_actions()

    def legal(self, seat: int) -> list[str]:
        """The notation texts `seat` may submit now (empty when it may not decide)."""
        if seat not in self.to_move():
            return []
        state = self._decision_state(seat)
        return [self.game.action_text(state, action) for action in state.legal_actions()]

    def observe(self, viewer: int | None) -> Any:
        """`viewer`'s view (a seat, or None for a spectator) as the game's typed value; a
        seat deciding simultaneously sees its own decision point (RS-6)."""
        if viewer is not None and viewer in self._state.decision_seats():
            return self._decision_state(viewer).observe(viewer)
        return self._state.observe(viewer)

    def events_for(self, viewer: int | None, since_version: int = 0) -> list[Entry]:
        """The events after `since_version` that `viewer` may receive, in its wording."""
        return [entry for entry in self._entries
                if entry.version > since_version and entry.event.is_for(viewer)]

    def num_actions(self) -> int:
        """Actions applied to the game so far (chance outcomes included)."""
        return len(self._actions)

    # -- deciding --------------------------------------------------------------------------

    def submit(self, seat: int, action: Any, version: int) -> list[Entry]:
        """`seat` decides `action` (a value or its notation) on `version`. Refused, with
        nothing changed: NotYourTurn, StaleVersion (carrying the current version),
        InvalidActionError, IllegalActionError (with its ruling). Accepted: applied, then
        bots and chance play on; returns the events `seat` may see since `version`."""
        waiting = self.to_move()
        if seat not in waiting:
            raise NotYourTurn(seat, waiting)
        if version != self.version:
            raise StaleVersion(version, self.version)
        state = self._decision_state(seat)
        if isinstance(action, str):
            action = self.game.parse_action(state, action)
        legal = state.legal_actions()
        try:
            canonical = legal[legal.index(action)]
        except ValueError:
            raise state.explain_illegal(action) from None
        self._decide(seat, canonical, state)
        self._advance()
        return self.events_for(seat, version)

    def bot_inputs(self, seat: int) -> tuple[PlayerSpec, Any, list[Any]]:
        """For a caller running a bot elsewhere (`autoplay` off): its spec, its view and
        its legal actions. Bots get views, never states."""
        if seat not in self.to_move() or self.specs[seat].is_human:
            raise NotYourTurn(seat, self.to_move())
        state = self._decision_state(seat)
        return self.specs[seat], state.observe(seat), state.legal_actions()

    def _decision_state(self, seat: int) -> AnyState:
        """The position in which `seat` decides. Where decisions are simultaneous and
        seats before it have not decided yet, a copy in which they have (their choices
        do not change `seat`'s view or options, RS-6): so every seat decides as if in
        the engine's order, and the outcome equals committing in that order."""
        state = self._state
        if state.current_player() == seat:
            return state
        state = state.clone()
        waiting = self._state.decision_seats()
        while (mover := state.current_player()) != seat:
            if mover not in waiting:
                raise NotYourTurn(seat, self.to_move())
            state.apply_legal(self._decided[mover] if mover in self._decided
                              else state.legal_actions()[0])
        return state

    def _decide(self, seat: int, action: Any, state: AnyState) -> None:
        """Take `seat`'s decision: applied at once when the engine is at its turn, kept
        until the seats before it have decided otherwise (RS-6)."""
        if state is self._state:
            self._apply(seat, action)
            return
        self._decided[seat] = action
        self._log.append((seat, action))
        self.version += 1
        if self._keep_events:
            self._emit(self._action_events(seat, action, state))

    def _advance(self) -> None:
        """Play chance, decisions already taken and bot seats, until a seat outside the
        table must decide or the game ends."""
        state, agents, decided = self._state, self._agents, self._decided
        while True:
            player = state.current_player()
            if player == CHANCE:
                self._apply(CHANCE, pick_outcome(state.chance_outcomes(),
                                                 self._chance.random()))
            elif player == TERMINAL:
                return
            elif player in decided:
                self._flush(player, decided.pop(player))
            elif (agent := agents[player]) is not None and self.autoplay:
                self._apply(player, self._ask_bot(agent, player, state))
            else:
                self._let_simultaneous_bots_decide()
                return

    def _let_simultaneous_bots_decide(self) -> None:
        """RS-6: bots among the seats deciding at once do not wait for the people."""
        if not self.autoplay:
            return
        for seat in self._state.decision_seats()[1:]:
            agent = self._agents[seat]
            if agent is None or seat in self._decided:
                continue
            state = self._decision_state(seat)
            self._decide(seat, self._ask_bot(agent, seat, state), state)

    def _ask_bot(self, agent: Agent, seat: int, state: AnyState) -> Any:
        """The bot's decision from its view (a bot that reads no view is spared building
        one); only the labelled cheating bot is handed a copy of the state."""
        legal = state.legal_actions()
        if getattr(agent, "sees_state", False):
            seen: Any = state.clone()
        else:
            seen = state.observe(seat) if self._needs_view[seat] else None
        action = agent.choose(seen, legal)
        if action not in legal:
            raise AgentError(f"{agent.name} at {self.game.seat_name(seat)} chose an "
                             f"illegal action {action!r}")
        return action

    def _apply(self, actor: int, action: Any) -> None:
        """One new decision (or chance outcome): to the engine, the log and the events."""
        self._log.append((actor, action))
        self.version += 1
        if not self._keep_events:
            self._actions.append(action)
            self._state.apply_legal(action)
            return
        before = self._state.clone()
        self._emit(self._action_events(actor, action, before))
        self._engine_apply(action, before)

    def _flush(self, seat: int, action: Any) -> None:
        """A decision taken earlier (RS-6) reaches the engine: no new version, no new
        action event; only what it brings about. Checked again: the decision was taken
        on a copy of the position."""
        if not self._keep_events:
            self._actions.append(action)
            self._state.apply(action)
            return
        self._engine_apply(action, self._state.clone(), checked=True)

    def _engine_apply(self, action: Any, before: AnyState, checked: bool = False) -> None:
        state = self._state
        if checked:
            state.apply(action)
        else:
            state.apply_legal(action)
        self._actions.append(action)
        self._emit(self.game.outcome_events(before, state))
        if state.is_terminal():
            self._emit([self._game_over()])

    # -- events ----------------------------------------------------------------------------

    def _emit(self, events: Sequence[Event]) -> None:
        self._entries.extend(Entry(self.version, event) for event in events)

    def _action_events(self, actor: int, action: Any, state: AnyState) -> list[Event]:
        """One event per distinct wording: a secret move reads in full to those who may
        know it and as a face-down move to the others (RS-6, RS-18)."""
        game = self.game
        wordings: dict[str, list[int | None]] = {}
        for viewer in [None, *range(self.num_players)]:
            wordings.setdefault(game.describe_action(state, action, viewer), []).append(viewer)
        events: list[Event] = []
        for wording, viewers in wordings.items():
            audience = None if len(wordings) == 1 else frozenset(viewers)
            if actor == CHANCE:
                events.append(ChanceResult(text=wording, outcome=wording, audience=audience))
            else:
                events.append(ActionTaken(text=f"{game.seat_name(actor)} {wording}",
                                          seat=actor, action=wording, audience=audience))
        return events

    def _game_over(self) -> GameOver:
        state = self._state
        returns = tuple(state.returns())
        reason = state.end_reason() or "over"
        best = max(returns)
        winners = tuple(seat for seat, value in enumerate(returns)
                        if value == best and reason != CAP)
        if winners:
            text = (f"game over ({reason}): "
                    + " and ".join(self.game.seat_name(seat) for seat in winners)
                    + (" win" if len(winners) > 1 else " wins"))
        else:
            text = f"game over ({reason}): a draw"
        return GameOver(text=text, returns=returns, winners=winners, reason=reason)


def _specs(players: Sequence[str | PlayerSpec]) -> list[PlayerSpec]:
    specs: list[PlayerSpec] = []
    for player in players:
        specs += [player] if isinstance(player, PlayerSpec) else parse_players(player)
    return specs
