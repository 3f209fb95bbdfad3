#!/usr/bin/env python3
"""A reference for engine speed on this machine: the leanest rules engine Python allows.

Two players share a shuffled 40-card deck; a seat either takes the top card or lays one
of its cards on the table (a card beats the table's top card of its suit or starts a new
suit), until deck and hands are empty. The state has `__slots__`, its legal actions are a
plain list and applying one is a few list operations — about as fast as a Python engine
step can be. Quote an engine's speed as a ratio to this one, measured in the same run
(`albion bench GAME --baseline benchmarks/reference_engine.py`): machines differ, ratios
travel.

Prints one JSON object: {"actions_per_s": ..., "seconds": ...}.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

TAKE = -1


class Position:
    __slots__ = ("deck", "hands", "table", "seat")

    def __init__(self, deck: list[int]) -> None:
        self.deck = deck
        self.hands: list[list[int]] = [[], []]
        self.table = [0, 0, 0, 0]  # the top card of each suit laid, 0 if none
        self.seat = 0

    def is_over(self) -> bool:
        return not self.deck and not self.hands[0] and not self.hands[1]

    def legal_actions(self) -> list[int]:
        moves = [card for card in self.hands[self.seat] if card % 10 >= self.table[card // 10]]
        if self.deck:
            moves.append(TAKE)
        return moves

    def apply(self, move: int) -> None:
        hand = self.hands[self.seat]
        if move == TAKE:
            hand.append(self.deck.pop())
        else:
            hand.remove(move)
            self.table[move // 10] = move % 10
        self.seat = 1 - self.seat


def playout(rng: random.Random) -> int:
    deck = list(range(40))
    rng.shuffle(deck)
    position = Position(deck)
    steps = 0
    while not position.is_over():
        moves = position.legal_actions()
        if not moves:  # nothing playable and no deck: the hand is discarded
            position.hands[position.seat].clear()
            position.seat = 1 - position.seat
            continue
        position.apply(moves[rng.randrange(len(moves))])
        steps += 1
    return steps


def main(seconds: float = 2.0) -> None:
    rng = random.Random(0)
    for _ in range(200):
        playout(rng)
    rates = []
    for _ in range(5):
        steps, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / 5:
            steps += playout(rng)
        rates.append(steps / elapsed)
    print(json.dumps({"actions_per_s": round(statistics.median(rates)), "seconds": seconds}))


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
