"""What a batch of Raiding Stonehenge games shows: each seat's observation tensor
(docs/observations.md, RS-18), the returns (RS-16, RS-17, ALL-1), the record's fields
for the exactness check, and the check of the actions a step is given."""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import numpy as np
import numpy.typing as npt

from albion.games.raiding_stonehenge.components import CARD_COLOUR
from albion.games.raiding_stonehenge.encoding import LAYOUT, MAX_HAND, MAX_ROUND
from albion.games.raiding_stonehenge.phase import Phase
from albion.rl.vector.actions import checked_actions

RaidingBatch: TypeAlias = Any
"""`raiding_stonehenge.RaidingBatch` (not imported: that module imports this one)."""
VectorRaiding: TypeAlias = Any
"""`raiding_stonehenge.VectorRaiding`, likewise."""

AT: Final = {part.name: LAYOUT.offset(part.name) for part in LAYOUT.slices}
OBSERVATION: Final = LAYOUT.size  # 372
ACTIONS: Final = 75
"""docs/action-spaces.md: take 0–4, play 5–34, place 35–39, set aside 40–44, deal 45–74."""
COLOUR_INDEX: Final = np.array([c if c >= 0 else 5 for c in CARD_COLOUR], dtype=np.int64)
"""RS-1: a card's colour as the tensor's six: white … red, then black."""
HAND_KEY: Final = 3 ** np.arange(31, dtype=np.int64)
"""RS-17: a hand as one integer, the copies of 30 weighing most (at most 2 < 3 each), so
comparing keys compares hands sorted high to low, card by card (hands of equal size)."""
PLACE, SET_ASIDE, OVER = int(Phase.PLACE), int(Phase.SET_ASIDE), int(Phase.OVER)
BY: Final = {scale: np.array([value / scale for value in range(128)]).astype(np.float32)
             for scale in (2, 6, 10, 30, 60)}
"""`BY[d][k]` is k / d as the Python encoder writes it (in float64, then float32): a
table look-up instead of float64 arrays and a cast."""
ROUND: Final = np.minimum(1.0, np.arange(128) / MAX_ROUND).astype(np.float32)


def check_actions(state: RaidingBatch, actions: npt.ArrayLike, size: int,
                  where: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.int32]:
    """The actions as int32, or ValueError naming the first game whose action is outside
    the space or not legal now (nothing is applied); the no-op (`size`) only where the
    game is over (ALL-4)."""
    return checked_actions(state.legal_action_mask, state.phase, state.phase == OVER,
                           actions, size, lambda phase: Phase(phase).name.lower(), where)


def scores(s: RaidingBatch) -> npt.NDArray[np.int64]:
    """RS-16: 10 per set of five colours, minus 1 per disk not in a set; (B, n)."""
    disks = s.disks.astype(np.int64)
    sets = disks.min(axis=2)
    points: npt.NDArray[np.int64] = 10 * sets - (disks.sum(axis=2) - 5 * sets)
    return points


def returns(s: RaidingBatch, n: int, over: int, rows: npt.NDArray[np.intp] | None = None
            ) -> npt.NDArray[np.float64]:
    """ALL-1: RS-17's winners (best score, then best hand; identical hands share) share 1
    (of every game, or of `rows`)."""
    every = slice(None) if rows is None else rows
    disks = s.disks[every].astype(np.int64)
    sets = disks.min(axis=2)
    points = 10 * sets - (disks.sum(axis=2) - 5 * sets)  # RS-16
    tied = points == points.max(axis=1, keepdims=True)
    hand = np.where(tied, s.hands[every].astype(np.int64) @ HAND_KEY, -1)
    winners = hand == hand.max(axis=1, keepdims=True)
    shares = winners / winners.sum(axis=1, keepdims=True)
    return np.where((s.phase[every] == over)[:, None], shares, 0.0)


def observe(engine: VectorRaiding, s: RaidingBatch, viewers: npt.ArrayLike | None
            ) -> npt.NDArray[np.float32]:
    """Each game's tensor for its viewer, as `encoding.observation_tensor` reads the view:
    the viewer's hand and committed card, the public table (RS-18)."""
    n = engine.n
    batch = s.seat.shape[0]
    rows = np.arange(batch)
    viewer = (np.where(s.phase == OVER, 0, s.seat) if viewers is None
              else np.broadcast_to(np.asarray(viewers), (batch,)))
    seats = (viewer[:, None] + np.arange(n)) % n  # (B, places)
    r = rows[:, None]
    out = np.zeros((batch, OBSERVATION), dtype=np.float32)
    out[:, :n] = 1.0
    out[:, AT["hand_sizes"]:AT["hand_sizes"] + n] = BY[MAX_HAND][s.hand_size[r, seats]]
    plays = s.plays[r, seats]
    out[:, AT["committed"]:AT["committed"] + n] = plays > 0
    shown = (s.phase == PLACE) | (s.phase == SET_ASIDE)
    out[:, AT["revealed"]:AT["revealed"] + n] = BY[30][plays * shown[:, None]]
    at = s.at_pile[r, seats]
    pr, pp = np.nonzero(at >= 0)
    out[pr, AT["at_pile"] + pp * 5 + at[pr, pp]] = 1.0
    out[:, AT["disks"]:AT["disks"] + 5 * n] = BY[10][s.disks[r, seats]].reshape(batch, 5 * n)
    half = np.float32(0.5)  # counts / 2: exact in float32 as in float64
    out[:, AT["taken"]:AT["taken"] + 30 * n] = (s.taken[r, seats, 1:] * half).reshape(
        batch, 30 * n)
    out[:, AT["last_plays"]:AT["last_plays"] + n] = BY[30][s.last_plays[r, seats]]
    _pending(engine, s, viewer, out)
    deciding = s.phase != OVER
    out[rows[deciding], AT["to_decide"] + (s.seat - viewer)[deciding] % n] = 1.0
    out[rows, AT["start"] + (s.start - viewer) % n] = 1.0
    out[rows, AT["phase"] + s.phase] = 1.0
    out[:, AT["round"]] = ROUND[s.round]
    depth = s.line_len[:, :, None] - 1 - np.arange(5)  # k-th card from the bottom (RS-4)
    flat = (rows[:, None, None] * 25 + np.arange(0, 25, 5)[None, :, None]
            + np.maximum(depth, 0))
    cards = s.lines.reshape(-1)[flat] * (depth >= 0)
    out[:, AT["lines"]:AT["lines"] + 25] = BY[30][cards].reshape(batch, 25)
    lr, ll = np.nonzero(s.line_len > 0)
    out[lr, AT["line_colours"] + ll * 6 + COLOUR_INDEX[cards[lr, ll, 0]]] = 1.0
    out[:, AT["deck"]] = BY[60][60 - s.dealt]
    out[:, AT["hand"]:AT["hand"] + 30] = s.hands[rows, viewer, 1:] * half
    out[:, AT["own_play"]] = BY[30][s.plays[rows, viewer]]
    out[:, AT["piles"]:AT["piles"] + 5] = BY[10][s.piles]
    out[:, AT["discard"]:AT["discard"] + 30] = s.discard[:, 1:] * half
    out[:, AT["variant"]:AT["variant"] + 3] = engine.variant_flags
    return out


def _pending(engine: VectorRaiding, s: RaidingBatch, viewer: Any,
             out: npt.NDArray[np.float32]) -> None:
    """RS-8, RS-21: 1 at the places still to place (after the placed) or to set aside
    (setters from the one asked on)."""
    asked = np.flatnonzero((s.phase == PLACE) | (s.phase == SET_ASIDE))
    if not asked.size:
        return
    waiting = pending_seats(engine, s, asked)  # (G, n) by seat
    n = engine.n
    pr, seat = np.nonzero(waiting)
    out[asked[pr], AT["pending"] + (seat - viewer[asked[pr]]) % n] = 1.0


def pending_seats(engine: VectorRaiding, s: RaidingBatch, g: npt.NDArray[np.intp]
                  ) -> npt.NDArray[np.bool_]:
    """(G, n) by seat, for games `g`: is that seat still to place or set aside."""
    n = engine.n
    places = np.arange(n)
    phase, placement = s.phase[g], s.placement[g]
    placing = (phase == PLACE)[:, None] & (places >= s.placed[g][:, None])
    in_order = np.take_along_axis(s.setters[g], placement, axis=1)
    setting = (phase == SET_ASIDE)[:, None] & in_order & (places >= s.set_at[g][:, None])
    by_place = placing | setting
    by_seat: npt.NDArray[np.bool_] = np.zeros_like(by_place)
    np.put_along_axis(by_seat, placement, by_place, axis=1)
    return by_seat


def record_fields(engine: VectorRaiding, s: RaidingBatch) -> npt.NDArray[np.int64]:
    """Every field of `RaidingRecord` per game, flat, as `bridges.RaidingBridge` lists a
    Python state's (phase, seat, acted, round, start, deal queue, deck, lines, hands,
    plays, at_pile, pending, placed, piles, disks, discard, taken, last plays)."""
    n = engine.n
    batch = s.seat.shape[0]
    gone = np.arange(60)[None, :] < s.dealt[:, None]  # RS-3: two of each, less those dealt
    deck = 2 - ((s.deck_order[:, :, None] == np.arange(1, 31)) & gone[:, :, None]).sum(axis=1)
    places = np.arange(n)
    placing = s.phase == PLACE
    setting = s.phase == SET_ASIDE
    # placed: PLACE the first `placed`, SET_ASIDE all of them; pending as `pending_seats`
    placed_n = np.where(placing, s.placed, np.where(setting, n, 0))
    placed = np.where(places < placed_n[:, None], s.placement, -1)
    in_order = np.take_along_axis(s.setters, s.placement, axis=1)
    wait = (placing[:, None] & (places >= s.placed[:, None])) | (
        setting[:, None] & in_order & (places >= s.set_at[:, None]))
    # the pending seats packed to the front, in placement order
    order = np.argsort(~wait, axis=1, kind="stable")
    pending = np.where(np.take_along_axis(wait, order, axis=1),
                       np.take_along_axis(s.placement, order, axis=1), -1)
    head = np.stack([s.phase, s.seat, s.acted, s.round, s.start,
                     np.zeros(batch, dtype=np.int32)], axis=1)
    return np.concatenate([
        head, deck, s.lines.reshape(batch, 25), s.hands[:, :, 1:].reshape(batch, -1),
        s.plays, s.at_pile, pending, placed, s.piles, s.disks.reshape(batch, -1),
        s.discard[:, 1:], s.taken[:, :, 1:].reshape(batch, -1), s.last_plays,
    ], axis=1).astype(np.int64)
