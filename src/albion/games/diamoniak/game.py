"""Diamoniak, the game: identity, players, variants, rulings, notation and sampling."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from albion.core.events import Event
from albion.core.game import Game
from albion.core.observation import ObservationLayout
from albion.core.variants import Variant, VariantValue
from albion.games.diamoniak import action_space as space
from albion.games.diamoniak import events, notation, position
from albion.games.diamoniak.actions import DiamoniakAction
from albion.games.diamoniak.cards import Card
from albion.games.diamoniak.phase import Phase
from albion.games.diamoniak.record import Rules
from albion.games.diamoniak.rulings import RULINGS, VARIANTS
from albion.games.diamoniak.state import DiamoniakState
from albion.games.diamoniak.view import DiamoniakView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


class Diamoniak(Game[DiamoniakState, DiamoniakAction, DiamoniakView]):
    """Djeco's push-your-luck castle-building card game (2009, Grégory Kirszbaum)."""

    id = "diamoniak"
    name = "Diamoniak"
    version = "1.0"
    summary = "push-your-luck card game: be first to build a castle of six cards in your colour"
    min_players = 2
    max_players = 4
    players_ruling = "DI-1"
    variant_options = VARIANTS
    rulings = RULINGS
    action_space = space.SPACE

    def _new_state(self, num_players: int, variant: Variant) -> DiamoniakState:
        return DiamoniakState.initial(num_players, Rules.of(variant))

    def max_game_length(self, num_players: int,
                        variant: Variant | Mapping[str, VariantValue] | None = None) -> int:
        """DI-10: 1 + 100 × max_turns, whatever the player count (`action_space`)."""
        self.check_players(num_players)
        resolved = variant if isinstance(variant, Variant) else self.variant(variant)
        return space.max_game_length(resolved)

    def observation_layout(self, num_players: int) -> ObservationLayout:
        """92 numbers for every table size: four places, the viewer's first (`encoding`)."""
        self.check_players(num_players)
        from albion.games.diamoniak import encoding  # noqa: PLC0415 - numpy, on demand

        return encoding.LAYOUT

    def observation_tensor(self, view: DiamoniakView) -> npt.NDArray[np.float32]:
        """DI-11: the view (all but the pile's order) as `observation_layout` says."""
        from albion.games.diamoniak import encoding  # noqa: PLC0415 - numpy, on demand

        return encoding.observation_tensor(view)

    def from_text(self, text: str) -> DiamoniakState:
        return position.from_text(text)

    def parse_action(self, state: DiamoniakState, text: str) -> DiamoniakAction:
        return notation.parse_action(state, text)

    def action_text(self, state: DiamoniakState, action: DiamoniakAction) -> str:
        return notation.action_text(action)

    @property
    def moves_are_public(self) -> bool:
        """DI-11: everything but the pile's order is public: one account for everyone."""
        return True

    def decision_event(self, state: DiamoniakState, actor: int, action: DiamoniakAction,
                       text: str, viewer: int | None) -> Event:
        """DI-11: every viewer reads the same account, with the card revealed, the seat
        that starts, or what a purchase cost, as values (`events`)."""
        return events.decision_event(state, actor, action, text, self.seat_name(actor))

    def outcome_events(self, before: DiamoniakState, after: DiamoniakState) -> list[Event]:
        """DI-8, DI-14: once a witch is resolved, what it took in this step (the cards
        given without a question included), or that a fairy countered it."""
        if after.discard[Card.WITCH] <= before.discard[Card.WITCH]:
            return []
        return [events.witch_toll(before, after)]

    def sampler(self, view: DiamoniakView) -> Callable[[random.Random], DiamoniakState]:
        """DI-11: the view fixes the state, so it is built once and cloned per draw."""
        template = self._state_from_view(view)
        return lambda rng: template.clone()

    def sample_state(self, view: DiamoniakView, rng: random.Random) -> DiamoniakState:
        """DI-11: nothing is hidden but the pile's order, so the view fixes the state."""
        return self._state_from_view(view)

    def _state_from_view(self, view: DiamoniakView) -> DiamoniakState:
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


GAME = Diamoniak()
DiamoniakState.game = GAME
