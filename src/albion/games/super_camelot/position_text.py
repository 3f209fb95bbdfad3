"""Super Camelot position text, read and written from a position's data (`record`; the
rules' `position.from_text` reads it into a state): a header of lines, then the explored
tiles drawn as grids (`position_grid`), the pending steps written from their fields
(`position_steps`). See docs/position-text.md for the whole format and an example:

    super-camelot 2p abilities=on arc=cross-tile … max_turns=400
    turn phase=playing active=P1 actions=3 move=0 turns=0 started=P1,P2 bow_used=no …
    P1 arthur health=6 passed_out=no keys=0 bombs=0 green=0 blue=0 red=0 specials=- …
    supply bush=22 rock=12 … red-gem=8
    lost -
    deck litter health-potion=5 grail-water=1 green-gem=5 bomb=2 dark-knight=2   (×5)
    discard litter -                                                            (×5)
    tile-stack fire-shrine water-shrine …
    pending -                       (or one `pending <step>` line each, the next first)
    slot 5 meadow populated
    T.....T …

A character on the map is drawn on its tile; `at=` on its line places it elsewhere
(`off` the board before its first turn, SC-7, or on a starting circle, SC-3, SC-20).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar, cast

from albion.core.errors import PositionError
from albion.core.position import parse_header
from albion.core.state import CAP
from albion.core.variants import Variant
from albion.games.super_camelot.board import (
    CIRCLES,
    DIRECTION_NAMES,
    OFF_BOARD,
    SLOTS_PER_SIDE,
    SQUARES,
)
from albion.games.super_camelot.components import (
    TREASURES,
    Card,
    Character,
    Deck,
    Item,
    Special,
    Token,
)
from albion.games.super_camelot.config import Rules
from albion.games.super_camelot.pieces import Adventurer, Pending, Phase, TreasureState
from albion.games.super_camelot.position_check import check
from albion.games.super_camelot.position_grid import TILE_KEYS, read_tile, tile_lines
from albion.games.super_camelot.position_steps import parse_step, step_text
from albion.games.super_camelot.record import SuperCamelotRecord
from albion.games.super_camelot.rulings import VARIANTS
from albion.games.super_camelot.world import TILES

GAME_ID = "super-camelot"
PLAYERS = range(2, 5)
"""SC-4: 2-4 players."""
TURN_KEYS = ("phase", "active", "actions", "move", "turns", "started", "bow_used",
             "reroll_used", "winner", "end")
PLAYER_KEYS = ("health", "passed_out", "keys", "bombs", "green", "blue", "red", "specials",
               "treasures", "at")
ENDS = ("gems", "grail", CAP)
PLACES = {"off": OFF_BOARD} | {f"{side}-circle": CIRCLES[i]
                               for i, side in enumerate(DIRECTION_NAMES)}
CHARACTERS = {character.label: character for character in Character}
SPECIALS = {special.label: special for special in Special}
CARDS = {card.label: card for card in Card}
TREASURE_STATES = {"stolen": TreasureState.STOLEN, "lost": TreasureState.LOST}


def _name(value: Token | Item | Deck) -> str:
    return value.name.lower().replace("_", "-")


SUPPLY = {_name(token): token for token in Token} | {_name(item): item for item in Item}
DECKS = {_name(deck): deck for deck in Deck}


def to_text(state: SuperCamelotRecord) -> str:
    """The canonical text of `state`."""
    yes = {True: "yes", False: "no"}
    variant = " ".join(f"{key}={value}" for key, value in state.rules.variant.items())
    started = ",".join(f"P{seat + 1}" for seat, done in enumerate(state.started) if done)
    lines = [
        f"{GAME_ID} {state.n}p {variant}",
        f"turn phase={state.phase.name.lower()} active=P{state.active + 1} "
        f"actions={state.actions_left} move={state.move_left} turns={state.turns} "
        f"started={started or '-'} bow_used={yes[state.bow_used]} "
        f"reroll_used={yes[state.reroll_used]} "
        f"winner={f'P{state.winner + 1}' if state.winner >= 0 else '-'} end={state.end or '-'}",
    ]
    for seat, player in enumerate(state.players):
        specials = ",".join(s.label for s in Special if player.specials[s]) or "-"
        treasures = ",".join(card.label + ("" if status is TreasureState.UP
                                           else f":{status.name.lower()}")
                             for card, status in player.treasures) or "-"
        place = next((f" at={word}" for word, spot in PLACES.items()
                      if spot == player.position), "")
        lines.append(
            f"P{seat + 1} {player.character.label} health={player.health} "
            f"passed_out={yes[player.passed_out]} keys={player.keys} bombs={player.bombs} "
            f"green={player.gems[0]} blue={player.gems[1]} red={player.gems[2]} "
            f"specials={specials} treasures={treasures}{place}")
    lines.append("supply " + " ".join(
        [f"{_name(token)}={state.token_supply[token]}" for token in Token]
        + [f"{_name(item)}={state.item_supply[item]}" for item in Item]))
    lines.append("lost " + (" ".join(f"{_name(item)}={state.lost_items[item]}"
                                     for item in Item if state.lost_items[item]) or "-"))
    for kind, piles in (("deck", state.decks), ("discard", state.discards)):
        lines += [f"{kind} {_name(deck)} {_cards_text(piles[deck])}" for deck in Deck]
    lines.append("tile-stack " + (" ".join(TILES[t].key for t in state.tile_stack) or "-"))
    lines += [f"pending {step_text(step)}" for step in reversed(state.pending)] or \
        ["pending -"]
    seats_at: dict[int, list[int]] = {}
    for seat, player in enumerate(state.players):
        if 0 <= player.position < SQUARES:
            seats_at.setdefault(player.position, []).append(seat)
    for slot in range(SLOTS_PER_SIDE ** 2):
        if state.slot_tile[slot] >= 0:
            lines += tile_lines(state, slot, seats_at)
    return "\n".join(lines)


Record = TypeVar("Record", bound=SuperCamelotRecord)


def from_text(text: str, make: Callable[[int, Rules], Record]) -> Record:
    """The position `text` describes, in a state `make(players, rules)` starts (the
    rules' `SuperCamelotState.initial`); PositionError says what is wrong and on which
    line."""
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)
             if line.strip()]
    if not lines:
        raise PositionError(f"empty position text: it starts with `{GAME_ID}`")
    n, variant = _header(*lines[0])
    state = make(n, Rules.of(variant))
    state.pending, state.slot_tile = [], [-1] * SLOTS_PER_SIDE ** 2
    first_tile = next((i for i, (_, line) in enumerate(lines) if line.startswith("slot ")),
                      len(lines))
    placed = _read_header(state, lines[1:first_tile])
    positions: dict[int, int] = {}
    starts = [i for i in range(first_tile, len(lines)) if lines[i][1].startswith("slot ")]
    ends = [*starts[1:], len(lines)] if starts else []
    for begin, end in zip(starts, ends, strict=True):
        read_tile(state, lines[begin:end], positions)
    for seat, player in enumerate(state.players):
        if (seat in positions) == (seat in placed):
            raise PositionError(f"P{seat + 1} must be either drawn on a tile or given `at=` "
                                f"({', '.join(PLACES)}) on its line, not both nor neither")
        player.position = positions.get(seat, player.position)
    check(state)
    return state


def _header(number: int, line: str) -> tuple[int, Variant]:
    return parse_header(line.split(), game_id=GAME_ID, name="Super Camelot", players=PLAYERS,
                        ruling="SC-4", options=VARIANTS, where=f"line {number}")


def _read_header(state: SuperCamelotRecord, lines: list[tuple[int, str]]) -> set[int]:
    """Every line between the first and the tiles, each kind once (players in order);
    returns the seats placed by `at=`."""
    seen: set[str] = set()
    placed = set()
    steps = []
    for number, line in lines:
        word, _, rest = line.partition(" ")
        where = f"line {number}"
        kind = " ".join(line.split()[:2]) if word in ("deck", "discard") else word
        if kind in seen and word != "pending":
            raise PositionError(f"{where}: a second `{kind}` line")
        seen.add(kind)
        if word == "turn":
            _turn(state, rest.split(), where)
        elif re.fullmatch(r"P\d", word):
            if int(word[1]) != len(state.players) + 1:
                raise PositionError(f"{where}: {word} out of order; players are P1, P2 …")
            state.players.append(_player(rest.split(), f"{where} ({word})"))
            if " at=" in f" {rest}":
                placed.add(len(state.players) - 1)
        elif word == "supply":
            _supply(state, rest.split(), where)
        elif word == "lost":
            state.lost_items = _counts(rest.split(), where, list(Item))
        elif word in ("deck", "discard"):
            _deck(state, word, rest.split(), where)
        elif word == "tile-stack":
            state.tile_stack = _tiles(rest.split(), where)
        elif word == "pending":
            if rest.strip() != "-":
                steps.append(cast(Pending, parse_step(rest, where, state.n)))
        else:
            raise PositionError(f"{where}: {word!r} does not start a line of a Super Camelot "
                                f"position (turn, P<n>, supply, lost, deck, discard, "
                                f"tile-stack, pending, slot)")
    wanted = ["turn", "supply", "lost", "tile-stack", "pending",
              *(f"{kind} {deck}" for kind in ("deck", "discard") for deck in DECKS)]
    missing = [kind for kind in wanted if kind not in seen]
    if missing:
        raise PositionError(f"the `{missing[0]}` line is missing (the text may be cut short)")
    state.pending = steps[::-1]
    return placed


def _pairs(words: list[str], where: str, keys: tuple[str, ...],
           optional: tuple[str, ...] = ()) -> dict[str, str]:
    found: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or key not in keys or key in found or not value:
            raise PositionError(f"{where}: {word!r} is not one of {', '.join(keys)} "
                                f"given once as key=value")
        found[key] = value
    missing = [key for key in keys if key not in found and key not in optional]
    if missing:
        raise PositionError(f"{where}: {missing[0]}= is missing")
    return found


def _turn(state: SuperCamelotRecord, words: list[str], where: str) -> None:
    pairs = _pairs(words, where, TURN_KEYS)
    try:
        state.phase = Phase[pairs["phase"].upper()]
    except KeyError:
        raise PositionError(f"{where}: phase {pairs['phase']!r} is not choosing, playing or "
                            f"over") from None
    state.active = _seat(pairs["active"], where, state.n)
    state.actions_left = _number(pairs["actions"], where)
    state.move_left = _number(pairs["move"], where)
    state.turns = _number(pairs["turns"], where)
    started = set() if pairs["started"] == "-" else \
        {_seat(word, where, state.n) for word in pairs["started"].split(",")}
    state.started = [seat in started for seat in range(state.n)]
    state.bow_used = _flag(pairs["bow_used"], where)
    state.reroll_used = _flag(pairs["reroll_used"], where)
    state.winner = -1 if pairs["winner"] == "-" else _seat(pairs["winner"], where, state.n)
    if pairs["end"] != "-" and pairs["end"] not in ENDS:
        raise PositionError(f"{where}: end {pairs['end']!r} is not -, {', '.join(ENDS)}")
    state.end = None if pairs["end"] == "-" else pairs["end"]


def _player(words: list[str], where: str) -> Adventurer:
    if not words or words[0] not in CHARACTERS:
        raise PositionError(f"{where}: a player line names its character first: "
                            f"{', '.join(CHARACTERS)}")
    player = Adventurer(CHARACTERS[words[0]])
    pairs = _pairs(words[1:], where, PLAYER_KEYS, optional=("at",))
    player.health = _number(pairs["health"], where)
    player.passed_out = _flag(pairs["passed_out"], where)
    player.keys, player.bombs = _number(pairs["keys"], where), _number(pairs["bombs"], where)
    player.gems = [_number(pairs[colour], where) for colour in ("green", "blue", "red")]
    if pairs["specials"] != "-":
        for label in pairs["specials"].split(","):
            if label not in SPECIALS or player.specials[SPECIALS[label]]:
                raise PositionError(f"{where}: special {label!r} is not one of "
                                    f"{', '.join(SPECIALS)} held once (SC-18)")
            player.specials[SPECIALS[label]] = True
    if pairs["treasures"] != "-":
        player.treasures = [_treasure(word, where) for word in pairs["treasures"].split(",")]
    if "at" in pairs:
        if pairs["at"] not in PLACES:
            raise PositionError(f"{where}: at={pairs['at']} is not one of {', '.join(PLACES)}"
                                f" (a character on the map is drawn on its tile)")
        player.position = PLACES[pairs["at"]]
    return player


def _treasure(word: str, where: str) -> tuple[Card, TreasureState]:
    label, _, status = word.partition(":")
    if label not in CARDS or CARDS[label] not in TREASURES or \
            (status and status not in TREASURE_STATES):
        raise PositionError(f"{where}: treasure {word!r} is not a Small Treasure "
                            f"({', '.join(c.label for c in TREASURES)}), maybe with "
                            f":stolen or :lost (SC-17, SC-24)")
    return CARDS[label], TREASURE_STATES[status] if status else TreasureState.UP


def _supply(state: SuperCamelotRecord, words: list[str], where: str) -> None:
    pairs = _pairs(words, where, tuple(SUPPLY))
    state.token_supply = [_number(pairs[_name(token)], where) for token in Token]
    state.item_supply = [_number(pairs[_name(item)], where) for item in Item]


def _deck(state: SuperCamelotRecord, kind: str, words: list[str], where: str) -> None:
    if not words or words[0] not in DECKS:
        raise PositionError(f"{where}: {kind} of which deck? {', '.join(DECKS)}")
    piles = state.decks if kind == "deck" else state.discards
    piles[DECKS[words[0]]] = _counts(words[1:], where, list(Card))


def _counts(words: list[str], where: str, kinds: list[Card] | list[Item]) -> list[int]:
    """`name=count …` over `kinds` (labels), or `-` for none."""
    counts = [0] * len(kinds)
    if words == ["-"]:
        return counts
    labels = {_label(kind): kind for kind in kinds}
    pairs = _pairs(words, where, tuple(labels), optional=tuple(labels))
    for label, value in pairs.items():
        counts[labels[label]] = _number(value, where)
        if not counts[labels[label]]:
            raise PositionError(f"{where}: {label}={value}: leave out what is not there")
    if not pairs:
        raise PositionError(f"{where}: nothing given (write `-` for none)")
    return counts


def _label(kind: Card | Item) -> str:
    return kind.label


def _cards_text(counts: list[int]) -> str:
    return " ".join(f"{Card(card).label}={count}" for card, count in enumerate(counts)
                    if count) or "-"


def _tiles(words: list[str], where: str) -> list[int]:
    if words == ["-"]:
        return []
    for word in words:
        if word not in TILE_KEYS:
            raise PositionError(f"{where}: {word!r} is not a tile; tiles: "
                                f"{', '.join(TILE_KEYS)}")
    return [TILE_KEYS[word] for word in words]


def _seat(word: str, where: str, n: int) -> int:
    if not re.fullmatch(r"P\d", word) or not 1 <= int(word[1]) <= n:
        raise PositionError(f"{where}: {word!r} is not a seat P1 … P{n}")
    return int(word[1]) - 1


def _number(word: str, where: str) -> int:
    if not re.fullmatch(r"\d{1,6}", word):
        raise PositionError(f"{where}: {word!r} is not a whole number")
    return int(word)


def _flag(word: str, where: str) -> bool:
    if word not in ("yes", "no"):
        raise PositionError(f"{where}: {word!r} is not yes or no")
    return word == "yes"
