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
BUSH, MIMIC = Thing.BUSH, Token.MIMIC  # module names: Enum attribute access is slow


def enemy_hp(state: SuperCamelotState, token: Token) -> int:
    """SC-13: hits needed to kill, by the `enemy_hp` variant (mimic-plant-knight)."""
    mimic, plant, knight = state.rules.enemy_hp
    return {Token.MIMIC: mimic, Token.PLANT: plant, Token.DARK_KNIGHT: knight}[token]


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
    things, enemies, around = state.things, state.enemies, AROUND[position]
    if around.isdisjoint(enemies) and (around.isdisjoint(things) or not any(
            things.get(sq) is BUSH for sq in around)):
        return []
    arcs = range(8) if state.players[seat].has(Card.GREATSWORD) else range(4)
    return [arc for arc in arcs if any(
        things.get(sq) is BUSH or can_hit(state, seat, sq)
        for sq in arc_squares(state, seat, arc))]


def block(centre: int) -> list[int]:
    """The 3×3 squares around `centre`."""
    row, col = divmod(centre, SIDE)
    return [(row + dr) * SIDE + col + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)]


def bomb_centres(state: SuperCamelotState, seat: int) -> list[int]:
    """SC-14, SC-36: centres of 3×3 blocks inside the bomber's tile holding a bush, an
    enemy the bomber can hit, or another character; of blocks hitting the same things,
    only the first in reading order."""
    player = state.players[seat]
    if not player.bombs or not on_a_tile(state, seat):
        return []
    centres = []
    seen = set()
    for centre in slot_squares(slot_of(player.position)):
        row, col = divmod(centre, SIDE)
        if not (0 < row % TILE_SIZE < TILE_SIZE - 1 and 0 < col % TILE_SIZE < TILE_SIZE - 1):
            continue
        squares = block(centre)
        bushes, enemies = reach(state, seat, squares)
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
    squares = block(centre)
    bushes, enemies = reach(state, seat, squares)
    characters = tuple(s for s, p in enumerate(state.players) if p.position in squares)
    state.pending.append(AttackRoll(Strike(Weapon.BOMB, bushes, enemies, characters)))


def shoot(state: SuperCamelotState, target: int) -> None:
    """SC-15: a free attack on one enemy; bushes are not hit."""
    state.bow_used = True
    state.pending.append(AttackRoll(Strike(Weapon.BOW, (), (target,))))
