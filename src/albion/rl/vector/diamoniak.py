"""Diamoniak advanced as numpy arrays: thousands of games in lockstep, every rule of the
Python engine (`albion.games.diamoniak.state`) applied to whole batches at once.

pgx's shape: `init(seed, batch)` gives a `DiamoniakBatch` (a dataclass of arrays, one
row per game) and `step(batch, actions)` a new one, with the games' rewards, `terminated`
and the masks (ALL-4, as the `-v2` envs: the fixed action space of docs/action-spaces.md
and the no-op, 38, alone once a game is over; `action_masks(batch)` any time). A step
applies one decision per game, then the chance it calls for (DI-3's reveal), so every
game stands at a decision or at its end after each step; a game already over ignores its
action (the no-op, or any).
Observations (docs/observations.md) are `observe(batch, viewers)`.

Chance is the batch's Generator, or a `Script` of the cards revealed and the first seat
(DI-2) that another engine used: the exactness check replays the Python engine's games
through it. One player count and one variant per engine; all of them are supported.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Final

import numpy as np
import numpy.typing as npt

from albion.games.diamoniak.cards import BUY_PRICE, CARDS_LOST_TO_WITCH, CASTLE_SIZE, DECK
from albion.games.diamoniak.game import GAME
from albion.games.diamoniak.phase import Phase
from albion.games.diamoniak.record import Rules
from albion.rl.vector.actions import adapter_masks, checked_actions
from albion.rl.vector.chance import IntArray, Script, generator, pick_from_counts

KINDS: Final = len(DECK)
SEATS: Final = 4
ACTIONS: Final = GAME.num_distinct_actions
"""38: draw, stop, pass; 16 buys; use, keep fairy; lose castle, 5 losses; 7 reveals; 4 firsts."""
NOOP: Final = ACTIONS
"""ALL-4: the public masks' last index, a game that is over's one action (39 in all)."""
OBSERVATION: Final = 96
DRAW, STOP, PASS, BUY0, USE_FAIRY, KEEP_FAIRY, LOSE_CASTLE = 0, 1, 2, 3, 19, 20, 21
REVEAL0, FIRST0 = 27, 34
DIAMOND, WITCH, FAIRY = 4, 5, 6
FIRST_PLAYER, TURN_START, DRAWING, DRAW_OR_STOP, FAIRY_CHOICE, WITCH_TOLL, OVER = (
    int(phase) for phase in Phase)
DECK_ROW: Final = np.array(DECK, dtype=np.float64)
Bools = npt.NDArray[np.bool_]


@dataclass(slots=True)
class DiamoniakBatch:
    """The fields of `DiamoniakRecord`, one row per game (counts indexed by Card)."""

    seat: IntArray  # (B,) whose turn it is
    phase: IntArray  # (B,) a Phase
    pile: IntArray  # (B, 7)
    discard: IntArray  # (B, 7)
    castle: IntArray  # (B, n) colour or -1
    castle_size: IntArray  # (B, n)
    right: IntArray  # (B, n, 7)
    toll_left: IntArray  # (B,)
    turns: IntArray  # (B,)
    winner: IntArray  # (B,) seat or -1
    legal_action_mask: npt.NDArray[np.bool_]  # (B, 38) the working mask: all True once
    # over (pgx); the public masks (ALL-4, with the no-op) are VectorDiamoniak.action_masks
    rng: np.random.Generator
    script: Script | None
    first_script: Script | None

    @property
    def terminated(self) -> npt.NDArray[np.bool_]:
        over: npt.NDArray[np.bool_] = self.phase == OVER
        return over

    @property
    def current_player(self) -> IntArray:
        """The seat that decides now; -1 once the game is over (ALL-1's TERMINAL)."""
        return np.where(self.phase == OVER, -1, self.seat).astype(np.int32)

    def copy(self, *, full: bool = False) -> DiamoniakBatch:
        """Arrays copied; the Generator shared (its stream goes on); the mask shared (a
        step makes a new one, nothing writes into it)."""
        copied = {name: getattr(self, name).copy()
                  for name in (*COPIED, "legal_action_mask")} if full else {
                      name: getattr(self, name).copy() for name in COPIED}
        return replace(self, **copied,
                       script=None if self.script is None else self.script.copy(),
                       first_script=None if self.first_script is None
                       else self.first_script.copy())


COPIED: Final = tuple(f.name for f in fields(DiamoniakBatch)
                      if f.name not in ("legal_action_mask", "rng", "script", "first_script"))


class VectorDiamoniak:
    """The batched engine for one player count and variant (any of them; VariantError
    on a bad one, as everywhere)."""

    noop: Final = NOOP
    num_actions: Final = NOOP + 1
    """The public space (ALL-4): the game's 38 actions and the no-op."""

    def __init__(self, num_players: int = 2, **variant: object) -> None:
        GAME.check_players(num_players)
        self.variant = GAME.variant(variant)  # type: ignore[arg-type]
        self.rules = Rules.of(self.variant)
        self.n = num_players
        r = self.rules
        self.variant_flags = np.array([r.first_random, r.release_empty,
                                       not r.diamonds_to_seller, r.buy_any, r.fairy_auto],
                                      dtype=np.float32)

    # -- the functional API ------------------------------------------------------------

    def init(self, seed: int | np.random.Generator | None, batch: int, *,
             reveals: npt.ArrayLike | None = None,
             firsts: npt.ArrayLike | None = None) -> DiamoniakBatch:
        """`batch` new games (DI-2: every card in the pile). Chance from `seed`'s
        Generator, or from `reveals` (per game, the cards revealed in order, DI-3) and
        `firsts` (per game, the first seat, with first=random)."""
        n = self.n
        b = np.zeros(batch, dtype=np.int8)  # every count fits: 54 cards (DI-1)
        state = DiamoniakBatch(
            seat=b.copy(), phase=np.full(batch, TURN_START, dtype=np.int8),
            pile=np.tile(np.array(DECK, dtype=np.int8), (batch, 1)),
            discard=np.zeros((batch, KINDS), dtype=np.int8),
            castle=np.full((batch, n), -1, dtype=np.int8),
            castle_size=np.zeros((batch, n), dtype=np.int8),
            right=np.zeros((batch, n, KINDS), dtype=np.int8),
            toll_left=b.copy(), turns=np.zeros(batch, dtype=np.int32),
            winner=np.full(batch, -1, dtype=np.int8),
            legal_action_mask=np.zeros((batch, ACTIONS), dtype=bool), rng=generator(seed),
            script=None if reveals is None else Script.of(reveals),
            first_script=None if firsts is None else Script.of(
                np.asarray(firsts).reshape(batch, 1)))
        if self.rules.first_random:  # DI-2: a chance outcome before the first turn
            every = np.arange(batch)
            state.seat = (state.first_script.take(every) if state.first_script is not None
                          else state.rng.integers(0, n, batch, dtype=np.int8))
        state.legal_action_mask = self.legal_mask(state)
        return state

    def step(self, state: DiamoniakBatch, actions: npt.ArrayLike, where: Bools | None = None
             ) -> tuple[DiamoniakBatch, npt.NDArray[np.float32], npt.NDArray[np.bool_],
                        npt.NDArray[np.bool_]]:
        """Each game's decision (an index of the fixed action space; the no-op for a game
        that is over), then its chance: (new batch, rewards (B, n): ALL-1's returns on the
        step a game ends, else 0, terminated, masks (B, 39): ALL-4's, `action_masks`). An
        action that is not legal is refused (ValueError naming the game) and nothing
        changes. Games outside `where` (if given) stay as they are, their actions
        unread."""
        chosen = self.check_actions(state, actions, where)
        s = state.copy()
        was_over = s.phase == OVER
        self.apply(s, chosen, ~was_over if where is None else ~was_over & where)
        s.legal_action_mask = self.legal_mask(s)
        over = s.phase == OVER
        ended = np.flatnonzero(over & ~was_over)
        rewards = np.zeros((over.size, self.n), dtype=np.float32)
        if ended.size:
            rewards[ended] = self.returns(s, ended)
        return s, rewards, over, adapter_masks(s.legal_action_mask, over)

    def action_masks(self, state: DiamoniakBatch) -> npt.NDArray[np.bool_]:
        """(B, 39), ALL-4 as the `-v2` envs: each deciding seat's legal actions, the
        no-op (38) alone where the game is over."""
        return adapter_masks(state.legal_action_mask, state.phase == OVER)

    def restart(self, state: DiamoniakBatch, where: Bools, *, inplace: bool = False
                ) -> DiamoniakBatch:
        """The games `where` marks replaced by new ones (chance from the batch's
        Generator); the others as they are (`inplace`: in `state` itself, for a loop that
        owns it). Refused with a chance script."""
        if state.script is not None or state.first_script is not None:
            raise ValueError("scripted chance: restart with init(…, reveals=…) instead")
        s = state if inplace else state.copy(full=True)
        rows = np.flatnonzero(where)
        if rows.size:
            fresh = self.init(state.rng, rows.size)
            for name in (*COPIED, "legal_action_mask"):
                getattr(s, name)[rows] = getattr(fresh, name)
        return s

    def check_actions(self, state: DiamoniakBatch, actions: npt.ArrayLike,
                      where: Bools | None = None) -> IntArray:
        return checked_actions(state.legal_action_mask, state.phase, state.phase == OVER,
                               actions, ACTIONS, lambda phase: Phase(phase).name.lower(),
                               where)

    def returns(self, state: DiamoniakBatch, rows: npt.NDArray[np.intp] | None = None
                ) -> npt.NDArray[np.float64]:
        """ALL-1: the winner 1; a draw at the DI-10 cap 1/n each; 0s while playing (of
        every game, or of `rows`)."""
        n = self.n
        winner = state.winner if rows is None else state.winner[rows]
        phase = state.phase if rows is None else state.phase[rows]
        won = winner[:, None] == np.arange(n)
        shares = np.where((winner >= 0)[:, None], won, 1.0 / n)
        return np.where((phase == OVER)[:, None], shares, 0.0)

    # -- transitions (DI-3 … DI-10), on the games `live` marks -----------------------

    def apply(self, s: DiamoniakBatch, a: IntArray, live: npt.NDArray[np.bool_]) -> None:
        ends = np.zeros(a.size, dtype=bool)
        tolls = np.zeros(a.size, dtype=bool)
        fairies = live & (a == USE_FAIRY)
        draws = np.flatnonzero(live & (a == DRAW))
        if draws.size:
            self._draw(s, draws, ends, tolls, fairies)
        ends |= live & ((a == STOP) | (a == PASS))
        buys = np.flatnonzero(live & (a >= BUY0) & (a < USE_FAIRY))
        if buys.size:
            self._buy(s, buys, a[buys] - BUY0, ends)
        loses = np.flatnonzero(live & (a >= LOSE_CASTLE) & (a < REVEAL0))
        if loses.size:
            self._pay(s, loses, a[loses] - LOSE_CASTLE)
        keep = live & (a == KEEP_FAIRY)
        s.toll_left[keep] = CARDS_LOST_TO_WITCH
        tolls |= keep
        tolls[loses] = True
        used = np.flatnonzero(fairies)
        if used.size:  # DI-8: witch and fairy to the discard, nothing else lost
            s.right[used, s.seat[used], FAIRY] -= 1
            s.discard[used, FAIRY] += 1
            s.discard[used, WITCH] += 1
            ends[used] = True
        settling = np.flatnonzero(tolls)
        if settling.size:
            self._settle_toll(s, settling, ends)
        ending = np.flatnonzero(ends)
        if ending.size:
            self._end_turn(s, ending)

    def _draw(self, s: DiamoniakBatch, g: npt.NDArray[np.intp], ends: npt.NDArray[np.bool_],
              tolls: npt.NDArray[np.bool_], fairies: npt.NDArray[np.bool_]) -> None:
        """DI-3 draw and its reveal; DI-9: an empty pile takes the discard first."""
        pile = s.pile[g]
        empty = pile.sum(axis=1) == 0
        if empty.any():
            refill = g[empty]
            pile[empty] = s.discard[refill]
            s.discard[refill] = 0
        if s.script is not None:
            card = s.script.take(g)
        else:
            card = pick_from_counts(pile, s.rng.random(g.size))
        pile[np.arange(g.size), card] -= 1
        s.pile[g] = pile
        me = s.seat[g]
        witch = card == WITCH
        if witch.any():  # DI-8
            w, wme = g[witch], me[witch]
            has_fairy = s.right[w, wme, FAIRY] > 0
            tolls[w[~has_fairy]] = True
            s.toll_left[w[~has_fairy]] = CARDS_LOST_TO_WITCH
            if self.rules.fairy_auto:
                fairies[w[has_fairy]] = True
            else:
                s.phase[w[has_fairy]] = FAIRY_CHOICE
            keep = ~witch
            g, me, card = g[keep], me[keep], card[keep]
        s.phase[g] = DRAW_OR_STOP
        own = s.castle[g, me]
        joins = own == card  # DI-4: own colour joins the castle
        starts = (card < DIAMOND) & (own == -1) & ~(s.castle[g] == card[:, None]).any(axis=1)
        to_right = ~joins & ~starts  # DI-6 diamond, fairy; DI-4 someone else's colour
        s.right[g[to_right], me[to_right], card[to_right]] += 1
        if starts.any():  # DI-4, DI-5: a castle is only ever started by drawing
            s.castle[g[starts], me[starts]] = card[starts]
            s.castle_size[g[starts], me[starts]] = 1
        if joins.any():
            self._add_to_castle(s, g[joins], me[joins])

    def _add_to_castle(self, s: DiamoniakBatch, g: npt.NDArray[np.intp], me: IntArray
                       ) -> npt.NDArray[np.bool_]:
        """DI-10: the sixth card wins at once."""
        s.castle_size[g, me] += 1
        won = s.castle_size[g, me] == CASTLE_SIZE
        s.winner[g[won]] = me[won]
        s.phase[g[won]] = OVER
        return np.asarray(won, dtype=bool)

    def _buy(self, s: DiamoniakBatch, g: npt.NDArray[np.intp], code: IntArray,
             ends: npt.NDArray[np.bool_]) -> None:
        """DI-7 (DI-12 for buy=any): pay, take the card; the turn ends unless it won."""
        me, seller, colour = s.seat[g], code // 4, code % 4
        s.right[g, me, DIAMOND] -= BUY_PRICE
        if self.rules.diamonds_to_seller:
            s.right[g, seller, DIAMOND] += BUY_PRICE
        else:
            s.discard[g, DIAMOND] += BUY_PRICE
        s.right[g, seller, colour] -= 1
        own = colour == s.castle[g, me]
        won = np.zeros(g.size, dtype=bool)
        if own.any():
            won[own] = self._add_to_castle(s, g[own], me[own])
        s.right[g[~own], me[~own], colour[~own]] += 1
        ends[g[~won]] = True

    def _pay(self, s: DiamoniakBatch, g: npt.NDArray[np.intp], code: IntArray) -> None:
        """DI-8: one card to the discard: 0 the castle, 1–5 red … yellow, diamond."""
        me = s.seat[g]
        castle = code == 0
        gc, mc = g[castle], me[castle]
        s.castle_size[gc, mc] -= 1
        s.discard[gc, s.castle[gc, mc]] += 1
        gr, mr, card = g[~castle], me[~castle], code[~castle] - 1
        s.right[gr, mr, card] -= 1
        s.discard[gr, card] += 1
        s.toll_left[g] -= 1

    def _settle_toll(self, s: DiamoniakBatch, g: npt.NDArray[np.intp],
                     ends: npt.NDArray[np.bool_]) -> None:
        """DI-8 and DI-14: forced cards go at once; stop and ask on a real choice."""
        for _ in range(CARDS_LOST_TO_WITCH + 1):
            going = s.toll_left[g] > 0
            done, g = g[~going], g[going]
            if done.size:
                self._end_toll(s, done, ends)
            if not g.size:
                return
            me = s.seat[g]
            size = s.castle_size[g, me]
            right = s.right[g, me, :DIAMOND + 1]
            held = right > 0
            kinds = (size > 0) + held.sum(axis=1)
            at_risk = size + right.sum(axis=1)
            none = kinds == 0
            if none.any():
                self._end_toll(s, g[none], ends)
            asks = (kinds > 1) & (at_risk > s.toll_left[g])
            s.phase[g[asks]] = WITCH_TOLL
            forced = ~none & ~asks
            first = np.where(size > 0, 0, held.argmax(axis=1) + 1).astype(np.int32)
            self._pay(s, g[forced], first[forced])
            g = g[forced]

    def _end_toll(self, s: DiamoniakBatch, g: npt.NDArray[np.intp],
                  ends: npt.NDArray[np.bool_]) -> None:
        """DI-8: the witch joins the discard; DI-5/DI-12: an emptied castle may free its
        colour; the turn ends."""
        s.toll_left[g] = 0
        s.discard[g, WITCH] += 1
        if self.rules.release_empty:
            me = s.seat[g]
            emptied = s.castle_size[g, me] == 0
            s.castle[g[emptied], me[emptied]] = -1
        ends[g] = True

    def _end_turn(self, s: DiamoniakBatch, g: npt.NDArray[np.intp]) -> None:
        """DI-10: the cap ends the game as a draw; otherwise the next seat clockwise."""
        turns = s.turns[g] + 1
        s.turns[g] = turns
        capped = turns >= self.rules.max_turns
        s.phase[g] = np.where(capped, OVER, TURN_START)
        s.seat[g] = np.where(capped, s.seat[g], (s.seat[g] + 1) % self.n)

    # -- what each game allows and shows ----------------------------------------------

    def legal_mask(self, s: DiamoniakBatch) -> npt.NDArray[np.bool_]:
        """The working mask: the legal actions of the seat to decide, over the fixed
        space (38); at the end every action is marked legal and ignored (pgx's: a masked
        sampler never sees an all-zero row, and no column is added per step). The public
        masks add ALL-4's no-op (`action_masks`)."""
        batch, n = s.seat.shape[0], self.n
        by_action = np.zeros((ACTIONS, batch), dtype=bool)
        mask = by_action.T  # rows written contiguously, read as (B, 38)
        phase = s.phase
        rows = np.arange(batch)
        me = s.seat
        cards = s.pile[:, 0] | s.discard[:, 0]
        for kind in range(1, KINDS):  # columns: a strided any() costs 5× more
            cards = cards | s.pile[:, kind] | s.discard[:, kind]
        can_draw = cards != 0  # DI-9
        start = phase == TURN_START
        by_action[DRAW] = (start | (phase == DRAW_OR_STOP)) & can_draw
        by_action[STOP] = phase == DRAW_OR_STOP
        by_action[PASS] = start & ~can_draw
        own = s.castle[rows, me]
        buyer = start & (own >= 0) & (s.right[rows, me, DIAMOND] >= BUY_PRICE)  # DI-7
        buyers = np.flatnonzero(buyer)
        if buyers.size:
            bme = me[buyers]
            offers = s.right[buyers, :, :4] > 0
            offers &= (np.arange(n)[None, :] != bme[:, None])[:, :, None]
            if not self.rules.buy_any:
                offers &= (np.arange(4)[None, :] == own[buyers][:, None])[:, None, :]
            by_action[BUY0:BUY0 + 4 * n, buyers] = offers.reshape(buyers.size, 4 * n).T
        fairy = phase == FAIRY_CHOICE
        by_action[USE_FAIRY] = fairy
        by_action[KEEP_FAIRY] = fairy
        tolls = np.flatnonzero(phase == WITCH_TOLL)
        if tolls.size:  # DI-8: the castle, right-hand castle cards, diamonds; never a fairy
            tme = me[tolls]
            by_action[LOSE_CASTLE, tolls] = s.castle_size[tolls, tme] > 0
            by_action[LOSE_CASTLE + 1:REVEAL0, tolls] = (s.right[tolls, tme, :DIAMOND + 1] > 0).T
        over = phase == OVER
        if over.any():
            by_action[:, over] = True
        return mask

    def observe(self, s: DiamoniakBatch, viewers: npt.ArrayLike | None = None
                ) -> npt.NDArray[np.float32]:
        """Each game's tensor for its viewer (default: the seat to decide, or seat 0 at
        the end), exactly as `encoding.observation_tensor` reads the Python view
        (docs/observations.md; DI-11: everything but the pile's order)."""
        batch, n = s.seat.shape[0], self.n
        viewer = (np.where(s.phase == OVER, 0, s.seat) if viewers is None
                  else np.broadcast_to(np.asarray(viewers), (batch,)))
        out = np.zeros((batch, OBSERVATION), dtype=np.float64)
        rows = np.arange(batch)
        out[:, :n] = 1.0
        place_of_seat = (s.seat - viewer) % n
        out[rows, 4 + place_of_seat] = 1.0  # turn: FIRST_PLAYER never shows (resolved in init)
        deciding = s.phase != OVER
        out[rows[deciding], 8 + place_of_seat[deciding]] = 1.0
        out[rows, 12 + s.phase] = 1.0
        out[:, 19:26] = s.pile / DECK_ROW
        out[:, 26:33] = s.discard / DECK_ROW
        seats = (viewer[:, None] + np.arange(n)) % n  # (B, places)
        colour = np.take_along_axis(s.castle, seats, axis=1)
        colour = np.where(colour >= 0, colour, 4)
        out[rows[:, None], 33 + 5 * np.arange(n)[None, :] + colour] = 1.0
        out[:, 53:53 + n] = np.take_along_axis(s.castle_size, seats, axis=1) / CASTLE_SIZE
        right = s.right[rows[:, None], seats]  # (B, places, 7)
        out[:, 57:57 + KINDS * n] = (right / DECK_ROW).reshape(batch, KINDS * n)
        out[:, 85] = s.toll_left / CARDS_LOST_TO_WITCH
        out[:, 86] = s.turns / self.rules.max_turns
        won = s.winner >= 0
        out[rows[won], 87 + (s.winner[won] - viewer[won]) % n] = 1.0
        tensor = out.astype(np.float32)
        tensor[:, 91:96] = self.variant_flags
        return tensor
