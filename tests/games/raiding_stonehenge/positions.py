"""Building Raiding Stonehenge positions for scenario tests. Cards placed are taken from
the deck and disks from the piles, so 60 cards and 50 disks stay conserved (RS-1)."""

from __future__ import annotations

from albion.core import VariantValue
from albion.games.raiding_stonehenge import GAME, Colour, Phase, RaidingState

COLOUR = {colour.label: colour for colour in Colour}


def position(
    players: int = 4,
    *,
    start: int = 0,
    lines: list[list[int]] | None = None,
    hands: list[list[int]] | None = None,
    disks: list[dict[str, int]] | None = None,
    deck: list[int] | None = None,
    **variant: VariantValue,
) -> RaidingState:
    """A position at the pick step of a round, `start` holding the gray figure. `deck`, if
    given, is the exact deck; the cards accounted for nowhere count as played."""
    state = GAME.new_state(players, variant)
    assert isinstance(state, RaidingState)
    state.deal_queue = []
    state.phase, state.start, state.seat, state.acted = Phase.PICK, start, start, 0
    state.lines = [list(line) for line in (lines or [[]] * 5)]
    state.hands = [sorted(hand) for hand in (hands or [[] for _ in range(players)])]
    for seat, owned in enumerate(disks or []):
        for name, count in owned.items():
            state.disks[seat][COLOUR[name]] += count
            state.piles[COLOUR[name]] -= count
            assert state.piles[COLOUR[name]] >= 0
    used = [card for line in state.lines for card in line]
    used += [card for hand in state.hands for card in hand]
    for card in used:
        state.deck[card] -= 1
        assert state.deck[card] >= 0, f"more than two {card}s"
    if deck is not None:
        for card in range(1, 31):
            wanted = deck.count(card)
            assert state.deck[card] >= wanted
            state.discard[card] += state.deck[card] - wanted
            state.deck[card] = wanted
    return state


def play(state: RaidingState, *texts: str) -> RaidingState:
    """Apply actions written in notation, each one checked."""
    for text in texts:
        state.apply(GAME.parse_action(state, text))
    return state


def total_cards(state: RaidingState) -> int:
    """RS-1: every card is in the deck, a line, a hand, a committed play or the discard."""
    return (sum(state.deck) + sum(map(len, state.lines)) + sum(map(len, state.hands))
            + sum(1 for card in state.plays if card) + sum(state.discard))


def total_disks(state: RaidingState) -> int:
    return sum(state.piles) + sum(map(sum, state.disks))
