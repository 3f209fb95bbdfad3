"""High Card, the game: identity, notation, what a viewer may read, sampling, canaries
and the fixed action space.

Notation: `deal <n>` (chance, HC-1) and `play <n>` (HC-2), n from 1 to 9.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from albion.core.errors import InvalidActionError
from albion.core.game import Game
from albion.core.variants import Variant, VariantValue

from . import position
from .rules import CARDS, COPIES, DEAL, HAND, PLAY, RULINGS, Deal, HighCardAction, Play
from .state import HighCardState, HighCardView

KINDS: dict[str, Mapping[int, HighCardAction]] = {"deal": DEAL, "play": PLAY}


class HighCard(Game[HighCardState, HighCardAction, HighCardView]):
    """Three cards each from a deck of 1–9 twice; three rounds of one card face up."""

    id = "high-card"
    name = "High Card"
    version = "0.1"
    summary = "a secret hand of three cards: play the highest card of a round, thrice"
    min_players = 2
    max_players = 3
    has_secrets = True
    rulings = RULINGS
    num_distinct_actions = 2 * len(CARDS)

    def _new_state(self, num_players: int, variant: Variant) -> HighCardState:
        return HighCardState(num_players)

    def from_text(self, text: str) -> HighCardState:
        return position.from_text(text)

    def parse_action(self, state: HighCardState, text: str) -> HighCardAction:
        match text.strip().lower().split():
            case [kind, number] if kind in KINDS and number.isdigit() and \
                    int(number) in CARDS:
                return KINDS[kind][int(number)]
        raise InvalidActionError(f"{text.strip()!r} is not a High Card action; try: "
                                 "play <1-9> (or, for chance, deal <1-9>)")

    def action_text(self, state: HighCardState, action: HighCardAction) -> str:
        if isinstance(action, Deal | Play) and action.card in CARDS:
            return f"{'deal' if isinstance(action, Deal) else 'play'} {action.card}"
        raise InvalidActionError(f"{action!r} is not a High Card action")

    def describe_action(self, state: HighCardState, action: HighCardAction,
                        viewer: int | None) -> str:
        """HC-1: a dealt card is named only to the seat it goes to; plays are public."""
        if isinstance(action, Deal):
            seat = state.dealing_to()
            card = str(action.card) if viewer == seat else "a card"
            return f"deal {card} to {self.seat_name(seat)}"
        return self.action_text(state, action)

    def sample_state(self, view: HighCardView, rng: random.Random) -> HighCardState:
        """HC-1: the cards the view does not show are dealt at random to the hidden hands
        (in the sizes shown) and the rest go back to the deck."""
        state = HighCardState(view.num_players)
        unseen = [COPIES] * (len(CARDS) + 1)
        for card in (*(view.hand or ()), *view.plays):
            unseen[card] -= 1
        pool = [card for card in CARDS for _ in range(unseen[card])]
        rng.shuffle(pool)
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat and view.hand is not None:
                state.hands[seat] = list(view.hand)
            else:
                state.hands[seat] = sorted(pool[:size])
                del pool[:size]
        state.deck = [0] * (len(CARDS) + 1)
        for card in pool:
            state.deck[card] += 1
        state.plays = list(view.plays)
        return state

    def plant_canary(self, state: HighCardState, seat: int) -> HighCardState | None:
        """HC-1: swap a card of `seat`'s hand for an undealt card of another number."""
        for card in state.hands[seat]:
            for canary in CARDS:
                if canary != card and state.deck[canary]:
                    planted = state.clone()
                    hand = planted.hands[seat]
                    hand[hand.index(card)] = canary
                    hand.sort()
                    planted.deck[canary] -= 1
                    planted.deck[card] += 1
                    return planted
        return None

    def action_index(self, action: HighCardAction) -> int:
        """`deal n` is n - 1, `play n` is 8 + n."""
        return action.card - 1 + (len(CARDS) if isinstance(action, Play) else 0)

    def action_at(self, index: int, state: HighCardState) -> HighCardAction:
        if not 0 <= index < self.num_distinct_actions:
            raise InvalidActionError(f"no High Card action has index {index}")
        kind = PLAY if index >= len(CARDS) else DEAL
        return kind[index % len(CARDS) + 1]

    def max_game_length(self, num_players: int,
                        variant: Variant | Mapping[str, VariantValue] | None = None) -> int:
        """HC-1, HC-2: three cards dealt to and played by each seat."""
        return 2 * HAND * num_players


GAME = HighCard()
HighCardState.game = GAME
