"""The scanner of `albion fuzz-leaks`: every frame a table's seats and spectators were sent
is checked against the server's own truth — its stored decision log, replayed with the
engine once the game is over.

For a frame sent to viewer V at version v:

- **exact**: the update is the engine's `view(V)`, `legal(V)` and a run of `events_for(V)`
  ending at v (nothing from after v, so nothing of the draw order: DI-11, RS-18, SC-19),
  an error is the refusal the engine gives V's message at some version the connection
  could have been at, a hint is the search's choice from V's own view;
- **canary**: for every other seat s, a twin of the position whose private fields of s
  hold other values (`Game.plant_canary`: RS-18's hand and committed card, SC-19's gem
  wallet) gives V the same view, the same legal actions, the same refusal, the same
  hint inputs, and — through the same decision — the same events, unless V's own view
  legitimately changes (a reveal);
- **literal**: the table's secret (issue 25: 256 bits only the server holds, from which
  every chance outcome follows) appears in no frame and no line of the server's log —
  not in full, not as any 8-byte slice of its hex, not in base64 or as a number — not
  even once the game is over; a chosen seed (a 60-bit canary of the same power) appears
  in no frame before the end; and no object tied to seat s (`"seat": s`) carries a
  value of a field that s's owner sees and V does not (another's hand, played card,
  wallet);
- **contract**: a frame is of a kind the protocol has (an update, an error, a hint, a
  `named` answer to a `join`; a summary, a new table, a claimed seat, a record or a
  replay over HTTP) with exactly its fields; a `probe` (issue 30: a signed-in seat's
  session asking for a seat its account does not hold) is a refusal, never a seat; an
  update says whether the seed was chosen as the stored table does, `elsewhere` only to
  a seat, a rematch only after the end;
- **HTTP**: the record and the replay are refused (409 `not_over`) while the game is on;
  once it is over the replay is the engine's, every seat's own part shown (ALL-2).

Any failure of the canary or literal checks is a leak; a frame that is not what the
engine would send is also counted as a leak (an unexplained frame may carry anything).
Problems that cannot leak (a lost event, a stuck game, a refusal of the database) are
reported apart."""

from __future__ import annotations

import base64
import contextlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter, ValidationError

from albion.core.errors import NotYourTurn, RecordError, UndoRefused
from albion.core.presentation import Place
from albion.core.registry import get_game
from albion.core.state import CHANCE
from albion.server.bots import HINT_ITERATIONS, Chance
from albion.server.bots import hint as search_hint
from albion.server.chat import LineRefused, clean_line
from albion.server.credentials import is_table_id
from albion.server.messages import (
    Back,
    Chat,
    ChatSpectators,
    ClientMessage,
    CreatedTable,
    Hello,
    Hint,
    Join,
    SeatSession,
    Submit,
    TableSummary,
    Undo,
    WhyNot,
)
from albion.server.names import NameRefused, choose_name
from albion.server.refusals import (
    BACK_FOR_SPECTATOR,
    CHAT_CLOSED,
    CHAT_LIMITED,
    CHAT_SETTING_FOR_SPECTATOR,
    DECISION_REFUSALS,
    HELLO_LIMITED,
    HINT_BUSY,
    HINT_FOR_SPECTATOR,
    HINT_LIMITED,
    HINT_NOT_NOW,
    NAME_FOR_SPECTATOR,
    NAME_LIMITED,
    NAMES_OVER,
    NOT_AWAY,
    NOT_STARTED,
    NOT_STORED,
    SPECTATOR_DECIDES,
    STAND_IN,
    UNDO_FOR_SPECTATOR,
    UNDO_LIMITED,
    UNDOS_SPENT,
    WHY_NOT_FOR_SPECTATOR,
    WHY_NOT_LIMITED,
    Said,
    decision_refused,
)
from albion.server.settings import ServerSettings
from albion.server.why_not import why_not_frame
from albion.table import AnyTable, LogRow, Table
from albion.table.why_not import table_why_not

UPDATE_KEYS = {"type", "table", "version", "view", "events", "legal", "status", "names",
               "away", "decided_at", "committed_at", "seed_chosen", "elsewhere", "rematch",
               "rematch_offer", "clock", "can_undo"}
NOTICE_KEYS = {"version", "type", "text", "seat", "stand_in"}
NAMED_KEYS = {"type", "name", "trimmed"}
HTTP_KEYS = {"summary": set(TableSummary.model_fields), "created": set(CreatedTable.model_fields),
             "claim": set(SeatSession.model_fields)}
"""The fields of the lobby's answers the fuzz scans (`GET /api/tables/ID`, `POST
/api/tables`, `POST /api/tables/ID/claim`)."""
KINDS = {"update", "reconnect", "hello", "error", "hint", "named", "record", "replay",
         "chat", "probe", "why_not", *HTTP_KEYS}
CHAT_KEYS = {"type", "whole", "spectators", "lines"}
CHAT_LINE_KEYS = {"seq", "seat", "text", "at"}

CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)
SLICE = 16
"""Hex digits of a slice of the secret that counts as a leak: 8 bytes (64 bits), far more
than chance puts in any frame (a table id has 72 bits of base64, never hex)."""
HEX_RUN = re.compile(f"[0-9a-fA-F]{{{SLICE},}}")
WINDOW = 24
"""Characters of a secret's other forms (base64, decimal, bytes shown) that count as a
leak: at least 80 bits of it."""
B64_RUN = re.compile(f"[A-Za-z0-9+/_-]{{{WINDOW},}}")
DIGIT_RUN = re.compile(f"[0-9]{{{WINDOW},}}")


@dataclass(frozen=True)
class Frame:
    """One frame a viewer received (or one HTTP answer during or after play).

    `kind`: update, reconnect (the first update after a reconnect), hello (the first
    update after a hello), error, hint, record, replay (HTTP answers, with `status`).
    `starts`: for an update, the versions after which its events may start (the
    connection's last update, and the hellos it sent). `sent`: for an error, the recent
    messages of its connection that may have drawn it, each with the last version the
    connection had when it sent it."""

    viewer: int | None
    kind: str
    body: dict[str, Any]
    starts: tuple[int, ...] = ()
    sent: tuple[tuple[str, int], ...] = ()
    status: int = 0


@dataclass
class ScanResult:
    frames: Counter[str] = field(default_factory=Counter)
    leaks: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    canaries: int = 0
    """Twins compared (a canary planted in a seat's private fields, per version)."""
    versions: int = 0


@dataclass(frozen=True)
class TableFacts:
    """What the server stored about a table: enough to replay it exactly — its decision
    log, and where its chance came from: the secret only the server holds (issue 25), or
    the seed its creator chose (`seed_chosen`)."""

    game: str
    players: list[str]
    variant: dict[str, Any]
    seed: int | None
    rows: list[LogRow]
    secret: bytes | None = field(default=None, repr=False)
    seed_chosen: bool = False
    """What the stored table says: its creator chose the seed (then there is no secret)."""
    max_seconds: float = ServerSettings.max_seconds
    """The server's time ceiling, which its hints' searches stop at too."""


class SecretIndex:
    """The forms in which tables' chance could be given away, and one search for all of
    them in any text, each text read once whatever the number of tables: any
    `SLICE`-digit slice of a secret's hex (either case), and any `WINDOW` characters of
    its base64, its number or its bytes as Python (or JSON of Python) shows them."""

    def __init__(self) -> None:
        self.slices: dict[str, str] = {}
        self.windows: dict[str, str] = {}
        """A piece of a secret's form → the table it is of (its label)."""

    def add(self, label: str, secret: bytes) -> None:
        hexed = secret.hex()
        for at in range(len(hexed) - SLICE + 1):
            self.slices[hexed[at:at + SLICE]] = label
        shown = repr(secret)[2:-1]  # as a traceback or an f-string shows bytes
        for form in (base64.b64encode(secret).decode().rstrip("="),
                     base64.urlsafe_b64encode(secret).decode().rstrip("="),
                     str(int.from_bytes(secret, "big")), shown, json.dumps(shown)[1:-1]):
            for at in range(len(form) - WINDOW + 1):
                self.windows[form[at:at + WINDOW]] = label

    def find(self, text: str) -> set[str]:
        """The labels of the tables whose secret `text` holds (or a piece of)."""
        found: set[str] = set()
        for run in HEX_RUN.finditer(text):
            digits = run.group().lower()
            for at in range(len(digits) - SLICE + 1):
                label = self.slices.get(digits[at:at + SLICE])
                if label is not None:
                    found.add(label)
        if self.windows and may_hold_a_form(text):
            for at in range(len(text) - WINDOW + 1):
                label = self.windows.get(text[at:at + WINDOW])
                if label is not None:
                    found.add(label)
        return found


def may_hold_a_form(text: str) -> bool:
    """Whether `text` could hold a piece of a secret in any form `SecretIndex` knows (a
    cheap test first: a run of hex, base64 or digits long enough, or a byte escape)."""
    return "\\x" in text or HEX_RUN.search(text) is not None or \
        B64_RUN.search(text) is not None or DIGIT_RUN.search(text) is not None


def scan(facts: TableFacts, frames: list[Frame]) -> ScanResult:
    """Check every frame against the replayed truth; see the module's docstring."""
    return Scanner(facts, frames).run()


def scan_log(facts: TableFacts, lines: Iterable[str]) -> list[str]:
    """The lines of the server's log that hold the table's secret (its seed is the
    creator's own and may be logged)."""
    index = SecretIndex()
    if facts.secret is not None:
        index.add("the table", facts.secret)
    return [line[:200] for line in lines if index.find(line)]


class Scanner:
    def __init__(self, facts: TableFacts, frames: list[Frame]) -> None:
        self.facts = facts
        self.frames = frames
        self.result = ScanResult()
        self.secrets = SecretIndex()
        if facts.secret is not None:
            self.secrets.add("the table", facts.secret)
        self.seed = None if facts.seed is None else str(facts.seed)
        self.names: dict[int, set[str]] = {}
        """Every name each seat was shown to hold, in any update."""

    def leak(self, frame: Frame, what: str) -> None:
        self.result.leaks.append(f"{frame.kind} to {_who(frame.viewer)}: {what}")

    def run(self) -> ScanResult:
        result = self.result
        facts = self.facts
        if facts.seed_chosen != (facts.secret is None):
            result.problems.append(f"the stored table has seed_chosen={facts.seed_chosen} "
                                   f"and {'no ' if facts.secret is None else ''}secret")
        for frame in self.frames:
            result.frames[f"{frame.kind} {frame.status}" if frame.status else frame.kind] += 1
            self.check_literal(frame)
            if frame.kind in ("update", "reconnect", "hello"):
                for seat, name in dict(frame.body.get("names") or {}).items():
                    if str(seat).isdigit():
                        self.names.setdefault(int(seat), set()).add(str(name))
        oracle = Table(facts.game, facts.players, facts.variant, facts.seed,
                       secret=facts.secret, autoplay=False)
        rows = facts.rows
        if oracle.log() != rows[:oracle.version]:
            result.problems.append("the stored opening chance does not replay")
            return result
        updates: dict[int, list[Frame]] = {}
        hints: dict[int, list[Frame]] = {}
        for frame in self.frames:
            if frame.kind in ("update", "reconnect", "hello"):
                updates.setdefault(int(frame.body.get("version", -1)), []).append(frame)
            elif frame.kind in ("hint", "why_not"):
                hints.setdefault(int(frame.body.get("version", -1)), []).append(frame)
        errors = [frame for frame in self.frames if frame.kind == "error"
                  and not self.unplayed_refusal(frame)]
        said = self.chat_said()
        for frame in self.frames:
            if frame.kind == "named":
                self.check_named(frame)
            elif frame.kind == "chat":
                self.check_chat(frame, said)
            elif frame.kind in HTTP_KEYS:
                self.check_lobby(frame)
            elif frame.kind == "probe" and frame.body != {"refused": True,
                                                          "seat": frame.body.get("seat")}:
                self.leak(frame, f"an account's session opened seat {frame.body.get('seat')}"
                          f", which its account does not hold: {json.dumps(frame.body)[:200]}")
        final = len(rows)
        for version in sorted(set(updates) | set(hints)):
            if not 0 <= version <= final:
                for frame in updates.get(version, []) + hints.get(version, []):
                    self.leak(frame, f"version {version} the table never had")
        opening = True
        while True:
            if oracle.current_player() != CHANCE:  # a version the server rests at
                at = Position(oracle, self, opening)
                opening = False
                for frame in updates.get(oracle.version, []):
                    self.check_update(at, frame)
                for frame in hints.get(oracle.version, []):
                    if frame.kind == "why_not":
                        self.check_why_not(at, frame)
                    else:
                        self.check_hint(at, frame)
                errors = [frame for frame in errors if not at.explains(frame)]
                result.versions += 1
            if oracle.version == final:
                break
            self.check_events(oracle, rows[oracle.version])
            oracle.apply_log([rows[oracle.version]])
        for frame in errors:
            self.leak(frame, f"refusal {frame.body} is not what the engine says to any of "
                      f"{[text for text, _ in frame.sent]} at any version since they were sent")
        self.check_http(oracle)
        return result

    # -- literal and contract checks of every frame --------------------------------------

    def check_literal(self, frame: Frame) -> None:
        """The secret in no frame, ever; a chosen seed in none before the end (the
        finished record says it, and may); a frame of a kind the protocol has."""
        text = json.dumps(frame.body)
        if self.secrets.find(text):
            self.leak(frame, "the table's secret (every chance outcome, past and future)")
        finished = frame.kind in ("record", "replay") and frame.status == 200
        if not finished and self.seed is not None and self.seed in text:
            self.leak(frame, "the table's seed (every future chance outcome)")
        if frame.kind not in KINDS:
            self.leak(frame, f"a frame the protocol does not have: {text[:200]}")

    def unplayed_refusal(self, frame: Frame) -> bool:
        """A refusal that tells nothing of the game (the same words at any position),
        told apart: the database did not take a decision (a problem: the fuzz's
        database never fails), a stand-in keeps a seat (to a seat's submit)."""
        key = _error_key(frame.body)
        if key == NOT_STORED:
            self.result.problems.append(f"{_who(frame.viewer)} was told {key[0]}: the "
                                        "server's database did not take a decision")
            return True
        return key == STAND_IN and frame.viewer is not None and any(
            isinstance(_message(text), Submit) for text, _ in frame.sent)

    def chat_said(self) -> set[str]:
        """Every chat line any client sent, as the server keeps it (cleaned)."""
        said: set[str] = set()
        for frame in self.frames:
            for text, _ in frame.sent:
                message = _message(text)
                if isinstance(message, Chat):
                    with contextlib.suppress(LineRefused):
                        said.add(clean_line(message.text))
        return said

    def check_chat(self, frame: Frame, said: set[str]) -> None:
        """A chat frame holds only what people typed and which seat typed it: the
        server adds nothing it knows (issue 27: chat is no way around hidden
        information)."""
        body = frame.body
        if set(body) != CHAT_KEYS or not isinstance(body.get("lines"), list):
            self.leak(frame, f"a chat frame not of the contract: {body}")
            return
        for line in body["lines"]:
            seat = line.get("seat") if isinstance(line, dict) else None
            if not isinstance(line, dict) or set(line) != CHAT_LINE_KEYS or not (
                    seat is None or (isinstance(seat, int) and
                                     0 <= seat < len(self.facts.players))):
                self.leak(frame, f"a chat line not of the contract: {line}")
            elif line["text"] not in said:
                self.leak(frame, f"a chat line nobody typed: {line['text']!r}")

    def check_named(self, frame: Frame) -> None:
        """The answer to a seat's `join`: the name one of its joins becomes (trimmed, and
        saying so), nothing else."""
        body, seat = frame.body, frame.viewer
        if seat is None or set(body) != NAMED_KEYS:
            self.leak(frame, f"a named answer {body} not to a seat or not of the contract")
            return
        label = self.game_label(seat)
        for text, _ in frame.sent:
            message = _message(text)
            if not isinstance(message, Join):
                continue
            try:
                chosen = choose_name(message.name, label, [])
            except NameRefused:
                continue
            if {"type": "named", "name": chosen.name, "trimmed": chosen.trimmed} == body:
                return
        self.leak(frame, f"{body} names none of {[text for text, _ in frame.sent]}")

    def check_lobby(self, frame: Frame) -> None:
        """A lobby answer has its model's fields; a summary and a new table say whether
        the seed was chosen as the stored table does."""
        body, wanted = frame.body, HTTP_KEYS[frame.kind]
        if set(body) != wanted:
            self.leak(frame, f"fields {sorted(set(body) ^ wanted)} not in the contract")
        elif frame.kind != "claim" and body["seed_chosen"] is not self.facts.seed_chosen:
            self.leak(frame, f"seed_chosen={body['seed_chosen']} at a table whose seed was "
                      f"{'' if self.facts.seed_chosen else 'not '}chosen")

    def game_label(self, seat: int) -> str:
        return get_game(self.facts.game).seat_name(seat)

    # -- updates -------------------------------------------------------------------------

    def check_update(self, at: Position, frame: Frame) -> None:
        body, viewer = frame.body, frame.viewer
        if set(body) - {"geometry"} != UPDATE_KEYS:
            self.leak(frame, f"fields {sorted(set(body) ^ UPDATE_KEYS)} not in the contract")
            return
        if "geometry" in body and body["geometry"] != at.table.geometry():
            self.leak(frame, f"geometry {body['geometry']} is not the game's")
        may_undo = None if viewer is None else at.table.can_undo(viewer)
        if body["can_undo"] not in ((None,) if viewer is None else (False, may_undo)):
            self.leak(frame, f"can_undo={body['can_undo']} where the table says {may_undo}")
        self.check_table_fields(at, frame)
        view, legal = at.truth(viewer)
        if body["view"] != view:
            self.leak(frame, f"the view at {at.version} is not the engine's view")
        if body["legal"] != legal:
            self.leak(frame, f"legal {body['legal']} is not the engine's {legal}")
        game_events = [e for e in body["events"] if e.get("type") != "notice"]
        notices = body["events"][len(game_events):]
        if any(e.get("type") != "notice" for e in notices):
            self.leak(frame, "game events after the notices")
        for notice in notices:
            if set(notice) != NOTICE_KEYS or notice["version"] > at.version:
                self.leak(frame, f"notice {notice} is not a notice of the contract")
        heard = at.events(viewer)
        suffix = [e for e in heard if game_events and e["version"] >= game_events[0]["version"]]
        if game_events and game_events != suffix:
            self.leak(frame, f"events at {at.version} are not the engine's for this viewer")
        elif frame.starts and not any(
                game_events == [e for e in heard if e["version"] > start]
                for start in frame.starts):
            first = game_events[0]["version"] if game_events else None
            self.result.problems.append(
                f"{frame.kind} to {_who(viewer)} at {at.version}: events do not start where "
                f"the connection was (the first at {first}, the connection at "
                f"{sorted(set(frame.starts))}, this viewer's events since then at "
                f"{[e['version'] for e in heard if e['version'] > min(frame.starts)]})")
        at.check_twins(frame, viewer)
        self.check_seat_objects(at, frame, viewer, body)

    def check_table_fields(self, at: Position, frame: Frame) -> None:
        """issue 25's fields: `seed_chosen` as the stored table says; `elsewhere` (other
        connections holding the seat) a count to a seat, null to a spectator; `rematch`
        a table id, once the game is over."""
        body, viewer = frame.body, frame.viewer
        if body["seed_chosen"] is not self.facts.seed_chosen:
            self.leak(frame, f"seed_chosen={body['seed_chosen']!r} at a table whose seed "
                      f"was {'' if self.facts.seed_chosen else 'not '}chosen")
        elsewhere = body["elsewhere"]
        counted = type(elsewhere) is int and elsewhere >= 0
        if (elsewhere is not None) if viewer is None else not counted:
            self.leak(frame, f"elsewhere={elsewhere!r} to {_who(viewer)}")
        rematch = body["rematch"]
        if rematch is not None and not (isinstance(rematch, str) and is_table_id(rematch)
                                        and at.table.is_over()):
            self.leak(frame, f"rematch={rematch!r} at {at.version}")

    def check_seat_objects(self, at: Position, frame: Frame, viewer: int | None,
                           body: dict[str, Any]) -> None:
        """The literal scan: a value of a field private to seat s (its owner sees it, this
        viewer does not) in any object tied to s that this viewer was sent."""
        for seat, private in at.private_fields(viewer).items():
            for found in _seat_objects(body, seat):
                for key, value in private:
                    if found.get(key) == value:
                        self.leak(frame, f"P{seat + 1}'s private {key}={value!r}")

    # -- events of a decision, on both twins ------------------------------------------------

    def names_of_others(self, viewer: int | None) -> list[str]:
        return sorted(name for seat, held in self.names.items() if seat != viewer
                      for name in held)

    def check_events(self, oracle: AnyTable, row: LogRow) -> None:
        """The events of `row` as each other viewer hears them do not depend on a seat's
        private fields, unless that viewer's own view changes with them (a reveal)."""
        state = oracle.position()
        base = oracle.fork()
        base.apply_log([row])
        for seat in range(oracle.num_players):
            if seat == row.actor:
                continue  # the same decision may not exist with another hand
            planted = oracle.game.plant_canary(state, seat)
            if planted is None:
                continue
            twin = oracle.fork(planted)
            try:
                twin.apply_log([row])
            except RecordError:
                continue
            self.result.canaries += 1
            for viewer in [None, *range(oracle.num_players)]:
                if viewer == seat:
                    continue
                ours = [e.to_json() for e in base.events_for(viewer, oracle.version)]
                theirs = [e.to_json() for e in twin.events_for(viewer, oracle.version)]
                if ours != theirs and base.view(viewer) == twin.view(viewer):
                    self.result.leaks.append(
                        f"events to {_who(viewer)} at {row.version} change with "
                        f"P{seat + 1}'s private fields: {ours} / {theirs}")

    # -- hints -------------------------------------------------------------------------------

    def check_hint(self, at: Position, frame: Frame) -> None:
        """A hint is the ISMCTS search from the asking seat's own view (deterministic per
        version), and that view is the same on every twin."""
        seat = frame.viewer
        body = frame.body
        if seat is None or seat not in at.table.to_move():
            self.leak(frame, f"a hint at {at.version} for a seat not to move")
            return
        view, legal = at.table.decision_inputs(seat)
        texts = at.table.legal(seat)
        advice = search_hint(self.facts.game, seat, Chance(self.facts.seed, self.facts.secret),
                             at.version, view, legal, HINT_ITERATIONS, self.facts.max_seconds)
        expected = {"type": "hint", "version": at.version, "action": texts[advice.index],
                    "win_chance": None if advice.iterations == 0
                    else round(advice.win_chance, 3), "iterations": advice.iterations}
        if body != expected:
            self.leak(frame, f"hint {body} is not the search from the seat's view {expected}")
        at.check_twins(frame, seat, inputs=True)

    def check_why_not(self, at: Position, frame: Frame) -> None:
        """"Why not?" (issue 32) is the refusals read from the asking seat's own view
        (`table.why_not`), to a seat deciding now; every twin gives the same answer."""
        seat = frame.viewer
        if seat is None or seat not in at.table.to_move():
            self.leak(frame, f"a why_not at {at.version} for a seat not to move")
            return
        try:
            place = Place(**WhyNot.model_validate(
                {"type": "why_not", "place": frame.body.get("place")}).place.model_dump())
        except ValidationError:
            self.leak(frame, f"a why_not of no place: {json.dumps(frame.body)[:200]}")
            return
        if frame.body != why_not_frame(at.version, table_why_not(at.table, seat, place)):
            self.leak(frame, f"why_not {json.dumps(frame.body)[:200]} is not the refusals "
                      "of the seat's view")
            return
        for other in at.others(seat):
            twin = at.twin(other)
            if twin is None:
                continue
            self.result.canaries += 1
            if table_why_not(twin, seat, place) != table_why_not(at.table, seat, place):
                self.leak(frame, f"the why_not answer changes with P{other + 1}'s private "
                          "fields (canary)")

    # -- HTTP ----------------------------------------------------------------------------------

    def check_http(self, oracle: AnyTable) -> None:
        """Before the end the record and the replay are refused (409 `not_over`); an
        answer served (200) must be the finished game's, whenever it was asked for."""
        record = oracle.record().to_json_dict()
        for frame in self.frames:
            if frame.kind not in ("record", "replay"):
                continue
            if frame.status == 409:
                if frame.body.get("error") != "not_over":
                    self.result.problems.append(f"{frame.kind}: 409 {frame.body}")
            elif frame.status != 200:
                self.result.problems.append(f"{frame.kind}: {frame.status} {frame.body}")
            elif not oracle.is_over():
                self.leak(frame, "served before the game is over")
            elif frame.kind == "record" and frame.body != record:
                self.leak(frame, "a record that is not the finished game's")
            elif frame.kind == "replay" and (
                    frame.body.get("steps") != list(oracle.replay_views()) or
                    frame.body.get("events") != [e.to_json() for e in oracle.events_for(None)]):
                self.leak(frame, "a replay that is not the finished game's")


class Position:
    """The truth at one version the server rested at, and its twins (built on demand)."""

    def __init__(self, table: AnyTable, scanner: Scanner, opening: bool = False) -> None:
        self.table = table
        self.scanner = scanner
        self.version = table.version
        self.opening = opening
        """The deal, before any decision: a waiting table rests only here."""
        self._truth: dict[int | None, tuple[dict[str, Any], list[str]]] = {}
        self._twins: dict[int, AnyTable | None] = {}
        self._checked: set[tuple[int | None, bool]] = set()
        self._events: dict[int | None, list[dict[str, Any]]] = {}

    def truth(self, viewer: int | None) -> tuple[dict[str, Any], list[str]]:
        if viewer not in self._truth:
            self._truth[viewer] = (self.table.view(viewer), self.table.legal(viewer)
                                   if viewer is not None else [])
        return self._truth[viewer]

    def events(self, viewer: int | None) -> list[dict[str, Any]]:
        if viewer not in self._events:
            self._events[viewer] = [e.to_json() for e in self.table.events_for(viewer)]
        return self._events[viewer]

    def twin(self, seat: int) -> AnyTable | None:
        """The position with a canary in `seat`'s private fields (None: it has none)."""
        if seat not in self._twins:
            planted = self.table.game.plant_canary(self.table.position(), seat)
            self._twins[seat] = None if planted is None else self.table.fork(planted)
        return self._twins[seat]

    def others(self, viewer: int | None) -> Iterator[int]:
        return (seat for seat in range(self.table.num_players) if seat != viewer)

    def check_twins(self, frame: Frame, viewer: int | None, inputs: bool = False) -> None:
        """The canary check of one frame (once per viewer and version: every frame of
        the same viewer at the same version is the engine's same view, checked above)."""
        if (viewer, inputs) in self._checked:
            return
        self._checked.add((viewer, inputs))
        for seat in self.others(viewer):
            twin = self.twin(seat)
            if twin is None:
                continue
            self.scanner.result.canaries += 1
            if twin.view(seat) == self.truth(seat)[0]:
                self.scanner.result.problems.append(
                    f"the canary of P{seat + 1} at {self.version} does not show to its owner")
            if inputs:
                assert viewer is not None
                if twin.decision_inputs(viewer)[0] != self.table.decision_inputs(viewer)[0]:
                    self.scanner.leak(frame, f"the hint's view changes with P{seat + 1}'s "
                                      "private fields")
                continue
            legal = twin.legal(viewer) if viewer is not None else []
            if (twin.view(viewer), legal) != self.truth(viewer):
                self.scanner.leak(frame, f"the view at {self.version} changes with "
                                  f"P{seat + 1}'s private fields (canary)")

    def private_fields(self, viewer: int | None) -> dict[int, list[tuple[str, Any]]]:
        """Per other seat: (key, value) of the fields of its own seat object that its
        owner sees and `viewer` does not (an empty or false value tells nothing)."""
        if self.table.is_over():
            return {}
        mine = _without_legal(self.truth(viewer)[0])
        fields: dict[int, list[tuple[str, Any]]] = {}
        for seat in self.others(viewer):
            owner = _without_legal(self.truth(seat)[0])
            for theirs, ours in zip(_seat_objects(owner, seat), _seat_objects(mine, seat),
                                    strict=False):
                fields.setdefault(seat, []).extend(
                    (key, value) for key, value in theirs.items()
                    if value and ours.get(key) != value)
        return fields

    def explains(self, frame: Frame) -> bool:
        """Whether this version explains the error `frame` (its code and words) as the
        answer to one of the messages that may have drawn it; if so, every twin must
        give the same refusal (a leak otherwise)."""
        wanted = _error_key(frame.body)
        if wanted == NOT_STARTED:  # the same words whatever anyone holds: no twin needed
            return self.opening and any(after <= self.version and _asks_to_play(
                frame.viewer, text) for text, after in frame.sent)
        names = self.scanner.names_of_others(frame.viewer)
        sent = next((text for text, after in frame.sent if after <= self.version and
                     wanted in _refusals(self.table, frame.viewer, text, names)), None)
        if sent is None:
            return False
        for seat in self.others(frame.viewer):
            twin = self.twin(seat)
            if twin is None:
                continue
            self.scanner.result.canaries += 1
            if wanted not in _refusals(twin, frame.viewer, sent, names):
                self.scanner.leak(frame, f"the refusal changes with P{seat + 1}'s private "
                                  "fields (canary)")
        return True


def _message(sent: str) -> Any:
    """A client frame as the server reads it (None: `bad_message`)."""
    try:
        return CLIENT_MESSAGE.validate_python(json.loads(sent))
    except (ValueError, RecursionError, ValidationError):
        return None


def _refusals(table: AnyTable, seat: int | None, sent: str,
              names: Iterable[str] = ()) -> frozenset[tuple[str, ...]]:
    """The refusals the server may give `sent` (a client frame) at this position (each
    its code and words; `bad_message` alone, whose words depend on the frame only):
    none if it would take it, several where a limit may refuse it too (the words of
    `albion.server.refusals`, which the server sends). `names`: the names the other seats
    held at some time (a name taken is refused)."""
    message = _message(sent)
    if message is None:
        return frozenset({("bad_message",)})
    if isinstance(message, Hello):
        return frozenset({HELLO_LIMITED})
    if isinstance(message, Hint):
        if seat is None:
            return frozenset({HINT_FOR_SPECTATOR})
        if seat not in table.to_move():
            return frozenset({HINT_NOT_NOW})
        return frozenset({HINT_LIMITED, HINT_BUSY})
    if isinstance(message, Join):
        return _name_refusals(table, seat, message.name, names)
    if isinstance(message, Chat | ChatSpectators | Back):
        return _table_talk_refusals(seat, message)
    if isinstance(message, Undo):
        return _undo_refusals(table, seat, message.version)
    if isinstance(message, WhyNot):
        if seat is None:
            return frozenset({WHY_NOT_FOR_SPECTATOR})
        if seat not in table.to_move():
            return frozenset({decision_refused(NotYourTurn(seat, table.to_move()))})
        return frozenset({WHY_NOT_LIMITED})
    if seat is None:
        return frozenset({SPECTATOR_DECIDES})
    sandbox = table.fork()
    try:
        sandbox.submit(seat, message.action, message.version)
    except DECISION_REFUSALS as refusal:
        return frozenset({decision_refused(refusal)})
    return frozenset()


def _undo_refusals(table: AnyTable, seat: int | None, version: int) -> frozenset[Said]:
    """A take-back's (ALL-3): the table's refusal at this position, or the server's for
    a stand-in's move or past its limits (words that name only the barrier, never the
    move)."""
    if seat is None:
        return frozenset({UNDO_FOR_SPECTATOR})
    limits = {decision_refused(UndoRefused(seat, "stand_in")), UNDO_LIMITED, UNDOS_SPENT}
    try:
        table.fork().undo(seat, version)
    except DECISION_REFUSALS as refusal:
        return frozenset({decision_refused(refusal), *limits})
    return frozenset(limits)


def _table_talk_refusals(seat: int | None,
                         message: Chat | ChatSpectators | Back) -> frozenset[Said]:
    """A chat line's, a spectators' setting's or a take-back's: words that tell nothing
    of the game (a spectator's line may meet a closed chat; any line, the limit)."""
    if isinstance(message, Back):
        return frozenset({BACK_FOR_SPECTATOR} if seat is None else {NOT_AWAY, STAND_IN})
    if isinstance(message, ChatSpectators):
        return frozenset({CHAT_SETTING_FOR_SPECTATOR} if seat is None else set())
    closed = {CHAT_CLOSED} if seat is None else set()
    try:
        clean_line(message.text)
    except LineRefused as refusal:
        return frozenset({*closed, ("bad_chat", str(refusal))})
    return frozenset({*closed, CHAT_LIMITED})


def _name_refusals(table: AnyTable, seat: int | None, name: str,
                   names: Iterable[str]) -> frozenset[tuple[str, ...]]:
    """A `join`'s: no seat, the end, a name that could mislead (`names.choose_name`:
    refused whatever else holds, or only while another seat holds it), a limit."""
    if seat is None:
        return frozenset({NAME_FOR_SPECTATOR})
    if table.is_over():
        return frozenset({NAMES_OVER})
    game = table.game
    labels = [game.seat_name(other) for other in range(table.num_players) if other != seat]
    for taken, refused_only in ((labels, True), ([*labels, *names], False)):
        try:
            choose_name(name, game.seat_name(seat), taken)
        except NameRefused as refusal:
            said = ("bad_name", str(refusal))
            return frozenset({said} if refused_only else {said, NAME_LIMITED})
    return frozenset({NAME_LIMITED})


def _asks_to_play(seat: int | None, sent: str) -> bool:
    """A seat's `submit`, `hint` or `why_not`: refused `not_started` while the table
    waits."""
    return seat is not None and isinstance(_message(sent), Submit | Hint | WhyNot)


def _error_key(body: dict[str, Any]) -> tuple[str, ...]:
    if body.get("code") == "bad_message":
        return ("bad_message",)
    key = (str(body.get("code")), str(body.get("message")))
    return (*key, str(body["ruling"])) if "ruling" in body else key


def _without_legal(view: dict[str, Any]) -> dict[str, Any]:
    """A view without its legal actions: a deciding seat's notes place its choices on other
    seats' parts of the board (a purchase from P2's pile), which are no field of theirs
    (whether the notes tell a secret, the canary twins check)."""
    return {key: value for key, value in view.items() if key != "legal"}


def _seat_objects(value: Any, seat: int) -> Iterator[dict[str, Any]]:
    """Every JSON object inside `value` tied to `seat` (it has `"seat": seat`)."""
    if isinstance(value, dict):
        if value.get("seat") == seat and not isinstance(value.get("seat"), bool):
            yield value
        for inner in value.values():
            yield from _seat_objects(inner, seat)
    elif isinstance(value, list):
        for inner in value:
            yield from _seat_objects(inner, seat)


def _who(viewer: int | None) -> str:
    return "the spectator" if viewer is None else f"P{viewer + 1}"
