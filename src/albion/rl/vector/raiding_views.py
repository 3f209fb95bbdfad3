"""What a batch of Raiding Stonehenge games shows: each seat's observation tensor
(docs/observations.md, RS-18), the returns (RS-16, RS-17, ALL-1), the record's fields
for the exactness check, and the check of the actions a step is given."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from albion.games.raiding_stonehenge.components import CARD_COLOUR
from albion.games.raiding_stonehenge.encoding import LAYOUT, MAX_HAND, MAX_ROUND
from albion.games.raiding_stonehenge.phase import Phase

if TYPE_CHECKING:
    from albion.rl.vector.raiding_stonehenge import RaidingBatch, VectorRaiding

AT: Final = {part.name: LAYOUT.offset(part.name) for part in LAYOUT.slices}
OBSERVATION: Final = LAYOUT.size  # 372
COLOUR_INDEX: Final = np.array([c if c >= 0 else 5 for c in CARD_COLOUR], dtype=np.int64)
"""RS-1: a card's colour as the tensor's six: white … red, then black."""
HAND_KEY: Final = 3 ** np.arange(31, dtype=np.int64)
"""RS-17: a hand as one integer, the copies of 30 weighing most (at most 2 < 3 each), so
comparing keys compares hands sorted high to low, card by card (hands of equal size)."""
PLACE, SET_ASIDE, OVER = int(Phase.PLACE), int(Phase.SET_ASIDE), int(Phase.OVER)


def check_actions(state: RaidingBatch, actions: npt.ArrayLike, size: int
                  ) -> npt.NDArray[np.int32]:
    """The actions as int32, or ValueError naming the first game whose action is outside
    the space or not legal now (nothing is applied)."""
    chosen = np.asarray(actions)
    if chosen.shape != state.seat.shape or not np.issubdtype(chosen.dtype, np.integer):
        raise ValueError(f"actions: {state.seat.shape[0]} integers, one per game")
    chosen = chosen.astype(np.int32)
    outside = (chosen < 0) | (chosen >= size)
    if outside.any():
        game = int(np.flatnonzero(outside)[0])
        raise ValueError(f"game {game}: action {chosen[game]} is outside 0–{size - 1}")
    legal = state.legal_action_mask[np.arange(chosen.size), chosen]
    if not legal.all():
        game = int(np.flatnonzero(~legal)[0])
        raise ValueError(f"game {game}: action {chosen[game]} is not legal now "
                         f"(phase {Phase(int(state.phase[game])).name.lower()})")
    return chosen


def scores(s: RaidingBatch) -> npt.NDArray[np.int64]:
    """RS-16: 10 per set of five colours, minus 1 per disk not in a set; (B, n)."""
    sets = s.disks.min(axis=2)
    points: npt.NDArray[np.int64] = (10 * sets - (s.disks.sum(axis=2) - 5 * sets)).astype(
        np.int64)
    return points


def returns(s: RaidingBatch, n: int, over: int) -> npt.NDArray[np.float64]:
    """ALL-1: RS-17's winners (best score, then best hand; identical hands share) share 1."""
    points = scores(s)
    tied = points == points.max(axis=1, keepdims=True)
    hand = np.where(tied, s.hands @ HAND_KEY, -1)
    winners = hand == hand.max(axis=1, keepdims=True)
    shares = winners / winners.sum(axis=1, keepdims=True)
    return np.where((s.phase == over)[:, None], shares, 0.0)


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
    out = np.zeros((batch, OBSERVATION), dtype=np.float64)
    out[:, :n] = 1.0
    hands = s.hands[r, seats]  # (B, places, 31)
    out[:, AT["hand_sizes"]:AT["hand_sizes"] + n] = hands.sum(axis=2) / MAX_HAND
    plays = s.plays[r, seats]
    out[:, AT["committed"]:AT["committed"] + n] = plays > 0
    shown = (s.phase == PLACE) | (s.phase == SET_ASIDE)
    out[:, AT["revealed"]:AT["revealed"] + n] = np.where(shown[:, None], plays / 30, 0.0)
    at = s.at_pile[r, seats]
    there = at >= 0
    pr, pp = np.nonzero(there)
    out[pr, AT["at_pile"] + pp * 5 + at[pr, pp]] = 1.0
    out[:, AT["disks"]:AT["disks"] + 5 * n] = (s.disks[r, seats] / 10).reshape(batch, 5 * n)
    out[:, AT["taken"]:AT["taken"] + 30 * n] = (s.taken[r, seats, 1:] / 2).reshape(batch, 30 * n)
    out[:, AT["last_plays"]:AT["last_plays"] + n] = s.last_plays[r, seats] / 30
    _pending(engine, s, viewer, out)
    deciding = s.phase != OVER
    out[rows[deciding], AT["to_decide"] + (s.seat - viewer)[deciding] % n] = 1.0
    out[rows, AT["start"] + (s.start - viewer) % n] = 1.0
    out[rows, AT["phase"] + s.phase] = 1.0
    out[:, AT["round"]] = np.minimum(1.0, s.round / MAX_ROUND)
    depth = s.line_len[:, :, None] - 1 - np.arange(5)  # k-th card from the bottom (RS-4)
    cards = np.take_along_axis(s.lines, np.maximum(depth, 0), axis=2) * (depth >= 0)
    out[:, AT["lines"]:AT["lines"] + 25] = (cards / 30).reshape(batch, 25)
    lr, ll = np.nonzero(s.line_len > 0)
    out[lr, AT["line_colours"] + ll * 6 + COLOUR_INDEX[cards[lr, ll, 0]]] = 1.0
    out[:, AT["deck"]] = (60 - s.dealt) / 60
    out[:, AT["hand"]:AT["hand"] + 30] = s.hands[rows, viewer, 1:] / 2
    out[:, AT["own_play"]] = s.plays[rows, viewer] / 30
    out[:, AT["piles"]:AT["piles"] + 5] = s.piles / 10
    out[:, AT["discard"]:AT["discard"] + 30] = s.discard[:, 1:] / 2
    tensor = out.astype(np.float32)
    tensor[:, AT["variant"]:AT["variant"] + 3] = engine.variant_flags
    return tensor


def _pending(engine: VectorRaiding, s: RaidingBatch, viewer: Any,
             out: npt.NDArray[np.float64]) -> None:
    """RS-8, RS-21: 1 at the places still to place (after the placed) or to set aside
    (setters from the one asked on)."""
    waiting = pending_seats(engine, s)  # (B, n) by seat
    n = engine.n
    pr, seat = np.nonzero(waiting)
    out[pr, AT["pending"] + (seat - viewer[pr]) % n] = 1.0


def pending_seats(engine: VectorRaiding, s: RaidingBatch) -> npt.NDArray[np.bool_]:
    """(B, n) by position in `placement`: is that seat still pending, mapped to seats."""
    n = engine.n
    places = np.arange(n)
    placing = (s.phase == PLACE)[:, None] & (places >= s.placed[:, None])
    in_order = np.take_along_axis(s.setters, s.placement, axis=1)
    setting = (s.phase == SET_ASIDE)[:, None] & in_order & (places >= s.set_at[:, None])
    by_place = placing | setting
    by_seat: npt.NDArray[np.bool_] = np.zeros_like(by_place)
    np.put_along_axis(by_seat, s.placement, by_place, axis=1)
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
