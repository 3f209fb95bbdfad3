"""The exactness check's bridges: each reads a Python engine's state and a batched
engine's rows into the same flat list of integers (every field of the record), and
carries the Python games' chance outcomes into the batched engine's script."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from albion.games.diamoniak.actions import FirstPlayer, Reveal
from albion.games.diamoniak.game import GAME as DIAMONIAK
from albion.games.diamoniak.state import DiamoniakState
from albion.games.raiding_stonehenge.actions import Deal
from albion.games.raiding_stonehenge.game import GAME as RAIDING
from albion.games.raiding_stonehenge.state import RaidingState
from albion.rl.vector.diamoniak import DiamoniakBatch, VectorDiamoniak
from albion.rl.vector.exactness import Tape, Variant
from albion.rl.vector.raiding_stonehenge import DECK_CARDS, RaidingBatch, VectorRaiding


class DiamoniakBridge:
    """DI-2's first seat and DI-3's reveals, in the order the Python game drew them."""

    game = DIAMONIAK
    width = 8192  # a game of max_turns=500 reveals a few hundred cards

    def engine(self, num_players: int, variant: Variant) -> VectorDiamoniak:
        return VectorDiamoniak(num_players, **variant)

    def record_chance(self, tape: Tape, game: int, action: Any) -> None:
        if isinstance(action, FirstPlayer):
            tape.firsts[game] = action.seat
        else:
            assert isinstance(action, Reveal)
            tape.write(game, int(action.card))

    def init(self, engine: VectorDiamoniak, batch: int, tape: Tape) -> DiamoniakBatch:
        return engine.init(None, batch, reveals=tape.outcomes, firsts=tape.firsts)

    def python_state(self, s: DiamoniakState) -> list[int]:
        head = [int(s.phase), s.seat, s.toll_left, s.turns, s.winner]
        return head + s.pile + s.discard + s.castle + s.castle_size + [
            count for pile in s.right for count in pile]

    def batch_states(self, engine: VectorDiamoniak, b: DiamoniakBatch
                     ) -> npt.NDArray[np.int64]:
        head = np.stack([b.phase, b.seat, b.toll_left, b.turns, b.winner], axis=1)
        return np.concatenate([head, b.pile, b.discard, b.castle, b.castle_size,
                               b.right.reshape(len(b.seat), -1)], axis=1).astype(np.int64)


class RaidingBridge:
    """RS-3 and RS-13's deals, in the order the Python game dealt them: the deck's order."""

    game = RAIDING
    width = DECK_CARDS

    def engine(self, num_players: int, variant: Variant) -> VectorRaiding:
        return VectorRaiding(num_players, **variant)

    def record_chance(self, tape: Tape, game: int, action: Any) -> None:
        assert isinstance(action, Deal)
        tape.write(game, action.number)

    def init(self, engine: VectorRaiding, batch: int, tape: Tape) -> RaidingBatch:
        return engine.init(None, batch, deck_orders=tape.outcomes)

    def python_state(self, s: RaidingState) -> list[int]:
        n = s.n
        lines = []
        for line in s.lines:
            lines += line + [0] * (5 - len(line))
        taken = []
        for seat in range(n):
            counts = [0] * 31
            for card in s.taken[seat]:
                counts[card] += 1
            taken += counts[1:]
        hands = []
        for hand in s.hands:
            counts = [0] * 31
            for card in hand:
                counts[card] += 1
            hands += counts[1:]
        pending = s.pending + [-1] * (n - len(s.pending))
        placed = s.placed + [-1] * (n - len(s.placed))
        head = [int(s.phase), s.seat, s.acted, s.round, s.start, len(s.deal_queue)]
        return (head + s.deck[1:] + lines + hands + s.plays + s.at_pile + pending + placed
                + s.piles + [d for disks in s.disks for d in disks] + s.discard[1:] + taken
                + s.last_plays)

    def batch_states(self, engine: VectorRaiding, b: RaidingBatch) -> npt.NDArray[np.int64]:
        return engine.record_fields(b)
