"""What a Super Camelot position read from text must satisfy: every component of the box
is somewhere exactly once (tiles, bushes, rocks and enemies, items, cards), a Mimic's loot
matches its victims' face-down treasures, and each character board is used once."""

from __future__ import annotations

from collections import Counter

from albion.core.errors import PositionError
from albion.games.super_camelot.components import (
    DECK_CONTENTS,
    ITEM_SUPPLY,
    MAX_HEALTH,
    TOKEN_SUPPLY,
    Card,
    Deck,
    Item,
    Token,
)
from albion.games.super_camelot.pieces import Phase, Thing, TreasureState
from albion.games.super_camelot.position_steps import cards_in
from albion.games.super_camelot.record import SuperCamelotRecord
from albion.games.super_camelot.world import TILES

THING_TOKEN = {Thing.BUSH: Token.BUSH, Thing.ROCK: Token.ROCK}


def check(state: SuperCamelotRecord) -> None:
    """Raise PositionError naming the first component out of place."""
    _tiles(state)
    _tokens(state)
    _items(state)
    _cards(state)
    _loot(state)
    _players(state)


def _tiles(state: SuperCamelotRecord) -> None:
    """SC-1: the 16 tiles lie in a slot or in the stack, each once."""
    counts = Counter([tile for tile in state.slot_tile if tile >= 0] + state.tile_stack)
    for index, tile in enumerate(TILES):
        if counts[index] != 1:
            raise PositionError(f"tiles not conserved: {tile.key} is in the slots and the "
                                f"tile stack {counts[index]} times, not once (SC-1)")


def _tokens(state: SuperCamelotRecord) -> None:
    """SC-11: bushes, rocks and enemies are on the map or in the supply."""
    placed = Counter([THING_TOKEN[thing] for thing in state.things.values()
                      if thing in THING_TOKEN] + list(state.enemies.values()))
    for token in Token:
        total = placed[token] + state.token_supply[token]
        if total != TOKEN_SUPPLY[token]:
            raise PositionError(f"tokens not conserved: {placed[token]} {_label(token)} on the "
                                f"map and {state.token_supply[token]} in the supply make "
                                f"{total}, the box holds {TOKEN_SUPPLY[token]} (SC-11)")


def _items(state: SuperCamelotRecord) -> None:
    """Items lie on squares, are held, lost (SC-11) or in the supply (SC-35)."""
    for item in Item:
        lying = sum(items.count(item) for items in state.items.values())
        if item is Item.SMALL_KEY:
            held = sum(player.keys for player in state.players)
        elif item is Item.BOMB:
            held = sum(player.bombs for player in state.players)
        else:
            held = sum(player.gem_tokens(item) for player in state.players)
        total = lying + held + state.lost_items[item] + state.item_supply[item]
        if total != ITEM_SUPPLY[item]:
            raise PositionError(f"items not conserved: {lying} {item.label} on the map, {held} "
                                f"held, {state.lost_items[item]} lost and "
                                f"{state.item_supply[item]} in the supply make {total}, the "
                                f"box holds {ITEM_SUPPLY[item]}")


def _cards(state: SuperCamelotRecord) -> None:
    """SC-16, SC-17: a card is in its deck or discard, a Small Treasure before a player
    (face up, stolen or lost), or drawn and held by a pending step."""
    for deck in Deck:
        for card in Card:
            stacked = state.decks[deck][card] + state.discards[deck][card]
            if stacked > DECK_CONTENTS[deck].get(card, 0):
                raise PositionError(f"cards not conserved: {stacked} {card.label} in the "
                                    f"{deck.label} deck and discard, it holds "
                                    f"{DECK_CONTENTS[deck].get(card, 0)} (SC-16)")
    found = Counter(card for player in state.players for card, _ in player.treasures)
    found.update(card for step in state.pending for card in cards_in(step))
    for card in Card:
        total = found[card] + sum(state.decks[d][card] + state.discards[d][card] for d in Deck)
        expected = sum(contents.get(card, 0) for contents in DECK_CONTENTS.values())
        if total != expected:
            raise PositionError(f"cards not conserved: {total} {card.label} cards in decks, "
                                f"discards, treasures and pending steps, the game has "
                                f"{expected} (SC-16)")


def _loot(state: SuperCamelotRecord) -> None:
    """SC-24, SC-40: each face-down stolen treasure lies under exactly one Mimic."""
    stolen = Counter((seat, card) for seat, player in enumerate(state.players)
                     for card, status in player.treasures if status is TreasureState.STOLEN)
    hoards = Counter(entry for loot in state.loot.values() for entry in loot)
    if stolen != hoards:
        seat, card = next(iter((stolen - hoards) or (hoards - stolen)))
        raise PositionError(f"P{seat + 1}'s stolen {card.label}: the treasures marked "
                            f"`stolen` and the Mimics' loot must match (SC-24)")


def _players(state: SuperCamelotRecord) -> None:
    """SC-4, SC-34: one board per character, every seat's once characters are chosen."""
    characters = [player.character for player in state.players]
    if len(set(characters)) != len(characters):
        raise PositionError("two players have the same character (SC-4)")
    chosen = len(state.players)
    if chosen > state.n or (chosen < state.n and state.phase is not Phase.CHOOSING):
        raise PositionError(f"{chosen} characters for {state.n} players; fewer only while "
                            f"choosing (SC-34)")
    if not 0 <= state.active < state.n:
        raise PositionError(f"P{state.active + 1} is not a seat of {state.n} players")
    for seat, player in enumerate(state.players):
        if player.health > MAX_HEALTH:
            raise PositionError(f"P{seat + 1} health {player.health}: at most {MAX_HEALTH} "
                                f"(SC-21)")


def _label(token: Token) -> str:
    return token.name.lower().replace("_", "-")
