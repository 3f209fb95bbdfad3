"""Raiding Stonehenge position text (read and written from a position's data, `record`;
the rules' `position.from_text` reads it into a state): any position on one line, like a
chess FEN (docs/position-text.md). Sections are separated by ` | `:

    raiding-stonehenge 2p contest=first-takes set_aside=any rotate_start=yes
    | round 3 pick P2 start P2 acted 0 | deck 1-4x2,5,7-30x2 | discard 6 | queue -
    | lines 8 3,14 - - 29 | piles 10w 9b 10g 10y 10r | placed - waiting -
    | P1 hand 2,5,9,11,20 play - at - disks 1b taken 9 last 6 | P2 hand … last 5

Numbers are cards (RS-1). A multiset of cards (deck, discard) is written in runs:
`1-4x2` is two of each of 1 to 4, `5` one 5. A line lists its cards top to bottom (the
bottom, RS-4, last); `-` is empty. The deal queue names the next targets: `L1`-`L5` a
line, `P1`… a hand (RS-3, RS-13). Disks and piles count `w b g y r` (white, blue, green,
yellow, red). Per seat: the sorted hand, the committed play (RS-6), the pile it went to,
its disks, the cards seen taken (RS-18) and the card it revealed the round before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from albion.core.errors import PositionError
from albion.core.position import parse_header
from albion.core.variants import Variant
from albion.games.raiding_stonehenge.components import (
    COLOURS,
    COPIES,
    DISKS_PER_COLOUR,
    HIGHEST_CARD,
    LINES,
    Colour,
)
from albion.games.raiding_stonehenge.phase import Phase
from albion.games.raiding_stonehenge.record import HAND_TARGET, NO_PILE, RaidingRecord, Rules
from albion.games.raiding_stonehenge.rulings import VARIANTS

GAME_ID = "raiding-stonehenge"
PLAYERS = range(2, 6)
"""RS-2: 2-5 players."""
LETTERS = "wbgyr"
"""One letter per disk colour, in Colour order."""
SECTIONS = ("round", "deck", "discard", "queue", "lines", "piles", "placed")
RUN = re.compile(r"(\d{1,2})(?:-(\d{1,2}))?(?:x(\d))?$")


def to_text(state: RaidingRecord) -> str:
    """The canonical one-line text of `state`."""
    variant = " ".join(f"{key}={value}" for key, value in state.rules.variant.items())
    queue = ",".join(f"L{t + 1}" if t < HAND_TARGET else f"P{t - HAND_TARGET + 1}"
                     for t in state.deal_queue)
    sections = [
        f"{GAME_ID} {state.n}p {variant}",
        f"round {state.round} {state.phase.name.lower()} P{state.seat + 1} "
        f"start P{state.start + 1} acted {state.acted}",
        f"deck {_runs(state.deck)}",
        f"discard {_runs(state.discard)}",
        f"queue {queue or '-'}",
        "lines " + " ".join(_cards(line) for line in state.lines),
        "piles " + " ".join(f"{count}{LETTERS[c]}" for c, count in enumerate(state.piles)),
        f"placed {_seats(state.placed)} waiting {_seats(state.pending)}",
    ]
    for seat in range(state.n):
        pile = state.at_pile[seat]
        disks = " ".join(f"{k}{LETTERS[c]}" for c, k in enumerate(state.disks[seat]) if k)
        sections.append(
            f"P{seat + 1} hand {_cards(state.hands[seat])} play {state.plays[seat] or '-'} "
            f"at {'-' if pile == NO_PILE else Colour(pile).label} disks {disks or '-'} "
            f"taken {_cards(state.taken[seat])} last {state.last_plays[seat] or '-'}")
    return " | ".join(sections)


Record = TypeVar("Record", bound=RaidingRecord)


def from_text(text: str, make: Callable[[int, Rules], Record]) -> Record:
    """The position `text` describes, in a state `make(players, rules)` starts (the
    rules' `RaidingRecord.initial`); PositionError says what is wrong and where."""
    sections = [section.split() for section in text.replace("\n", " ").split("|")]
    if not sections[0]:
        raise PositionError(f"empty position text: it starts with `{GAME_ID}`")
    n, variant = _header(sections[0])
    if len(sections) != 1 + len(SECTIONS) + n:
        raise PositionError(f"{len(sections)} sections separated by `|`, expected "
                            f"{1 + len(SECTIONS) + n} for {n} players (header, "
                            f"{', '.join(SECTIONS)}, P1 … P{n})")
    for name, words in zip(SECTIONS, sections[1:], strict=False):
        if words[:1] != [name]:
            raise PositionError(f"expected the `{name}` section, got {' '.join(words)!r}")
    state = make(n, Rules.of(variant))
    _round(state, sections[1][1:])
    state.deck = _multiset(sections[2][1:], "deck")
    state.discard = _multiset(sections[3][1:], "discard")
    state.deal_queue = _queue(sections[4][1:], n)
    state.lines = _lines(sections[5][1:])
    state.piles = _disks(sections[6][1:], "piles", every=True)
    _order(state, sections[7][1:])
    for seat in range(n):
        _seat(state, seat, sections[1 + len(SECTIONS) + seat])
    _check(state)
    return state


def _header(words: list[str]) -> tuple[int, Variant]:
    return parse_header(words, game_id=GAME_ID, name="Raiding Stonehenge", players=PLAYERS,
                        ruling="RS-2", options=VARIANTS)


def _round(state: RaidingRecord, words: list[str]) -> None:
    where = "round section"
    if len(words) != 7 or words[3] != "start" or words[5] != "acted":
        raise PositionError(f"{where}: expected `round <n> <phase> P<n> start P<n> acted "
                            f"<n>`, got {' '.join(words)!r}")
    state.round = _number(words[0], where)
    try:
        state.phase = Phase[words[1].upper()]
    except KeyError:
        phases = ", ".join(phase.name.lower() for phase in Phase)
        raise PositionError(f"{where}: unknown phase {words[1]!r}; phases: {phases}") from None
    state.seat = _seat_number(words[2], state.n, where)
    state.start = _seat_number(words[4], state.n, where)
    state.acted = _number(words[6], where)
    if state.round < 1 or state.acted > state.n:
        raise PositionError(f"{where}: rounds count from 1, and at most {state.n} seats act")


def _order(state: RaidingRecord, words: list[str]) -> None:
    if len(words) != 3 or words[1] != "waiting":
        raise PositionError(f"placed section: expected `placed <seats> waiting <seats>`, got "
                            f"{' '.join(words)!r}")
    state.placed = _seat_list(words[0], state.n, "placed")
    state.pending = _seat_list(words[2], state.n, "waiting")


def _seat(state: RaidingRecord, seat: int, words: list[str]) -> None:
    where = f"P{seat + 1}"
    shape = [where, "hand", None, "play", None, "at", None, "disks"]
    if len(words) < 12 or any(w is not None and w != words[i] for i, w in enumerate(shape)) \
            or words[-4] != "taken" or words[-2] != "last":
        raise PositionError(f"section of {where}: expected `{where} hand <cards> play <card> "
                            f"at <colour> disks <disks> taken <cards> last <card>`, got "
                            f"{' '.join(words)!r}")
    state.hands[seat] = sorted(_card_list(words[2], f"{where} hand"))
    state.plays[seat] = _card_or_none(words[4], f"{where} play")
    if words[6] != "-":
        labels = {colour.label: colour for colour in COLOURS}
        if words[6] not in labels:
            raise PositionError(f"{where} at: {words[6]!r} is not a pile colour "
                                f"({', '.join(labels)}) nor `-`")
        state.at_pile[seat] = labels[words[6]]
    state.disks[seat] = _disks(words[8:-4], f"{where} disks", every=False)
    state.taken[seat] = _card_list(words[-3], f"{where} taken")
    state.last_plays[seat] = _card_or_none(words[-1], f"{where} last")


def _multiset(words: list[str], where: str) -> list[int]:
    """`1-4x2,5` → counts by number (index 0 unused)."""
    counts = [0] * (HIGHEST_CARD + 1)
    if words == ["-"]:
        return counts
    if len(words) != 1:
        raise PositionError(f"{where}: write the cards as one comma-separated list of runs "
                            f"like `1-4x2,5`, or `-`")
    for part in words[0].split(","):
        match = RUN.match(part)
        if not match:
            raise PositionError(f"{where}: {part!r} is not a card or a run like `3`, `3x2`, "
                                f"`1-4` or `1-4x2`")
        low, high = int(match[1]), int(match[2] or match[1])
        copies = int(match[3] or 1)
        if not 1 <= low <= high <= HIGHEST_CARD or not 1 <= copies <= COPIES:
            raise PositionError(f"{where}: {part!r} is outside cards 1-{HIGHEST_CARD} with "
                                f"1-{COPIES} copies")
        for number in range(low, high + 1):
            if counts[number]:
                raise PositionError(f"{where}: card {number} is written twice")
            counts[number] = copies
    return counts


def _runs(counts: list[int]) -> str:
    parts = []
    number = 1
    while number <= HIGHEST_CARD:
        count = counts[number]
        end = number
        while count and end < HIGHEST_CARD and counts[end + 1] == count:
            end += 1
        if count:
            span = str(number) if end == number else f"{number}-{end}"
            parts.append(span + (f"x{count}" if count > 1 else ""))
        number = end + 1
    return ",".join(parts) or "-"


def _lines(words: list[str]) -> list[list[int]]:
    if len(words) != LINES:
        raise PositionError(f"lines: {len(words)} lines given, there are {LINES} (RS-3); "
                            f"write `-` for an empty one")
    return [_card_list(word, f"line {i + 1}") for i, word in enumerate(words)]


def _queue(words: list[str], n: int) -> list[int]:
    if words == ["-"]:
        return []
    if len(words) != 1:
        raise PositionError("queue: write the targets as one comma-separated list like "
                            "`L1,L2,P1`, or `-`")
    targets = []
    for word in words[0].split(","):
        if re.fullmatch(r"L[1-5]", word):
            targets.append(int(word[1]) - 1)
        else:
            targets.append(HAND_TARGET + _seat_number(word, n, "queue"))
    return targets


def _disks(words: list[str], where: str, *, every: bool) -> list[int]:
    counts = [0] * len(COLOURS)
    if words == ["-"] and not every:
        return counts
    seen = ""
    for word in words:
        colour = LETTERS.find(word[-1:])
        if not word[-1:] or colour < 0 or not word[:-1].isdigit() or len(word) > 4:
            raise PositionError(f"{where}: {word!r} is not a count and a colour letter "
                                f"({' '.join(LETTERS)}), like `2b`")
        if word[-1] in seen:
            raise PositionError(f"{where}: {Colour(colour).label} is counted twice")
        seen += word[-1]
        counts[colour] = int(word[:-1])
    if every and seen != LETTERS:
        raise PositionError(f"{where}: give every colour in the order {' '.join(LETTERS)}, "
                            f"like `10w 10b 10g 10y 10r`")
    if not every and not words:
        raise PositionError(f"{where}: no disks given (write `-` for none)")
    return counts


def _cards(cards: list[int]) -> str:
    return ",".join(map(str, cards)) or "-"


def _card_list(word: str, where: str) -> list[int]:
    if word == "-":
        return []
    return [_card(part, where) for part in word.split(",")]


def _card_or_none(word: str, where: str) -> int:
    return 0 if word == "-" else _card(word, where)


def _card(word: str, where: str) -> int:
    if not re.fullmatch(r"\d{1,2}", word) or not 1 <= int(word) <= HIGHEST_CARD:
        raise PositionError(f"{where}: {word!r} is not a card 1-{HIGHEST_CARD}")
    return int(word)


def _seats(seats: list[int]) -> str:
    return ",".join(f"P{seat + 1}" for seat in seats) or "-"


def _seat_list(word: str, n: int, where: str) -> list[int]:
    return [] if word == "-" else [_seat_number(part, n, where) for part in word.split(",")]


def _seat_number(word: str, n: int, where: str) -> int:
    if not re.fullmatch(r"P\d", word) or not 1 <= int(word[1:]) <= n:
        raise PositionError(f"{where}: {word!r} is not a seat P1 … P{n}")
    return int(word[1:]) - 1


def _number(word: str, where: str) -> int:
    if not re.fullmatch(r"\d{1,6}", word):
        raise PositionError(f"{where}: {word!r} is not a whole number")
    return int(word)


def _check(state: RaidingRecord) -> None:
    """RS-1: two copies of every card, ten disks of every colour; RS-18: a card seen
    taken is still in its taker's hand, or is the play committed and not yet revealed."""
    for number in range(1, HIGHEST_CARD + 1):
        total = state.deck[number] + state.discard[number] + state.plays.count(number)
        total += sum(line.count(number) for line in state.lines)
        total += sum(hand.count(number) for hand in state.hands)
        if total != COPIES:
            raise PositionError(f"cards not conserved: {total} copies of card {number} in the "
                                f"position, the game has {COPIES} (RS-1)")
    for colour in COLOURS:
        total = state.piles[colour] + sum(disks[colour] for disks in state.disks)
        if total != DISKS_PER_COLOUR:
            raise PositionError(f"disks not conserved: {total} {colour.label} disks in the "
                                f"position, the game has {DISKS_PER_COLOUR} (RS-1)")
    for seat, taken in enumerate(state.taken):
        hand = [*state.hands[seat], state.plays[seat]]
        for card in taken:
            if card not in hand:
                raise PositionError(f"P{seat + 1} taken: card {card} is neither in the hand "
                                    f"nor the play")
            hand.remove(card)
