"""High Card's box, actions and rulings (HC-1 … HC-3, ALL-1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from albion.core.errors import Refusal
from albion.core.rulings import ALL_1, Ruling, Source

CARDS = range(1, 10)
"""The card numbers, 1 to 9."""
COPIES = 2
"""HC-1: each number is in the deck twice (18 cards)."""
HAND = 3
"""HC-1: cards dealt to each seat, and rounds played (HC-2)."""

RULINGS: tuple[Ruling, ...] = (
    Ruling("HC-1", "Deal",
           "18 cards, 1 to 9 twice, shuffled. Each seat in turn, P1 first, is dealt 3 "
           "cards at random; a hand is seen only by its owner.", (Source.PROJECT,)),
    Ruling("HC-2", "Play",
           "Three rounds. In each, every seat in turn plays one card it holds, face up; "
           "P1 leads the first round and the lead passes to the left each round.",
           (Source.PROJECT,)),
    Ruling("HC-3", "Scoring",
           "The highest card of a round scores a point for whoever played it (tied highest "
           "cards score for each). After three rounds the most points win; the game is "
           "then over.", (Source.PROJECT,)),
    ALL_1,
)

DEALING = Refusal("HC-1", "the cards are still being dealt")
NOT_DEALING = Refusal("HC-1", "every hand is dealt already")
OVER = Refusal("HC-3", "the game is over")


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance, HC-1: the seat being dealt gets `card`."""

    card: int


@dataclass(frozen=True, slots=True)
class Play:
    """HC-2: the seat to play plays `card` face up."""

    card: int


HighCardAction = Deal | Play
"""Every action of the game, chance outcomes included."""

DEAL: dict[int, Deal] = {card: Deal(card) for card in CARDS}
PLAY: dict[int, Play] = {card: Play(card) for card in CARDS}


def seat_of_play(index: int, num_players: int) -> int:
    """HC-2: who makes play `index` (P1 leads, and the lead passes left each round)."""
    return (index // num_players + index % num_players) % num_players


def points(plays: Sequence[int], num_players: int) -> list[int]:
    """HC-3: per seat, the finished rounds in which its card was (one of) the highest."""
    won = [0] * num_players
    for start in range(0, len(plays) - num_players + 1, num_players):
        best = max(plays[start:start + num_players])
        for index in range(start, start + num_players):
            won[seat_of_play(index, num_players)] += plays[index] == best
    return won
