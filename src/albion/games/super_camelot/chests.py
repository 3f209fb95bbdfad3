"""Chests (SC-17), special items (SC-18), the Grail (SC-20) and the Shovel (SC-26)."""

from __future__ import annotations

from typing import Final

from albion.core.errors import Refusal
from albion.core.words import say
from albion.games.super_camelot.board import NEIGHBOURS, SIDE, SQUARES
from albion.games.super_camelot.cards import has_cards
from albion.games.super_camelot.components import Card, Deck, Item, Special
from albion.games.super_camelot.pieces import CardDraws, Thing, TreasureDraw
from albion.games.super_camelot.record import SuperCamelotRecord

OPENED: Final = {Thing.SMALL_CHEST: Thing.OPEN_SMALL_CHEST, Thing.BIG_CHEST: Thing.OPEN_BIG_CHEST}


def chest_to_open(state: SuperCamelotRecord, seat: int) -> int:
    """SC-17: the closed chest directly north of `seat`, if it holds the right key; -1."""
    player = state.players[seat]
    if not 0 <= player.position < SQUARES or player.position < SIDE:
        return -1
    north = player.position - SIDE
    thing = state.things.get(north)
    if thing is Thing.SMALL_CHEST and player.keys:
        return north
    if thing is Thing.BIG_CHEST and player.specials[Special.BIG_KEY]:
        return north
    return -1


def open_refusal(state: SuperCamelotRecord, seat: int) -> Refusal | None:
    """SC-17: a closed chest directly north, and its key (`chest_to_open`'s checks, said
    in words)."""
    if chest_to_open(state, seat) >= 0:
        return None
    player = state.players[seat]
    thing = state.things.get(player.position - SIDE) \
        if SIDE <= player.position < SQUARES else None
    if thing is Thing.SMALL_CHEST:
        return Refusal("SC-17", say("a Small Chest opens with a small key, and you hold none"))
    if thing is Thing.BIG_CHEST:
        return Refusal("SC-17", say("the Big Chest opens with the Big Key, and you do not hold "
                                    "it"))
    if thing in OPENED.values():
        return Refusal("SC-17", say("that chest is open already"))
    return Refusal("SC-17", say("open a chest from the square directly south of it"))


def open_chest(state: SuperCamelotRecord) -> None:
    """SC-17: the key returns to the supply, the chest stays open for good, and its
    treasure is drawn."""
    seat = state.active
    player = state.players[seat]
    chest = chest_to_open(state, seat)
    small = state.things[chest] is Thing.SMALL_CHEST
    if small:
        player.keys -= 1
        state.item_supply[Item.SMALL_KEY] += 1
    else:
        player.specials[Special.BIG_KEY] = False
    state.things[chest] = OPENED[state.things[chest]]
    state.pending.append(TreasureDraw(Deck.SMALL_TREASURE if small else Deck.BIG_TREASURE))


def stacks_beside(state: SuperCamelotRecord, seat: int) -> list[Special]:
    """SC-18: specials in stacks orthogonally adjacent that `seat` does not hold yet."""
    player = state.players[seat]
    if not 0 <= player.position < SQUARES:
        return []
    found = []
    for square in NEIGHBOURS[player.position]:
        if square in state.stacks:
            special = state.stacks[square][0]
            if not player.specials[special]:
                found.append(special)
    return found


def pick_up_refusal(state: SuperCamelotRecord, seat: int, special: Special) -> Refusal | None:
    """SC-18: one of each special item at most, from an orthogonally adjacent stack."""
    if special in stacks_beside(state, seat):
        return None
    if state.players[seat].specials[special]:
        return Refusal("SC-18", say("you already hold a {special}", special=special.label))
    return Refusal("SC-18", say("no {special} stack beside you", special=special.label))


def pick_up(state: SuperCamelotRecord, special: Special) -> None:
    """SC-18: one from the stack; an emptied stack stops blocking."""
    player = state.players[state.active]
    player.specials[special] = True
    square = next(sq for sq in NEIGHBOURS[player.position]
                  if sq in state.stacks and state.stacks[sq][0] is special)
    left = state.stacks[square][1] - 1
    if left:
        state.stacks[square] = (special, left)
    else:
        del state.stacks[square]
        del state.things[square]


def can_claim(state: SuperCamelotRecord, seat: int) -> bool:
    """SC-20: on a starting circle with all three relics."""
    player = state.players[seat]
    return player.position >= SQUARES and player.has_all_relics()


def claim_refusal(state: SuperCamelotRecord, seat: int) -> Refusal | None:
    """SC-20: the Claim action, on a starting circle with all three relics."""
    return None if can_claim(state, seat) else Refusal(
        "SC-20", say("claim the Grail on a starting circle with all three relics"))


def dig_refusal(state: SuperCamelotRecord, seat: int) -> Refusal | None:
    """SC-26: the Shovel's Dig, on a tile, while Small Loot remains."""
    if can_dig(state, seat):
        return None
    if not state.players[seat].has(Card.SHOVEL):
        return Refusal("SC-26", say("digging needs the Shovel"))
    return Refusal("SC-26", say("no Small Loot is left to dig up") if
                   0 <= state.players[seat].position < SQUARES else
                   say("dig on a square of a tile"))


def can_dig(state: SuperCamelotRecord, seat: int) -> bool:
    """SC-26: the Shovel digs anywhere on a tile, while Small Loot remains."""
    player = state.players[seat]
    return player.has(Card.SHOVEL) and 0 <= player.position < SQUARES and \
        has_cards(state, Deck.SMALL_LOOT)


def dig(state: SuperCamelotRecord) -> None:
    """SC-26, SC-28: a Small Loot card; its item drops on the digger, collected at once."""
    state.pending.append(CardDraws(Deck.SMALL_LOOT, 1, (), at_drawer=True))
