"""The table: one game in progress, the one authority every face drives (the terminal,
simulations and tournaments, the server, the research adapters).

It checks who may decide and on which version, refuses illegal actions with their
ruling (changing nothing), lets bot seats decide from their views only, resolves chance
with its own seeded generator, takes simultaneous decisions (RS-6) in any order, and keeps
per-audience events, so that no rule, seat check or secret is handled twice. A seat takes
back its own moves here too, for every game alike (ALL-3, `undo`).
(boardgame.io's single reducer; lichess's one actor per game with versioned events.)

Its parts live beside it (issue 26): the log and its one replay (`log`), the record
written and read (`records`), what it tells of a decision (`telling`), the views and the
presentation model (`views`), and the update a decision makes (`update`)."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar, cast, overload

from albion.bots.base import Agent, as_agent
from albion.bots.registry import make_bot
from albion.bots.specs import PlayerSpec
from albion.core.errors import (
    AlbionError,
    NotYourTurn,
    RecordError,
    StaleVersion,
    UndoRefused,
)
from albion.core.events import Event, MoveTakenBack
from albion.core.game import Game
from albion.core.quiet_play import play_quietly
from albion.core.record import GameRecord
from albion.core.registry import get_game
from albion.core.state import CHANCE, TERMINAL, State
from albion.core.variants import Variant, VariantValue
from albion.core.words import Seat, say
from albion.table.decisions import decision_state
from albion.table.entries import Entry
from albion.table.log import LogRow, TableLog
from albion.table.records import (
    SECRET_CHANCE,
    check_format,
    dealt_from_secret,
    record_rows,
    seed_of,
    write_record,
)
from albion.table.seat_records import seat_record
from albion.table.seating import TimedAgent, specs_of
from albion.table.seeding import (
    ChanceStream,
    SecretStream,
    check_secret,
    derive_rng,
    fresh_seed,
    new_secret,
    seat_rng,
)
from albion.table.telling import decision_events, game_over
from albion.table.undo import UNDO, Point, TakeBack, UndoPoints
from albion.table.update import Update, ViewAndLegal
from albion.table.views import (
    Seating,
    every_seat_shown,
    geometry,
    legal_entries,
    protocol_view,
)

S = TypeVar("S", bound=State[Any, Any])
A = TypeVar("A")
V = TypeVar("V")


class AgentError(AlbionError, RuntimeError):
    """A bot answered with an action that is not legal."""


class Table(Generic[S, A, V]):
    """One game in progress between `players` (specs as the command line takes them:
    `"human"`, `"random"`, `"ismcts:iterations=500"`; or agents of one's own, anything
    with a `name` and `choose(view, legal)`), its chance drawn from `seed` (a fresh one if
    None: reproducible, for games where one person owns every seat) or from `secret` (at
    least 128 bits that only the caller holds: a server's online tables, issue 25).
    Bots decide inside `submit` (and at creation), unless `autoplay` is off: then their
    seats wait in `to_move()` like people's, for a caller running bots elsewhere.
    With `events` off the table keeps no event log (simulations: the fast path).

    A table carries its game's types (`Table[S, A, V]` for a `Game[S, A, V]`): its
    views are `V`, its legal actions `A`, and an action can be followed from a submit
    into the game's rules."""

    game: Game[S, A, V]

    @overload
    def __init__(
        self: Table[Any, Any, Any], game: str,
        players: Sequence[str | PlayerSpec | Agent],
        variant: Variant | Mapping[str, VariantValue] | None = None, seed: int | None = None,
        *, secret: bytes | None = None, names: Sequence[str] | None = None,
        events: bool = True, autoplay: bool = True, timed: bool = False) -> None: ...

    @overload
    def __init__(
        self, game: Game[S, A, V], players: Sequence[str | PlayerSpec | Agent],
        variant: Variant | Mapping[str, VariantValue] | None = None, seed: int | None = None,
        *, secret: bytes | None = None, names: Sequence[str] | None = None,
        events: bool = True, autoplay: bool = True, timed: bool = False) -> None: ...

    def __init__(
        self,
        game: str | Game[S, A, V],
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

    def _setup(self, game: str | Game[S, A, V], players: Sequence[str | PlayerSpec | Agent],
               variant: Variant | Mapping[str, VariantValue] | None, seed: int | None,
               secret: bytes | None, names: Sequence[str] | None, events: bool,
               autoplay: bool, bot_label: tuple[object, ...] = (),
               timed: bool = False) -> None:
        self.game = cast("Game[S, A, V]", get_game(game)) if isinstance(game, str) else game
        agents: dict[int, Agent] = {}
        named: list[str | PlayerSpec] = []
        for seat, player in enumerate(players):
            if isinstance(player, str | PlayerSpec):
                named.append(player)
            else:
                agents[seat] = as_agent(player)
                named.append(PlayerSpec(player.name))
        self.specs = specs_of(named)
        self.game.check_players(len(self.specs))
        self.variant = variant if isinstance(variant, Variant) else self.game.variant(variant)
        self.seed = seed
        """The seed chance is drawn from (None at a table dealt from a secret)."""
        self._secret = None if secret is None else check_secret(secret)
        self.names = list(names) if names is not None else [str(s) for s in self.specs]
        self.autoplay = autoplay
        self.version = 0
        self._state: S = self.game.new_state(len(self.specs), self.variant)
        self._chance: ChanceStream = SecretStream(secret) if secret is not None else \
            derive_rng(seed or 0, "chance")
        self._own = agents
        """The agents of one's own, by seat (a fork keeps them; it rebuilds registry bots)."""
        self._timed = timed
        self._agents = self._seat_agents(bot_label)
        self._log = TableLog(events)
        self._undo = UndoPoints(len(self.specs))
        self._people = any(agent is None for agent in self._agents)
        """Whether a seat may ever take back a move here (bots never do, ALL-3)."""

    def _seat_agents(self, bot_label: tuple[object, ...]) -> list[Agent | None]:
        """Who decides for each seat: an agent of one's own as given, a registry bot made
        from its spec with its seat's generator labelled `bot_label` (timed when the
        table is), or None for a person."""
        agents: list[Agent | None] = [
            self._own.get(seat) or (None if spec.is_human else make_bot(
                spec, self.game, seat_rng(self.seed, self._secret, "seat", seat,
                                          *bot_label)))
            for seat, spec in enumerate(self.specs)]
        return [agent and TimedAgent(agent) for agent in agents] if self._timed else agents

    @classmethod
    def from_record(cls, record: GameRecord, *, events: bool = True,
                    autoplay: bool = True) -> Table[Any, Any, Any]:
        """Resume (or rebuild) the game of `record`: its actions replayed, its waiting
        simultaneous decisions taken again, chance continuing where its seeded stream
        was (a record of a table dealt from a secret holds no secret: its chance goes on
        from a new one); bots start afresh from generators labelled with the version they
        resume at. RecordError names the first action that no longer replays."""
        game = get_game(record.game)
        check_format(record)
        secret = new_secret() if dealt_from_secret(record) else None
        seed = seed_of(record)
        table: Table[Any, Any, Any] = cls.__new__(cls)
        try:
            table._setup(game, record.seats, record.variant, None if secret else seed,
                         secret, None, events, autoplay, ("resumed", len(record.actions)))
        except AlbionError as error:
            raise RecordError(f"record cannot start: {error}") from None
        table._take(record_rows(game, table.num_players, table.variant, record))
        table._advance()
        return table

    @classmethod
    def from_log(cls, game: str | Game[S, A, V], players: Sequence[str | PlayerSpec],
                 variant: Variant | Mapping[str, VariantValue] | None, seed: int | None,
                 rows: Sequence[LogRow], *, secret: bytes | None = None,
                 names: Sequence[str] | None = None, autoplay: bool = False
                 ) -> Table[S, A, V]:
        """A table rebuilt from its stored decisions (`log`): the same versions, events
        and chance stream (its `seed`'s, or its `secret`'s) as the table that wrote
        them; then chance plays on, as it would have (RecordError if a row does not
        apply)."""
        table: Table[S, A, V] = cls.__new__(cls)
        table._setup(game, players, variant, None if secret is not None else seed or 0,
                     secret, names, True, autoplay, ("resumed", len(rows)))
        table.apply_log(rows)
        table._advance()
        return table

    def fork(self, position: S | None = None) -> Table[S, A, V]:
        """A copy of this table that goes its own way: the same seats, log, events and
        chance stream (copied: the fork's chance goes on as this table's would), its
        registry bots afresh from generators labelled with the version they fork at (an
        agent of one's own is the same object at both tables). `position`, when given,
        replaces the game's position and is the fork's own from then on (a test's canary
        twin, an analysis' what-if); what happened before it — the record, the replay,
        the seat records — is still the log's."""
        forked: Table[S, A, V] = copy.copy(self)
        forked._state = self._state.clone() if position is None else position
        forked._log = self._log.fork()
        forked._undo = self._undo.fork()
        forked._chance = copy.deepcopy(self._chance)
        forked._agents = forked._seat_agents(("fork", self.version))
        return forked

    def record(self) -> GameRecord:
        """The full record (omniscient: for the table's owner, and for anyone once the
        game is over); `Table.from_record` resumes it and `albion replay` shows it."""
        meta = {"chance": SECRET_CHANCE} if self._secret is not None else \
            {"seed": str(self.seed)}
        return write_record(self.game, self.num_players, self.variant,
                            [str(spec) for spec in self.specs],
                            self._log.replay(self.game, self.num_players, self.variant),
                            self.returns(), meta)

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

    def current_player(self) -> int:
        """Who the game waits for: a seat, CHANCE (only between the rows `apply_log`
        takes) or TERMINAL."""
        return self._state.current_player()

    def returns(self) -> list[float] | None:
        """ALL-1 per seat once the game is over; None while it is on."""
        return self._state.returns() if self.is_over() else None

    def end_reason(self) -> str | None:
        return self._state.end_reason()

    def position(self) -> S:
        """A copy of the game's position (omniscient, like `record`: for the table's owner
        and the tools that prove it, never for a seat, whose faces get views)."""
        return self._state.clone()

    def to_move(self) -> tuple[int, ...]:
        """The seats that may decide now (several at once where decisions are
        simultaneous); bot seats decide by themselves unless `autoplay` is off."""
        return tuple(seat for seat in self._state.decision_seats()
                     if self._agents[seat] is None or not self.autoplay)

    def legal_actions(self, seat: int) -> list[A]:
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

    def observe(self, viewer: int | None) -> V:
        """`viewer`'s view (a seat, or None for a spectator) as the game's typed value."""
        return self._state.observe(viewer)  # type: ignore[no-any-return]

    def view(self, viewer: int | None) -> dict[str, Any]:
        """`viewer`'s view as JSON-ready data: the table protocol (`albion.table.protocol`,
        schemas in docs/protocol/) — public facts in plain terms, the viewer's own secrets,
        its legal actions annotated, the recap of what it heard; never another seat's
        secrets."""
        legal = legal_entries(self.game, self._decision_state(viewer)) \
            if viewer is not None and viewer in self.to_move() else []
        return protocol_view(self._seating(), self._state, self.version, viewer,
                             self.to_move(), legal, self._log.heard(viewer, self.version))

    def update_for(self, viewer: int | None) -> ViewAndLegal:
        """`viewer`'s view and the notation it may submit now (`legal`), built once: the
        list is the view's own legal entries."""
        view = self.view(viewer)
        return view, [entry["text"] for entry in view["legal"]]

    def update(self, since: int | None = None) -> Update:
        """The table now, for every face: its version, the entries after version `since`
        (none when None) and each viewer's view and legal actions, built once each."""
        after = self.version if since is None else since
        return Update(self.version, after, self._log.entries[self._log.stop(after):],
                      self.update_for, lambda: self.version)

    def geometry(self) -> dict[str, Any] | None:
        """The game's static geometry at this table (its board's shape: sent once per
        game, not with every view), or None for a game whose wire module has none."""
        return geometry(self._seating())

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
                           events=[entry.to_json() for entry in self.events_for(seat)],
                           heard=lambda version: self._log.heard(seat, version))

    def views_since_start(self, viewer: int | None) -> Iterator[dict[str, Any]]:
        """`viewer`'s view at every version from 0 to now (the replay viewer steps through
        them); a seat's `legal` is left empty — these are positions past, not choices."""
        seating = self._seating()
        for version, state, _ in self._positions():
            yield protocol_view(seating, state, version, viewer,
                                tuple(state.decision_seats()), [],
                                self._log.heard(viewer, version))

    def replay_views(self) -> Iterator[dict[str, Any]]:
        """ALL-2: a finished game as its replay shows it — the spectator's view at every
        version from 0 to the end, with each seat's own part of the board as that seat saw
        it then (its hand, its card played face down, its gems). ValueError while the game
        is on: before the end these are the seats' secrets, and a live table never shows
        them."""
        if not self.is_over():
            raise ValueError("ALL-2: every hand is shown once the game is over, not before")
        seating = self._seating()
        for version, state, _ in self._positions():
            view = protocol_view(seating, state, version, None,
                                 tuple(state.decision_seats()), [],
                                 self._log.heard(None, version))
            view["board"] = every_seat_shown(seating, state, view["board"])
            yield view

    def _seating(self) -> Seating:
        return Seating(self.game, self.variant, self.names,
                       [not spec.is_human for spec in self.specs])

    def _positions(self) -> Iterator[tuple[int, S, tuple[int, ...]]]:
        """(version, position, seats that could decide) from the start to now."""
        humans = [spec.is_human or not self.autoplay for spec in self.specs]
        for step in self._log.replay(self.game, self.num_players, self.variant):
            state = cast(S, step.position)
            yield step.version, state, tuple(s for s in state.decision_seats() if humans[s])

    def events_for(self, viewer: int | None, since_version: int = 0) -> list[Entry]:
        """The events after `since_version` that `viewer` may receive, in its wording."""
        return self._log.events_for(viewer, since_version)

    def num_actions(self) -> int:
        """Actions applied to the game so far (chance outcomes included; those taken back
        not)."""
        return len(self._log.actions)

    def think_seconds(self) -> tuple[float, ...]:
        """Per seat, the time its bot spent deciding (with `timed`; 0 for people)."""
        return tuple(agent.seconds if isinstance(agent, TimedAgent) else 0.0
                     for agent in self._agents)

    def decisions_made(self) -> tuple[int, ...]:
        """Per seat, the decisions it made."""
        made = [0] * self.num_players
        for step in self._log.replay(self.game, self.num_players, self.variant):
            if step.actor is not None and step.actor >= 0:
                made[step.actor] += 1
        return tuple(made)

    def seat_labels(self) -> dict[str, list[str]]:
        """Public facts per seat worth a column in reports (Super Camelot: characters)."""
        return self.game.seat_labels(self._state)

    # -- deciding --------------------------------------------------------------------------

    def submit(self, seat: int, action: A | str, version: int) -> Update:
        """`seat` decides `action` (a value or its notation) on `version`. Refused, with
        nothing changed: NotYourTurn, StaleVersion (carrying the current version),
        InvalidActionError, IllegalActionError (with its ruling). Accepted: applied, then
        bots and chance play on; returns the update: the entries since `version` and
        each viewer's view, built once on request."""
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
        return self.update(version)

    # -- taking back (ALL-3) -----------------------------------------------------------

    def undo_refusal(self, seat: int) -> UndoRefused | None:
        """Why `seat` may not take back its last decision now (ALL-3: `why` is "nothing",
        "bot", "over", "chance", "reveal", "seat" or "turn"), or None when it may.
        NotYourTurn for a seat the table does not have."""
        try:
            self._taking_back(seat)
        except UndoRefused as refusal:
            return refusal
        return None

    def can_undo(self, seat: int) -> bool:
        """Whether `seat` may take back its last decision now (ALL-3)."""
        return self.undo_refusal(seat) is None

    def undo_target(self, seat: int) -> int:
        """The version of the decision `seat` would take back now (ALL-3); UndoRefused
        when it may take back none."""
        return self._taking_back(seat).point.version

    def undo(self, seat: int, version: int) -> Update:
        """ALL-3: `seat` takes back its last decision, on `version`: one decision a call,
        within its own turn, never across chance, a revealed secret or another seat's
        decision (a simultaneous pick, RS-6, until the last seat has picked). The table
        is then as if the decision had never been made, at a new version whose log row
        is (version, seat, "undo"); every viewer hears "P1 took back a move" and nothing of
        what it was. Refused, with nothing changed: UndoRefused (its `why`, ruling ALL-3),
        StaleVersion, NotYourTurn for a seat the table does not have."""
        done = self._taking_back(seat)
        if version != self.version:
            raise StaleVersion(version, self.version)
        self._take_back(seat, done)
        return self.update(version)

    def _taking_back(self, seat: int) -> TakeBack:
        """What taking back `seat`'s last decision makes (`undo.TakeBack`), or
        UndoRefused."""
        if not 0 <= seat < self.num_players:
            raise NotYourTurn(seat, self.to_move())
        if self._agents[seat] is not None or not self.specs[seat].is_human:
            raise UndoRefused(seat, "bot")
        if self.is_over():
            raise UndoRefused(seat, "over")
        return self._undo.take_back(seat, self._state)

    def _take_back(self, seat: int, done: TakeBack) -> None:
        """Take back `seat`'s last decision as `done` says: the position without it, a
        new version, its row and its public event."""
        self._state = cast(S, done.position)
        self._undo.taken_back(done)
        self.version += 1
        self._log.take_back(done.point.version, seat, UNDO,
                            [early for _, early in done.replayed])
        self._log.emit(self.version, [MoveTakenBack(
            words=say("{player} took back a move", player=Seat(seat)), seat=seat)])

    def log(self, since: int = 0) -> list[LogRow]:
        """The decisions accepted after version `since`, one row per version — what a
        server stores, append-only, keyed by (table, version). Needs the event log kept."""
        return self._log.rows(since)

    def apply_log(self, rows: Sequence[LogRow]) -> None:
        """Take decisions another process accepted (rows after this table's version, in
        order), each checked as a submission would be; chance rows move this table's
        chance stream along, so it stays where theirs is. RecordError on a row that does
        not follow or does not apply (nothing of that row is taken)."""
        for row in rows:
            if row.version != self.version + 1:
                raise RecordError(f"log row {row.version} does not follow version "
                                  f"{self.version}")
            self._take([row], where=f"log row {row.version} {row.action!r} does not apply")

    def _take(self, rows: Sequence[LogRow], where: str | None = None) -> None:
        """Apply `rows` (each checked as a submission would be); RecordError, `where`
        first, on one that does not apply."""
        for row in rows:
            if row.action == UNDO and row.actor != CHANCE:
                try:
                    self._take_back(row.actor, self._taking_back(row.actor))
                except AlbionError as error:
                    said = where or f"log row {row.version} {row.action!r} does not apply"
                    raise RecordError(f"{said}: {error}") from None
                continue
            state = self._state if row.actor == CHANCE else self._decision_state(row.actor)
            try:
                action = self.game.parse_action(state, row.action)
                if state.refusal(action) is not None or (
                        row.actor != state.current_player()):
                    raise state.explain_illegal(action)
            except AlbionError as error:
                said = where or f"log row {row.version} {row.action!r} does not apply"
                raise RecordError(f"{said}: {error}") from None
            if row.actor == CHANCE:
                self._chance.random()  # the stream goes on where theirs was
            legal = state.legal_actions()
            self._apply(row.actor, legal[legal.index(action)], state)

    def bot_inputs(self, seat: int) -> tuple[PlayerSpec, V, list[A]]:
        """For a caller running a bot elsewhere (`autoplay` off): its spec, its view and
        its legal actions. Bots get views, never states."""
        if seat not in self.to_move() or self.specs[seat].is_human:
            raise NotYourTurn(seat, self.to_move())
        return (self.specs[seat], *self.decision_inputs(seat))

    def decision_inputs(self, seat: int) -> tuple[V, list[A]]:
        """What any seat that may decide now decides from — its view and its legal
        actions — for a bot deciding for it (a hint, a stand-in for an absent player).
        NotYourTurn if it may not decide now."""
        if seat not in self.to_move():
            raise NotYourTurn(seat, self.to_move())
        state = self._decision_state(seat)
        return state.observe(seat), state.legal_actions()

    def _decision_state(self, seat: int) -> S:
        """Where `seat` decides (`decision_state`); NotYourTurn if it may not now."""
        try:
            return cast(S, decision_state(self._state, seat))
        except ValueError:
            raise NotYourTurn(seat, self.to_move()) from None

    def _advance(self) -> None:
        """Play chance and bot seats until a seat outside the table must decide or the
        game ends."""
        if not self._log.keeps_events and self.autoplay:
            self._advance_quietly()
        state, agents = self._state, self._agents
        while True:
            player = state.current_player()
            if player == CHANCE:
                self._apply(CHANCE, state.sample_chance(self._chance.random()))
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
        quick = [agent.choose if agent is not None and agent.picks_from_legal else None
                 for agent in self._agents]
        uniform = [getattr(agent, "uniform_index", None) if choose is not None else None
                   for agent, choose in zip(self._agents, quick, strict=True)]
        generators = [rng if choose is not None and type(rng := getattr(
            agent, "uniform_rng", None)) is random.Random else None
            for agent, choose in zip(self._agents, quick, strict=True)]
        play_quietly(self._state, self._chance.random, self._log.actions.append, quick,
                     uniform, generators)
        self.version = len(self._log)

    def _let_simultaneous_bots_decide(self) -> None:
        """RS-6: bots among the seats deciding at once do not wait for the people."""
        if not self.autoplay:
            return
        for seat in self._state.decision_seats()[1:]:
            agent = self._agents[seat]
            if agent is not None:
                state = self._decision_state(seat)
                self._apply(seat, self._ask_bot(agent, seat, state), state)

    def _ask_bot(self, agent: Agent, seat: int, state: S) -> A:
        """The bot's decision from its view (a bot that reads no view is spared building
        one); only the labelled cheating bot is handed a copy of the state."""
        legal = state.legal_actions()
        if agent.sees_state:
            seen: Any = state.clone()
        else:
            seen = state.observe(seat) if agent.needs_view else None
        action = agent.choose(seen, legal)
        if action not in legal:
            raise AgentError(f"{agent.name} at {self.game.seat_name(seat)} chose an "
                             f"illegal action {action!r}")
        return cast(A, action)

    def _apply(self, actor: int, action: A, decided_in: S | None = None) -> None:
        """One new decision (or chance outcome), taken in `decided_in` (the table's
        position unless the seat decided ahead of its turn): to the engine, the log and
        the events."""
        state, log = self._state, self._log
        early = decided_in is not None and decided_in is not state
        self.version += 1
        if not log.keeps_events:
            log.add(actor, action, early=early, text=None)
            if early:
                state.apply_for(actor, action)
            else:
                state.apply_legal(action)
            return
        before = state.clone()
        text = self.game.action_text(decided_in or before, action)
        log.add(actor, action, early=early, text=text)
        told: list[Event] = decision_events(self.game, self.num_players, actor, action,
                                            decided_in or before, text)
        if early:
            state.apply_for(actor, action)
        else:
            state.apply_legal(action)
        told += self.game.outcome_events(before, state)
        if state.is_terminal():
            told.append(game_over(self.game, state))
        log.emit(self.version, told)
        self._remember(actor, action, before, told)

    def _remember(self, actor: int, action: A, before: S, told: list[Event]) -> None:
        """ALL-3: chance and a revealed secret are barriers no decision is taken back
        across; any other decision may be taken back, until `UndoPoints` says not."""
        if not self._people:
            return
        if actor == CHANCE:
            self._undo.barrier("chance")
        elif any(event.reveals for event in told):
            self._undo.barrier("reveal")
        else:
            self._undo.decided(Point(self.version, actor, action, before),
                               simultaneous=len(before.decision_seats()) > 1)


AnyTable = Table[Any, Any, Any]
"""A table of any game (for faces that drive every game alike)."""
