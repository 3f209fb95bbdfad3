"""Raiding Stonehenge's observation tensor (docs/observations.md): a seat's view as 372
numbers in [0, 1]. It is read from the view alone, so it holds the viewer's own hand and
committed card and of the others only what RS-18 makes public: hand sizes, whether they
have committed, the cards seen taken from a line, revealed cards, disks and the discard.

Seats are counted from the viewer (the viewer first, then clockwise, RS-19) and padded to
five places. A spectator's tensor counts from seat 0 and has no hand. Card numbers are
scaled by 30, counts by number by 2 (RS-1: two copies of each), disks by 10."""

from __future__ import annotations

from enum import StrEnum

import numpy as np
import numpy.typing as npt

from albion.core.observation import ObservationLayout, Slice
from albion.games.raiding_stonehenge.components import (
    CARD_COLOUR,
    COLOURS,
    COPIES,
    DECK_SIZE,
    DISKS_PER_COLOUR,
    HAND_SIZE,
    HIGHEST_CARD,
    LINES,
)
from albion.games.raiding_stonehenge.phase import Phase
from albion.games.raiding_stonehenge.rulings import Contest, RotateStart, SetAside
from albion.games.raiding_stonehenge.view import RaidingView

SEATS = 5
"""RS-2: at most five players."""
LINE_PLACES = SEATS
"""RS-3, RS-13: a line holds at most N cards."""
CARD_COLOURS = len(COLOURS) + 1
"""White, blue, green, yellow, red and black (RS-1)."""
MAX_HAND = HAND_SIZE + 1
"""RS-5: five cards, six between a pick and a play."""
MAX_ROUND = DECK_SIZE // 2 - HAND_SIZE + 1
"""60/N − 5 rounds (hands end at five cards), then the end: at most 26."""
NUMBERS = range(1, HIGHEST_CARD + 1)

LAYOUT = ObservationLayout("Raiding Stonehenge", (
    Slice("seats", SEATS, "1 for each place with a player, the viewer's first, then "
          "clockwise (RS-19); 0 for empty places at a smaller table"),
    Slice("to_decide", SEATS, "one-hot: the seat the engine asks next (in a play step, the "
          "first still to commit: RS-6 lets the others commit too); 0 at chance and the end"),
    Slice("start", SEATS, "one-hot: who holds the gray figure (RS-14)"),
    Slice("phase", len(Phase), "one-hot phase: dealing, pick, play, place, set aside, over"),
    Slice("round", 1, "round / 26 (at most 60/N − 5 rounds, RS-15)"),
    Slice("lines", LINES * LINE_PLACES, "per line (1–5), 5 values: its cards from the "
          "bottom (the one that can be taken, RS-4) up, number / 30; 0 where empty"),
    Slice("line_colours", LINES * CARD_COLOURS, "per line, 6 values: one-hot colour of its "
          "bottom card: white, blue, green, yellow, red, black (RS-1); all 0 when empty"),
    Slice("deck", 1, "cards left in the deck / 60 (RS-13)"),
    Slice("hand", HIGHEST_CARD, "the viewer's hand: copies of each number 1–30 / 2 "
          "(RS-18: only its owner sees it)"),
    Slice("hand_sizes", SEATS, "per place: hand size / 6"),
    Slice("committed", SEATS, "per place: 1 once it has committed its card (RS-6)"),
    Slice("own_play", 1, "the viewer's committed card / 30; 0 if none (RS-18)"),
    Slice("revealed", SEATS, "per place: its card once revealed / 30 (RS-6), else 0"),
    Slice("at_pile", SEATS * len(COLOURS), "per place, 5 values: one-hot pile it went to "
          "this round (white, blue, green, yellow, red; RS-7, RS-8); all 0 if none yet"),
    Slice("pending", SEATS, "per place: 1 while it still has to place or set aside "
          "(RS-8, RS-21)"),
    Slice("piles", len(COLOURS), "disks left in each pile / 10"),
    Slice("disks", SEATS * len(COLOURS), "per place, 5 values: disks held by colour / 10"),
    Slice("discard", HIGHEST_CARD, "played cards: copies of each number / 2 (RS-6)"),
    Slice("taken", SEATS * HIGHEST_CARD, "per place, 30 values: cards everyone saw it take "
          "from a line and not play since, copies of each number / 2 (RS-18)"),
    Slice("last_plays", SEATS, "per place: the card it revealed the round before / 30"),
    Slice("variant", 3, "1 where the variant is not the default: contest=all-lose, "
          "set_aside=pile-colour, rotate_start=no"),
))

_O = {part.name: LAYOUT.offset(part.name) for part in LAYOUT.slices}
_PHASES = {phase.name.lower(): phase.value for phase in Phase}
_COLOUR_INDEX = tuple(colour if colour >= 0 else len(COLOURS) for colour in CARD_COLOUR)
_DEFAULTS: tuple[tuple[str, StrEnum], ...] = (
    ("contest", Contest.ALL_LOSE), ("set_aside", SetAside.PILE_COLOUR),
    ("rotate_start", RotateStart.NO))


def observation_tensor(view: RaidingView) -> npt.NDArray[np.float32]:
    """The view as LAYOUT says (RS-18: the viewer's secrets and public facts only)."""
    out = [0.0] * LAYOUT.size
    o = _O
    n = view.num_players
    first = view.seat or 0
    place = [(seat - first) % n for seat in range(n)]
    for seat in range(n):
        at = place[seat]
        out[at] = 1.0
        out[o["hand_sizes"] + at] = view.hand_sizes[seat] / MAX_HAND
        out[o["committed"] + at] = float(view.committed[seat])
        out[o["revealed"] + at] = view.revealed[seat] / HIGHEST_CARD
        if view.at_pile[seat] >= 0:
            out[o["at_pile"] + at * len(COLOURS) + view.at_pile[seat]] = 1.0
        for colour, count in enumerate(view.disks[seat]):
            out[o["disks"] + at * len(COLOURS) + colour] = count / DISKS_PER_COLOUR
        base = o["taken"] + at * HIGHEST_CARD - 1
        for card in view.taken[seat]:
            out[base + card] += 1 / COPIES
        out[o["last_plays"] + at] = view.last_plays[seat] / HIGHEST_CARD if \
            view.last_plays else 0.0
    for seat in view.pending:
        out[o["pending"] + place[seat]] = 1.0
    if view.current_player >= 0:
        out[o["to_decide"] + place[view.current_player]] = 1.0
    out[o["start"] + place[view.start]] = 1.0
    out[o["phase"] + _PHASES[view.phase]] = 1.0
    out[o["round"]] = min(1.0, view.round / MAX_ROUND)
    for line, cards in enumerate(view.lines):
        for k, card in enumerate(reversed(cards)):
            out[o["lines"] + line * LINE_PLACES + k] = card / HIGHEST_CARD
        if cards:
            out[o["line_colours"] + line * CARD_COLOURS + _COLOUR_INDEX[cards[-1]]] = 1.0
    out[o["deck"]] = view.deck_size / DECK_SIZE
    for card in view.hand or ():
        out[o["hand"] + card - 1] += 1 / COPIES
    out[o["own_play"]] = view.own_play / HIGHEST_CARD
    for colour, count in enumerate(view.piles):
        out[o["piles"] + colour] = count / DISKS_PER_COLOUR
    for card in NUMBERS:
        out[o["discard"] + card - 1] = view.discard[card] / COPIES
    for index, (key, value) in enumerate(_DEFAULTS):
        out[o["variant"] + index] = float(view.variant.choice(key, type(value)) is value)
    return np.array(out, dtype=np.float32)
