"""What a character holds and gains: items collected on entry, gems from the supply, healing,
and the 40-gem win checked after every change (SC-19)."""

from __future__ import annotations

from albion.games.super_camelot.board import SQUARES, slot_of
from albion.games.super_camelot.components import (
    GEM_ITEMS,
    GEM_VALUE,
    MAX_HEALTH,
    WIN_GEMS,
    Card,
    Character,
    Item,
)
from albion.games.super_camelot.pieces import TreasureState
from albion.games.super_camelot.record import SuperCamelotRecord


def gem_total(state: SuperCamelotRecord, seat: int) -> int:
    """SC-19: gem tokens plus the gem value of face-up Small Treasures (SC-17)."""
    player = state.players[seat]
    tokens = sum(GEM_VALUE[item] * player.gem_tokens(item) for item in GEM_ITEMS)
    treasures = sum(1 for _, status in player.treasures if status is TreasureState.UP)
    return tokens + treasures * state.rules.treasure_gems


def check_gems(state: SuperCamelotRecord, seat: int) -> None:
    """SC-19: 40 gems or more win at once."""
    if gem_total(state, seat) >= WIN_GEMS:
        state.end_game(seat, "gems")


def take_item(state: SuperCamelotRecord, seat: int, item: Item) -> None:
    player = state.players[seat]
    if item is Item.SMALL_KEY:
        player.keys += 1
    elif item is Item.BOMB:
        player.bombs += 1
    else:
        player.gems[item - Item.GREEN_GEM] += 1


def collect(state: SuperCamelotRecord, seat: int, square: int) -> None:
    """Entering a square collects what lies there (SC-8, SC-28)."""
    found = state.items.pop(square, None)
    if found:
        for item in found:
            take_item(state, seat, item)
        check_gems(state, seat)


def collect_on_tile(state: SuperCamelotRecord, seat: int) -> None:
    """SC-26, SC-32: the Magnet gathers every item on its holder's tile."""
    position = state.players[seat].position
    if position >= SQUARES or position < 0:
        return
    slot = slot_of(position)
    for square in [sq for sq in state.items if slot_of(sq) == slot]:
        collect(state, seat, square)
        if state.winner >= 0:
            return


def gather(state: SuperCamelotRecord, square: int) -> None:
    """After an item drops on `square`: a character standing there collects it at once
    (SC-28), or a Magnet holder on that tile does (SC-32)."""
    for seat, player in enumerate(state.players):
        if player.position == square:
            collect(state, seat, square)
            return
    slot = slot_of(square)
    for seat, player in enumerate(state.players):
        if player.has(Card.MAGNET) and 0 <= player.position < SQUARES \
                and slot_of(player.position) == slot:
            collect(state, seat, square)
            return


def gain_gems(state: SuperCamelotRecord, seat: int, amount: int) -> None:
    """SC-35: pay `amount` from the supply, largest tokens first without going over; what
    the supply cannot pay is not gained."""
    player = state.players[seat]
    for item in GEM_ITEMS:
        value = GEM_VALUE[item]
        while amount >= value and state.item_supply[item]:
            state.item_supply[item] -= 1
            player.gems[item - Item.GREEN_GEM] += 1
            amount -= value
    check_gems(state, seat)


def heal(state: SuperCamelotRecord, seat: int, amount: int) -> None:
    """SC-21 (SC-5: Gwenivere heals 1 more from any healing). SC-39: a passed-out
    character is not healed; it recovers on its next turn."""
    player = state.players[seat]
    if player.passed_out:
        return
    if state.rules.abilities and player.character is Character.GWENIVERE:
        amount += 1
    player.health = min(MAX_HEALTH, player.health + amount)
