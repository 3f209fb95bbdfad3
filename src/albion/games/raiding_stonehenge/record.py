"""Raiding Stonehenge's data, on the package's ground floor (issue 26): the variant read
into flags (`Rules`) and a position's fields (`RaidingRecord`) with its setup deal. The
rules (`state`), their checks (`legality`), the notation and the position text import
this module, and it imports none of them: no import circle."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Self

from albion.core.pickling import picklable
from albion.core.state import State
from albion.core.variants import Variant
from albion.games.raiding_stonehenge.actions import RaidingAction
from albion.games.raiding_stonehenge.components import (
    COLOURS,
    DISKS_PER_COLOUR,
    HAND_SIZE,
    HIGHEST_CARD,
    LINES,
    full_deck,
)
from albion.games.raiding_stonehenge.phase import Phase
from albion.games.raiding_stonehenge.rulings import Contest, RotateStart, SetAside
from albion.games.raiding_stonehenge.view import RaidingView

HAND_TARGET: Final = LINES
"""Deal-queue targets below LINES are lines; LINES + seat is that seat's hand."""
NO_PILE: Final = -1


@dataclass(frozen=True, slots=True)
class Rules:
    """The variant, read once into flags for the per-step path."""

    all_lose: bool
    pile_colour: bool
    rotate_start: bool
    variant: Variant

    @classmethod
    def of(cls, variant: Variant) -> Rules:
        return cls(all_lose=variant.choice("contest", Contest) is Contest.ALL_LOSE,
                   pile_colour=variant.choice("set_aside", SetAside) is SetAside.PILE_COLOUR,
                   rotate_start=variant.choice("rotate_start", RotateStart) is RotateStart.YES,
                   variant=variant)


def setup_deal(players: int, start: int) -> list[int]:
    """RS-3 and RS-19: N passes over the 5 lines left to right, then 5 passes over the
    seats clockwise from the start player."""
    lines = [line for _ in range(players) for line in range(LINES)]
    hands = [HAND_TARGET + (start + k) % players for _ in range(HAND_SIZE)
             for k in range(players)]
    return lines + hands


FIELDS: Final = (
    "rules", "n", "start", "phase", "seat", "acted", "round", "deck", "lines", "hands",
    "plays", "at_pile", "pending", "placed", "deal_queue", "piles", "disks", "discard",
    "taken", "last_plays",
)
"""Every field of a position (what equal positions agree on): the record's slots, named
here because a compiled class has no `__slots__` to read (issue 28, item 4)."""


class RaidingRecord(State[RaidingAction, RaidingView]):
    """A Raiding Stonehenge position's fields."""

    __slots__ = FIELDS

    rules: Rules
    n: int
    start: int  # RS-14: the gray figure
    phase: Phase
    seat: int  # who decides (PICK, PLAY, PLACE, SET_ASIDE)
    acted: int  # seats done in this PICK or PLAY step
    round: int
    deck: list[int]  # counts by number
    lines: list[list[int]]  # top to bottom; the last card is the bottom (RS-4)
    hands: list[list[int]]  # sorted
    plays: list[int]  # committed card per seat, 0 if none
    at_pile: list[int]  # this round's pile per seat, NO_PILE if none yet
    pending: list[int]  # seats still to place (PLACE) or set aside (SET_ASIDE), in order
    placed: list[int]  # seats in placement order this round (RS-7, RS-8)
    deal_queue: list[int]
    piles: list[int]
    disks: list[list[int]]
    discard: list[int]  # played cards by number
    taken: list[list[int]]  # per seat: cards seen taken from a line, still in hand (RS-18)
    last_plays: list[int]  # the cards revealed in the round before (RS-18), 0s at first

    @classmethod
    def initial(cls, num_players: int, rules: Rules) -> Self:
        """RS-3, RS-19: seat 0 starts; lines then hands are dealt from a full deck."""
        state = cls()
        state.rules, state.n, state.start = rules, num_players, 0
        state.phase, state.seat, state.acted, state.round = Phase.DEALING, 0, 0, 1
        state.deck = full_deck()
        state.lines = [[] for _ in range(LINES)]
        state.hands = [[] for _ in range(num_players)]
        state.plays = [0] * num_players
        state.at_pile = [NO_PILE] * num_players
        state.pending, state.placed = [], []
        state.deal_queue = setup_deal(num_players, 0)
        state.piles = [DISKS_PER_COLOUR] * len(COLOURS)
        state.disks = [[0] * len(COLOURS) for _ in range(num_players)]
        state.discard = [0] * (HIGHEST_CARD + 1)
        state.taken = [[] for _ in range(num_players)]
        state.last_plays = [0] * num_players
        return state


    def set_aside_choices(self, seat: int) -> list[int]:
        """RS-11, RS-20: colours `seat` may give back."""
        disks = self.disks[seat]
        if self.rules.pile_colour:
            colour = self.at_pile[seat]
            return [colour] if disks[colour] else []
        return [colour for colour in COLOURS if disks[colour]]


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
