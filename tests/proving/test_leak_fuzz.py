"""Issue 18's leak fuzz (`albion fuzz-leaks`): a short run through a real server covers
every game at every player count with 0 leaks; and the scanner does flag a secret put
into a frame (RS-18's hands and plays, SC-19's wallets, the seed behind every draw order
of DI-11, and — issue 25 — the table's secret behind every chance outcome, whole or in
slices, in any frame or the server's log), so a run with 0 leaks means something."""

from __future__ import annotations

import base64
import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from albion import Table
from albion.core import all_games
from albion.proving.leakfuzz import FuzzPlan, _repeats, run
from albion.proving.leakscan import Frame, TableFacts, scan, scan_log

SEED = 1234567890123456789
SECRET = bytes(range(7, 39))
"""A table secret of 256 bits (its hex, 0708090a…, in no frame by chance)."""


def test_a_short_fuzz_through_the_server_finds_no_leak() -> None:
    setups = sum(game.max_players - game.min_players + 1 for game in all_games())
    result = run(FuzzPlan(games=setups + 2, seed=3, at_once=4))
    assert result.leaks == []
    assert result.problems == []
    assert len(result.setups) == setups, "every game at every player count"
    assert result.frames["update"] > 100 and result.frames["error"] > 0
    assert result.frames.get("record 409", 0) > 0, "the record was asked for during play"
    assert result.frames.get("claim 200", 0) > 0, "tables dealt from a secret, seats claimed"
    assert result.frames.get("probe", 0) > 0, "signed-in seats asked for others' (issue 30)"
    assert result.frames.get("why_not", 0) > 0, "seats asked why not (issue 32)"
    assert result.log_lines > 0, "the server's log was searched"
    assert result.canaries > 0


def test_a_hello_is_answered_by_the_update_that_repeats_what_was_seen() -> None:
    """Found by a 500-game run: a seat's `hello` since 125 waited behind its submits while
    two updates of other seats' decisions came; its answer, events after 125 at version
    126, came third. The fuzz had taken the first update for the answer (dropping 125
    from the starts) and called the real answer a problem."""
    def update(*versions: int) -> dict[str, Any]:
        return {"events": [{"version": v} for v in versions]
                + [{"type": "notice", "version": 2, "text": "P1 is back"}]}

    assert not _repeats(update(), 125), "nothing new: no answer told"
    assert not _repeats(update(126), 125), "the next decision's events"
    assert _repeats(update(126), 126), "the answer to a hello since 125, at 126"
    assert not _repeats(update(127), 126), "a notice repeated does not count"


def played(game: str, players: int, moves: int, *, secret: bytes | None = None
           ) -> tuple[TableFacts, list[Frame], Table]:
    """A game played at the table (no server), dealt from SEED (its creator chose it) or
    from `secret` (an online table), with the frames a correct server would have sent
    each viewer at every version."""
    seed = None if secret is not None else SEED
    table = Table(game, ["human"] * players, None, seed, secret=secret, autoplay=False)
    rng = random.Random(players)
    frames: list[Frame] = []
    seen: dict[int | None, int] = dict.fromkeys([None, *range(players)], 0)
    for _ in range(moves):
        for viewer, since in seen.items():
            frames.append(Frame(viewer, "update", update(table, viewer, since,
                                                         seed_chosen=secret is None),
                                starts=(since,)))
            seen[viewer] = table.version
        if table.is_over():
            break
        mover = rng.choice(table.to_move())
        table.submit(mover, rng.choice(table.legal(mover)), table.version)
    facts = TableFacts(game, ["human"] * players, table.variant.as_dict(), seed, table.log(),
                       secret=secret, seed_chosen=secret is None)
    return facts, frames, table


def update(table: Table, viewer: int | None, since: int, *,
           seed_chosen: bool = True) -> dict[str, Any]:
    return {"type": "update", "table": "t", "version": table.version,
            "view": table.view(viewer),
            "events": [e.to_json() for e in table.events_for(viewer, since)],
            "legal": table.legal(viewer) if viewer is not None else [],
            "status": "playing", "names": {}, "away": {}, "decided_at": 0.0,
            "committed_at": 0.0, "seed_chosen": seed_chosen,
            "elsewhere": None if viewer is None else 0, "rematch": None,
            "rematch_offer": None, "clock": None,
            "can_undo": None if viewer is None else table.can_undo(viewer)}


def test_correct_frames_pass() -> None:
    for game, players in (("raiding-stonehenge", 3), ("super-camelot", 2), ("diamoniak", 2)):
        for secret in (None, SECRET):
            facts, frames, _ = played(game, players, 80, secret=secret)
            result = scan(facts, frames)
            assert result.leaks == [] and result.problems == [], (game, result)
            assert result.frames["update"] == len(frames)


def sent(*messages: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    return tuple((json.dumps(message), 0) for message in messages)


def test_issue25_answers_that_tell_nothing_pass() -> None:
    """A join answered `named` (trimmed, and saying so) or refused `bad_name` (a
    bidirectional override, another seat's label); a hint refused `busy` or by its limit;
    a hello refused by its limit: the words of the protocol, for any hand."""
    facts, frames, table = played("diamoniak", 2, 5, secret=SECRET)
    mover = table.to_move()[0]
    answers = [
        Frame(0, "named", {"type": "named", "name": "Ann B", "trimmed": True},
              sent=sent({"type": "join", "name": "  Ann   B "})),
        Frame(0, "error", {"type": "error", "code": "bad_name", "message":
                           "a name may not hold control or direction characters (U+202E)"},
              sent=sent({"type": "join", "name": "\u202eAnn"})),
        Frame(1, "error", {"type": "error", "code": "bad_name",
                           "message": "'p1' is another seat's label or name: choose another"},
              sent=sent({"type": "join", "name": "p1"})),
        Frame(mover, "error", {"type": "error", "code": "busy", "message": "a hint of yours "
                               "is being searched: ask again once it has come"},
              sent=sent({"type": "hint"})),
        Frame(mover, "error", {"type": "error", "code": "rate_limited",
                               "message": "hints are limited to a few a minute"},
              sent=sent({"type": "hint"})),
        Frame(None, "error", {"type": "error", "code": "rate_limited",
                              "message": "hello at most once a second"},
              sent=sent({"type": "hello", "since": 0})),
    ]
    result = scan(facts, [*frames, *answers])
    assert result.leaks == [] and result.problems == [], result


def test_issue25_answers_that_are_not_the_contract_are_leaks() -> None:
    facts, frames, _ = played("diamoniak", 2, 5, secret=SECRET)
    wrong = [
        Frame(0, "named", {"type": "named", "name": "Bob", "trimmed": False},
              sent=sent({"type": "join", "name": "Ann"})),
        Frame(None, "named", {"type": "named", "name": "Ann", "trimmed": False},
              sent=sent({"type": "join", "name": "Ann"})),
        Frame(0, "error", {"type": "error", "code": "bad_name", "message": "no"},
              sent=sent({"type": "join", "name": "Ann"})),
        Frame(0, "gossip", {"type": "gossip", "text": "P2 holds a red"}),
    ]
    for frame in wrong:
        assert scan(facts, [*frames, frame]).leaks, frame


@pytest.mark.parametrize(("field", "value"), [("seed_chosen", True), ("elsewhere", 3),
                                          ("rematch", "AbCdEf012345")])
def test_issue25_update_fields_are_checked(field: str, value: Any) -> None:
    """An online table that claims its seed was chosen, a spectator told of a seat's
    other connections, a rematch before the end: not the contract."""
    facts, frames, _ = played("diamoniak", 2, 20, secret=SECRET)
    changed = mutated(frames, lambda f: f.viewer is None,
                      lambda body: body.update({field: value}))
    assert scan(facts, changed).leaks


def test_issue25_a_seeded_table_that_hides_its_chosen_seed_is_a_leak() -> None:
    facts, frames, _ = played("diamoniak", 2, 20)
    changed = mutated(frames, lambda f: f.viewer == 1,
                      lambda body: body.update({"seed_chosen": False}))
    assert any("seed_chosen" in leak for leak in scan(facts, changed).leaks)


def mutated(frames: list[Frame], test: Callable[[Frame], bool],
            change: Callable[[dict[str, Any]], None]) -> list[Frame]:
    """The frames with the first one passing `test` changed by `change`."""
    out = list(frames)
    index = next(i for i, frame in enumerate(frames) if test(frame))
    body = copy.deepcopy(frames[index].body)
    change(body)
    out[index] = Frame(frames[index].viewer, frames[index].kind, body,
                       starts=frames[index].starts)
    return out


def at_play(viewer: int) -> Callable[[Frame], bool]:
    """RS: a frame to `viewer` while P2 has committed a card face down."""
    def test(frame: Frame) -> bool:
        board = frame.body["view"]["board"]
        return frame.viewer == viewer and board["phase"] == "play" and \
            board["players"][1]["committed"]
    return test


def test_rs18_another_hand_or_play_in_a_frame_is_a_leak() -> None:
    facts, frames, _ = played("raiding-stonehenge", 3, 80)
    owner = {frame.body["version"]: frame.body for frame in frames if frame.viewer == 1}

    def hand(body: dict[str, Any]) -> None:
        body["view"]["board"]["players"][1]["hand"] = \
            owner[body["version"]]["view"]["board"]["players"][1]["hand"]

    def played_card(body: dict[str, Any]) -> None:
        body["view"]["board"]["players"][1]["played"] = \
            owner[body["version"]]["view"]["board"]["players"][1]["played"]

    for change in (hand, played_card):
        result = scan(facts, mutated(frames, at_play(0), change))
        assert any("P2's private" in leak for leak in result.leaks), result.leaks


def test_rs18_a_face_down_play_worded_in_full_is_a_leak() -> None:
    facts, frames, _ = played("raiding-stonehenge", 3, 80)

    def reads_face_down(frame: Frame) -> bool:
        return frame.viewer == 0 and any(e.get("action") == "play a card face down"
                                         for e in frame.body["events"])

    def in_full(body: dict[str, Any]) -> None:
        event = next(e for e in body["events"] if e.get("action") == "play a card face down")
        event["action"] = "play 7"
    result = scan(facts, mutated(frames, reads_face_down, in_full))
    assert result.leaks


def test_sc19_another_wallet_in_a_frame_is_a_leak() -> None:
    facts, frames, _ = played("super-camelot", 2, 120)
    owner = {frame.body["version"]: frame.body for frame in frames if frame.viewer == 1}

    def has_wallets(frame: Frame) -> bool:
        return frame.viewer == 0 and len(frame.body["view"]["board"]["players"]) == 2 and \
            bool(owner[frame.body["version"]]["view"]["board"]["players"][1]["gems"])

    def wallet(body: dict[str, Any]) -> None:
        body["view"]["board"]["players"][1]["gems"] = \
            owner[body["version"]]["view"]["board"]["players"][1]["gems"]
    result = scan(facts, mutated(frames, has_wallets, wallet))
    assert any("P2's private gems" in leak for leak in result.leaks), result.leaks


@pytest.mark.parametrize("where", ["names", "error", "hint"])
def test_di11_the_seed_behind_the_draw_order_is_a_leak_anywhere(where: str) -> None:
    facts, frames, _ = played("diamoniak", 2, 40)
    if where == "names":
        frames = mutated(frames, lambda f: f.viewer == 1,
                         lambda body: body["names"].update({"0": str(SEED)}))
    else:
        frames = [*frames, Frame(0, where, {"type": where, "message": f"seed {SEED}"})]
    assert any("seed" in leak for leak in scan(facts, frames).leaks)


def planted_forms(secret: bytes) -> list[str]:
    """The table's secret as a server might give it away: whole, any 8-byte slice of
    its hex (in either case), base64, a number."""
    hexed = secret.hex()
    return [hexed, hexed[20:36], hexed[48:].upper(), f"x{hexed[5:40]}y",
            base64.urlsafe_b64encode(secret).decode(), str(int.from_bytes(secret, "big")),
            repr(secret)]


@pytest.mark.parametrize("form", range(7))
@pytest.mark.parametrize("where", ["names", "error", "hint", "named", "record 200",
                                   "summary"])
def test_issue25_the_table_secret_is_a_leak_anywhere_even_after_the_end(
        where: str, form: int) -> None:
    """The secret behind every chance outcome of an online table, planted in a frame:
    an update's names, a refusal, a hint, a name's answer, the finished record (which
    may hold the outcomes, never the secret), a lobby summary."""
    facts, frames, _ = played("diamoniak", 2, 40, secret=SECRET)
    planted = planted_forms(SECRET)[form]
    if where == "names":
        frames = mutated(frames, lambda f: f.viewer == 1,
                         lambda body: body["names"].update({"0": planted}))
    else:
        kind, _, status = where.partition(" ")
        frames = [*frames, Frame(0, kind, {"type": kind, "message": f"ok {planted}"},
                                 status=int(status or 0))]
    assert any("secret" in leak for leak in scan(facts, frames).leaks)


def test_issue25_a_slice_shorter_than_8_bytes_or_of_another_secret_is_not_flagged() -> None:
    facts, frames, _ = played("diamoniak", 2, 20, secret=SECRET)
    other = bytes(range(100, 132)).hex()
    frames = mutated(frames, lambda f: f.viewer == 1, lambda body: body["names"].update(
        {"0": SECRET.hex()[10:24], "1": other}))
    assert not [leak for leak in scan(facts, frames).leaks if "secret" in leak]


def test_issue25_the_table_secret_in_the_server_log_is_found() -> None:
    facts, _, _ = played("diamoniak", 2, 5, secret=SECRET)
    lines = ["table AbC: P2 is back", "Chance(seed=None, secret=…)",
             f"Traceback … secret={SECRET!r}", f"key {SECRET.hex()[8:30]}"]
    assert scan_log(facts, lines) == lines[2:], "the bytes as Python shows them, a slice"
    assert scan_log(facts, [f"{SECRET.hex()}"])


def test_a_frame_from_the_future_or_an_unexplained_refusal_is_a_leak() -> None:
    facts, frames, table = played("diamoniak", 2, 40)
    last = table.version
    early = mutated(frames, lambda f: f.viewer == 0 and f.body["version"] < last - 3,
                    lambda body: body["events"].append(
                        {"version": last, "type": "chance", "text": "reveal red",
                         "outcome": "reveal red"}))
    assert scan(facts, early).leaks
    refusal = Frame(0, "error", {"type": "error", "code": "illegal", "message": "P2 holds a "
                                 "red", "ruling": "DI-3"},
                    sent=(('{"type": "submit", "action": "draw", "version": 0}', 0),))
    assert scan(facts, [*frames, refusal]).leaks


def test_the_record_served_during_play_is_a_leak() -> None:
    facts, frames, table = played("raiding-stonehenge", 2, 30)
    served = Frame(None, "record", table.record().to_json_dict(), status=200)
    assert any("before the game is over" in leak for leak in scan(facts, [*frames, served]
                                                                  ).leaks)


def test_a_view_that_leaks_at_the_engine_too_is_caught_by_the_canary(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Were the engine's own view of P1 to carry P2's hand, the frame would equal the
    replayed truth; the canary twin (P2's hand changed) still tells."""
    facts, frames, _ = played("raiding-stonehenge", 3, 60)
    plain = Table.view

    def leaky(self: Table, viewer: int | None) -> dict[str, Any]:
        view = plain(self, viewer)
        if viewer == 0 and not self.is_over():
            view["board"]["players"][1]["hand"] = plain(self, 1)["board"]["players"][1]["hand"]
        return view

    monkeypatch.setattr(Table, "view", leaky)
    frames = [Frame(f.viewer, f.kind, {**f.body, "view": f.body["view"]}, starts=f.starts)
              for f in frames]
    result = scan(facts, frames)
    assert any("canary" in leak for leak in result.leaks), result.leaks[:3]


def test_a_session_that_opened_a_seat_its_account_does_not_hold_is_a_leak() -> None:
    """Issue 30: the fuzz's signed-in seats ask for another seat with their session; the
    scanner takes the refusal as it should be and anything else as a leak."""
    facts, frames, table = played("raiding-stonehenge", 3, 4, secret=SECRET)
    refused = Frame(0, "probe", {"refused": True, "seat": 1})
    assert scan(facts, [*frames, refused]).leaks == []
    opened = Frame(0, "probe", {"refused": False, "seat": 1,
                                "sent": update(table, 1, 0, seed_chosen=False)})
    leaks = scan(facts, [*frames, opened]).leaks
    assert any("opened seat 1" in leak for leak in leaks), leaks
