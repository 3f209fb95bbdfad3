"""Building Diamoniak positions for scenario tests, as position texts read by
`albion.games.diamoniak.position.from_text`. Every card placed is taken from the draw
pile, so the 54 cards stay conserved (DI-1)."""

from __future__ import annotations

from albion.core import VariantValue
from albion.games.diamoniak import GAME, Card, DiamoniakState, Phase
from albion.games.diamoniak.cards import DECK
from albion.games.diamoniak.position import LETTERS, from_text

CARD = {card.label: card for card in Card}


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
    left = list(DECK)
    thrown = [0] * len(Card)

    def take(name: str, count: int) -> None:
        assert left[CARD[name]] >= count, f"not enough {name} cards left to place"
        left[CARD[name]] -= count

    seats = []
    for owner in range(players):
        colour, size = (castles or {}).get(owner, ("", 0))
        if colour:
            take(colour, size)
        cards = (right or {}).get(owner, {})
        for name, count in cards.items():
            take(name, count)
        castle = f"{size}{LETTERS[CARD[colour]]}" if colour else "-"
        seats.append(f"P{owner + 1} castle {castle} right {_counts(cards)}")
    for name, count in (discard or {}).items():
        take(name, count)
        thrown[CARD[name]] += count
    if pile is not None:
        for card in Card:
            wanted = pile.get(card.label, 0)
            assert left[card] >= wanted, f"not enough {card.label} cards for the pile"
            thrown[card] += left[card] - wanted
            left[card] = wanted
    settings = " ".join(f"{key}={value}" for key, value in GAME.variant(variant).items())
    return from_text(" | ".join([
        f"diamoniak {players}p {settings}",
        f"{phase.name.lower()} P{seat + 1} turns {turns}",
        "pile " + _counts({card.label: count for card, count in zip(Card, left, strict=True)}),
        "discard " + _counts({card.label: count for card, count in zip(Card, thrown,
                                                                       strict=True)}),
        *seats,
    ]))


def _counts(cards: dict[str, int]) -> str:
    return " ".join(f"{count}{LETTERS[CARD[name]]}" for name, count in cards.items()
                    if count) or "-"


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
