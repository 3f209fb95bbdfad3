"""A Raiding Stonehenge strategy in a few lines (it reads only public facts and its own
hand).

- Value a disk by how much it raises your score now (a disk of your scarcest colour
  completes sets; a surplus disk costs a point).
- Pick the bottom card whose colour you need most, higher numbers first (they win ties
  of placement and rank); a black card is worth a little more for its freedom.
- Play the card with the best value × strength (number / 30); a black card is valued at
  the best pile it could choose.
- A black card goes to the pile where you would rank first with the most value; set aside
  the disk whose loss costs least.
"""

from __future__ import annotations

import math
import random
from typing import Any, Final

from albion.core.game import AnyState
from albion.core.words import Words, say
from albion.games.raiding_stonehenge import Colour, Phase, RaidingState, SetAside
from albion.games.raiding_stonehenge.actions import PLACE, PLAY, TAKE
from albion.games.raiding_stonehenge.components import (
    BLACK,
    CARD_COLOUR,
    DECK_SIZE,
    HIGHEST_CARD,
    LINES,
)
from albion.games.raiding_stonehenge.resolution import distance
from albion.games.raiding_stonehenge.scoring import SET_BONUS, score

SUMMARY: Final[tuple[Words, ...]] = (
    say("Reads only public facts and its own hand."),
    say("Values a disk by how much it raises its score now (a disk of its scarcest colour "
        "completes sets; a surplus disk costs a point)."),
    say("Takes the bottom card whose colour it needs most, higher numbers first; a black "
        "card is worth a little more for its freedom."),
    say("Plays the card with the best value × strength (number / 30); sends a black card "
        "to the pile where it would rank first with the most value; sets aside the disk "
        "whose loss costs least."),
)
"""How it plays, to a player (`albion bots`, issue 29)."""

BLACK_BONUS: Final = 0.3
SET_GAIN: Final = SET_BONUS - 1 + len(Colour)
"""RS-16: a disk that completes a set adds the set's 10 and takes the set's other four
disks off the count of disks outside sets."""
PICK_PHASE: Final = Phase.PICK
PLAY_PHASE: Final = Phase.PLAY
PLACE_PHASE: Final = Phase.PLACE
PILES: Final = range(len(Colour))


def scarcest(disks: list[int]) -> int:
    """The colour the player holds fewest disks of, if only one is that scarce; else -1
    (one more disk of it completes a set, RS-16)."""
    low = min(disks)
    return disks.index(low) if disks.count(low) == 1 else -1


def gain(disks: list[int], colour: int) -> int:
    """Score change from one more disk of `colour` (RS-16): it completes a set when
    `colour` alone is the scarcest, else it is one more disk outside sets."""
    return SET_GAIN if colour == scarcest(disks) else -1


def card_worth(gains: list[int], number: int) -> float:
    """A card's worth: its pile's gain (a black card: the best pile's, plus a little for
    the choice), weighted by its strength `number / 30`."""
    colour = CARD_COLOUR[number]
    value = max(gains) + BLACK_BONUS if colour == BLACK else gains[colour]
    return (value + 2) * number / HIGHEST_CARD


WORTHS: Final[tuple[tuple[float, ...], ...]] = tuple(
    tuple(card_worth(gains, number) for number in range(HIGHEST_CARD + 1))
    for gains in [*([SET_GAIN if c == scarce else -1 for c in Colour] for scarce in Colour),
                  [-1] * len(Colour)])
"""`card_worth` of every number, for each way the gains can fall: one colour completes a
set (its index), or none does (the last row)."""


def worths(disks: list[int]) -> tuple[float, ...]:
    """`card_worth` by card number for a player holding `disks`."""
    return WORTHS[scarcest(disks)]  # the last row, -1, is the one without a set


def policy(state: AnyState, rng: random.Random) -> Any:
    """The strategy above, for the seat to move in `state` (not a chance node)."""
    assert isinstance(state, RaidingState)
    disks = state.disks[state.seat]
    phase = state.phase
    # Pick and play read the lines and the hand straight, not the legal actions (the
    # first of the best all the same): a pick 1.7 µs instead of 2.9, a play 1.3 not 3.2.
    if phase is PICK_PHASE:
        worth = worths(disks)
        best: int | None = None
        best_value = -1.0e9
        for line, cards in enumerate(state.lines):  # RS-5: any non-empty line
            if cards and worth[cards[-1]] > best_value:
                best, best_value = line, worth[cards[-1]]
        assert best is not None, "a pick with every line empty"
        return TAKE[best]
    if phase is PLAY_PHASE:
        worth = worths(disks)
        card: int | None = None
        card_value = -1.0e9
        for number in state.hands[state.seat]:  # RS-6: sorted, so the lowest of the best
            if worth[number] > card_value:
                card, card_value = number, worth[number]
        assert card is not None, "a play from an empty hand"
        return PLAY[card]
    if phase is PLACE_PHASE:  # RS-8: any of the five piles, the first of the best
        values = place_values(state)
        return PLACE[values.index(max(values))]
    legal = state.legal_actions()
    return max(legal, key=lambda a: score(_without(disks, _set_aside(a))))


def place_values(state: RaidingState) -> list[float]:
    """Per pile: the gain if the black card would rank first there (RS-9), else the
    cost of a disk set aside."""
    seat, n, plays, start = state.seat, state.n, state.plays, state.start
    keys = [(CARD_COLOUR[plays[s]] == BLACK, -plays[s], distance(s, start, n))
            for s in range(n)]
    mine = keys[seat]
    outranked_at = {state.at_pile[s] for s in range(n) if s != seat and not mine < keys[s]}
    disks, piles = state.disks[seat], state.piles
    set_aside = -1.0 if sum(disks) else 0.0
    # `gain` for every pile at once, over the colours' indices rather than the enum:
    # 5.0 µs instead of 6.9, and a black card's whole choice 6.5 instead of 10.5.
    scarce = scarcest(disks)
    return [set_aside if colour in outranked_at else
            ((SET_GAIN if colour == scarce else -1) if piles[colour] else 0)
            for colour in PILES]


EVALUATION_WEIGHTS: Final[dict[int, tuple[float, float, float, float, float, float]]] = {
    2: (0.1586, -0.5648, 0.2756, -0.1555, 0.3970, -0.0883),
    3: (0.2175, -0.6330, 0.1479, -0.2237, 0.4336, 0.0739),
    4: (0.2767, -0.6628, 0.1354, -0.2881, 0.4012, 0.1175),
    5: (0.3593, -0.1096, 0.0270, -0.0864, -0.5684, -0.0924),
}
"""Per player count: the weights of score, colours short of the next set and hand total
/ 30, then the same three times the share of the cards still to be picked — a
multinomial logit fitted to the winners of heuristic self-play (12,000 games per count,
`benchmarks/fit_raiding_evaluation.py`), so a cut-off rollout scores what playing on
would have given on average."""


def share_left(state: RaidingState) -> float:
    """The share of the game's cards still to be picked: 1 at the deal, 0 at the end."""
    return (sum(state.deck) + sum(map(len, state.lines))) / (DECK_SIZE - LINES * state.n)


def seat_features(disks: list[int], hand: list[int]) -> tuple[int, int, int]:
    """What the evaluation weighs of a seat: its score (RS-16), the colours at its fewest
    disks (short of its next set) and its hand total (RS-17's tie-break)."""
    return score(disks), disks.count(min(disks)), sum(hand)


def evaluate(state: AnyState) -> list[float]:
    """Win chances from each seat's `seat_features`, weighed by how much of the game is
    left (for cut-off rollouts)."""
    assert isinstance(state, RaidingState)
    if state.phase is Phase.OVER:
        return state.returns()
    a_score, a_short, a_hand, b_score, b_short, b_hand = EVALUATION_WEIGHTS[state.n]
    left = share_left(state)
    w_score, w_short, w_hand = (a_score + b_score * left, a_short + b_short * left,
                                (a_hand + b_hand * left) / HIGHEST_CARD)
    utilities = []
    for disks, hand in zip(state.disks, state.hands, strict=True):
        points, short, total = seat_features(disks, hand)
        utilities.append(w_score * points + w_short * short + w_hand * total)
    top = max(utilities)
    weights = [math.exp(u - top) for u in utilities]
    total_weight = sum(weights)
    return [w / total_weight for w in weights]


def _set_aside(action: Any) -> int:
    assert isinstance(action, SetAside)
    return int(action.colour)


def _without(disks: list[int], colour: int) -> list[int]:
    less = disks[:]
    less[colour] -= 1
    return less
