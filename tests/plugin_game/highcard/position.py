"""High Card position texts, one line of sections separated by ` | `:

    high-card 2p | deck 2x1 1x2 … | P1 hand 1 5 9 | P2 hand 2 3 | plays 5 7

`deck` counts the undealt cards by number, `-` is an empty list. Hands are sorted when
read; a text that reads is a consistent position (every card once, hands the right size).
"""

from __future__ import annotations

from albion.core.errors import PositionError

from .rules import CARDS, COPIES, HAND
from .state import HighCardState

GAME_ID = "high-card"


def to_text(state: HighCardState) -> str:
    deck = " ".join(f"{state.deck[card]}x{card}" for card in CARDS if state.deck[card])
    hands = [f"P{seat + 1} hand {_cards(hand)}" for seat, hand in enumerate(state.hands)]
    return " | ".join([f"{GAME_ID} {state.n}p", f"deck {deck or '-'}", *hands,
                       f"plays {_cards(state.plays)}"])


def _cards(cards: list[int]) -> str:
    return " ".join(map(str, cards)) or "-"


def from_text(text: str) -> HighCardState:
    sections = [section.split() for section in text.split("|")]
    match sections[0]:
        case [game, players] if game == GAME_ID and players in ("2p", "3p"):
            state = HighCardState(int(players[0]))
        case _:
            raise PositionError(f"header: expected '{GAME_ID} 2p' or '{GAME_ID} 3p'")
    if len(sections) != state.n + 3:
        raise PositionError(f"expected {state.n + 3} sections, found {len(sections)}")
    state.deck = [0] * (len(CARDS) + 1)
    for word in _body(sections[1], "deck"):
        count, _, card = word.partition("x")
        state.deck[_card(card, "deck")] += _number(count, "deck")
    for seat in range(state.n):
        state.hands[seat] = sorted(_card(word, f"P{seat + 1}")
                                   for word in _body(sections[seat + 2], f"P{seat + 1}", "hand"))
    state.plays = [_card(word, "plays") for word in _body(sections[-1], "plays")]
    _check(state)
    return state


def _body(words: list[str], *head: str) -> list[str]:
    if tuple(words[:len(head)]) != head or len(words) == len(head):
        raise PositionError(f"section {' '.join(head)!r}: expected '{' '.join(head)} …'")
    body = words[len(head):]
    return [] if body == ["-"] else body


def _number(word: str, where: str) -> int:
    if not word.isdigit():
        raise PositionError(f"{where}: {word!r} is not a count")
    return int(word)


def _card(word: str, where: str) -> int:
    if not word.isdigit() or int(word) not in CARDS:
        raise PositionError(f"{where}: {word!r} is not a card (1 to 9)")
    return int(word)


def _check(state: HighCardState) -> None:
    """HC-1: every card once; the hands as the deal and the plays left them."""
    for card in CARDS:
        found = state.deck[card] + sum(hand.count(card) for hand in state.hands) + \
            state.plays.count(card)
        if found != COPIES:
            raise PositionError(f"card {card}: found {found}, the box holds {COPIES}")
    dealt = state.dealt()
    if len(state.plays) > HAND * state.n or (state.plays and dealt < HAND * state.n):
        raise PositionError("plays: cards are played only once every hand is dealt")
    for seat, hand in enumerate(state.hands):
        played = sum(state.seat_of_play(i) == seat for i in range(len(state.plays)))
        if len(hand) != min(HAND, max(0, dealt - HAND * seat)) - played:
            raise PositionError(f"P{seat + 1}: a hand of {len(hand)} cards cannot be here")
