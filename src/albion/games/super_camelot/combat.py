"""What an attack reaches: the sword's arcs (SC-12), a bomb's 3×3 block (SC-14, SC-29)
and the Hunting Bow's target (SC-15); and starting the strike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from albion.games.super_camelot.board import SIDE, SQUARES, slot_of, slot_squares
from albion.games.super_camelot.components import Card, Item, Token
from albion.games.super_camelot.pieces import AttackRoll, Strike, Thing, Weapon
from albion.games.super_camelot.tiles import TILE_SIZE

if TYPE_CHECKING:
    from albion.games.super_camelot.state import SuperCamelotState

N, NE, E, SE, S, SW, W, NW = (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)
ARC_OFFSETS: tuple[tuple[tuple[int, int], ...], ...] = (
    (N, NE, E), (E, SE, S), (S, SW, W), (W, NW, N),  # the sword's four 3-square arcs
    (W, NW, N, NE, E), (N, NE, E, SE, S), (E, SE, S, SW, W), (S, SW, W, NW, N),  # Greatsword
)
ARC_NAMES = ("ne", "se", "sw", "nw", "north", "east", "south", "west")
BUSH, MIMIC, DARK_KNIGHT = Thing.BUSH, Token.MIMIC, Token.DARK_KNIGHT  # Enum access is slow


def enemy_hp(state: SuperCamelotState, token: Token) -> int:
    """SC-13: hits needed to kill, by the `enemy_hp` variant (mimic-plant-knight)."""
    mimic, plant, knight = state.rules.enemy_hp
    return knight if token == DARK_KNIGHT else (mimic if token == MIMIC else plant)


def on_a_tile(state: SuperCamelotState, seat: int) -> bool:
    return 0 <= state.players[seat].position < SQUARES


def can_hit(state: SuperCamelotState, seat: int, square: int) -> bool:
    """SC-15, SC-29: nobody can attack a Mimic on their own square."""
    enemy = state.enemies.get(square)
    return enemy is not None and not (enemy is MIMIC and state.players[seat].position == square)


def _arcs(position: int, own_tile: bool) -> tuple[tuple[int, ...], ...]:
    row, col = divmod(position, SIDE)
    arcs = []
    for offsets in ARC_OFFSETS:
        squares = [(row + dr) * SIDE + col + dc for dr, dc in offsets
                   if 0 <= row + dr < SIDE and 0 <= col + dc < SIDE]
        if own_tile:
            squares = [sq for sq in squares if slot_of(sq) == slot_of(position)]
        arcs.append(tuple(squares))
    return tuple(arcs)


ARCS = {own: tuple(_arcs(p, own) for p in range(SQUARES)) for own in (False, True)}
"""Every arc's squares from every square, cross-tile and own-tile (SC-12, SC-32)."""
AROUND = tuple(frozenset(sq for arc in ARCS[False][p] for sq in arc) for p in range(SQUARES))
ARC_SETS = {own: tuple(tuple(frozenset(arc) for arc in arcs) for arcs in ARCS[own])
            for own in (False, True)}
"""The eight squares around each square: every arc lies within them."""


def arc_squares(state: SuperCamelotState, seat: int, arc: int) -> tuple[int, ...]:
    """SC-12, SC-32: the squares of an arc on the map (with `arc=own-tile`, those on the
    attacker's tile only)."""
    return ARCS[state.rules.own_tile_arcs][state.players[seat].position][arc]


def reach(state: SuperCamelotState, seat: int,
          squares: tuple[int, ...] | list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(bushes, enemies) among `squares` that `seat` can strike."""
    bushes = tuple(sq for sq in squares if state.things.get(sq) is BUSH)
    enemies = tuple(sq for sq in squares if can_hit(state, seat, sq))
    return bushes, enemies


def attack_arcs(state: SuperCamelotState, seat: int) -> list[int]:
    """SC-36: arcs holding something to cut or fight (the Greatsword's five-square arcs for
    its holder, SC-32)."""
    position = state.players[seat].position
    if not 0 <= position < SQUARES:
        return []
    things, enemies = state.things, state.enemies
    hot = {sq for sq in AROUND[position]
           if things.get(sq) is BUSH or (sq in enemies and can_hit(state, seat, sq))}
    if not hot:
        return []
    arcs = ARC_SETS[state.rules.own_tile_arcs][position]
    count = 8 if state.players[seat].has(Card.GREATSWORD) else 4
    return [arc for arc in range(count) if not arcs[arc].isdisjoint(hot)]


BLOCK_CENTRES = tuple(
    tuple(c for c in slot_squares(slot) if 0 < (c // SIDE) % TILE_SIZE < TILE_SIZE - 1
          and 0 < (c % SIDE) % TILE_SIZE < TILE_SIZE - 1) for slot in range(16))
"""SC-14: the centres of 3×3 blocks inside each tile."""
BLOCKS = {c: frozenset((c // SIDE + dr) * SIDE + c % SIDE + dc for dr in (-1, 0, 1)
                       for dc in (-1, 0, 1)) for centres in BLOCK_CENTRES for c in centres}


def bomb_centres(state: SuperCamelotState, seat: int) -> list[int]:
    """SC-14, SC-36: centres of 3×3 blocks inside the bomber's tile holding a bush, an
    enemy the bomber can hit, or another character; of blocks hitting the same things,
    only the first in reading order."""
    player = state.players[seat]
    if not player.bombs or not on_a_tile(state, seat):
        return []
    centres = []
    seen = set()
    others = {p.position for s, p in enumerate(state.players) if s != seat}
    for centre in BLOCK_CENTRES[slot_of(player.position)]:
        squares = BLOCKS[centre]
        if squares.isdisjoint(state.things) and squares.isdisjoint(state.enemies) and \
                squares.isdisjoint(others):
            continue
        bushes, enemies = reach(state, seat, sorted(squares))
        people = tuple(s for s, p in enumerate(state.players) if p.position in squares)
        if (bushes or enemies or set(people) - {seat}) and \
                (bushes, enemies, people) not in seen:
            seen.add((bushes, enemies, people))
            centres.append(centre)
    return centres


def bow_targets(state: SuperCamelotState, seat: int) -> list[int]:
    """SC-15: with the Hunting Bow, once per turn: any enemy on the tile, no line needed."""
    player = state.players[seat]
    if state.bow_used or not player.has(Card.HUNTING_BOW) or not on_a_tile(state, seat):
        return []
    slot = slot_of(player.position)
    return sorted(sq for sq in state.enemies if slot_of(sq) == slot and
                  can_hit(state, seat, sq))


def attack(state: SuperCamelotState, arc: int) -> None:
    """SC-12: an Attack action on an arc: roll three dice."""
    bushes, enemies = reach(state, state.active, arc_squares(state, state.active, arc))
    state.pending.append(AttackRoll(Strike(Weapon.SWORD, bushes, enemies)))


def bomb(state: SuperCamelotState, centre: int) -> None:
    """SC-14, SC-29: the Bomb returns to the supply; its block is struck."""
    seat = state.active
    state.players[seat].bombs -= 1
    state.item_supply[Item.BOMB] += 1
    squares = sorted(BLOCKS[centre])
    bushes, enemies = reach(state, seat, squares)
    characters = tuple(s for s, p in enumerate(state.players) if p.position in squares)
    state.pending.append(AttackRoll(Strike(Weapon.BOMB, bushes, enemies, characters)))


def shoot(state: SuperCamelotState, target: int) -> None:
    """SC-15: a free attack on one enemy; bushes are not hit."""
    state.bow_used = True
    state.pending.append(AttackRoll(Strike(Weapon.BOW, (), (target,))))
