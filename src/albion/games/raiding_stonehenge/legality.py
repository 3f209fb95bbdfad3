"""Raiding Stonehenge legality: one check per kind of action, each returning the ruling it
breaks and why (a `Refusal`) or None. `RaidingState.legal_actions` is built from these
same checks, so a refusal always names the rule that actually forbids the action."""

from __future__ import annotations

from typing import Any, Final

from albion.core.errors import InvalidActionError, Refusal
from albion.core.words import say
from albion.games.raiding_stonehenge.actions import Deal, Place, Play, SetAside, Take
from albion.games.raiding_stonehenge.components import HIGHEST_CARD, LINES, Colour
from albion.games.raiding_stonehenge.phase import Phase
from albion.games.raiding_stonehenge.record import RaidingRecord
from albion.games.raiding_stonehenge.words import DISK

GAME_OVER: Final = Refusal("RS-15", say("the game is over"))
DEALT_BY_CHANCE: Final = Refusal("RS-3", say("cards are dealt by chance, not chosen"))
WHEN: Final = {
    Take: (Phase.PICK, Refusal("RS-5", say("cards are picked at the start of a round, each "
                                           "seat in turn"))),
    Play: (Phase.PLAY, Refusal("RS-6", say("a card is played once everyone has picked"))),
    Place: (Phase.PLACE, Refusal("RS-8", say("only a black card's player chooses a pile, "
                                             "after the coloured ones"))),
    SetAside: (Phase.SET_ASIDE, Refusal("RS-11", say("disks are set aside only by players "
                                                     "at a contested pile"))),
}

PLAYED_ALREADY: Final = {
    Phase.PLACE: Refusal("RS-8", say("this round's cards are played: a black card's player "
                                     "is choosing a pile")),
    Phase.SET_ASIDE: Refusal("RS-11", say("this round's cards are played: players at a "
                                          "contested pile are setting disks aside")),
}
"""A card played after the play step (RS-6 is over): the step the round is at."""
PILE_FIRST: Final = Refusal("RS-8", say("choose a pile first: disks are set aside once every "
                                        "black card's player has chosen one"))


def refusal(state: RaidingRecord, action: object) -> Refusal | None:
    """Why `action` is not legal now, or None if it is. Raises InvalidActionError for a
    value that is not a Raiding Stonehenge action at all."""
    if not _well_formed(action):
        raise InvalidActionError(f"{action!r} is not a Raiding Stonehenge action")
    phase = state.phase
    if phase is Phase.OVER:
        return GAME_OVER
    if isinstance(action, Deal):
        return deal_refusal(state, action.number)
    if phase is Phase.DEALING:
        return dealing_refusal(state)
    when, too_early = WHEN[type(action)]
    if phase is not when:
        return _out_of_step(phase, action, too_early)
    if isinstance(action, Take):
        return take_refusal(state, action.line)
    if isinstance(action, Play):
        return play_refusal(state, action.number)
    if isinstance(action, SetAside):
        return set_aside_refusal(state, Colour(action.colour))
    return None  # RS-8: a black card's player may go to any of the five piles


def _out_of_step(phase: Phase, action: object, too_early: Refusal) -> Refusal:
    """An action outside its step: a play after the play step names the step the
    round is at (RS-8, RS-11); a set-aside while a pile is being chosen says to choose
    it first (RS-8); anything else names its own step."""
    if isinstance(action, Play) and phase in PLAYED_ALREADY:
        return PLAYED_ALREADY[phase]
    if isinstance(action, SetAside) and phase is Phase.PLACE:
        return PILE_FIRST
    return too_early


def _well_formed(action: object) -> bool:
    """Arguments of the right kind and range (a plain int is taken for a Colour)."""
    given: Any = action  # its fields as given, not as declared (compiled code checks those)
    if isinstance(action, Deal | Play):
        return isinstance(given.number, int) and 1 <= given.number <= HIGHEST_CARD
    if isinstance(action, Take):
        return isinstance(given.line, int) and 0 <= given.line < LINES
    if isinstance(action, Place | SetAside):
        return isinstance(given.colour, int) and 0 <= given.colour < len(Colour)
    return False


def deal_refusal(state: RaidingRecord, number: int) -> Refusal | None:
    """RS-1, RS-3: chance deals only while cards are being dealt, and only a card the deck
    still holds."""
    if state.phase is not Phase.DEALING:
        return DEALT_BY_CHANCE
    return None if state.deck[number] else Refusal(
        "RS-1", say("no {number} is left in the deck", number=number))


def dealing_refusal(state: RaidingRecord) -> Refusal:
    """RS-3 at the start, RS-13 between rounds: nobody decides while cards are dealt."""
    if state.round == 1:
        return Refusal("RS-3", say("the cards are being dealt"))
    return Refusal("RS-13", say("the lines are being refilled"))


def take_refusal(state: RaidingRecord, line: int) -> Refusal | None:
    """RS-5: the bottom card (RS-4) of any non-empty line."""
    return None if state.lines[line] else Refusal(
        "RS-5", say("line {line} is empty: take from any line that holds a card",
                    line=line + 1))


def play_refusal(state: RaidingRecord, number: int) -> Refusal | None:
    """RS-6: a card from one's own hand."""
    return None if number in state.hands[state.seat] else Refusal(
        "RS-6", say("{number} is not in your hand", number=number))


def set_aside_refusal(state: RaidingRecord, colour: Colour) -> Refusal | None:
    """RS-11, RS-20: a disk the player holds (of the pile's colour with
    set_aside=pile-colour)."""
    if colour in state.set_aside_choices(state.seat):
        return None
    if state.rules.pile_colour:
        return Refusal("RS-11", say("with set_aside=pile-colour the disk must be of the "
                                    "pile's colour"))
    return Refusal("RS-11", say("you hold no {disk}", disk=DISK[colour]))
