"""Raiding Stonehenge, the game: identity, players, variants, rulings, notation, sampling."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from albion.core.events import Event
from albion.core.game import Game
from albion.core.observation import ObservationLayout
from albion.core.variants import Variant, VariantValue
from albion.games.raiding_stonehenge import action_space as space
from albion.games.raiding_stonehenge import events, notation, position
from albion.games.raiding_stonehenge.actions import RaidingAction
from albion.games.raiding_stonehenge.components import HIGHEST_CARD, full_deck
from albion.games.raiding_stonehenge.phase import Phase
from albion.games.raiding_stonehenge.record import Rules
from albion.games.raiding_stonehenge.resolution import placement_order
from albion.games.raiding_stonehenge.rulings import RULINGS, VARIANTS
from albion.games.raiding_stonehenge.state import RaidingState
from albion.games.raiding_stonehenge.view import RaidingView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


class RaidingStonehenge(Game[RaidingState, RaidingAction, RaidingView]):
    """Rich Hutnik's fan game for the components of *Stonehenge: An Anthology Board Game*."""

    id = "raiding-stonehenge"
    name = "Raiding Stonehenge"
    version = "1.0"
    summary = "secret picks and coloured disks: collect sets of five colours"
    min_players = 2
    max_players = 5
    published_players = (4, 5)
    players_ruling = "RS-2"
    has_secrets = True
    has_simultaneous = True
    variant_options = VARIANTS
    rulings = RULINGS
    action_space = space.SPACE

    def _new_state(self, num_players: int, variant: Variant) -> RaidingState:
        return RaidingState.initial(num_players, Rules.of(variant))

    def max_game_length(self, num_players: int,
                        variant: Variant | Mapping[str, VariantValue] | None = None) -> int:
        """250 − 15N: the deck fixes the length, no variant changes it (`action_space`)."""
        self.check_players(num_players)
        if not isinstance(variant, Variant):
            self.variant(variant)  # bad keys or values raise, as everywhere
        return space.max_game_length(num_players)

    def observation_layout(self, num_players: int) -> ObservationLayout:
        """372 numbers for every table size: five places, the viewer's first (`encoding`)."""
        self.check_players(num_players)
        from albion.games.raiding_stonehenge import encoding  # noqa: PLC0415 - numpy, on demand

        return encoding.LAYOUT

    def observation_tensor(self, view: RaidingView) -> npt.NDArray[np.float32]:
        """RS-18: the viewer's hand and card, and the public table (`observation_layout`)."""
        from albion.games.raiding_stonehenge import encoding  # noqa: PLC0415 - numpy, on demand

        return encoding.observation_tensor(view)

    def from_text(self, text: str) -> RaidingState:
        return position.from_text(text)

    def parse_action(self, state: RaidingState, text: str) -> RaidingAction:
        return notation.parse_action(state, text)

    def action_text(self, state: RaidingState, action: RaidingAction) -> str:
        return notation.action_text(state, action)

    def describe_action(self, state: RaidingState, action: RaidingAction,
                        viewer: int | None) -> str:
        return notation.describe(state, action, viewer)

    def decision_event(self, state: RaidingState, actor: int, action: RaidingAction,
                       text: str, viewer: int | None) -> Event:
        """RS-6, RS-18: what `viewer` may know of the decision, as values (`events`)."""
        return events.decision_event(state, actor, action,
                                     notation.describe(state, action, viewer),
                                     self.seat_name(actor), viewer)

    def outcome_events(self, before: RaidingState, after: RaidingState) -> list[Event]:
        """RS-6 to RS-11: the reveal once the last card is committed, then who took and
        who gave back which disks (all public by then), as `events` words them."""
        return events.outcome_events(before, after)

    def sample_state(self, view: RaidingView, rng: random.Random) -> RaidingState:
        """RS-20: unseen cards (not in the seat's hand, the lines, the discard or a
        revealed play) are dealt at random to the other hands, to unrevealed committed
        cards and to the deck, in the sizes the view shows."""
        return self.sampler(view)(rng)

    def sampler(self, view: RaidingView) -> Callable[[random.Random], RaidingState]:
        """RS-20 as `sample_state`: the public part and the known hands are built once;
        each draw clones them and deals the unseen cards afresh."""
        template = RaidingState.initial(view.num_players, Rules.of(view.variant))
        template.phase = Phase[view.phase.upper()]
        template.seat = view.current_player if view.current_player >= 0 else 0
        template.start, template.round = view.start, view.round
        template.acted = _acted(view)
        template.lines = [list(line) for line in view.lines]
        template.deal_queue = list(view.deal_queue)
        template.at_pile = list(view.at_pile)
        template.pending = list(view.pending)
        template.placed = _placed(view)
        template.piles = list(view.piles)
        template.disks = [list(disks) for disks in view.disks]
        template.discard = list(view.discard)
        template.taken = [list(cards) for cards in view.taken]
        template.last_plays = list(view.last_plays)
        known_hands = _known_hands(view)
        deals: list[tuple[int, tuple[int, ...], int, bool]] = []
        for seat in range(view.num_players):
            if seat in known_hands:
                template.hands[seat] = list(known_hands[seat])
                template.plays[seat] = view.revealed[seat] or (
                    view.own_play if seat == view.seat else 0)
                continue
            if view.revealed[seat]:
                template.plays[seat] = view.revealed[seat]
            hidden = view.committed[seat] and not view.revealed[seat]
            size = view.hand_sizes[seat] + hidden - len(view.taken[seat])
            deals.append((seat, view.taken[seat], size, hidden))
        unseen = _unseen(view, known_hands)
        unseen_counts = [0] * (HIGHEST_CARD + 1)
        for card in unseen:
            unseen_counts[card] += 1
        dealt = sum(size for _, _, size, _ in deals)

        def draw(rng: random.Random) -> RaidingState:
            # Only the hidden hands' cards are drawn, the rest stay in the deck as counts:
            # a 2-player draw in 6.6 µs instead of 17.6 (a shuffle of every unseen card).
            state = template.clone()
            pool = rng.sample(unseen, dealt)
            start = 0
            for seat, taken, size, hidden in deals:
                cards = [*taken, *pool[start:start + size]]
                start += size
                if hidden:
                    state.plays[seat] = cards.pop(rng.randrange(len(cards)))
                state.hands[seat] = sorted(cards)
            state.deck = deck = unseen_counts[:]
            for card in pool:
                deck[card] -= 1
            return state

        return draw

    def plant_canary(self, state: RaidingState, seat: int) -> RaidingState | None:
        """RS-18: every secret of `seat` changed — its committed card, and a hand card not
        seen taken — each swapped with an unseen deck card of another number: a change
        only `seat` can see. None when `seat` holds no secret the deck can stand in for."""
        planted = state.clone()
        changed = False
        committed = state.plays[seat]
        if committed and state.phase is Phase.PLAY:
            canary = _unseen_card(planted, avoid=committed)
            if canary:
                planted.plays[seat] = canary
                planted.deck[canary] -= 1
                planted.deck[committed] += 1
                changed = True
        secret = Counter(planted.hands[seat]) - Counter(planted.taken[seat])
        for card in secret:
            canary = _unseen_card(planted, avoid=card)
            if canary:
                planted.hands[seat].remove(card)
                planted.hands[seat].append(canary)
                planted.hands[seat].sort()
                planted.deck[canary] -= 1
                planted.deck[card] += 1
                changed = True
                break
        return planted if changed else None


def _unseen_card(state: RaidingState, avoid: int) -> int:
    """A number the deck still holds, other than `avoid` (0 if none)."""
    return next((n for n in range(1, HIGHEST_CARD + 1) if state.deck[n] and n != avoid), 0)


def _known_hands(view: RaidingView) -> dict[int, tuple[int, ...]]:
    """The hands the view shows: all of them once the game is over, else the seat's own."""
    if view.final_hands is not None:
        return dict(enumerate(view.final_hands))
    return {} if view.seat is None or view.hand is None else {view.seat: view.hand}


def _unseen(view: RaidingView, known_hands: dict[int, tuple[int, ...]]) -> list[int]:
    """The cards the view does not place, in number order."""
    unseen = full_deck()
    known = [card for line in view.lines for card in line]
    known += [n for n in range(1, HIGHEST_CARD + 1) for _ in range(view.discard[n])]
    known += [card for card in view.revealed if card]
    known += [card for hand in known_hands.values() for card in hand]
    if view.own_play and not any(view.revealed):
        known.append(view.own_play)
    known += [card for seat, cards in enumerate(view.taken) if seat not in known_hands
              for card in cards]
    for card in known:
        unseen[card] -= 1
    return [n for n in range(1, HIGHEST_CARD + 1) for _ in range(unseen[n])]


def _acted(view: RaidingView) -> int:
    """Seats done in the current PICK or PLAY step, from public facts."""
    if view.phase == "play":
        return sum(view.committed)
    if view.phase == "pick" and view.current_player >= 0:
        return (view.current_player - view.start) % view.num_players
    return 0


def _placed(view: RaidingView) -> list[int]:
    """Seats already placed this round, in placement order (RS-7, RS-8)."""
    if not any(view.revealed):
        return []
    coloured, black = placement_order(list(view.revealed), view.start)
    return coloured + [seat for seat in black if view.at_pile[seat] >= 0]


GAME = RaidingStonehenge()
RaidingState.game = GAME
