"""Diamoniak's observation tensor (docs/observations.md): a seat's view as 92 numbers in
[0, 1]. DI-11: everything but the pile's order is public, and the view holds no order, so
every seat's tensor differs only in whose seat comes first.

Seats are counted from the viewer (the viewer first, then clockwise, DI-2) and padded to
four places, so one policy plays every seat and every table size. A spectator's tensor
counts from seat 0. Counts are divided by the deck's count of that card (DI-1)."""

from __future__ import annotations

from enum import StrEnum

import numpy as np
import numpy.typing as npt

from albion.core.observation import ObservationLayout, Slice
from albion.games.diamoniak.cards import CARDS_LOST_TO_WITCH, CASTLE_SIZE, COLOURS, DECK
from albion.games.diamoniak.phase import Phase
from albion.games.diamoniak.rulings import Buy, DiamondsTo, Fairy, First, ReleaseEmpty
from albion.games.diamoniak.view import DiamoniakView

SEATS = 4
"""DI-1: at most four players; smaller tables leave the last places empty."""
KINDS = len(DECK)
NONE_COLOUR = len(COLOURS)
CARD_NAMES = "red, blue, green, yellow, diamond, witch, fairy"

LAYOUT = ObservationLayout("Diamoniak", (
    Slice("seats", SEATS, "1 for each place with a player, the viewer's first, then "
          "clockwise (DI-2); 0 for empty places at a smaller table"),
    Slice("turn", SEATS, "one-hot: whose turn it is, viewer first (also during its draws "
          "and its witch); all 0 before the first player is drawn"),
    Slice("to_decide", SEATS, "one-hot: the seat that must decide now; all 0 at chance and "
          "at the end"),
    Slice("phase", len(Phase), "one-hot phase: first player, turn start, drawing, draw or "
          "stop, fairy choice, witch toll, over"),
    Slice("pile", KINDS, f"draw pile by card ({CARD_NAMES}) over the deck's count "
          "(6, 6, 6, 6, 20, 7, 3): DI-11, the pile's make-up is public"),
    Slice("discard", KINDS, "discard by card, scaled the same"),
    Slice("castle_colour", SEATS * (NONE_COLOUR + 1), "per place (viewer first), 5 values: "
          "one-hot castle colour red, blue, green, yellow, or none (DI-4, DI-5)"),
    Slice("castle_size", SEATS, "per place: castle cards / 6 (DI-10)"),
    Slice("right_piles", SEATS * KINDS, f"per place, 7 values: right-hand pile by card "
          f"({CARD_NAMES}) over the deck's count (DI-4, DI-6; a witch is never there)"),
    Slice("toll_left", 1, "cards the witch still takes / 3 (DI-8)"),
    Slice("turns", 1, "turns played / max_turns (DI-10's cap)"),
    Slice("winner", SEATS, "one-hot: the winner once the game is over; all 0 while it "
          "runs and at a draw"),
    Slice("variant", 5, "1 where the variant is not the default: first=random, "
          "release_empty=yes, diamonds_to=discard, buy=any, fairy=auto"),
))

_TURN, _DECIDE, _PHASE = (LAYOUT.offset(name) for name in ("turn", "to_decide", "phase"))
_PILE, _DISCARD, _COLOUR = (LAYOUT.offset(name) for name in ("pile", "discard",
                                                              "castle_colour"))
_SIZE, _RIGHT, _TOLL = (LAYOUT.offset(name) for name in ("castle_size", "right_piles",
                                                          "toll_left"))
_TURNS, _WINNER, _VARIANT = (LAYOUT.offset(name) for name in ("turns", "winner", "variant"))
_NOT_DEFAULT: tuple[tuple[str, StrEnum], ...] = (
    ("first", First.RANDOM), ("release_empty", ReleaseEmpty.YES),
    ("diamonds_to", DiamondsTo.DISCARD), ("buy", Buy.ANY), ("fairy", Fairy.AUTO))
_PHASES = {phase.name.lower(): phase.value for phase in Phase}


def observation_tensor(view: DiamoniakView) -> npt.NDArray[np.float32]:
    """The view as LAYOUT says (DI-11: nothing in it is secret)."""
    out = [0.0] * LAYOUT.size
    n = view.num_players
    first = view.seat or 0
    place = [(seat - first) % n for seat in range(n)]  # seat -> place, viewer first
    for seat in range(n):
        out[place[seat]] = 1.0
    phase = _PHASES[view.phase]
    if phase != Phase.FIRST_PLAYER:
        out[_TURN + place[view.turn_seat]] = 1.0
    if view.current_player >= 0:
        out[_DECIDE + place[view.current_player]] = 1.0
    out[_PHASE + phase] = 1.0
    for card in range(KINDS):
        out[_PILE + card] = view.draw_pile[card] / DECK[card]
        out[_DISCARD + card] = view.discard[card] / DECK[card]
    for seat in range(n):
        at = place[seat]
        colour, size = view.castles[seat]
        out[_COLOUR + at * (NONE_COLOUR + 1) + (colour if colour >= 0 else NONE_COLOUR)] = 1.0
        out[_SIZE + at] = size / CASTLE_SIZE
        pile = view.right_piles[seat]
        for card in range(KINDS):
            out[_RIGHT + at * KINDS + card] = pile[card] / DECK[card]
    out[_TOLL] = view.toll_left / CARDS_LOST_TO_WITCH
    out[_TURNS] = view.turns / view.variant.number("max_turns")
    if view.winner >= 0:
        out[_WINNER + place[view.winner]] = 1.0
    for index, (key, value) in enumerate(_NOT_DEFAULT):
        out[_VARIANT + index] = float(view.variant.choice(key, type(value)) is value)
    return np.array(out, dtype=np.float32)
