"""Attacks (SC-12): the sword's arcs, the roll, bushes always cut, and the Gem rule that
lets cut bushes draw Litter (SC-28: one card per bush at most)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from albion.games.super_camelot.board import SIDE, SQUARES, slot_of
from albion.games.super_camelot.components import Card, Deck, Face, Token
from albion.games.super_camelot.pieces import AttackRoll, CardDraws, Thing

if TYPE_CHECKING:
    from albion.games.super_camelot.state import SuperCamelotState

N, NE, E, SE, S, SW, W, NW = (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)
ARC_OFFSETS: tuple[tuple[tuple[int, int], ...], ...] = (
    (N, NE, E), (E, SE, S), (S, SW, W), (W, NW, N),  # the sword's four 3-square arcs
    (W, NW, N, NE, E), (N, NE, E, SE, S), (E, SE, S, SW, W), (S, SW, W, NW, N),  # Greatsword
)
ARC_NAMES = ("ne", "se", "sw", "nw", "north", "east", "south", "west")
GREATSWORD_ARCS = range(4, 8)


def arc_squares(state: SuperCamelotState, seat: int, arc: int) -> list[int]:
    """SC-12, SC-32: the squares of an arc on the map (with `arc=own-tile`, those on the
    attacker's tile only)."""
    position = state.players[seat].position
    row, col = divmod(position, SIDE)
    squares = [(row + dr) * SIDE + col + dc for dr, dc in ARC_OFFSETS[arc]
               if 0 <= row + dr < SIDE and 0 <= col + dc < SIDE]
    if state.rules.own_tile_arcs:
        slot = slot_of(position)
        squares = [sq for sq in squares if slot_of(sq) == slot]
    return squares


def targets(state: SuperCamelotState, squares: list[int]) -> tuple[list[int], list[int]]:
    """(bushes, enemies) among `squares`."""
    bushes = [sq for sq in squares if state.things.get(sq) is Thing.BUSH]
    enemies = [sq for sq in squares if sq in state.enemies]
    return bushes, enemies


def attack_arcs(state: SuperCamelotState, seat: int) -> list[int]:
    """Arcs worth an Attack: something to cut or fight in them (the Greatsword's only for
    its holder, SC-32)."""
    player = state.players[seat]
    if not 0 <= player.position < SQUARES:
        return []
    arcs = range(8) if player.has(Card.GREATSWORD) else range(4)
    found = []
    for arc in arcs:
        bushes, enemies = targets(state, arc_squares(state, seat, arc))
        if bushes or enemies:
            found.append(arc)
    return found


def attack(state: SuperCamelotState, arc: int) -> None:
    """SC-12: spend an Attack action and roll three dice."""
    bushes, enemies = targets(state, arc_squares(state, state.active, arc))
    state.pending.append(AttackRoll(tuple(bushes), tuple(enemies)))


def resolve_roll(state: SuperCamelotState, roll: AttackRoll, faces: tuple[Face, ...]) -> None:
    """SC-12: bushes are always cut; each Gem (a Star may become one) lets one cut bush
    draw a Litter card (SC-28)."""
    gems = faces.count(Face.GEM) + faces.count(Face.STAR)
    for square in roll.bushes:
        del state.things[square]
        state.token_supply[Token.BUSH] += 1
    draws = min(gems, len(roll.bushes))
    if draws:
        state.pending.append(CardDraws(Deck.LITTER, draws, roll.bushes))
