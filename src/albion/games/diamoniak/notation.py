"""Diamoniak notation: one short phrase per action, read back exactly (like UCI moves).

    draw | stop | pass | buy <colour> from P<n> | use fairy | keep fairy
    lose castle | lose <colour or diamond>            (the witch's toll)
    reveal <card> | first P<n>                        (chance)

Reading is forgiving (case, spacing, `buy from P2` means one's own colour); writing is
canonical. A text that cannot be read is refused in words (issue 29), the forms it
names as typed.
"""

from __future__ import annotations

from albion.core.errors import InvalidActionError
from albion.core.words import say
from albion.games.diamoniak.actions import (
    BUY,
    FIRST,
    LOSE,
    MAX_SEATS,
    REVEAL,
    Buy,
    Choice,
    DiamoniakAction,
    FirstPlayer,
    Lose,
    Reveal,
)
from albion.games.diamoniak.cards import NO_COLOUR, Card
from albion.games.diamoniak.record import DiamoniakRecord

CARDS_BY_NAME = {card.label: card for card in Card}
CHOICES_BY_TEXT = {choice.value: choice for choice in Choice}
LAST_SEAT = f"P{MAX_SEATS}"
HELP = ("draw, stop, pass, buy <colour> from P<n>, use fairy, keep fairy, lose castle, "
        "lose <colour|diamond>")


def action_text(action: DiamoniakAction) -> str:
    """The canonical text of `action`."""
    if isinstance(action, Choice):
        return action.value
    if isinstance(action, Buy):
        return f"buy {action.colour.label} from P{action.seller + 1}"
    if isinstance(action, Lose):
        return f"lose {action.card.label}"
    if isinstance(action, Reveal):
        return f"reveal {action.card.label}"
    if isinstance(action, FirstPlayer):
        return f"first P{action.seat + 1}"
    raise InvalidActionError(f"{action!r} is not a Diamoniak action")


def parse_action(state: DiamoniakRecord, text: str) -> DiamoniakAction:
    """The action `text` names; InvalidActionError (with the accepted forms) if none."""
    words = text.strip().lower().split()
    phrase = " ".join(words)
    if phrase in CHOICES_BY_TEXT:
        return CHOICES_BY_TEXT[phrase]
    match words:
        case ["buy", colour, "from", seat]:
            return BUY[_seat(seat)][_card(colour, castle_only=True)]
        case ["buy", "from", seat]:
            own = state.castle[state.seat]
            if own == NO_COLOUR:
                raise InvalidActionError(say("name the colour to buy: {form}",
                                             form="buy <colour> from P<n>"))
            return BUY[_seat(seat)][own]
        case ["lose", card]:
            return LOSE[_card(card)]
        case ["reveal", card]:
            return REVEAL[_card(card)]
        case ["first", seat]:
            return FIRST[_seat(seat)]
    raise InvalidActionError(say("{text} is not a Diamoniak action; try: {forms}",
                                 text=repr(text.strip()), forms=HELP))


def _card(word: str, castle_only: bool = False) -> Card:
    card = CARDS_BY_NAME.get(word)
    if card is None or (castle_only and not card.is_castle):
        kinds = [c.label for c in Card if c.is_castle or not castle_only]
        raise InvalidActionError(say("{word} is not a card here; one of: {cards}",
                                     word=repr(word), cards=", ".join(kinds)))
    return card


def _seat(word: str) -> int:
    digits = word.removeprefix("p")
    if not digits.isdigit() or not 1 <= int(digits) <= MAX_SEATS:
        raise InvalidActionError(say("{word} is not a seat; seats are P1 to {last}",
                                     word=repr(word), last=LAST_SEAT))
    return int(digits) - 1
