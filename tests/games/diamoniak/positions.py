"""Building Diamoniak positions for scenario tests. Every card placed is taken from the
draw pile, so the 54 cards stay conserved (DI-1)."""

from __future__ import annotations

from albion.core import VariantValue
from albion.games.diamoniak import GAME, Card, DiamoniakState, Phase

CARD = {card.label: card for card in Card}


def _take(state: DiamoniakState, card: Card, count: int) -> None:
    assert state.pile[card] >= count, f"not enough {card.label} cards left to place"
    state.pile[card] -= count


def position(
    players: int = 2,
    *,
    seat: int = 0,
    castles: dict[int, tuple[str, int]] | None = None,
    right: dict[int, dict[str, int]] | None = None,
    discard: dict[str, int] | None = None,
    pile: dict[str, int] | None = None,
    phase: Phase = Phase.TURN_START,
    turns: int = 0,
    **variant: VariantValue,
) -> DiamoniakState:
    """A position with `seat` to play. `pile`, if given, replaces the draw pile (cards not
    accounted for anywhere go to the discard, so the total stays 54)."""
    state = GAME.new_state(players, variant)
    assert isinstance(state, DiamoniakState)
    state.phase, state.seat, state.turns = phase, seat, turns
    for owner, (colour, size) in (castles or {}).items():
        state.castle[owner] = CARD[colour]
        state.castle_size[owner] = size
        _take(state, CARD[colour], size)
    for owner, cards in (right or {}).items():
        for name, count in cards.items():
            state.right[owner][CARD[name]] += count
            _take(state, CARD[name], count)
    for name, count in (discard or {}).items():
        state.discard[CARD[name]] += count
        _take(state, CARD[name], count)
    if pile is not None:
        for card in Card:
            wanted = pile.get(card.label, 0)
            assert state.pile[card] >= wanted, f"not enough {card.label} cards for the pile"
            state.discard[card] += state.pile[card] - wanted
            state.pile[card] = wanted
    return state


def play(state: DiamoniakState, *texts: str) -> DiamoniakState:
    """Apply actions (chance outcomes included) written in notation, each one checked."""
    for text in texts:
        state.apply(GAME.parse_action(state, text))
    return state


def total_cards(state: DiamoniakState) -> int:
    """DI-1: every card is in the pile, the discard, a castle or a right-hand pile —
    or is the card being resolved (a witch mid-toll or before the fairy decision)."""
    in_hand = 1 if state.phase in (Phase.FAIRY_CHOICE, Phase.WITCH_TOLL) else 0
    return (sum(state.pile) + sum(state.discard) + sum(state.castle_size)
            + sum(sum(pile) for pile in state.right) + in_hand)
