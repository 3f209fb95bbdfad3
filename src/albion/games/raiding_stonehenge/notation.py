"""Raiding Stonehenge notation, read back exactly:

    take line <1-5> | play <n> | place <colour> | set aside <colour>
    deal <n> to line <1-5> | deal <n> to P<k>            (chance)

`describe` is what a given viewer may read: another seat's play and a card dealt to
another seat's hand show no number (RS-6, RS-18). A text that cannot be read is refused in
words (issue 29), the forms it names as typed.
"""

from __future__ import annotations

from albion.core.errors import InvalidActionError
from albion.core.words import Words, say
from albion.games.raiding_stonehenge.actions import (
    DEAL,
    PLACE,
    PLAY,
    SET_ASIDE,
    TAKE,
    Deal,
    Place,
    Play,
    RaidingAction,
    SetAside,
    Take,
)
from albion.games.raiding_stonehenge.components import HIGHEST_CARD, LINES, Colour
from albion.games.raiding_stonehenge.record import HAND_TARGET, RaidingRecord

COLOUR_BY_NAME = {colour.label: colour for colour in Colour}
HELP = "take line <1-5>, play <number>, place <colour>, set aside <colour>"


def target_text(target: int) -> str:
    return f"line {target + 1}" if target < HAND_TARGET else f"P{target - HAND_TARGET + 1}"


def action_text(state: RaidingRecord, action: RaidingAction) -> str:
    """The canonical, complete text (what a record holds)."""
    if isinstance(action, Take):
        return f"take line {action.line + 1}"
    if isinstance(action, Play):
        return f"play {action.number}"
    if isinstance(action, Place):
        return f"place {action.colour.label}"
    if isinstance(action, SetAside):
        return f"set aside {action.colour.label}"
    if isinstance(action, Deal):
        target = state.deal_queue[0] if state.deal_queue else 0
        return f"deal {action.number} to {target_text(target)}"
    raise InvalidActionError(f"{action!r} is not a Raiding Stonehenge action")


def describe(state: RaidingRecord, action: RaidingAction, viewer: int | None) -> str:
    """The action as `viewer` may read it, with the card a take reveals."""
    if isinstance(action, Play) and viewer != state.seat:
        return "play a card face down"
    if isinstance(action, Deal) and state.deal_queue:
        target = state.deal_queue[0]
        if target >= HAND_TARGET and viewer != target - HAND_TARGET:
            return f"deal a card to {target_text(target)}"
    if isinstance(action, Take) and state.lines[action.line]:
        return f"take {state.lines[action.line][-1]} from line {action.line + 1}"
    return action_text(state, action)


def parse_action(state: RaidingRecord, text: str) -> RaidingAction:
    """The action `text` names; InvalidActionError (with the accepted forms) if none."""
    words = text.strip().lower().split()
    match words:
        case ["take", "line", line] | ["take", line]:
            return TAKE[_index(line, LINES, "line")]
        case ["play", number]:
            return PLAY[_index(number, HIGHEST_CARD, "card") + 1]
        case ["place", colour] | ["go", "to", colour]:
            return PLACE[_colour(colour)]
        case ["set", "aside", colour] | ["return", colour]:
            return SET_ASIDE[_colour(colour)]
        case ["deal", number, "to", *_]:
            action = DEAL[_index(number, HIGHEST_CARD, "card") + 1]
            expected = action_text(state, action)
            if " ".join(words) != expected.lower():
                raise InvalidActionError(say("the next card is dealt as {action}",
                                             action=repr(expected)))
            return action
        case ["deal", number]:
            return DEAL[_index(number, HIGHEST_CARD, "card") + 1]
    raise InvalidActionError(say("{text} is not a Raiding Stonehenge action; try: {forms}",
                                 text=repr(text.strip()), forms=HELP))


NOT_A: dict[str, Words] = {
    "line": say("{word} is not a line; lines are 1 to {count}"),
    "card": say("{word} is not a card; cards are 1 to {count}"),
}
"""A number out of its range, by what it numbers."""


def _index(word: str, count: int, what: str) -> int:
    """A 1-based number in text → a 0-based index below `count`."""
    if not word.isdigit() or not 1 <= int(word) <= count:
        raise InvalidActionError(NOT_A[what].with_args(word=repr(word), count=count))
    return int(word) - 1


def _colour(word: str) -> Colour:
    if word not in COLOUR_BY_NAME:
        raise InvalidActionError(say("{word} is not a pile; piles: {piles}", word=repr(word),
                                     piles=", ".join(COLOUR_BY_NAME)))
    return COLOUR_BY_NAME[word]
