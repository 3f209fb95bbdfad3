"""The Enemy Turn (SC-22 … SC-25, SC-30, SC-31): activation, targets, paths, and what
each kind of enemy does."""

from __future__ import annotations

from typing import Final

from albion.games.super_camelot import world
from albion.games.super_camelot.board import (
    NEIGHBOURS,
    OPEN_GROUND,
    SIDE,
    SLOT_OF,
    SQUARES,
    slot_of,
)
from albion.games.super_camelot.components import Card, Token
from albion.games.super_camelot.pieces import (
    Defence,
    EnemyTurn,
    StealChoice,
    TargetChoice,
    TreasureState,
    TurnOver,
)
from albion.games.super_camelot.record import SuperCamelotRecord

DAMAGE: Final = {Token.DARK_KNIGHT: 3, Token.MIMIC: 1, Token.PLANT: 2}
"""SC-23, SC-24, SC-25."""
EIGHT_WAYS: Final = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
"""Plant facings, clockwise from north (SC-25)."""
UNREACHABLE: Final = 10**6


def _sight_line(square: int, way: int) -> tuple[int, ...]:
    row, col = divmod(square, SIDE)
    dr, dc = EIGHT_WAYS[way]
    line = []
    while 0 <= row + dr < SIDE and 0 <= col + dc < SIDE:
        row, col = row + dr, col + dc
        if SLOT_OF[row * SIDE + col] != SLOT_OF[square]:
            break
        line.append(row * SIDE + col)
    return tuple(line)


SIGHT_LINES: Final = tuple(tuple(_sight_line(square, way) for way in range(8))
                           for square in range(SQUARES))
"""SC-25: the squares on each of the 8 lines from a square, within its tile."""


def _until_a_tree(line: tuple[int, ...]) -> tuple[int, ...]:
    return next((line[:k] for k, here in enumerate(line) if not OPEN_GROUND[here]), line)


OPEN_SIGHT_LINES: Final = tuple(tuple(_until_a_tree(line) for line in lines)
                                for lines in SIGHT_LINES)
"""The same lines cut before their first tree (SC-25: trees block a line)."""


TILE_STEPS: Final = tuple(tuple(n for n in NEIGHBOURS[square] if SLOT_OF[n] == SLOT_OF[square] and
                                OPEN_GROUND[n]) for square in range(SQUARES))
"""SC-22: the squares an enemy may step to from each square: orthogonal, open ground, on
its own tile (what stands there is checked on the way)."""


def start_enemy_turn(state: SuperCamelotRecord) -> bool:
    """SC-22: queue every enemy on the active player's tile, in reading order; False if
    there is none (then the next turn starts at once)."""
    slot = SLOT_OF[state.players[state.active].position]
    queue = tuple(sorted([sq for sq in state.enemies if SLOT_OF[sq] == slot]))
    if not queue:
        return False
    state.pending.append(TurnOver())
    state.pending.append(EnemyTurn(queue))
    return True


def eligible(state: SuperCamelotRecord, seat: int) -> bool:
    """SC-21, SC-31: passed-out characters are not targeted unless target_passed_out."""
    return state.rules.target_passed_out or not state.players[seat].passed_out


def activate(state: SuperCamelotRecord, square: int) -> None:
    """SC-22: one enemy acts; with no reachable target it does nothing."""
    token = state.enemies.get(square)
    if token is Token.PLANT:
        plant_turn(state, square)
    elif token is not None:
        hunt(state, square, token)


def hunt(state: SuperCamelotRecord, square: int, token: Token) -> None:
    """SC-22, SC-30: the active player if reachable, else the nearest other character on
    the tile by path length (ties: the active player chooses)."""
    slot = slot_of(square)
    paths = {seat: path_end(state, square, token, seat)
             for seat in world.characters_on(state, slot) if eligible(state, seat)}
    distances = {seat: length for seat, (length, _) in paths.items()}
    active = state.active
    if distances.get(active, UNREACHABLE) < UNREACHABLE:
        strike_from(state, square, token, active, paths[active][1])
        return
    reachable = {seat: d for seat, d in distances.items() if d < UNREACHABLE}
    if not reachable:
        return
    best = min(reachable.values())
    nearest = tuple(seat for seat, d in sorted(reachable.items()) if d == best)
    if len(nearest) > 1:
        state.pending.append(TargetChoice(square, nearest))
    else:
        strike_from(state, square, token, nearest[0], paths[nearest[0]][1])


def path_end(state: SuperCamelotRecord, square: int, token: Token,
             seat: int) -> tuple[int, int]:
    """SC-22, SC-23, SC-24, SC-30: (length, end square) of the enemy's shortest path to a
    square it attacks `seat` from — a Dark Knight beside, a Mimic onto — moving
    orthogonally on its own tile, through other enemies but never ending on one, blocked
    by objects, characters, trees and stacks. Equal ends: reading order first."""
    target = state.players[seat].position
    slot = SLOT_OF[square]
    things, enemies = state.things, state.enemies
    occupied = {player.position for player in state.players}
    mimic = token is Token.MIMIC
    if mimic:
        ends = {target} if target not in enemies or target == square else set()
    else:
        ends = {n for n in NEIGHBOURS[target] if SLOT_OF[n] == slot and OPEN_GROUND[n] and
                n not in things and n not in occupied and (n not in enemies or n == square)}
    if not ends:
        return UNREACHABLE, -1
    # Breadth first, a level at a time in plain lists (a deque and a dict of steps were
    # 11 % of a compiled random playout, issue 28): the first level holding an end gives
    # the length, its first end in reading order the square.
    seen = {square}
    frontier = [square]
    steps = 0
    while frontier:
        found = [here for here in frontier if here in ends]
        if found:
            return steps, min(found)
        reached: list[int] = []
        for here in frontier:
            for nxt in TILE_STEPS[here]:
                if nxt in seen or nxt in things or \
                        (nxt in occupied and not (mimic and nxt == target)):
                    continue  # SC-22: characters block; only a Mimic steps onto its target
                seen.add(nxt)
                reached.append(nxt)
        frontier = reached
        steps += 1
    return UNREACHABLE, -1


def strike(state: SuperCamelotRecord, square: int, token: Token, seat: int) -> None:
    """Move to the end of the path, then attack (SC-23, SC-24)."""
    strike_from(state, square, token, seat, path_end(state, square, token, seat)[1])


def strike_from(state: SuperCamelotRecord, square: int, token: Token, seat: int,
                end: int) -> None:
    """`strike` along a path already found to end on `end`."""
    if end != square:
        move_enemy(state, square, end)
    state.pending.append(Defence(seat, DAMAGE[token]))
    if token is Token.MIMIC:
        kinds = face_up_kinds(state, seat)
        if len(kinds) > 1:
            state.pending.append(StealChoice(end, seat))
        elif kinds:
            steal(state, end, seat, kinds[0])


def move_enemy(state: SuperCamelotRecord, origin: int, target: int) -> None:
    state.enemies[target] = state.enemies.pop(origin)
    if origin in state.loot:
        state.loot[target] = state.loot.pop(origin)


def face_up_kinds(state: SuperCamelotRecord, seat: int) -> list[Card]:
    """The kinds of face-up Small Treasure `seat` holds, in a fixed order."""
    return sorted({card for card, status in state.players[seat].treasures
                   if status is TreasureState.UP})


def steal(state: SuperCamelotRecord, mimic: int, victim: int, card: Card) -> None:
    """SC-24: the treasure goes face down (no effect, no gem value) under this Mimic."""
    treasures = state.players[victim].treasures
    treasures[treasures.index((card, TreasureState.UP))] = (card, TreasureState.STOLEN)
    state.loot[mimic] = (*state.loot.get(mimic, ()), (victim, card))


def plant_turn(state: SuperCamelotRecord, square: int) -> None:
    """SC-25, SC-31: turn clockwise from the current facing to the first line that sees
    the active player; failing that, to the first that sees another character; spit."""
    facing = state.facing[square]
    seen = sightings(state, square)  # each line looked along once, not once per search
    sights = [(facing + turn) % 8 for turn in range(8)]
    for wanted_active in (True, False):
        for way in sights:
            seat = seen[way]
            if seat < 0 or (seat == state.active) != wanted_active or \
                    not eligible(state, seat):
                continue
            state.facing[square] = way
            state.pending.append(Defence(seat, DAMAGE[Token.PLANT]))
            return


def sightings(state: SuperCamelotRecord, square: int) -> list[int]:
    """SC-25: by way, the first character on each of the 8 straight or diagonal lines from
    `square` within its tile, or -1; objects, trees, stacks and characters block lines,
    enemies do not."""
    seat_at: dict[int, int] = {}
    for seat, player in enumerate(state.players):
        seat_at.setdefault(player.position, seat)  # the first seat, as `character_at`
    things = state.things
    seen = []
    for line in OPEN_SIGHT_LINES[square]:
        found = -1
        for here in line:
            if here in things:
                break
            if here in seat_at:
                found = seat_at[here]
                break
        seen.append(found)
    return seen

