"""Building Raiding Stonehenge positions for scenario tests, as position texts read by
`albion.games.raiding_stonehenge.position.from_text`. Cards placed are taken from the
deck and disks from the piles, so 60 cards and 50 disks stay conserved (RS-1)."""

from __future__ import annotations

from albion.core import VariantValue
from albion.games.raiding_stonehenge import GAME, Colour, RaidingState
from albion.games.raiding_stonehenge.components import COPIES, DISKS_PER_COLOUR, HIGHEST_CARD
from albion.games.raiding_stonehenge.position import LETTERS, from_text

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
    rows = [list(line) for line in (lines or [[]] * 5)]
    held = [sorted(hand) for hand in (hands or [[] for _ in range(players)])]
    owned = [dict(d) for d in (disks or [])] + [{}] * (players - len(disks or []))
    piles = [DISKS_PER_COLOUR - sum(d.get(c.label, 0) for d in owned) for c in Colour]
    assert min(piles) >= 0, "more disks than the piles hold"
    left = [0] + [COPIES] * HIGHEST_CARD
    for card in [card for row in rows for card in row] + [card for hand in held
                                                         for card in hand]:
        left[card] -= 1
        assert left[card] >= 0, f"more than two {card}s"
    played = [0] * (HIGHEST_CARD + 1)
    if deck is not None:
        for card in range(1, HIGHEST_CARD + 1):
            assert left[card] >= deck.count(card)
            played[card] = left[card] - deck.count(card)
            left[card] = deck.count(card)
    settings = " ".join(f"{key}={value}" for key, value in GAME.variant(variant).items())
    return from_text(" | ".join([
        f"raiding-stonehenge {players}p {settings}",
        f"round 1 pick P{start + 1} start P{start + 1} acted 0",
        f"deck {_cards(left)}",
        f"discard {_cards(played)}",
        "queue -",
        "lines " + " ".join(",".join(map(str, row)) or "-" for row in rows),
        "piles " + " ".join(f"{count}{LETTERS[c]}" for c, count in enumerate(piles)),
        "placed - waiting -",
        *(f"P{seat + 1} hand {','.join(map(str, held[seat])) or '-'} play - at - "
          f"disks {_disks(owned[seat])} taken - last -" for seat in range(players)),
    ]))


def _disks(owned: dict[str, int]) -> str:
    return " ".join(f"{count}{LETTERS[COLOUR[name]]}" for name, count in owned.items()
                    if count) or "-"


def _cards(counts: list[int]) -> str:
    """Counts by number as runs of one card: `3x2` two 3s, `5` one 5."""
    return ",".join(f"{card}x{count}" if count > 1 else str(card)
                    for card, count in enumerate(counts) if count) or "-"


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
