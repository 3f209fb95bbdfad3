"""What an attack reaches: the sword's arcs (SC-12), a bomb's 3×3 block (SC-14, SC-29)
and the Hunting Bow's target (SC-15); and starting the strike."""

from __future__ import annotations

from typing import Final

from albion.core.errors import Refusal
from albion.core.words import say
from albion.games.super_camelot.board import SIDE, SQUARES, name, slot_of, slot_squares
from albion.games.super_camelot.components import Card, Item, Token
from albion.games.super_camelot.pieces import AttackRoll, Strike, Thing, Weapon
from albion.games.super_camelot.record import SuperCamelotRecord
from albion.games.super_camelot.tiles import TILE_SIZE

N: Final = (-1, 0)
NE: Final = (-1, 1)
E: Final = (0, 1)
SE: Final = (1, 1)
S: Final = (1, 0)
SW: Final = (1, -1)
W: Final = (0, -1)
NW: Final = (-1, -1)
ARC_OFFSETS: Final[tuple[tuple[tuple[int, int], ...], ...]] = (
    (N, NE, E), (E, SE, S), (S, SW, W), (W, NW, N),  # the sword's four 3-square arcs
    (W, NW, N, NE, E), (N, NE, E, SE, S), (E, SE, S, SW, W), (S, SW, W, NW, N),  # Greatsword
)
ARC_NAMES: Final = ("ne", "se", "sw", "nw", "north", "east", "south", "west")
BUSH: Final = Thing.BUSH  # Enum access is slow
MIMIC: Final = Token.MIMIC
DARK_KNIGHT: Final = Token.DARK_KNIGHT
GREATSWORD: Final = Card.GREATSWORD
ON_A_TILE: Final = Refusal("SC-12", say("attacks are made from a square of a tile, not from a "
                                         "circle"))
SWEEP_NEEDS_GREATSWORD: Final = Refusal("SC-32", say("only a Greatsword sweeps five squares"))


def enemy_hp(state: SuperCamelotRecord, token: Token) -> int:
    """SC-13: hits needed to kill, by the `enemy_hp` variant (mimic-plant-knight)."""
    mimic, plant, knight = state.rules.enemy_hp
    return knight if token == DARK_KNIGHT else (mimic if token == MIMIC else plant)


def on_a_tile(state: SuperCamelotRecord, seat: int) -> bool:
    return 0 <= state.players[seat].position < SQUARES


def can_hit(state: SuperCamelotRecord, seat: int, square: int) -> bool:
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


ARCS: Final = {own: tuple(_arcs(p, own) for p in range(SQUARES)) for own in (False, True)}
"""Every arc's squares from every square, cross-tile and own-tile (SC-12, SC-32)."""


def arc_squares(state: SuperCamelotRecord, seat: int, arc: int) -> tuple[int, ...]:
    """SC-12, SC-32: the squares of an arc on the map (with `arc=own-tile`, those on the
    attacker's tile only)."""
    return ARCS[state.rules.own_tile_arcs][state.players[seat].position][arc]


def reach(state: SuperCamelotRecord, seat: int,
          squares: tuple[int, ...] | list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(bushes, enemies) among `squares` that `seat` can strike (`can_hit`), each in the
    order of `squares`: looked at in one pass (issue 28)."""
    things, on_square = state.things, state.enemies
    position = state.players[seat].position
    bushes, enemies = [], []
    for square in squares:
        if things.get(square) is BUSH:
            bushes.append(square)
        enemy = on_square.get(square)
        if enemy is not None and not (enemy is MIMIC and position == square):
            enemies.append(square)
    return tuple(bushes), tuple(enemies)


ARC_CHOICES: Final = {own: tuple(tuple(tuple(arc for arc in range(8 if greatsword else 4)
                                             if ARCS[own][position][arc])
                                       for greatsword in (False, True))
                                 for position in range(SQUARES))
                      for own in (False, True)}
"""The arcs `arc_refusal` passes, by arc rule, square and whether the Greatsword is held:
looked up, not asked of 8 refusals (issue 28: they were 15 % of a random playout)."""


def attack_arcs(state: SuperCamelotRecord, seat: int) -> tuple[int, ...]:
    """SC-12: the arcs `seat` may attack (the checks of `arc_refusal`)."""
    player = state.players[seat]
    if not 0 <= player.position < SQUARES:
        return ()
    return ARC_CHOICES[state.rules.own_tile_arcs][player.position][player.has(GREATSWORD)]


def arc_refusal(state: SuperCamelotRecord, seat: int, arc: int) -> Refusal | None:
    """SC-12, SC-32: any of the four arcs, even one that reaches nothing (the action is
    then spent); the Greatsword's five-square arcs for its holder; with `arc=own-tile`, an
    arc with no square left on the tile is not offered."""
    player = state.players[seat]
    if not 0 <= player.position < SQUARES:
        return ON_A_TILE
    if arc >= 4 and not player.has(Card.GREATSWORD):
        return SWEEP_NEEDS_GREATSWORD
    if not ARCS[state.rules.own_tile_arcs][player.position][arc]:
        return Refusal("SC-32", say("that arc has no square on your tile (arc=own-tile)"))
    return None


BLOCK_CENTRES: Final = tuple(
    tuple(c for c in slot_squares(slot) if 0 < (c // SIDE) % TILE_SIZE < TILE_SIZE - 1
          and 0 < (c % SIDE) % TILE_SIZE < TILE_SIZE - 1) for slot in range(16))
"""SC-14: the centres of 3×3 blocks inside each tile."""
BLOCKS: Final = {c: frozenset((c // SIDE + dr) * SIDE + c % SIDE + dc for dr in (-1, 0, 1)
                              for dc in (-1, 0, 1)) for centres in BLOCK_CENTRES for c in centres}


def bomb_centres(state: SuperCamelotRecord, seat: int) -> list[int]:
    """SC-14, SC-36: centres of the 3×3 blocks inside the bomber's tile; of blocks hitting
    exactly the same things (nothing included), only the first in reading order."""
    player = state.players[seat]
    if not player.bombs or not on_a_tile(state, seat):
        return []
    firsts: dict[tuple[object, ...], int] = {}
    for centre in BLOCK_CENTRES[slot_of(player.position)]:
        firsts.setdefault(block_hits(state, seat, centre), centre)
    return list(firsts.values())


def block_hits(state: SuperCamelotRecord, seat: int,
               centre: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """SC-14: the (bushes, enemies, seats) a bomb on the block at `centre` strikes."""
    squares = BLOCKS[centre]
    bushes, enemies = reach(state, seat, sorted(squares))
    seats = tuple(s for s, p in enumerate(state.players) if p.position in squares)
    return bushes, enemies, seats


def bomb_refusal(state: SuperCamelotRecord, seat: int, centre: int) -> Refusal | None:
    """SC-14, SC-36: a Bomb, a block inside the bomber's tile, the first of the blocks
    hitting the same things."""
    player = state.players[seat]
    if not player.bombs:
        return Refusal("SC-14", say("you hold no Bomb"))
    if not on_a_tile(state, seat):
        return ON_A_TILE
    if centre not in BLOCK_CENTRES[slot_of(player.position)]:
        return Refusal("SC-14", say("a bomb strikes a 3×3 block inside your tile: name its "
                           "centre"))
    hits = block_hits(state, seat, centre)
    first = next(c for c in bomb_centres(state, seat) if block_hits(state, seat, c) == hits)
    return None if first == centre else Refusal(
        "SC-36", say("that block hits the same things as the one centred on {square}: bomb "
                     "that one", square=name(first)))


def bow_targets(state: SuperCamelotRecord, seat: int) -> list[int]:
    """SC-15: with the Hunting Bow, once per turn: any enemy on the tile, no line needed."""
    player = state.players[seat]
    if state.bow_used or not player.has(Card.HUNTING_BOW) or not on_a_tile(state, seat):
        return []
    slot = slot_of(player.position)
    return sorted(sq for sq in state.enemies if slot_of(sq) == slot and
                  can_hit(state, seat, sq))


def bow_refusal(state: SuperCamelotRecord, seat: int, target: int) -> Refusal | None:
    """SC-15: the Hunting Bow, once per turn, at an enemy on one's tile (not a Mimic on
    one's own square)."""
    player = state.players[seat]
    if not player.has(Card.HUNTING_BOW):
        return Refusal("SC-15", say("shooting needs the Hunting Bow"))
    if state.bow_used:
        return Refusal("SC-15", say("the Hunting Bow shoots once per turn"))
    if not on_a_tile(state, seat):
        return ON_A_TILE
    if target in bow_targets(state, seat):
        return None
    if target in state.enemies and slot_of(target) == slot_of(player.position):
        return Refusal("SC-15", say("nobody can attack a Mimic on their own square"))
    return Refusal("SC-15", say("the Hunting Bow shoots an enemy on your tile"))


def attack(state: SuperCamelotRecord, arc: int) -> None:
    """SC-12: an Attack action on an arc: roll three dice. An arc reaching nothing spends
    the action with no roll, as no face could change anything (SC-36)."""
    bushes, enemies = reach(state, state.active, arc_squares(state, state.active, arc))
    if bushes or enemies:
        state.pending.append(AttackRoll(Strike(Weapon.SWORD, bushes, enemies)))


def bomb(state: SuperCamelotRecord, centre: int) -> None:
    """SC-14, SC-29: the Bomb returns to the supply; its block is struck."""
    seat = state.active
    state.players[seat].bombs -= 1
    state.item_supply[Item.BOMB] += 1
    squares = sorted(BLOCKS[centre])
    bushes, enemies = reach(state, seat, squares)
    characters = tuple(s for s, p in enumerate(state.players) if p.position in squares)
    if bushes or enemies or characters:  # SC-36: a block hitting nothing rolls no dice
        state.pending.append(AttackRoll(Strike(Weapon.BOMB, bushes, enemies, characters)))


def shoot(state: SuperCamelotRecord, target: int) -> None:
    """SC-15: a free attack on one enemy; bushes are not hit."""
    state.bow_used = True
    state.pending.append(AttackRoll(Strike(Weapon.BOW, (), (target,))))
