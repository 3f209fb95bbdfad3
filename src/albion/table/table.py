"""The table: one game in progress, the one authority every face drives (the terminal,
simulations and tournaments, the server, the research adapters).

It checks who may decide and on which version, refuses illegal actions with their
ruling (changing nothing), lets bot seats decide from their views only, resolves chance
with its own seeded generator, takes simultaneous decisions (RS-6) in any order, and keeps
per-audience events, so that no rule, seat check or secret is handled twice.
(boardgame.io's single reducer; lichess's one actor per game with versioned events.)
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from albion.bots.base import Agent
from albion.bots.registry import make_bot, parse_players
from albion.bots.specs import PlayerSpec
from albion.core.chance import pick_outcome
from albion.core.errors import AlbionError, NotYourTurn, RecordError, StaleVersion
from albion.core.events import ActionTaken, ChanceResult, Event, GameOver
from albion.core.game import AnyGame, AnyState
from albion.core.record import READABLE_FORMATS, GameRecord
from albion.core.registry import get_game
from albion.core.state import CHANCE, TERMINAL, winners_of
from albion.core.variants import Variant, VariantValue
from albion.table.decisions import decision_state
from albion.table.entries import Entry
from albion.table.seat_records import seat_record
from albion.table.seeding import (
    ChanceStream,
    SecretStream,
    check_secret,
    derive_rng,
    fresh_seed,
    new_secret,
    seat_rng,
)
from albion.table.views import Seating, legal_entries, protocol_view

SECRET_CHANCE = "secret"
"""A record's `meta["chance"]` when its table was dealt from a secret."""


class LogRow(NamedTuple):
    """One accepted decision: the version it made, who took it (a seat, or CHANCE) and
    its notation as written in the position it was taken in."""

    version: int
    actor: int
    action: str


class AgentError(AlbionError, RuntimeError):
    """A bot answered with an action that is not legal."""


class Table:
    """One game in progress between `players` (specs as the command line takes them:
    `"human"`, `"random"`, `"ismcts:iterations=500"`; or agents of one's own, anything
    with a `name` and `choose(view, legal)`), its chance drawn from `seed` (a fresh one if
    None: reproducible, for games where one person owns every seat) or from `secret` (at
    least 128 bits that only the caller holds: a server's online tables, issue 25).
    Bots decide inside `submit` (and at creation), unless `autoplay` is off: then their
    seats wait in `to_move()` like people's, for a caller running bots elsewhere.
    With `events` off the table keeps no event log (simulations: the fast path)."""

    def __init__(
        self,
        game: str | AnyGame,
        players: Sequence[str | PlayerSpec | Agent],
        variant: Variant | Mapping[str, VariantValue] | None = None,
        seed: int | None = None,
        *,
        secret: bytes | None = None,
        names: Sequence[str] | None = None,
        events: bool = True,
        autoplay: bool = True,
        timed: bool = False,
    ) -> None:
        if secret is not None and seed is not None:
            raise ValueError("a table's chance comes from a seed or a secret, not both")
        if secret is None and seed is None:
            seed = fresh_seed()
        self._setup(game, players, variant, seed, secret, names, events, autoplay,
                    timed=timed)
        self._advance()

    def _setup(self, game: str | AnyGame, players: Sequence[str | PlayerSpec | Agent],
               variant: Variant | Mapping[str, VariantValue] | None, seed: int | None,
               secret: bytes | None, names: Sequence[str] | None, events: bool,
               autoplay: bool, bot_label: tuple[object, ...] = (),
               timed: bool = False) -> None:
        self.game: AnyGame = get_game(game) if isinstance(game, str) else game
        agents: dict[int, Agent] = {}
        named: list[str | PlayerSpec] = []
        for seat, player in enumerate(players):
            if isinstance(player, str | PlayerSpec):
                named.append(player)
            else:
                agents[seat] = player
                named.append(PlayerSpec(player.name))
        self.specs = _specs(named)
        self.game.check_players(len(self.specs))
        self.variant = variant if isinstance(variant, Variant) else self.game.variant(variant)
        self.seed = seed
        """The seed chance is drawn from (None at a table dealt from a secret)."""
        self._secret = None if secret is None else check_secret(secret)
        self.names = list(names) if names is not None else [str(s) for s in self.specs]
        self.autoplay = autoplay
        self.version = 0
        self._state: AnyState = self.game.new_state(len(self.specs), self.variant)
        self._chance: ChanceStream = SecretStream(secret) if secret is not None else \
            derive_rng(seed or 0, "chance")
        self._agents: list[Agent | None] = [
            agents.get(seat) or (None if spec.is_human else make_bot(
                spec, self.game, seat_rng(seed, secret, "seat", seat, *bot_label)))
            for seat, spec in enumerate(self.specs)]
        self._needs_view = [getattr(agent, "needs_view", True) for agent in self._agents]
        if timed:
            self._agents = [agent and TimedAgent(agent) for agent in self._agents]
        self._actions: list[Any] = []
        """One action per version, in the order the table accepted them (seats deciding at
        once may come out of the engine's order; the record puts them back)."""
        self._early: dict[int, int] = {}
        """Version index → seat, for decisions taken ahead of their turn (RS-6); any other
        action's actor is the engine's current player (`_history`)."""
        self._keep_events = events
        self._entries: list[Entry] = []
        self._texts: list[str] = []
        self._actors: list[int] = []
        """With events kept: each action's notation (written when it was taken) and who
        took it (`log`)."""

    @classmethod
    def from_record(cls, record: GameRecord, *, events: bool = True,
                    autoplay: bool = True) -> Table:
        """Resume (or rebuild) the game of `record`: its actions replayed, its waiting
        simultaneous decisions taken again, chance continuing where its seeded stream
        was (a record of a table dealt from a secret holds no secret: its chance goes on
        from a new one); bots start afresh from generators labelled with the version they
        resume at. RecordError names the first action that no longer replays."""
        game = get_game(record.game)
        if record.format not in READABLE_FORMATS:
            raise RecordError(f"record format {record.format!r} is not one of "
                              f"{', '.join(READABLE_FORMATS)}")
        secret = new_secret() if record.meta.get("chance") == SECRET_CHANCE and \
            "seed" not in record.meta else None
        seed_text = record.meta.get("seed", "0")
        if not seed_text.isdigit():
            raise RecordError(f"record seed {seed_text!r} is not a number")
        table = cls.__new__(cls)
        try:
            table._setup(game, record.seats, record.variant,
                         None if secret else int(seed_text), secret, None, events,
                         autoplay, ("resumed", len(record.actions)))
        except AlbionError as error:
            raise RecordError(f"record cannot start: {error}") from None
        table._replay(record)
        table._advance()
        return table

    @classmethod
    def from_log(cls, game: str | AnyGame, players: Sequence[str | PlayerSpec],
                 variant: Variant | Mapping[str, VariantValue] | None, seed: int | None,
                 rows: Sequence[LogRow], *, secret: bytes | None = None,
                 names: Sequence[str] | None = None, autoplay: bool = False) -> Table:
        """A table rebuilt from its stored decisions (`log`): the same versions, events
        and chance stream (its `seed`'s, or its `secret`'s) as the table that wrote
        them; then chance plays on, as it would have (RecordError if a row does not
        apply)."""
        table = cls.__new__(cls)
        table._setup(game, players, variant, None if secret is not None else seed or 0,
                     secret, names, True, autoplay, ("resumed", len(rows)))
        table.apply_log(rows)
        table._advance()
        return table

    def _replay(self, record: GameRecord) -> None:
        state, game = self._state, self.game
        for index, text in enumerate(record.actions, start=1):
            try:
                action = game.parse_action(state, text)
                legal = state.legal_actions()
                if action not in legal:
                    raise state.explain_illegal(action)
            except AlbionError as error:
                raise RecordError(f"record action {index} {text!r} is refused: "
                                  f"{error}") from None
            if state.current_player() == CHANCE:
                self._chance.random()  # the seeded stream goes on where it was
            self._apply(state.current_player(), legal[legal.index(action)])
        for seat_text, text in sorted(record.pending.items()):
            seat = int(seat_text) if seat_text.isdigit() else -1
            if seat not in state.decision_seats() or seat == state.current_player():
                raise RecordError(f"record's waiting decision of seat {seat_text!r} is not "
                                  "a simultaneous decision of its position")
            decision_state = self._decision_state(seat)
            try:
                action = game.parse_action(decision_state, text)
                if decision_state.refusal(action) is not None:
                    raise decision_state.explain_illegal(action)
            except AlbionError as error:
                raise RecordError(f"record's waiting decision {text!r} is refused: "
                                  f"{error}") from None
            self._apply(seat, action, decision_state)

    def record(self) -> GameRecord:
        """The full record (omniscient: for the table's owner, and for anyone once the
        game is over); `Table.from_record` resumes it and `albion replay` shows it."""
        game = self.game
        state = game.new_state(self.num_players, self.variant)
        texts: list[str] = []
        early: dict[int, Any] = {}
        for actor, action in self._history():  # early simultaneous decisions back in order
            if actor >= 0 and actor != state.current_player():
                early[actor] = action
                continue
            texts.append(game.action_text(state, action))
            state.apply_legal(action)
            while (mover := state.current_player()) in early:
                texts.append(game.action_text(state, early[mover]))
                state.apply_legal(early.pop(mover))
        pending = {str(seat): game.action_text(state, action)
                   for seat, action in sorted(early.items())}
        return GameRecord(self.game.id, self.game.version, self.variant.as_dict(),
                          [str(spec) for spec in self.specs], texts, self.returns(),
                          meta=self._chance_meta(), pending=pending)

    def _chance_meta(self) -> dict[str, str]:
        """Where the record says chance came from: its seed, or a secret it never holds."""
        if self._secret is not None:
            return {"chance": SECRET_CHANCE}
        return {"seed": str(self.seed)}

    @property
    def dealt_from_secret(self) -> bool:
        """Whether chance here comes from a secret (which no face of the table shows)."""
        return self._secret is not None

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
                     if self._agents[seat] is None or not self.autoplay)

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
        """`viewer`'s view (a seat, or None for a spectator) as the game's typed value."""
        return self._state.observe(viewer)

    def view(self, viewer: int | None) -> dict[str, Any]:
        """`viewer`'s view as JSON-ready data: the table protocol (`albion.table.protocol`,
        schemas in docs/protocol/) — public facts in plain terms, the viewer's own secrets,
        its legal actions as notation; never another seat's secrets."""
        legal = legal_entries(self.game, self._decision_state(viewer)) \
            if viewer is not None and viewer in self.to_move() else []
        return protocol_view(self._seating(), self._state, self.version, viewer,
                             self.to_move(), legal)

    def update_for(self, viewer: int | None) -> tuple[dict[str, Any], list[str]]:
        """`viewer`'s view and the notation it may submit now (`legal`), built once: the
        list is the view's own legal entries."""
        view = self.view(viewer)
        return view, [entry["text"] for entry in view["legal"]]

    def seat_record(self, seat: int) -> dict[str, Any]:
        """What `seat` saw and nothing else (format `albion-seat-record/1`): its events,
        and its view at every version where it changed — the first whole, the others as
        JSON patches (RFC 6902) — so its game can be stepped through as it saw it."""
        if not 0 <= seat < self.num_players:
            raise NotYourTurn(seat, ())
        header = {"game": self.game.id, "game_version": self.game.version,
                  "variant": self.variant.as_dict(),
                  "seats": [str(spec) for spec in self.specs]}
        return seat_record(self._seating(), seat, self._positions(), header=header,
                           version=self.version,
                           events=[entry.to_json() for entry in self.events_for(seat)])

    def views_since_start(self, viewer: int | None) -> Iterator[dict[str, Any]]:
        """`viewer`'s view at every version from 0 to now (the replay viewer steps through
        them); a seat's `legal` is left empty — these are positions past, not choices."""
        seating = self._seating()
        for version, state, _ in self._positions():
            yield protocol_view(seating, state, version, viewer, tuple(
                s for s in state.decision_seats()), [])

    def _seating(self) -> Seating:
        return Seating(self.game, self.variant, self.names,
                       [not spec.is_human for spec in self.specs])

    def _positions(self) -> Iterator[tuple[int, AnyState, tuple[int, ...]]]:
        """(version, position, seats that could decide) from the start to now, rebuilt
        from the log."""
        state = self.game.new_state(self.num_players, self.variant)
        humans = [spec.is_human or not self.autoplay for spec in self.specs]
        version = 0
        while True:
            yield version, state, tuple(s for s in state.decision_seats() if humans[s])
            if version == len(self._actions):
                return
            action = self._actions[version]
            if version in self._early:
                state.apply_for(self._early[version], action)
            else:
                state.apply_legal(action)
            version += 1

    def events_for(self, viewer: int | None, since_version: int = 0) -> list[Entry]:
        """The events after `since_version` that `viewer` may receive, in its wording."""
        return [entry for entry in self._entries
                if entry.version > since_version and entry.event.is_for(viewer)]

    def num_actions(self) -> int:
        """Actions applied to the game so far (chance outcomes included)."""
        return len(self._actions)

    def think_seconds(self) -> tuple[float, ...]:
        """Per seat, the time its bot spent deciding (with `timed`; 0 for people)."""
        return tuple(agent.seconds if isinstance(agent, TimedAgent) else 0.0
                     for agent in self._agents)

    def decisions_made(self) -> tuple[int, ...]:
        """Per seat, the decisions it made."""
        made = [0] * self.num_players
        for actor, _ in self._history():
            if actor >= 0:
                made[actor] += 1
        return tuple(made)

    def _history(self) -> Iterator[tuple[int, Any]]:
        """(actor, action) per version: the engine replayed to tell who decided."""
        state = self.game.new_state(self.num_players, self.variant)
        for version, action in enumerate(self._actions):
            actor = self._early.get(version, state.current_player())
            yield actor, action
            if version in self._early:
                state.apply_for(actor, action)
            else:
                state.apply_legal(action)

    def seat_labels(self) -> dict[str, list[str]]:
        """Public facts per seat worth a column in reports (Super Camelot: characters)."""
        return self.game.seat_labels(self._state)

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
        self._apply(seat, canonical, state)
        self._advance()
        return self.events_for(seat, version)

    def log(self, since: int = 0) -> list[LogRow]:
        """The decisions accepted after version `since`, one row per version — what a
        server stores, append-only, keyed by (table, version). Needs the event log kept."""
        if not self._keep_events:
            raise ValueError("a table without events keeps no notation log")
        return [LogRow(version + 1, self._actors[version], self._texts[version])
                for version in range(since, len(self._actions))]

    def apply_log(self, rows: Sequence[LogRow]) -> None:
        """Take decisions another process accepted (rows after this table's version, in
        order), each checked as a submission would be; chance rows move this table's
        chance stream along, so it stays where theirs is. RecordError on a row that does
        not follow or does not apply (nothing of that row is taken)."""
        for row in rows:
            if row.version != self.version + 1:
                raise RecordError(f"log row {row.version} does not follow version "
                                  f"{self.version}")
            state = self._state if row.actor == CHANCE else self._decision_state(row.actor)
            try:
                action = self.game.parse_action(state, row.action)
                if state.refusal(action) is not None or (
                        row.actor != state.current_player()):
                    raise state.explain_illegal(action)
            except AlbionError as error:
                raise RecordError(f"log row {row.version} {row.action!r} does not apply: "
                                  f"{error}") from None
            if row.actor == CHANCE:
                self._chance.random()
            legal = state.legal_actions()
            self._apply(row.actor, legal[legal.index(action)], state)

    def bot_inputs(self, seat: int) -> tuple[PlayerSpec, Any, list[Any]]:
        """For a caller running a bot elsewhere (`autoplay` off): its spec, its view and
        its legal actions. Bots get views, never states."""
        if seat not in self.to_move() or self.specs[seat].is_human:
            raise NotYourTurn(seat, self.to_move())
        return (self.specs[seat], *self.decision_inputs(seat))

    def decision_inputs(self, seat: int) -> tuple[Any, list[Any]]:
        """What any seat that may decide now decides from — its view and its legal
        actions — for a bot deciding for it (a hint, a stand-in for an absent player).
        NotYourTurn if it may not decide now."""
        if seat not in self.to_move():
            raise NotYourTurn(seat, self.to_move())
        state = self._decision_state(seat)
        return state.observe(seat), state.legal_actions()

    def _decision_state(self, seat: int) -> AnyState:
        """Where `seat` decides (`decision_state`); NotYourTurn if it may not now."""
        try:
            return decision_state(self._state, seat)
        except ValueError:
            raise NotYourTurn(seat, self.to_move()) from None

    def _advance(self) -> None:
        """Play chance and bot seats until a seat outside the table must decide or the
        game ends."""
        if not self._keep_events and self.autoplay:
            self._advance_quietly()
        state, agents = self._state, self._agents
        while True:
            player = state.current_player()
            if player == CHANCE:
                self._apply(CHANCE, pick_outcome(state.chance_outcomes(),
                                                 self._chance.random()))
            elif player == TERMINAL:
                return
            elif (agent := agents[player]) is not None and self.autoplay:
                self._apply(player, self._ask_bot(agent, player, state))
            else:
                self._let_simultaneous_bots_decide()
                if state.current_player() == player:
                    return

    def _advance_quietly(self) -> None:
        """`_advance` with no event log, for the bots that need no view and pick straight
        from the legal list (the random bot): the simulations' hot loop, as lean as the
        engine's own random playouts (measured by `albion bench --table`). It stops at
        the first seat it cannot decide for, and `_advance` goes on from there."""
        state, log = self._state, self._actions.append
        current, legal_actions = state.current_player, state.legal_actions
        outcomes, apply, draw = state.chance_outcomes, state.apply_legal, self._chance.random
        quick = [agent.choose if agent is not None and getattr(agent, "picks_from_legal",
                                                                False) else None
                 for agent in self._agents]
        while True:
            player = current()
            if player == CHANCE:
                action = pick_outcome(outcomes(), draw())
            elif player == TERMINAL or (choose := quick[player]) is None:
                break
            else:
                action = choose(None, legal_actions())
            log(action)
            apply(action)
        self.version = len(self._actions)

    def _let_simultaneous_bots_decide(self) -> None:
        """RS-6: bots among the seats deciding at once do not wait for the people."""
        if not self.autoplay:
            return
        for seat in self._state.decision_seats()[1:]:
            agent = self._agents[seat]
            if agent is not None:
                state = self._decision_state(seat)
                self._apply(seat, self._ask_bot(agent, seat, state), state)

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

    def _apply(self, actor: int, action: Any, decided_in: AnyState | None = None) -> None:
        """One new decision (or chance outcome), taken in `decided_in` (the table's
        position unless the seat decided ahead of its turn): to the engine, the log and
        the events."""
        state = self._state
        early = decided_in is not None and decided_in is not state
        if early:
            self._early[len(self._actions)] = actor
        self._actions.append(action)
        self.version += 1
        if not self._keep_events:
            if early:
                state.apply_for(actor, action)
            else:
                state.apply_legal(action)
            return
        before = state.clone()
        text = self.game.action_text(decided_in or before, action)
        self._texts.append(text)
        self._actors.append(actor)
        self._emit(self._action_events(actor, action, decided_in or before, text))
        if early:
            state.apply_for(actor, action)
        else:
            state.apply_legal(action)
        self._emit(self.game.outcome_events(before, state))
        if state.is_terminal():
            self._emit([self._game_over()])

    # -- events ----------------------------------------------------------------------------

    def _emit(self, events: Sequence[Event]) -> None:
        self._entries.extend(Entry(self.version, event) for event in events)

    def _action_events(self, actor: int, action: Any, state: AnyState,
                       text: str) -> list[Event]:
        """One event per distinct wording: a secret move reads in full to those who may
        know it and as a face-down move to the others (RS-6, RS-18); where every move is
        public, its notation `text` for everyone."""
        game = self.game
        wordings: dict[str, list[int | None]] = {}
        if game.moves_are_public:
            wordings[text] = [None, *range(self.num_players)]
        else:
            for viewer in [None, *range(self.num_players)]:
                wordings.setdefault(game.describe_action(state, action, viewer),
                                    []).append(viewer)
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
        winners = tuple(winners_of(returns, reason))
        if winners:
            text = (f"game over ({reason}): "
                    + " and ".join(self.game.seat_name(seat) for seat in winners)
                    + (" win" if len(winners) > 1 else " wins"))
        else:
            text = f"game over ({reason}): a draw"
        return GameOver(text=text, returns=returns, winners=winners, reason=reason)


class TimedAgent:
    """A bot whose thinking time a tournament measures."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.sees_state = getattr(inner, "sees_state", False)
        self.needs_view = getattr(inner, "needs_view", True)
        self.seconds = 0.0

    def choose(self, seen: Any, legal: Sequence[Any]) -> Any:
        start = time.perf_counter()
        try:
            return self.inner.choose(seen, legal)
        finally:
            self.seconds += time.perf_counter() - start


def _specs(players: Sequence[str | PlayerSpec]) -> list[PlayerSpec]:
    """Specs as given; a string may hold one spec or a comma-separated list of them."""
    specs: list[PlayerSpec] = []
    for player in players:
        specs += [player] if isinstance(player, PlayerSpec) else parse_players(player)
    return specs
