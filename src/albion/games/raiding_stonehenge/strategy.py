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

import random
from typing import Any

from albion.core.game import AnyState
from albion.games.raiding_stonehenge import Colour, Phase, Place, Play, RaidingState, SetAside, Take
from albion.games.raiding_stonehenge.components import BLACK, CARD_COLOUR, HIGHEST_CARD
from albion.games.raiding_stonehenge.resolution import distance
from albion.games.raiding_stonehenge.scoring import SET_BONUS, score

BLACK_BONUS = 0.3
SET_GAIN = SET_BONUS - 1 + len(Colour)
"""RS-16: a disk that completes a set adds the set's 10 and takes the set's other four
disks off the count of disks outside sets."""
PICK_PHASE, PLAY_PHASE, PLACE_PHASE = Phase.PICK, Phase.PLAY, Phase.PLACE


def gain(disks: list[int], colour: int) -> int:
    """Score change from one more disk of `colour` (RS-16): it completes a set when
    `colour` alone is the scarcest, else it is one more disk outside sets."""
    low = min(disks)
    return SET_GAIN if disks[colour] == low and disks.count(low) == 1 else -1


def card_worth(gains: list[int], number: int) -> float:
    """A card's worth: its pile's gain (a black card: the best pile's, plus a little for
    the choice), weighted by its strength `number / 30`."""
    colour = CARD_COLOUR[number]
    value = max(gains) + BLACK_BONUS if colour == BLACK else gains[colour]
    return (value + 2) * number / HIGHEST_CARD


WORTHS: tuple[tuple[float, ...], ...] = tuple(
    tuple(card_worth(gains, number) for number in range(HIGHEST_CARD + 1))
    for gains in [*([SET_GAIN if c == scarce else -1 for c in Colour] for scarce in Colour),
                  [-1] * len(Colour)])
"""`card_worth` of every number, for each way the gains can fall: one colour completes a
set (its index), or none does (the last row)."""


def worths(disks: list[int]) -> tuple[float, ...]:
    """`card_worth` by card number for a player holding `disks`."""
    low = min(disks)
    return WORTHS[disks.index(low)] if disks.count(low) == 1 else WORTHS[-1]


def policy(state: AnyState, rng: random.Random) -> Any:
    """The strategy above, for the seat to move in `state` (not a chance node)."""
    assert isinstance(state, RaidingState)
    legal = state.legal_actions()
    disks = state.disks[state.seat]
    phase = state.phase
    if phase is PICK_PHASE:
        worth, lines = worths(disks), state.lines
        values = [worth[lines[_take(a)][-1]] for a in legal]
        return legal[values.index(max(values))]  # the first of the best
    if phase is PLAY_PHASE:
        worth = worths(disks)
        values = [worth[_play(a)] for a in legal]
        return legal[values.index(max(values))]
    if phase is PLACE_PHASE:
        values = place_values(state)
        return max(legal, key=lambda a: values[_place(a)])
    return max(legal, key=lambda a: score(_without(disks, _set_aside(a))))


def place_values(state: RaidingState) -> list[float]:
    """Per pile: the gain if the black card would rank first there (RS-9), else the
    cost of a disk set aside."""
    seat, n, plays, start = state.seat, state.n, state.plays, state.start
    keys = [(CARD_COLOUR[plays[s]] == BLACK, -plays[s], distance(s, start, n))
            for s in range(n)]
    mine = keys[seat]
    outranked_at = {state.at_pile[s] for s in range(n) if s != seat and not mine < keys[s]}
    disks = state.disks[seat]
    set_aside: float = -1 if sum(disks) else 0
    return [set_aside if colour in outranked_at else
            (gain(disks, colour) if state.piles[colour] else 0) for colour in Colour]


def evaluate(state: AnyState) -> list[float]:
    """Rough win chances from the current scores (for cut-off rollouts)."""
    assert isinstance(state, RaidingState)
    scores = [score(disks) for disks in state.disks]
    weights = [2.0 ** (s - max(scores)) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def _take(action: Any) -> int:
    assert isinstance(action, Take)
    return action.line


def _play(action: Any) -> int:
    assert isinstance(action, Play)
    return action.number


def _place(action: Any) -> int:
    assert isinstance(action, Place)
    return int(action.colour)


def _set_aside(action: Any) -> int:
    assert isinstance(action, SetAside)
    return int(action.colour)


def _without(disks: list[int], colour: int) -> list[int]:
    less = disks[:]
    less[colour] -= 1
    return less
