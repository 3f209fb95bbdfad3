"""Litter, Loot and Treasure cards (SC-16, SC-17): drawing as a chance outcome, dropping
items where the drawer chooses, and the cards that act at once."""

from __future__ import annotations

from typing import Final

from albion.games.super_camelot import belongings, world
from albion.games.super_camelot.components import (
    BIG_TREASURE_GEMS,
    CARD_ITEM,
    MAX_HEALTH,
    Card,
    Character,
    Deck,
    Token,
)
from albion.games.super_camelot.pieces import (
    CardDraws,
    DropChoice,
    KeepChoice,
    SecondDraw,
    TreasureDraw,
    TreasureState,
)
from albion.games.super_camelot.record import SuperCamelotRecord

DROPS: Final = frozenset(CARD_ITEM) | {Card.DARK_KNIGHT}
"""Cards that put something on a square."""


def pile(state: SuperCamelotRecord, deck: Deck) -> list[int]:
    """The counts the next card comes from: the deck, or (SC-16) its reshuffled discard."""
    cards = state.decks[deck]
    return cards if any(cards) else state.discards[deck]


def has_cards(state: SuperCamelotRecord, deck: Deck) -> bool:
    return any(state.decks[deck]) or any(state.discards[deck])


def take(state: SuperCamelotRecord, deck: Deck, card: Card) -> None:
    """Remove the drawn card from its deck, reshuffling the discard in first if empty."""
    if not any(state.decks[deck]):
        state.decks[deck], state.discards[deck] = state.discards[deck], [0] * len(Card)
    state.decks[deck][card] -= 1


def merlin(state: SuperCamelotRecord) -> bool:
    """SC-5, SC-32: Merlin draws two Litter or Loot cards and keeps one (Dig included)."""
    return state.rules.abilities and \
        state.players[state.active].character is Character.MERLIN


def draw_litter_or_loot(state: SuperCamelotRecord, draws: CardDraws, card: Card) -> None:
    """SC-16: a card is drawn (Merlin draws a second one before choosing)."""
    take(state, draws.deck, card)
    if merlin(state) and has_cards(state, draws.deck):
        state.pending.append(SecondDraw(draws, card))
    else:
        use_card(state, draws, card)


def second_draw(state: SuperCamelotRecord, pending: SecondDraw, card: Card) -> None:
    """SC-5: Merlin's second card; two alike leave nothing to choose."""
    take(state, pending.draws.deck, card)
    if card is pending.first:
        keep(state, KeepChoice(pending.draws, (card, card)), card)
    else:
        state.pending.append(KeepChoice(pending.draws, (pending.first, card)))


def keep(state: SuperCamelotRecord, choice: KeepChoice, card: Card) -> None:
    """SC-32: the card not kept goes to its deck's discard."""
    first, second = choice.cards
    state.discards[choice.draws.deck][second if card is first else first] += 1
    use_card(state, choice.draws, card)


def use_card(state: SuperCamelotRecord, draws: CardDraws, card: Card) -> None:
    """SC-16: the card acts at once, or drops on a source square (the drawer chooses when
    there are several; SC-28: Dig drops on the digger, who collects at once)."""
    rest = CardDraws(draws.deck, draws.count - 1, draws.sources, draws.at_drawer) \
        if draws.count > 1 else None
    if card not in DROPS:
        act_now(state, card)
        state.discards[draws.deck][card] += 1
        if rest is not None:
            state.pending.append(rest)
        return
    sources = (state.players[state.active].position,) if draws.at_drawer else draws.sources
    if len(sources) == 1:
        drop(state, DropChoice(card, draws.deck, sources, rest), sources[0])
    else:
        state.pending.append(DropChoice(card, draws.deck, sources, rest))


def drop(state: SuperCamelotRecord, choice: DropChoice, square: int) -> None:
    """SC-16, SC-31: lay the item (or spawn the Dark Knight) on `square`, if the supply
    has one; the card is discarded; the other sources stay for the draws left."""
    if choice.card is Card.DARK_KNIGHT:
        if state.token_supply[Token.DARK_KNIGHT] and not world.is_blocked(state, square):
            state.token_supply[Token.DARK_KNIGHT] -= 1
            state.enemies[square] = Token.DARK_KNIGHT
    elif world.drop_item(state, square, CARD_ITEM[choice.card]):
        belongings.gather(state, square)
    state.discards[choice.deck][choice.card] += 1
    if choice.rest is not None and state.winner < 0:
        left = tuple(s for s in choice.rest.sources if s != square) or choice.rest.sources
        state.pending.append(CardDraws(choice.rest.deck, choice.rest.count, left,
                                       choice.rest.at_drawer))


def act_now(state: SuperCamelotRecord, card: Card) -> None:
    """SC-16: potions act at once on the drawer."""
    seat = state.active
    if card is Card.HEALTH_POTION:
        belongings.heal(state, seat, 1)
    elif card is Card.GRAIL_WATER:
        belongings.heal(state, seat, MAX_HEALTH)
    elif card is Card.SPEED_POTION:
        state.actions_left += 1  # SC-16 [house]: one more action this turn


def draw_treasure(state: SuperCamelotRecord, pending: TreasureDraw, card: Card) -> None:
    """SC-17: a Small Treasure lies face up before its finder (its gem value counts); a
    Big Treasure gives gems, and the "& Small Treasure" card a Small Treasure too."""
    take(state, pending.deck, card)
    seat = state.active
    if pending.deck is Deck.SMALL_TREASURE:
        state.players[seat].treasures.append((card, TreasureState.UP))
        belongings.check_gems(state, seat)
        if card is Card.MAGNET and state.winner < 0:
            belongings.collect_on_tile(state, seat)
        return
    state.discards[Deck.BIG_TREASURE][card] += 1
    belongings.gain_gems(state, seat, BIG_TREASURE_GEMS[card])
    if card is Card.BLUE_GEMS_10_AND_TREASURE and state.winner < 0 and \
            has_cards(state, Deck.SMALL_TREASURE):
        state.pending.append(TreasureDraw(Deck.SMALL_TREASURE))
