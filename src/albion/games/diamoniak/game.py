"""Diamoniak, the game: identity, players, variants, rulings, notation and sampling."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from albion.core.game import AnyState, Game
from albion.core.variants import Variant
from albion.games.diamoniak import notation
from albion.games.diamoniak.cards import Card
from albion.games.diamoniak.phase import Phase
from albion.games.diamoniak.rulings import RULINGS, VARIANTS
from albion.games.diamoniak.state import DiamoniakState, Rules
from albion.games.diamoniak.view import DiamoniakView


class Diamoniak(Game):
    """Djeco's push-your-luck castle-building card game (2009, Grégory Kirszbaum)."""

    id = "diamoniak"
    name = "Diamoniak"
    version = "1.0"
    summary = "push-your-luck card game: be first to build a castle of six cards in your colour"
    min_players = 2
    max_players = 4
    variant_options = VARIANTS
    rulings = RULINGS

    def _new_state(self, num_players: int, variant: Variant) -> DiamoniakState:
        return DiamoniakState.initial(num_players, Rules.of(variant))

    def parse_action(self, state: AnyState, text: str) -> Any:
        assert isinstance(state, DiamoniakState)
        return notation.parse_action(state, text)

    def action_text(self, state: AnyState, action: Any) -> str:
        return notation.action_text(action)

    def describe_outcome(self, before: AnyState, after: AnyState) -> str | None:
        """DI-8, DI-14: once a witch is resolved, what it took in this step (the cards
        given without a question included), or that a fairy countered it."""
        if not isinstance(before, DiamoniakState) or not isinstance(after, DiamoniakState):
            return None
        if after.discard[Card.WITCH] <= before.discard[Card.WITCH]:
            return None
        return witch_effect(before, after)

    def sampler(self, view: Any) -> Callable[[random.Random], AnyState]:
        """DI-11: the view fixes the state, so it is built once and cloned per draw."""
        template = self._state_from_view(view)
        return lambda rng: template.clone()

    def sample_state(self, view: Any, rng: random.Random) -> DiamoniakState:
        """DI-11: nothing is hidden but the pile's order, so the view fixes the state."""
        return self._state_from_view(view)

    def _state_from_view(self, view: Any) -> DiamoniakState:
        assert isinstance(view, DiamoniakView)
        state = DiamoniakState.initial(view.num_players, Rules.of(view.variant))
        state.seat = view.turn_seat
        state.phase = Phase[view.phase.upper()]
        state.pile = list(view.draw_pile)
        state.discard = list(view.discard)
        state.castle = [colour for colour, _ in view.castles]
        state.castle_size = [size for _, size in view.castles]
        state.right = [list(pile) for pile in view.right_piles]
        state.toll_left = view.toll_left
        state.turns = view.turns
        state.winner = view.winner
        return state


def witch_effect(before: DiamoniakState, after: DiamoniakState) -> str:
    """What the drawer gave up to a witch, in words."""
    seat = before.seat
    if after.right[seat][Card.FAIRY] < before.right[seat][Card.FAIRY]:
        return "a fairy counters it"
    castle_lost = before.castle_size[seat] - after.castle_size[seat]
    lost = [f"{Card(before.castle[seat]).label} from the castle"] * castle_lost \
        if castle_lost else []
    lost += [Card(card).label for card in range(len(Card))
             for _ in range(before.right[seat][card] - after.right[seat][card])]
    return "the witch takes " + ", ".join(lost) if lost else "the witch finds nothing to take"


GAME = Diamoniak()
