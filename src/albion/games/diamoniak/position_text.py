"""Diamoniak position text (read and written from a position's data, `record`; the
rules' `position.from_text` reads it into a state): any position on one line, like a chess FEN
(docs/position-text.md). Sections are separated by ` | `:

    diamoniak 2p first=seat0 release_empty=no diamonds_to=seller buy=own fairy=choose
    max_turns=500 | draw_or_stop P1 turns 4 | pile 5r 6b 6g 6y 17d 6w 3f | discard 1w |
    P1 castle 1r right 2d | P2 castle - right 1d

Cards are counted by kind: `r b g y` the castle colours, `d` diamond, `w` witch, `f`
fairy (DI-1, DI-13: castle pieces differ only by colour). A castle is its size and
colour (`0r`: emptied, the colour still owned, DI-5) or `-`. `toll N` and `winner Pn`
follow the turn only when set. The witch being resolved (fairy_choice, witch_toll) is
in nobody's pile: the 54 cards are conserved with it counted in hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from albion.core.errors import PositionError
from albion.core.position import parse_header
from albion.core.variants import Variant
from albion.games.diamoniak.cards import (
    CARDS_LOST_TO_WITCH,
    CASTLE_SIZE,
    COLOURS,
    DECK,
    NO_COLOUR,
    Card,
)
from albion.games.diamoniak.phase import Phase
from albion.games.diamoniak.record import DiamoniakRecord, Rules
from albion.games.diamoniak.rulings import VARIANTS

GAME_ID = "diamoniak"
PLAYERS = range(2, 5)
"""DI-1: 2-4 players."""
LETTERS = "rbgydwf"
"""One letter per Card, in Card order."""
WITCH_IN_HAND = (Phase.FAIRY_CHOICE, Phase.WITCH_TOLL)
"""DI-8: while these last, the witch drawn is held by the drawer, in no pile."""


def to_text(state: DiamoniakRecord) -> str:
    """The canonical one-line text of `state`."""
    variant = " ".join(f"{key}={value}" for key, value in state.rules.variant.items())
    turn = f"{state.phase.name.lower()} P{state.seat + 1} turns {state.turns}"
    if state.toll_left:
        turn += f" toll {state.toll_left}"
    if state.winner >= 0:
        turn += f" winner P{state.winner + 1}"
    sections = [f"{GAME_ID} {state.n}p {variant}", turn,
                f"pile {_counts_text(state.pile)}", f"discard {_counts_text(state.discard)}"]
    for seat in range(state.n):
        colour, size = state.castle[seat], state.castle_size[seat]
        castle = "-" if colour == NO_COLOUR else f"{size}{LETTERS[colour]}"
        sections.append(f"P{seat + 1} castle {castle} right {_counts_text(state.right[seat])}")
    return " | ".join(sections)


Record = TypeVar("Record", bound=DiamoniakRecord)


def from_text(text: str, make: Callable[[int, Rules], Record]) -> Record:
    """The position `text` describes, in a state `make(players, rules)` starts (the
    rules' `DiamoniakRecord.initial`); PositionError says what is wrong and where."""
    sections = [section.split() for section in text.replace("\n", " ").split("|")]
    if not sections[0]:
        raise PositionError("empty position text: it starts with `diamoniak`")
    n, variant = _header(sections[0])
    expected = 4 + n
    if len(sections) != expected:
        raise PositionError(f"{len(sections)} sections separated by `|`, expected {expected} "
                            f"for {n} players (header, turn, pile, discard, P1 … P{n})")
    state = make(n, Rules.of(variant))
    _turn(state, sections[1])
    state.pile = _named_counts(sections[2], "pile")
    state.discard = _named_counts(sections[3], "discard")
    for seat in range(n):
        _seat(state, seat, sections[4 + seat])
    _check(state)
    return state


def _header(words: list[str]) -> tuple[int, Variant]:
    return parse_header(words, game_id=GAME_ID, name="Diamoniak", players=PLAYERS,
                        ruling="DI-1", options=VARIANTS)


def _turn(state: DiamoniakRecord, words: list[str]) -> None:
    where = "turn section"
    if len(words) < 4 or words[2] != "turns":
        raise PositionError(f"{where}: expected `<phase> P<n> turns <count>`, got "
                            f"{' '.join(words)!r}")
    try:
        state.phase = Phase[words[0].upper()]
    except KeyError:
        phases = ", ".join(phase.name.lower() for phase in Phase)
        raise PositionError(f"{where}: unknown phase {words[0]!r}; phases: {phases}") from None
    state.seat = _seat_number(words[1], state.n, where)
    state.turns = _count(words[3], f"{where} turns")
    rest = words[4:]
    if rest[:1] == ["toll"]:
        if len(rest) < 2:
            raise PositionError(f"{where}: `toll` needs a number of cards")
        state.toll_left = _count(rest[1], f"{where} toll")
        if not 0 < state.toll_left <= CARDS_LOST_TO_WITCH:
            raise PositionError(f"{where}: toll {state.toll_left}; a witch takes 1 to "
                                f"{CARDS_LOST_TO_WITCH} cards (DI-8)")
        rest = rest[2:]
    if rest[:1] == ["winner"]:
        if len(rest) < 2:
            raise PositionError(f"{where}: `winner` needs a seat")
        state.winner = _seat_number(rest[1], state.n, where)
        rest = rest[2:]
    if rest:
        raise PositionError(f"{where}: unexpected {' '.join(rest)!r} (only `toll N` and "
                            f"`winner Pn` may follow the turn count)")


def _seat(state: DiamoniakRecord, seat: int, words: list[str]) -> None:
    where = f"P{seat + 1}"
    if len(words) < 5 or words[0] != where or words[1] != "castle" or words[3] != "right":
        raise PositionError(f"section of {where}: expected `{where} castle <size><colour> or "
                            f"- right <cards>`, got {' '.join(words)!r}")
    castle = words[2]
    if castle != "-":
        colour = LETTERS.find(castle[-1:])
        if not castle[-1:] or colour < 0 or Card(colour) not in COLOURS or \
                not _is_count(castle[:-1]):
            raise PositionError(f"{where} castle: {castle!r} is not a size and a colour "
                                f"letter (r b g y), like `2r`, nor `-`")
        size = int(castle[:-1])
        if size > CASTLE_SIZE:
            raise PositionError(f"{where} castle: {size} cards, but a castle holds at most "
                                f"{CASTLE_SIZE} (DI-10)")
        state.castle[seat], state.castle_size[seat] = colour, size
    state.right[seat] = _counts(words[4:], f"{where} right-hand pile")
    if state.right[seat][Card.WITCH]:
        raise PositionError(f"{where} right-hand pile: holds a witch, but witches go to the "
                            f"discard (DI-8)")


def _named_counts(words: list[str], name: str) -> list[int]:
    if not words or words[0] != name:
        raise PositionError(f"expected the `{name}` section, got {' '.join(words)!r}")
    return _counts(words[1:], name)


def _counts(words: list[str], where: str) -> list[int]:
    """`6r 20d` → counts by Card; `-` is none."""
    counts = [0] * len(Card)
    if words == ["-"]:
        return counts
    if not words:
        raise PositionError(f"{where}: no cards given (write `-` for none)")
    for word in words:
        card = LETTERS.find(word[-1:])
        if not word[-1:] or card < 0 or not _is_count(word[:-1]) or int(word[:-1]) == 0:
            raise PositionError(f"{where}: {word!r} is not a count and a card letter "
                                f"({' '.join(LETTERS)}), like `3d`")
        if counts[card]:
            raise PositionError(f"{where}: {Card(card).label} is counted twice")
        counts[card] = int(word[:-1])
    return counts


def _counts_text(counts: list[int]) -> str:
    return " ".join(f"{count}{LETTERS[card]}" for card, count in enumerate(counts)
                    if count) or "-"


def _check(state: DiamoniakRecord) -> None:
    """DI-1: each kind of card is somewhere, the witch in hand included; DI-5: a colour
    has one owner."""
    in_hand = 1 if state.phase in WITCH_IN_HAND else 0
    for card in Card:
        total = state.pile[card] + state.discard[card] + sum(r[card] for r in state.right)
        total += sum(size for colour, size in zip(state.castle, state.castle_size, strict=True)
                     if colour == card)
        if card is Card.WITCH:
            total += in_hand
        if total != DECK[card]:
            held = " (one held by the drawer)" if in_hand and card is Card.WITCH else ""
            raise PositionError(f"cards not conserved: {total} {card.label} cards in the "
                                f"position{held}, the game has {DECK[card]} (DI-1)")
    owned = [colour for colour in state.castle if colour != NO_COLOUR]
    if len(owned) != len(set(owned)):
        raise PositionError("two castles of one colour; a colour has one owner (DI-5)")


def _seat_number(word: str, n: int, where: str) -> int:
    if not (word.startswith("P") and _is_count(word[1:]) and 1 <= int(word[1:]) <= n):
        raise PositionError(f"{where}: {word!r} is not a seat P1 … P{n}")
    return int(word[1:]) - 1


def _count(word: str, where: str) -> int:
    if not _is_count(word):
        raise PositionError(f"{where}: {word!r} is not a whole number")
    return int(word)


def _is_count(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) < 10
