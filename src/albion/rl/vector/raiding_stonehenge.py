"""Raiding Stonehenge advanced as numpy arrays: thousands of games in lockstep, every rule
of the Python engine (`albion.games.raiding_stonehenge.state`) applied to whole batches.

pgx's shape, as `vector.diamoniak`: `init(seed, batch)` gives a `RaidingBatch`,
`step(batch, actions)` applies one decision per game and returns (new batch, rewards,
terminated, masks: ALL-4's, as the `-v2` envs, the no-op 75 alone once a game is over).
RS-6's secret commits are taken one seat at a time in commit
order (RS-19), as the Python engine's `current_player` asks them. The deals a step calls
for (RS-13's refill) are made inside it, so every game stands at a decision or its end.

Chance: RS-3 and RS-13 deal every card from one shuffled deck, so a game's chance is its
deck's order (`deck_order`, drawn from the batch's Generator at `init`, or given: the
exactness check passes the order the Python game dealt). The order is never observed
(RS-18: a seat sees the deck's size). One player count (2–5) and one variant per engine;
all of them are supported. Tensors and the record's fields: `raiding_views`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Final

import numpy as np
import numpy.typing as npt

from albion.games.raiding_stonehenge.components import (
    COPIES,
    DISKS_PER_COLOUR,
    HAND_SIZE,
    HIGHEST_CARD,
    LINES,
)
from albion.games.raiding_stonehenge.game import GAME
from albion.games.raiding_stonehenge.phase import Phase
from albion.games.raiding_stonehenge.record import Rules
from albion.rl.vector import raiding_views
from albion.rl.vector.actions import adapter_masks
from albion.rl.vector.chance import IntArray, generator

DECK_CARDS: Final = HIGHEST_CARD * COPIES
NUMBERS: Final = HIGHEST_CARD + 1  # count arrays indexed by number, 0 unused
COLOURS: Final = 5
ACTIONS: Final = raiding_views.ACTIONS
assert GAME.num_distinct_actions == ACTIONS
NOOP: Final = ACTIONS
"""ALL-4: the public masks' last index, a game that is over's one action (76 in all)."""
TAKE0, PLAY0, PLACE0, SET_ASIDE0 = 0, 4, 35, 40  # PLAY0 + number: 5–34
DEALING, PICK, PLAY, PLACE, SET_ASIDE, OVER = (int(phase) for phase in Phase)
SORTED_DECK: Final = np.repeat(np.arange(1, NUMBERS, dtype=np.int32), COPIES)
Bools = npt.NDArray[np.bool_]
Index = npt.NDArray[np.intp]


@dataclass(slots=True)
class RaidingBatch:
    """The fields of `RaidingRecord`, one row per game. Lists become counts or an order
    and a pointer: `placement` (RS-7, RS-8: coloured seats, then black ones) with
    `placed` seats done; `setters` (RS-10) asked from `set_at` on, in that order (RS-21)."""

    start: IntArray  # (B,) RS-14's gray figure
    phase: IntArray
    seat: IntArray
    acted: IntArray
    round: IntArray
    deck_order: IntArray  # (B, 60): the order cards are dealt in; never copied (read only)
    dealt: IntArray  # (B,) cards dealt so far
    lines: IntArray  # (B, 5, 5): each line top to bottom, 0 past its end (RS-4)
    line_len: IntArray  # (B, 5)
    hands: IntArray  # (B, n, 31) copies of each number
    hand_size: IntArray  # (B, n) the hands' sizes (RS-5: 5, 6 between a pick and a play)
    plays: IntArray  # (B, n)
    at_pile: IntArray  # (B, n) colour or -1
    placement: IntArray  # (B, n) seats in placement order
    coloured: IntArray  # (B,) how many of them played a coloured card
    placed: IntArray  # (B,) seats placed so far this round
    setters: Bools  # (B, n)
    set_at: IntArray  # (B,) index in `placement` of the setter to ask
    piles: IntArray  # (B, 5)
    disks: IntArray  # (B, n, 5)
    discard: IntArray  # (B, 31)
    taken: IntArray  # (B, n, 31) RS-18: seen taken, not played since
    last_plays: IntArray  # (B, n)
    legal_action_mask: Bools  # (B, 75) the working mask: all True once over (pgx); the
    # public masks (ALL-4, with the no-op) are VectorRaiding.action_masks

    @property
    def terminated(self) -> Bools:
        over: Bools = self.phase == OVER
        return over

    @property
    def current_player(self) -> IntArray:
        """The seat asked now (in a play step the first still to commit, RS-19); -1 at
        the end."""
        return np.where(self.phase == OVER, -1, self.seat).astype(np.int32)

    def copy(self) -> RaidingBatch:
        """Arrays copied but the deck's order (read only) and the mask (a step makes a
        new one, nothing writes into it)."""
        copied = {name: getattr(self, name).copy() for name in COPIED}
        return replace(self, **copied)


COPIED: Final = tuple(f.name for f in fields(RaidingBatch)
                      if f.name not in ("deck_order", "legal_action_mask"))


class VectorRaiding:
    """The batched engine for one player count (2–5, RS-2) and variant."""

    noop: Final = NOOP
    num_actions: Final = NOOP + 1
    """The public space (ALL-4): the game's 75 actions and the no-op."""

    def __init__(self, num_players: int = 4, **variant: object) -> None:
        GAME.check_players(num_players)
        self.variant = GAME.variant(variant)  # type: ignore[arg-type]
        self.rules = Rules.of(self.variant)
        self.n = num_players
        r = self.rules
        self.variant_flags = np.array([r.all_lose, r.pile_colour, not r.rotate_start],
                                      dtype=np.float32)
        self.seats = np.arange(num_players)

    # -- the functional API ------------------------------------------------------------

    def init(self, seed: int | np.random.Generator | None, batch: int, *,
             deck_orders: npt.ArrayLike | None = None) -> RaidingBatch:
        """`batch` new games, dealt (RS-3, RS-19: N passes over the lines, then five over
        the seats clockwise from seat 0) from shuffled decks, or from `deck_orders`."""
        n = self.n
        if deck_orders is None:
            order = generator(seed).permuted(np.tile(SORTED_DECK, (batch, 1)), axis=1)
        else:
            order = np.asarray(deck_orders, dtype=np.int32)
            if order.shape != (batch, DECK_CARDS):
                raise ValueError(f"deck_orders: ({batch}, {DECK_CARDS}) card numbers")
        z = np.zeros(batch, dtype=np.int32)
        lines = np.zeros((batch, LINES, LINES), dtype=np.int8)
        lines[:, :, :n] = order[:, :LINES * n].reshape(batch, n, LINES).transpose(0, 2, 1)
        hands = np.zeros((batch, n, NUMBERS), dtype=np.int8)  # counts ≤ 2 (RS-1)
        rows = np.arange(batch)
        for k in range(HAND_SIZE * n):
            hands[rows, k % n, order[:, LINES * n + k]] += 1
        small = np.int8
        s = RaidingBatch(
            start=z.copy(), phase=np.full(batch, PICK, dtype=np.int32), seat=z.copy(),
            acted=z.copy(), round=np.ones(batch, dtype=np.int32), deck_order=order,
            dealt=np.full(batch, (LINES + HAND_SIZE) * n, dtype=np.int32), lines=lines,
            line_len=np.full((batch, LINES), n, dtype=small), hands=hands,
            hand_size=np.full((batch, n), HAND_SIZE, dtype=small),
            plays=np.zeros((batch, n), dtype=small),
            at_pile=np.full((batch, n), -1, dtype=small),
            placement=np.zeros((batch, n), dtype=small), coloured=z.copy(),
            placed=z.copy(), setters=np.zeros((batch, n), dtype=bool), set_at=z.copy(),
            piles=np.full((batch, COLOURS), DISKS_PER_COLOUR, dtype=small),
            disks=np.zeros((batch, n, COLOURS), dtype=small),
            discard=np.zeros((batch, NUMBERS), dtype=small),
            taken=np.zeros((batch, n, NUMBERS), dtype=small),
            last_plays=np.zeros((batch, n), dtype=small),
            legal_action_mask=np.zeros((batch, ACTIONS), dtype=bool))
        s.legal_action_mask = self.legal_mask(s)
        return s

    def step(self, state: RaidingBatch, actions: npt.ArrayLike, where: Bools | None = None
             ) -> tuple[RaidingBatch, npt.NDArray[np.float32], Bools, Bools]:
        """Each game's decision (an index of the fixed space; the no-op for a game that is
        over), then the deals it calls for: (new batch, rewards (B, n): ALL-1's returns on
        the step a game ends, else 0, terminated, masks (B, 76): ALL-4's, `action_masks`).
        An illegal action is refused (ValueError naming the game) and nothing changes.
        Games outside `where` (if given) stay as they are, their actions unread."""
        chosen = self.check_actions(state, actions, where)
        s = state.copy()
        was_over = s.phase == OVER
        self.apply(s, chosen, ~was_over if where is None else ~was_over & where)
        s.legal_action_mask = self.legal_mask(s)
        over = s.phase == OVER
        ended = np.flatnonzero(over & ~was_over)
        rewards = np.zeros((over.size, self.n), dtype=np.float32)
        if ended.size:
            rewards[ended] = raiding_views.returns(s, self.n, OVER, ended)
        return s, rewards, over, adapter_masks(s.legal_action_mask, over)

    def check_actions(self, state: RaidingBatch, actions: npt.ArrayLike,
                      where: Bools | None = None) -> IntArray:
        """The actions as int32, or ValueError naming the first game refused."""
        return raiding_views.check_actions(state, actions, ACTIONS, where)

    def action_masks(self, state: RaidingBatch) -> Bools:
        """(B, 76), ALL-4 as the `-v2` envs: each deciding seat's legal actions, the
        no-op (75) alone where the game is over."""
        return adapter_masks(state.legal_action_mask, state.phase == OVER)

    def restart(self, state: RaidingBatch, where: Bools, seed: int | np.random.Generator | None,
                *, inplace: bool = False) -> RaidingBatch:
        """The games `where` marks replaced by new ones, dealt from decks shuffled by
        `seed`'s Generator; the others as they are (`inplace`: in `state` itself)."""
        s = state if inplace else state.copy()
        rows = np.flatnonzero(where)
        if not inplace:
            s.legal_action_mask = state.legal_action_mask.copy()
        if rows.size:
            fresh = self.init(seed, rows.size)
            s.deck_order = state.deck_order if inplace else state.deck_order.copy()
            for name in (*COPIED, "deck_order", "legal_action_mask"):
                getattr(s, name)[rows] = getattr(fresh, name)
        return s

    def returns(self, s: RaidingBatch) -> npt.NDArray[np.float64]:
        """ALL-1 over RS-16's scores and RS-17's tie-break; 0s while playing."""
        return raiding_views.returns(s, self.n, OVER)

    def observe(self, s: RaidingBatch, viewers: npt.ArrayLike | None = None
                ) -> npt.NDArray[np.float32]:
        """Each game's tensor for its viewer (default: the seat asked, seat 0 at the end),
        as `encoding.observation_tensor` reads the Python view (RS-18)."""
        return raiding_views.observe(self, s, viewers)

    def record_fields(self, s: RaidingBatch) -> npt.NDArray[np.int64]:
        """Every field of the Python record, per game, as the exactness check lists them."""
        return raiding_views.record_fields(self, s)

    # -- transitions -------------------------------------------------------------------

    def apply(self, s: RaidingBatch, a: IntArray, live: Bools) -> None:
        takes = np.flatnonzero(live & (a < PLAY0 + 1))
        if takes.size:
            self._take(s, takes, a[takes] - TAKE0)
        plays = np.flatnonzero(live & (a > PLAY0) & (a < PLACE0))
        if plays.size:
            self._play(s, plays, a[plays] - PLAY0)
        places = np.flatnonzero(live & (a >= PLACE0) & (a < SET_ASIDE0))
        if places.size:
            self._place(s, places, a[places] - PLACE0)
        asides = np.flatnonzero(live & (a >= SET_ASIDE0))
        if asides.size:
            seat = s.seat[asides]
            self._give_back(s, asides, seat, a[asides] - SET_ASIDE0)
            s.set_at[asides] += 1
            self._next_set_aside(s, asides)

    def _take(self, s: RaidingBatch, g: Index, line: IntArray) -> None:
        """RS-4, RS-5: the bottom card to the hand; the next seat clockwise, or the play
        when everyone has picked or the lines ran out."""
        me = s.seat[g]
        bottom = s.line_len[g, line] - 1
        card = s.lines[g, line, bottom]
        s.lines[g, line, bottom] = 0
        s.line_len[g, line] = bottom
        s.hands[g, me, card] += 1
        s.hand_size[g, me] += 1
        s.taken[g, me, card] += 1
        acted = s.acted[g] + 1
        length = s.line_len[g]
        more = (acted < self.n) & ((length[:, 0] | length[:, 1] | length[:, 2] | length[:, 3]
                                    | length[:, 4]) > 0)
        start = s.start[g]
        s.seat[g] = np.where(more, (start + acted) % self.n, start)
        s.phase[g] = np.where(more, PICK, PLAY)
        s.acted[g] = np.where(more, acted, 0)

    def _play(self, s: RaidingBatch, g: Index, number: IntArray) -> None:
        """RS-6, RS-19: commit face down, clockwise from the start player; the last
        commitment reveals every card."""
        me = s.seat[g]
        s.hands[g, me, number] -= 1
        s.hand_size[g, me] -= 1
        s.plays[g, me] = number
        acted = s.acted[g] + 1
        s.acted[g] = acted
        full = acted == self.n
        s.seat[g[~full]] = (me[~full] + 1) % self.n
        if full.any():
            self._reveal(s, g[full])

    def _reveal(self, s: RaidingBatch, g: Index) -> None:
        """RS-7: coloured cards go to their piles; RS-8: black cards choose, in order. A
        card seen taken and now played is no longer known to be in its player's hand."""
        n = self.n
        plays = s.plays[g].astype(np.int64)  # int8 in the batch: keys below overflow it
        rows = g[:, None]
        seen = s.taken[rows, self.seats, plays]
        s.taken[rows, self.seats, plays] = seen - (seen > 0)
        rest = plays % 6
        black = rest == 0
        distance = (self.seats - s.start[g][:, None]) % n
        key = black * 1000 + (HIGHEST_CARD - plays) * 8 + distance
        s.placement[g] = np.argsort(key, axis=1).astype(np.int32)
        coloured = n - black.sum(axis=1, dtype=np.int32)
        s.coloured[g] = coloured
        s.placed[g] = coloured
        s.at_pile[g] = np.where(black, -1, rest - 1)
        self._next_placement(s, g)

    def _next_placement(self, s: RaidingBatch, g: Index) -> None:
        placed = s.placed[g]
        asking = placed < self.n
        ask = g[asking]
        s.phase[ask] = PLACE
        s.seat[ask] = s.placement[ask, placed[asking]]
        if not asking.all():
            self._pay_out(s, g[~asking])

    def _place(self, s: RaidingBatch, g: Index, colour: IntArray) -> None:
        """RS-8: a black card's player goes to the chosen pile."""
        s.at_pile[g, s.seat[g]] = colour
        s.placed[g] += 1
        self._next_placement(s, g)

    def _pay_out(self, s: RaidingBatch, g: Index) -> None:
        """RS-9, RS-10, RS-12: at each pile a lone player takes; at a contested one the
        first-ranked takes (contest=first-takes) and the others set aside; every take
        first, against the pile as it was; then the set-asides in placement order."""
        n = self.n
        at = s.at_pile[g]
        plays = s.plays[g].astype(np.int64)
        rank = np.where(plays % 6 == 0, HIGHEST_CARD + 1 - plays, -plays)
        key = rank * n + (self.seats - s.start[g][:, None]) % n
        same = at[:, :, None] == at[:, None, :]
        there = same.sum(axis=2)
        best = ~(same & (key[:, None, :] < key[:, :, None])).any(axis=2)
        takes = (there == 1) if self.rules.all_lose else ((there == 1) | best)
        for seat in range(n):  # one taker per pile at most (RS-12)
            colour = at[:, seat]
            gets = takes[:, seat] & (s.piles[g, colour] > 0)
            who, colour = g[gets], colour[gets]
            s.piles[who, colour] -= 1
            s.disks[who, seat, colour] += 1
        s.setters[g] = ~takes
        s.set_at[g] = 0
        self._next_set_aside(s, g)

    def _next_set_aside(self, s: RaidingBatch, g: Index) -> None:
        """RS-21: ask only on a real choice; one colour goes at once, none gives nothing."""
        n = self.n
        places = np.arange(n)
        for _ in range(n + 1):
            if not g.size:
                return
            in_order = np.take_along_axis(s.setters[g], s.placement[g], axis=1)
            waiting = in_order & (places >= s.set_at[g][:, None])
            has = waiting.any(axis=1)
            if not has.all():
                self._end_round(s, g[~has])
                g, waiting = g[has], waiting[has]
            at = waiting.argmax(axis=1).astype(np.int32)
            s.set_at[g] = at
            seat = s.placement[g, at]
            disks = s.disks[g, seat]
            if self.rules.pile_colour:
                colour = s.at_pile[g, seat]
                choices = (disks[np.arange(g.size), colour] > 0).astype(np.int32)
                first = colour
            else:
                held = disks > 0
                choices = held.sum(axis=1)
                first = held.argmax(axis=1)
            asks = choices > 1
            s.phase[g[asks]] = SET_ASIDE
            s.seat[g[asks]] = seat[asks]
            gives = choices == 1
            self._give_back(s, g[gives], seat[gives], first[gives])
            g = g[~asks]
            s.set_at[g] += 1

    def _give_back(self, s: RaidingBatch, g: Index, seat: IntArray, colour: IntArray) -> None:
        """RS-11: the disk returns to the pile of its own colour."""
        s.disks[g, seat, colour] -= 1
        s.piles[g, colour] += 1

    def _end_round(self, s: RaidingBatch, g: Index) -> None:
        """RS-6: played cards leave the game; RS-14: the figure moves; RS-13: refill;
        RS-15: no card in any line ends the game, else the next pick (RS-5)."""
        n = self.n
        plays = s.plays[g]
        for seat in range(n):
            s.discard[g, plays[:, seat]] += 1
        s.last_plays[g] = plays
        s.plays[g] = 0
        s.at_pile[g] = -1
        s.placed[g] = 0
        s.coloured[g] = 0
        s.setters[g] = False
        s.set_at[g] = 0
        if self.rules.rotate_start:
            s.start[g] = (s.start[g] + 1) % n
        s.round[g] += 1
        self._refill(s, g)
        playing = s.line_len[g].sum(axis=1) > 0
        s.phase[g] = np.where(playing, PICK, OVER)
        go = g[playing]
        s.acted[go] = 0
        s.seat[go] = s.start[go]

    def _refill(self, s: RaidingBatch, g: Index) -> None:
        """RS-13: passes left to right, one card per short line per pass, until each line
        holds N cards or the deck is empty; new cards go to the bottom."""
        n = self.n
        length = s.line_len[g]  # (G, 5)
        gaps = np.arange(n)[None, :, None]
        needs = (length[:, None, :] + gaps < n).reshape(g.size, n * LINES)  # pass-major
        queue = np.cumsum(needs, axis=1) - 1
        dealt = s.dealt[g]
        deals = needs & (queue < (DECK_CARDS - dealt)[:, None])
        row, slot = np.nonzero(deals)
        line = slot % LINES
        gap = slot // LINES
        s.lines[g[row], line, length[row, line] + gap] = s.deck_order[
            g[row], dealt[row] + queue[row, slot]]
        s.line_len[g] = length + deals.reshape(g.size, n, LINES).sum(axis=1, dtype=np.int32)
        s.dealt[g] = dealt + deals.sum(axis=1, dtype=np.int32)

    # -- what each game allows -------------------------------------------------------

    def legal_mask(self, s: RaidingBatch) -> Bools:
        """The working mask: the legal actions of the seat asked, over the fixed space
        (75); all True at the end (pgx's: no column added per step). The public masks add
        ALL-4's no-op (`action_masks`)."""
        batch = s.seat.shape[0]
        mask = np.zeros((ACTIONS, batch), dtype=bool).T  # rows contiguous, read as (B, 75)
        phase = s.phase
        rows = np.arange(batch)
        mask[:, TAKE0:TAKE0 + LINES] = (phase == PICK)[:, None] & (s.line_len > 0)  # RS-5
        mask[:, PLAY0 + 1:PLACE0] = (phase == PLAY)[:, None] & (  # RS-6
            s.hands[rows, s.seat, 1:] > 0)
        mask[:, PLACE0:SET_ASIDE0] = (phase == PLACE)[:, None]  # RS-8: any pile
        asks = phase == SET_ASIDE
        if asks.any():  # RS-11, RS-20
            held = s.disks[rows, s.seat] > 0
            if self.rules.pile_colour:
                held &= np.arange(COLOURS) == s.at_pile[rows, s.seat][:, None]
            mask[:, SET_ASIDE0:SET_ASIDE0 + COLOURS] = asks[:, None] & held
        mask[phase == OVER] = True
        return mask
