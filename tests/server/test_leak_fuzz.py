"""Issue 18's leak fuzz (`albion fuzz-leaks`): a short run through a real server covers
every game at every player count with 0 leaks; and the scanner does flag a secret put
into a frame (RS-18's hands and plays, SC-19's wallets, the seed behind every draw order
of DI-11), so a run with 0 leaks means something."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from albion import Table
from albion.core import all_games
from albion.server.leakfuzz import FuzzPlan, _repeats, run
from albion.server.leakscan import Frame, TableFacts, scan

SEED = 1234567890123456789


def test_a_short_fuzz_through_the_server_finds_no_leak() -> None:
    setups = sum(game.max_players - game.min_players + 1 for game in all_games())
    result = run(FuzzPlan(games=setups + 2, seed=3, at_once=4))
    assert result.leaks == []
    assert result.problems == []
    assert len(result.setups) == setups, "every game at every player count"
    assert result.frames["update"] > 100 and result.frames["error"] > 0
    assert result.frames.get("record 409", 0) > 0, "the record was asked for during play"
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


def played(game: str, players: int, moves: int) -> tuple[TableFacts, list[Frame], Table]:
    """A game played at the table (no server), with the frames a correct server would
    have sent each viewer at every version."""
    table = Table(game, ["human"] * players, None, seed=SEED, autoplay=False)
    rng = random.Random(players)
    frames: list[Frame] = []
    seen: dict[int | None, int] = dict.fromkeys([None, *range(players)], 0)
    for _ in range(moves):
        for viewer, since in seen.items():
            frames.append(Frame(viewer, "update", update(table, viewer, since),
                                starts=(since,)))
            seen[viewer] = table.version
        if table.is_over():
            break
        mover = rng.choice(table.to_move())
        table.submit(mover, rng.choice(table.legal(mover)), table.version)
    facts = TableFacts(game, ["human"] * players, table.variant.as_dict(), SEED, table.log())
    return facts, frames, table


def update(table: Table, viewer: int | None, since: int) -> dict[str, Any]:
    return {"type": "update", "table": "t", "version": table.version,
            "view": table.view(viewer),
            "events": [e.to_json() for e in table.events_for(viewer, since)],
            "legal": table.legal(viewer) if viewer is not None else [],
            "status": "playing", "names": {}, "away": {}, "decided_at": 0.0,
            "committed_at": 0.0}


def test_correct_frames_pass() -> None:
    for game, players in (("raiding-stonehenge", 3), ("super-camelot", 2), ("diamoniak", 2)):
        facts, frames, _ = played(game, players, 80)
        result = scan(facts, frames)
        assert result.leaks == [] and result.problems == [], (game, result)
        assert result.frames["update"] == len(frames)


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
