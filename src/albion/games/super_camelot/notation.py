"""Super Camelot notation, read back exactly:

    pick <character> | circle <north|east|south|west>
    step <north|east|south|west> | step r<row>c<col>        (from a circle)
    stop | attack <ne|se|sw|nw> | sweep <north|…> (Greatsword) | bomb r<r>c<c>
    shoot r<r>c<c> | open chest | pick up <big-key|fire-relic|…> | claim grail | dig
    end turn | drop r<r>c<c> | reroll <face> | keep roll | gems <n> (Stars used as Gems)
    kill r<r>c<c> | loot r<r>c<c>   (SC-38, SC-12: one enemy at a time)
    keep <card> | activate r<r>c<c>
    target P<n> | give up <card>
    tile <key> | roll <face>… | stars <n> | draw <card>                  (chance)

A text that cannot be read is refused in words (issue 29), the forms it names as typed.
"""

from __future__ import annotations

import re

from albion.core.errors import InvalidActionError
from albion.core.words import say
from albion.games.super_camelot import board
from albion.games.super_camelot.actions import (
    Activate,
    Attack,
    Bomb,
    Command,
    DropAt,
    FirstSeat,
    GiveUp,
    KeepCard,
    Kill,
    LootFrom,
    PickCharacter,
    PickUp,
    PlaceOnCircle,
    PlaceTile,
    Reroll,
    Roll,
    Shoot,
    StarCount,
    Step,
    SuperCamelotAction,
    Target,
    UseStars,
)
from albion.games.super_camelot.board import (
    CIRCLE_OF_EXIT,
    DELTAS,
    DIRECTION_NAMES,
    SIDE,
    SQUARES,
    START_BLOCK,
)
from albion.games.super_camelot.combat import ARC_NAMES
from albion.games.super_camelot.components import Card, Character, Face, Special
from albion.games.super_camelot.resolve import (
    DRAWS,
    FIRST_SEATS,
    KILLS,
    LOOT_FROM,
    ROLL_OF,
    STAR_COUNTS,
)
from albion.games.super_camelot.words import DIRECTION
from albion.games.super_camelot.world import TILES

COMMANDS = {command.value: command for command in Command}
CHARACTERS = {character.label: character for character in Character}
SPECIALS = {special.label: special for special in Special}
FACES = {face.label: face for face in Face}
CARDS = {card.label: card for card in Card}
TILE_KEYS = {tile.key: index for index, tile in enumerate(TILES)}
SQUARE_NAME = re.compile(r"r(\d+)c(\d+)$")
HELP = ("pick <character>, circle <side>, step <side> (from a circle: step r<row>c<col>), "
        "stop, attack <ne|se|sw|nw>, sweep <side>, bomb r<r>c<c>, shoot r<r>c<c>, "
        "open chest, pick up <item>, dig, claim grail, end turn; when asked: gems <n>, "
        "kill r<r>c<c>, loot r<r>c<c>, drop r<r>c<c>, reroll <face>, keep roll, "
        "keep <card>, target P<n>, give up <card>, activate r<r>c<c> "
        "(<side>: north, east, south or west)")
"""Every action form a player types (chance outcomes aside), for the `try:` hint."""


def action_text(position: int, action: SuperCamelotAction) -> str:
    """The canonical text; `position` is the actor's square (steps are written as
    directions from it)."""
    if isinstance(action, Command):
        return action.value
    if isinstance(action, Step):
        return f"step {_step_word(position, action.to)}"
    if isinstance(action, Attack):
        verb = "attack" if action.arc < 4 else "sweep"
        return f"{verb} {ARC_NAMES[action.arc]}"
    if isinstance(action, PickCharacter):
        return f"pick {action.character.label}"
    if isinstance(action, PlaceOnCircle):
        return f"circle {DIRECTION_NAMES[action.circle]}"
    if isinstance(action, PickUp):
        return f"pick up {action.special.label}"
    if isinstance(action, DropAt):
        return f"drop {board.name(action.square)}"
    if isinstance(action, Bomb):
        return f"bomb {board.name(action.centre)}"
    if isinstance(action, Shoot):
        return f"shoot {board.name(action.target)}"
    if isinstance(action, Reroll):
        return f"reroll {action.face.label}"
    if isinstance(action, UseStars):
        return f"gems {action.gems}"
    if isinstance(action, Kill):
        return f"kill {board.name(action.square)}"
    if isinstance(action, LootFrom):
        return f"loot {board.name(action.square)}"
    if isinstance(action, KeepCard):
        return f"keep {action.card.label}"
    if isinstance(action, Activate):
        return f"activate {board.name(action.square)}"
    if isinstance(action, Target):
        return f"target P{action.seat + 1}"
    if isinstance(action, GiveUp):
        return f"give up {action.card.label}"
    if isinstance(action, PlaceTile):
        return f"tile {TILES[action.tile].key}"
    if isinstance(action, Roll):
        return "roll " + " ".join(face.label for face in action.faces)
    if isinstance(action, FirstSeat):
        return f"first P{action.seat + 1}"
    if isinstance(action, StarCount):
        return f"stars {action.stars}"
    return f"draw {action.card.label}"


def _step_word(position: int, target: int) -> str:
    if position < SQUARES:
        row, col = divmod(position, SIDE)
        for index, (dr, dc) in enumerate(DELTAS):
            if 0 <= row + dr < SIDE and 0 <= col + dc < SIDE:
                ahead = (row + dr) * SIDE + col + dc
                if ahead == target or (ahead in START_BLOCK and
                                       CIRCLE_OF_EXIT.get(position) == target):
                    return DIRECTION_NAMES[index]
    return board.name(target)


def parse_action(position: int, text: str) -> SuperCamelotAction:
    """The action `text` names for an actor on `position`; InvalidActionError if none."""
    words = text.strip().lower().split()
    phrase = " ".join(words)
    if phrase in COMMANDS:
        return COMMANDS[phrase]
    match words:
        case ["step", where]:
            return Step(_step_target(position, where))
        case ["attack", arc] if arc in ARC_NAMES[:4]:
            return Attack(ARC_NAMES.index(arc))
        case ["sweep", arc] if arc in ARC_NAMES[4:]:
            return Attack(ARC_NAMES.index(arc, 4))
        case ["pick", "up", special] if special in SPECIALS:
            return PickUp(SPECIALS[special])
        case ["pick", character] if character in CHARACTERS:
            return PickCharacter(CHARACTERS[character])
        case ["circle", side] if side in DIRECTION_NAMES:
            return PlaceOnCircle(DIRECTION_NAMES.index(side))
        case ["drop", where]:
            return DropAt(_square(where))
        case ["bomb", where]:
            return Bomb(_square(where))
        case ["shoot", where]:
            return Shoot(_square(where))
        case ["reroll", face] if face in FACES:
            return Reroll(FACES[face])
        case ["gems", count] if count.isdigit() and int(count) <= 3:
            return UseStars(int(count))
        case ["kill", where]:
            return KILLS[_square(where)]
        case ["loot", where]:
            return LOOT_FROM[_square(where)]
        case ["kill" | "loot" as verb, *_]:
            form = f"{verb} r<row>c<col>"
            raise InvalidActionError(say(
                "{text}: name one enemy at a time, `{form}` (Super Camelot 2.0, SC-38)",
                text=repr(text.strip()), form=form))
        case ["keep", card] if card in CARDS:
            return KeepCard(CARDS[card])
        case ["activate", where]:
            return Activate(_square(where))
        case ["target", seat] if re.fullmatch(r"p[1-4]", seat):
            return Target(int(seat[1]) - 1)
        case ["give", "up", card] if card in CARDS:
            return GiveUp(CARDS[card])
        case ["tile", key] if key in TILE_KEYS:
            return PlaceTile(TILE_KEYS[key])
        case ["roll", *faces] if 1 <= len(faces) <= 3 and all(f in FACES for f in faces):
            return ROLL_OF[tuple(sorted(FACES[f] for f in faces))]
        case ["first", seat] if re.fullmatch(r"p[1-4]", seat):
            return FIRST_SEATS[int(seat[1]) - 1]
        case ["stars", count] if count in ("0", "1", "2", "3"):
            return STAR_COUNTS[int(count)]
        case ["draw", card] if card in CARDS:
            return DRAWS[CARDS[card]]
    raise InvalidActionError(say("{text} is not a Super Camelot action; try: {forms}",
                                 text=repr(text.strip()), forms=HELP))


def _step_target(position: int, where: str) -> int:
    if where in DIRECTION_NAMES:
        if position >= SQUARES or position < 0:
            raise InvalidActionError(say("from a circle, name the square: {form}",
                                         form="step r<row>c<col>"))
        row, col = divmod(position, SIDE)
        dr, dc = DELTAS[DIRECTION_NAMES.index(where)]
        if not (0 <= row + dr < SIDE and 0 <= col + dc < SIDE):
            raise InvalidActionError(say("{direction} of {square} is off the map",
                                         direction=DIRECTION[where],
                                         square=board.name(position)))
        ahead = (row + dr) * SIDE + col + dc
        if ahead in START_BLOCK:
            return CIRCLE_OF_EXIT.get(position, ahead)
        return ahead
    return _square(where)


def _square(word: str) -> int:
    match = SQUARE_NAME.match(word)
    if not match or not (1 <= int(match[1]) <= SIDE and 1 <= int(match[2]) <= SIDE):
        raise InvalidActionError(say("{word} is not a square; squares are {first} to {last}",
                                     word=repr(word), first=board.name(0),
                                     last=board.name(SQUARES - 1)))
    return (int(match[1]) - 1) * SIDE + int(match[2]) - 1
