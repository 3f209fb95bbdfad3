"""What Super Camelot's faces draw beside the board (issue 26), computed once from the
engine's own tables: where each legal action sits on the map and the squares it reaches
(an arc's squares as SC-12 and SC-32 strike them, a bomb's block, a step's square or
circle), the part of the map shown around the action (the terminal and the browser crop
the same window), and the forest's static geometry (tiles, the Starting Tile and its
circles, the trees, the characters' abilities)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from albion.core.presentation import ActionNote, Place
from albion.core.variants import Variant
from albion.core.words import Seat, Words, say, say_n
from albion.games.super_camelot.actions import (
    Activate,
    Attack,
    Bomb,
    Command,
    DropAt,
    GiveUp,
    KeepCard,
    Kill,
    LootFrom,
    PickCharacter,
    PickUp,
    PlaceOnCircle,
    Reroll,
    Shoot,
    Step,
    SuperCamelotAction,
    Target,
    UseStars,
)
from albion.games.super_camelot.board import (
    CASTLE,
    CIRCLE_EXITS,
    CIRCLE_NAMES,
    CIRCLES,
    NEIGHBOURS,
    OFF_BOARD,
    SIDE,
    SQUARES,
    name,
    slot_of,
)
from albion.games.super_camelot.combat import ARC_NAMES, ARCS, BLOCKS
from albion.games.super_camelot.components import ABILITIES, Character
from albion.games.super_camelot.config import Rules
from albion.games.super_camelot.tiles import TILE_SIZE
from albion.games.super_camelot.view import SuperCamelotView
from albion.games.super_camelot.words import (
    CARD,
    CARD_NAME,
    DIRECTION,
    FACE,
    ON_CIRCLE,
    ONTO_CIRCLE,
    SPECIAL,
)

CIRCLE_SQUARES: dict[int, tuple[int, int]] = {
    CIRCLES[0]: (12 * SIDE + 13, 12 * SIDE + 14),
    CIRCLES[1]: (13 * SIDE + 15, 14 * SIDE + 15),
    CIRCLES[2]: (15 * SIDE + 13, 15 * SIDE + 14),
    CIRCLES[3]: (13 * SIDE + 12, 14 * SIDE + 12)}
"""SC-3: where each starting circle is drawn on the Starting Tile (two squares of its
side)."""
CENTRE = 13 * SIDE + 13
"""Where the map is centred while no character stands on a square."""
START_BLOCK_AT, START_BLOCK_SIZE = 12, 4
"""The Starting Tile's first row (and column) and size (SC-3)."""
CROP = TILE_SIZE + 4
"""Squares a side of the map drawn around the action on a small screen: a tile and two
squares around it."""
TREES = tuple((row, col) for row in (0, TILE_SIZE - 1) for col in (0, TILE_SIZE - 1))
"""SC-2: the trees of every tile, as (row, col) inside it."""


class Window(NamedTuple):
    """The squares drawn: rows [top, bottom) and columns [left, right)."""

    top: int
    bottom: int
    left: int
    right: int


class Focus(NamedTuple):
    """The square the map centres on, and the block kept whole around it."""

    row: int
    col: int
    block_row: int
    block_col: int
    block_size: int


def explored(view: SuperCamelotView) -> Window:
    """The rows and columns of the tiles in play (SC-1, SC-10)."""
    placed = [slot for slot, tile in enumerate(view.slot_tile) if tile >= 0]
    rows = [slot // 4 for slot in placed]
    cols = [slot % 4 for slot in placed]
    return Window(min(rows) * TILE_SIZE, (max(rows) + 1) * TILE_SIZE,
                  min(cols) * TILE_SIZE, (max(cols) + 1) * TILE_SIZE)


def focus(view: SuperCamelotView) -> Focus:
    """The active character and its tile; the Starting Tile (SC-3) while it stands on a
    circle or has not entered, and before anyone plays."""
    position = view.players[view.active].position if view.active < len(view.players) \
        else OFF_BOARD
    if position == OFF_BOARD or position >= SQUARES:
        square = CIRCLE_SQUARES[position][0] if position >= SQUARES else CENTRE
        row, col = divmod(square, SIDE)
        return Focus(row, col, START_BLOCK_AT, START_BLOCK_AT, START_BLOCK_SIZE)
    row, col = divmod(position, SIDE)
    return Focus(row, col, row - row % TILE_SIZE, col - col % TILE_SIZE, TILE_SIZE)


def span(low: int, high: int, centre: int, block: int, block_size: int,
         size: int) -> tuple[int, int]:
    """`size` rows (or columns) of [low, high) around `centre`, keeping the block
    [block, block + block_size) whole when `size` allows; all of them when they fit."""
    if high - low <= size:
        return low, high
    start = min(max(centre - size // 2, block + block_size - size), block)
    start = max(low, min(start, high - size))
    return start, start + size


def own_square(view: SuperCamelotView) -> int | None:
    """Where the viewer's own character is drawn (on a circle: the circle's first drawn
    square); None for a spectator or a character not on the board."""
    if view.seat is None or view.seat >= len(view.players):
        return None
    position = view.players[view.seat].position
    if position == OFF_BOARD:
        return None
    return CIRCLE_SQUARES[position][0] if position >= SQUARES else position


def holding(start: int, end: int, at: int) -> tuple[int, int]:
    """[start, end) moved the least to hold `at` (a square inside the explored map)."""
    if at < start:
        return at, at + end - start
    if at >= end:
        return at + 1 - (end - start), at + 1
    return start, end


def window(view: SuperCamelotView, rows: int, cols: int) -> Window:
    """The part of the explored map shown: `rows` × `cols` squares around the action,
    moved (if need be) so that the viewer's own character is always on it (issue 27)."""
    area, at = explored(view), focus(view)
    top, bottom = span(area.top, area.bottom, at.row, at.block_row, at.block_size, rows)
    left, right = span(area.left, area.right, at.col, at.block_col, at.block_size, cols)
    own = own_square(view)
    if own is not None:
        top, bottom = holding(top, bottom, own // SIDE)
        left, right = holding(left, right, own % SIDE)
    return Window(top, bottom, left, right)


def shown_at(position: int) -> str:
    """The square a position is drawn on: a circle's first square, or the square itself."""
    return name(CIRCLE_SQUARES[position][0] if position >= SQUARES else position)


# -- where each legal action sits ---------------------------------------------------------


def annotate(view: SuperCamelotView,
             actions: Sequence[SuperCamelotAction]) -> list[ActionNote]:
    """Each action where it is played: steps on their square or circle, an arc on one of
    the squares it strikes (with every square it strikes, under the table's `arc`
    variant, SC-12, SC-32), a bomb on its block's centre (the block in `reaches`), a shot,
    a kill, a Loot choice, a drop or an enemy's activation on its square, a pick-up on its
    stack, a chest on itself, a character on its card, a re-roll on its die."""
    seat = view.seat if view.seat is not None else view.active
    position = view.players[seat].position if seat < len(view.players) else OFF_BOARD
    rules = Rules.of(view.variant)
    return [_note(view, rules, seat, position, action) for action in actions]


COMMAND_NOTES: dict[Command, ActionNote] = {
    Command.STOP: ActionNote("stop", say("Stop moving (the rest of this move is lost)"),
                             "SC-8"),
    Command.CLAIM: ActionNote("claim", say("Claim the Holy Grail and win"), "SC-20",
                              Place("castle")),
    Command.DIG: ActionNote("dig", say("Dig with the Shovel: draw a Small Loot card"),
                            "SC-26"),
    Command.END_TURN: ActionNote("end_turn", say("End your turn"), "SC-33"),
    Command.KEEP_ROLL: ActionNote("keep_roll", say("Keep the dice as they are"), "SC-5"),
}


def _note(view: SuperCamelotView, rules: Rules, seat: int, position: int,
          action: SuperCamelotAction) -> ActionNote:
    if isinstance(action, Step):
        return _step(view, position, action.to)
    if isinstance(action, Attack):
        return _attack(rules, position, action.arc)
    if action is Command.OPEN_CHEST:
        chest = name(position - SIDE)
        return ActionNote("open", OPEN_CHEST, "SC-17",
                          Place("square", square=chest), (chest,))
    if isinstance(action, Command):
        return COMMAND_NOTES[action]
    if isinstance(action, PickCharacter):
        return _pick(rules, action.character)
    if isinstance(action, PlaceOnCircle):
        side = CIRCLE_NAMES[action.circle]
        return ActionNote("enter", say("Start {circle}", circle=ON_CIRCLE[action.circle]),
                          "SC-7",
                          Place("circle", item=side), _circle_squares(SQUARES + action.circle))
    if isinstance(action, Bomb):
        block = tuple(name(square) for square in sorted(BLOCKS[action.centre]))
        return ActionNote("bomb", say("Bomb the 3×3 block around {square} (it hurts every "
                                      "character in it)", square=name(action.centre)), "SC-14",
                          Place("square", square=name(action.centre)), block)
    if isinstance(action, Shoot):
        target = name(action.target)
        return ActionNote("shoot", say("Shoot the enemy on {square} with the Hunting Bow",
                                       square=target),
                          "SC-15", Place("square", square=target), (target,))
    if isinstance(action, PickUp):
        stack = next((square for square, (special, _) in view.stacks
                      if special is action.special and position < SQUARES
                      and square in NEIGHBOURS[position]), None)
        return ActionNote("pick_up", say("Pick up {special}", special=SPECIAL[action.special]),
                          "SC-18", None if stack is None else Place("square",
                                                                    square=name(stack)))
    return _choice(view, action)


def _step(view: SuperCamelotView, position: int, to: int) -> ActionNote:
    """A step on its square or circle; SC-10: a step off the explored forest explores,
    on the unexplored square it enters (a face draws the fog beside the map there)."""
    if to >= SQUARES:
        side = CIRCLE_NAMES[to - SQUARES]
        return ActionNote("step", say("Step {circle}", circle=ONTO_CIRCLE[to - SQUARES]),
                          "SC-20",
                          Place("circle", item=side), _circle_squares(to))
    square = name(to)
    if view.slot_tile[slot_of(to)] < 0:
        return ActionNote("explore", say("Explore: step to {square} and draw a new tile",
                                         square=square),
                          "SC-10", Place("square", square=square), (square,))
    return ActionNote("step", say("Step to {square}", square=square), "SC-8",
                      Place("square", square=square),
                      (square,))


SWEEP = say("Sweep {direction}: {squares}")
ATTACK = say("Attack {direction}: {squares}")
"""SC-32, SC-12: an attack's label, one message each (a sentence chosen whole)."""


def _attack(rules: Rules, position: int, arc: int) -> ActionNote:
    """SC-12, SC-32: the arc's squares as the table's variant strikes them; the target
    sits on its middle square (the diagonal, or a sweep's straight ahead) when struck."""
    struck = ARCS[rules.own_tile_arcs][position][arc] if position < SQUARES else ()
    middle = _middle(position, arc)
    anchor = middle if middle in struck else (struck[0] if struck else None)
    sweep = arc >= 4
    squares = tuple(name(square) for square in struck)
    reached: Words | str = ", ".join(squares) if squares else say("no square")
    label = (SWEEP if sweep else ATTACK).with_args(direction=DIRECTION[ARC_NAMES[arc]],
                                                   squares=reached)
    return ActionNote("sweep" if sweep else "attack", label, "SC-32" if sweep else "SC-12",
                      None if anchor is None else Place("square", square=name(anchor),
                                                        item=ARC_NAMES[arc]),
                      squares)


def _middle(position: int, arc: int) -> int:
    """The middle square of an arc on the open map (its diagonal; a sweep's straight
    ahead), or -1 off the map."""
    uncut = ARCS[False][position][arc] if position < SQUARES else ()
    return uncut[len(uncut) // 2] if len(uncut) in (3, 5) else -1


def _pick(rules: Rules, character: Character) -> ActionNote:
    named = character.label.capitalize()
    label = say("Play {character}: {ability}", character=named,
                ability=ABILITIES[character]) if rules.abilities \
        else say("Play {character}", character=named)
    return ActionNote("pick", label, "SC-34",
                      Place("characters", item=character.label))


def _circle_squares(circle: int) -> tuple[str, ...]:
    return tuple(name(square) for square in CIRCLE_SQUARES[circle])


OPEN_CHEST = say("Open the chest north of you")
STARS_WORDS: dict[int, Words] = {
    0: say("Use no Star as a Gem: each counts as 2 Hits"),
    1: say_n("Use {count} Star as a Gem, any other as 2 Hits",
             "Use {count} Stars as Gems, any other as 2 Hits", 1),
    2: say_n("Use {count} Star as a Gem, any other as 2 Hits",
             "Use {count} Stars as Gems, any other as 2 Hits", 2),
    3: say_n("Use {count} Star as a Gem", "Use {count} Stars as Gems", 3)}
"""SC-38: how many Stars of the roll become Gems, in a player's words (issue 27: the
buttons read `gems 0`, `gems 1`)."""
ON_A_SQUARE: dict[type, tuple[str, Words, str]] = {
    Kill: ("kill", say("Kill the enemy on {square}"), "SC-38"),
    LootFrom: ("loot", say("The enemy killed on {square} draws Loot"), "SC-12"),
    DropAt: ("drop", say("Drop it on {square}"), "SC-16"),
    Activate: ("activate", say("The enemy on {square} acts next"), "SC-22"),
}
"""The answers that name a square: their kind, words and ruling."""


def _choice(view: SuperCamelotView, action: SuperCamelotAction) -> ActionNote:
    """The answers to a question the game asks (SC-5, SC-12, SC-16, SC-22, SC-24, SC-38)."""
    if isinstance(action, Reroll):
        face = action.face.name.lower()
        return ActionNote("reroll", say("Re-roll the die showing {face}",
                                        face=FACE[action.face]),
                          "SC-5", Place("dice", item=face))
    if isinstance(action, UseStars):
        return ActionNote("stars", STARS_WORDS.get(action.gems) or say_n(
            "Use {count} Star as a Gem", "Use {count} Stars as Gems", action.gems), "SC-38")
    if isinstance(action, Kill | LootFrom | DropAt | Activate):
        kind, words, ruling = ON_A_SQUARE[type(action)]
        square = name(action.square)
        return ActionNote(kind, words.with_args(square=square), ruling,
                          Place("square", square=square), (square,))
    if isinstance(action, KeepCard):
        card = action.card.name.lower()
        return ActionNote("keep", say("Keep {card}", card=CARD[action.card]), "SC-5",
                          Place("cards", item=card))
    if isinstance(action, Target):
        where = view.players[action.seat].position
        return ActionNote("target", say("The enemy attacks {player}",
                                        player=Seat(action.seat)), "SC-22",
                          None if where == OFF_BOARD else Place(
                              "square", seat=action.seat, square=shown_at(where)))
    if isinstance(action, GiveUp):
        card = action.card.name.lower()
        return ActionNote("give_up", say("Give the Mimic your {card}",
                                         card=CARD_NAME[action.card]),
                          "SC-24", Place("treasures", seat=view.seat, item=card))
    return ActionNote("action", str(action))


# -- the forest's geometry ----------------------------------------------------------------


def circles() -> dict[str, list[str]]:
    """SC-3: each circle's name → the two squares it is drawn on."""
    return {CIRCLE_NAMES[circle - SQUARES]: list(_circle_squares(circle))
            for circle in CIRCLES}


def circle_exits() -> dict[str, list[str]]:
    """SC-3: each circle's name → the squares bordering its side."""
    return {CIRCLE_NAMES[index]: [name(square) for square in exits]
            for index, exits in enumerate(CIRCLE_EXITS)}


def castle() -> list[str]:
    return [name(square) for square in sorted(CASTLE)]


def abilities(variant: Variant) -> dict[str, str]:
    """SC-5 [house]: each character's ability at this table (none with abilities=off)."""
    on = Rules.of(variant).abilities
    return {character.label: str(ABILITIES[character]) if on else ""
            for character in Character}


def ability_words(variant: Variant) -> dict[str, dict[str, Any]]:
    """SC-5 [house]: each character's ability at this table as words (issue 29; none with
    abilities=off)."""
    if not Rules.of(variant).abilities:
        return {}
    return {character.label: ABILITIES[character].to_json() for character in Character}
