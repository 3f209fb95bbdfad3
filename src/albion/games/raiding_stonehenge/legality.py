"""Why a Raiding Stonehenge action is refused: the ruling it breaks, in plain words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from albion.core.errors import AlbionError, IllegalActionError, InvalidActionError
from albion.games.raiding_stonehenge.actions import Deal, Place, Play, SetAside, Take
from albion.games.raiding_stonehenge.components import HIGHEST_CARD, LINES, Colour
from albion.games.raiding_stonehenge.phase import Phase

if TYPE_CHECKING:
    from albion.games.raiding_stonehenge.state import RaidingState

WHEN = {
    Take: ("RS-5", "cards are picked at the start of a round, each seat in turn"),
    Play: ("RS-6", "a card is played once everyone has picked, each seat in turn"),
    Place: ("RS-8", "only a black card's player chooses a pile, after the coloured ones"),
    SetAside: ("RS-11", "disks are set aside only by players at a contested pile"),
}


def _well_formed(action: object) -> bool:
    """Arguments of the right kind and range (a plain int is taken for a Colour)."""
    if isinstance(action, Deal | Play):
        return isinstance(action.number, int) and 1 <= action.number <= HIGHEST_CARD
    if isinstance(action, Take):
        return isinstance(action.line, int) and 0 <= action.line < LINES
    if isinstance(action, Place | SetAside):
        return isinstance(action.colour, int) and 0 <= action.colour < len(Colour)
    return False


def why_illegal(state: RaidingState, action: object) -> AlbionError:
    """The error for `action`, which `state.legal_actions()` does not hold."""
    if not isinstance(action, Deal | Take | Play | Place | SetAside) or not _well_formed(
            action):
        return InvalidActionError(f"{action!r} is not a Raiding Stonehenge action")
    phase = state.phase
    if phase == Phase.OVER:
        return IllegalActionError("RS-15", "the game is over")
    if isinstance(action, Deal):
        if phase == Phase.DEALING:
            return IllegalActionError("RS-1", f"no {action.number} is left in the deck")
        return IllegalActionError("RS-3", "cards are dealt by chance, not chosen")
    if phase == Phase.DEALING:
        return IllegalActionError("RS-13", "cards are being dealt")
    ruling, when = WHEN[type(action)]
    if {Take: Phase.PICK, Play: Phase.PLAY, Place: Phase.PLACE,
            SetAside: Phase.SET_ASIDE}[type(action)] != phase:
        return IllegalActionError(ruling, when)
    seat = state.seat
    if isinstance(action, Take):
        return IllegalActionError("RS-4", f"line {action.line + 1} is empty")
    if isinstance(action, Play):
        return IllegalActionError("RS-6", f"{action.number} is not in your hand")
    if isinstance(action, SetAside):
        if state.rules.pile_colour:
            return IllegalActionError("RS-11", "with set_aside=pile-colour the disk must be "
                                      "of the pile's colour")
        return IllegalActionError("RS-11", f"you hold no {Colour(action.colour).label} disk")
    return IllegalActionError("RS-8", f"P{seat + 1} cannot go there")
