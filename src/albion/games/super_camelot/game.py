"""Super Camelot, the game: identity, players, variants, rulings, notation and sampling."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from albion.core.events import Event
from albion.core.game import Game
from albion.core.observation import ObservationLayout
from albion.core.state import CHANCE
from albion.core.variants import Variant, VariantValue
from albion.games.super_camelot import action_space as space
from albion.games.super_camelot import (
    belongings,
    chance_events,
    events,
    notation,
    position,
    report,
)
from albion.games.super_camelot.actions import SuperCamelotAction
from albion.games.super_camelot.components import (
    GEM_ITEMS,
    GEM_VALUE,
    ITEM_SUPPLY,
    MAX_PLAYERS,
    WIN_GEMS,
    Character,
    Item,
)
from albion.games.super_camelot.config import Rules
from albion.games.super_camelot.pieces import Adventurer, Phase
from albion.games.super_camelot.rulings import RULINGS, VARIANTS
from albion.games.super_camelot.state import SuperCamelotState
from albion.games.super_camelot.view import SuperCamelotView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


class SuperCamelot(Game[SuperCamelotState, SuperCamelotAction, SuperCamelotView]):
    """Super Camelot (2019): explore the forest of Albion for relics, the Grail and gems."""

    id = "super-camelot"
    name = "Super Camelot"
    version = "2.0"
    """1.1: SC-12 lets every arc be attacked (SC-36 no longer hides empty arcs). 2.0: kills
    and Loot are chosen one enemy at a time (SC-38, SC-12: `kill r<r>c<c>`, `loot
    r<r>c<c>`), so every decision has an index in a fixed action space (`action_space`);
    a several-enemy `kill` or `loot` of a 1.x record is refused, saying so."""
    summary = "tile exploration with dice, enemies and treasure: 40 gems or the Grail"
    min_players = 2
    max_players = MAX_PLAYERS
    players_ruling = "SC-4"
    has_secrets = True
    variant_options = VARIANTS
    rulings = RULINGS
    action_space = space.SPACE

    def _new_state(self, num_players: int, variant: Variant) -> SuperCamelotState:
        return SuperCamelotState.initial(num_players, Rules.of(variant))

    def max_game_length(self, num_players: int,
                        variant: Variant | Mapping[str, VariantValue] | None = None) -> int:
        """SC-37: 358 actions per seat turn up to max_turns, after the setup (SC-1, SC-34,
        SC-4's rolls, limited by SC-41; `action_space`)."""
        self.check_players(num_players)
        resolved = variant if isinstance(variant, Variant) else self.variant(variant)
        return space.max_game_length(num_players, resolved)

    def observation_layout(self, num_players: int) -> ObservationLayout:
        """27 planes over the 28×28 forest, then the characters, tiles, supply, decks and
        the step being resolved; four places, the viewer's first (`encoding`)."""
        self.check_players(num_players)
        from albion.games.super_camelot import encoding  # noqa: PLC0415 - numpy, on demand

        return encoding.LAYOUT

    def observation_tensor(self, view: SuperCamelotView) -> npt.NDArray[np.float32]:
        """SC-27: the view (all but hidden wallets, SC-19) as `observation_layout` says."""
        from albion.games.super_camelot import encoding  # noqa: PLC0415 - numpy, on demand

        return encoding.observation_tensor(view)

    def from_text(self, text: str) -> SuperCamelotState:
        return position.from_text(text)

    def parse_action(self, state: SuperCamelotState, text: str) -> SuperCamelotAction:
        return notation.parse_action(_actor_position(state), text)

    def action_text(self, state: SuperCamelotState, action: SuperCamelotAction) -> str:
        return notation.action_text(_actor_position(state), action)

    def describe_action(self, state: SuperCamelotState, action: SuperCamelotAction,
                        viewer: int | None) -> str:
        """The notation, and for dice what they were rolled for (issue 14: `stars 1`
        alone does not say whose roll it was)."""
        text = self.action_text(state, action)
        purpose = report.roll_purpose(state)
        return f"{text} ({purpose})" if purpose else text

    def decision_event(self, state: SuperCamelotState, actor: int,
                       action: SuperCamelotAction, text: str, viewer: int | None) -> Event:
        """SC-27: the same account for everyone, in words, as values (`events`, chance in
        `chance_events`)."""
        if actor == CHANCE:
            return chance_events.chance_event(state, action, text)
        return events.decision_event(state, actor, action, text)

    def outcome_events(self, before: SuperCamelotState,
                       after: SuperCamelotState) -> list[Event]:
        """Damage, healing, passing out, enemies moving or dying, items picked up and
        treasures found or stolen (all public; gem totals never, SC-19)."""
        return report.outcome(before, after)

    def seat_labels(self, state: SuperCamelotState) -> dict[str, list[str]]:
        """The character each seat played (SC-4)."""
        return {"character": [player.character.label for player in state.players]}

    def seat_label_values(self) -> dict[str, tuple[str, ...]]:
        """SC-4: the six characters, whether or not a game drew them."""
        return {"character": tuple(character.label for character in Character)}

    def sampler(self, view: SuperCamelotView) -> Callable[[random.Random], SuperCamelotState]:
        """SC-27: `sample_state` draws nothing at random, so it is built once and cloned
        per draw."""
        template = self._state_from_view(view)
        return lambda rng: template.clone()

    def sample_state(self, view: SuperCamelotView, rng: random.Random) -> SuperCamelotState:
        """SC-27: everything is public but other players' gem tokens (and so the split of
        the gem supply, SC-42): the tokens out of sight are put in the supply, or behind the
        wallets where its pile is seen empty (see `_deal_hidden_gems`); `rng` is not
        needed."""
        return self._state_from_view(view)

    def _state_from_view(self, view: SuperCamelotView) -> SuperCamelotState:
        state = SuperCamelotState.initial(view.num_players, Rules.of(view.variant))
        state.phase, state.active = view.phase, view.active
        state.actions_left, state.move_left = view.actions_left, view.move_left
        state.started, state.turns = list(view.started), view.turns
        state.bow_used, state.winner, state.end = view.bow_used, view.winner, view.end
        state.reroll_used = view.reroll_used
        state.players = []
        for seen in view.players:
            player = Adventurer(seen.character)
            player.position, player.health = seen.position, seen.health
            player.passed_out, player.keys, player.bombs = seen.passed_out, seen.keys, seen.bombs
            player.specials, player.treasures = list(seen.specials), list(seen.treasures)
            player.gems = list(seen.gems) if seen.gems is not None else [0, 0, 0]
            state.players.append(player)
        state.slot_tile, state.tile_stack = list(view.slot_tile), list(view.tile_stack)
        state.populated, state.visited = list(view.populated), list(view.visited)
        state.things, state.stacks = dict(view.things), dict(view.stacks)
        state.enemies, state.facing = dict(view.enemies), dict(view.facing)
        state.loot, state.items = dict(view.loot), dict(view.items)
        state.token_supply, state.lost_items = list(view.token_supply), list(view.lost_items)
        state.item_supply = list(view.item_supply)
        state.decks = [list(deck) for deck in view.decks]
        state.discards = [list(discard) for discard in view.discards]
        state.pending = list(view.pending)
        hidden = [seat for seat, seen in enumerate(view.players) if seen.gems is None]
        if hidden:
            _deal_hidden_gems(state, hidden, view.item_supply)
        return state

    def plant_canary(self, state: SuperCamelotState, seat: int) -> SuperCamelotState | None:
        """SC-19: move a gem between the supply and `seat`'s wallet — a change only `seat`
        can see, since it neither empties a pile nor refills an empty one (SC-42)."""
        if state.phase is not Phase.PLAYING or seat >= len(state.players):
            return None
        planted = state.clone()
        wallet, supply = planted.players[seat].gems, planted.item_supply
        for item in (Item.GREEN_GEM, Item.BLUE_GEM, Item.RED_GEM):
            tokens = item - Item.GREEN_GEM
            if supply[item] >= 2 and \
                    belongings.gem_total(planted, seat) + GEM_VALUE[item] < WIN_GEMS:
                supply[item] -= 1
                wallet[tokens] += 1
                return planted
            if wallet[tokens] and supply[item]:
                supply[item] += 1
                wallet[tokens] -= 1
                return planted
        return None


def _deal_hidden_gems(state: SuperCamelotState, hidden: list[int],
                      seen_supply: tuple[int, ...]) -> None:
    """SC-19, SC-42: the gem tokens not on the map, not lost and not in a visible wallet
    are in the supply or behind the hidden wallets. Of a colour whose pile the view shows
    empty, every such token is behind a wallet: they are dealt so that no wallet reaches 40
    gems (the game would be over; the true deal shows one exists). The others are put in
    the supply: any split is consistent with the view, and this one adds no noise to what a
    search sees (a random split would swing an opponent's total between 0 and 39 from one
    sample to the next)."""
    behind: list[Item] = []  # the hidden wallets come empty from `_state_from_view`
    for item in GEM_ITEMS:
        seen = state.lost_items[item] + sum(items.count(item) for items in state.items.values())
        seen += sum(player.gem_tokens(item) for player in state.players)
        unseen = ITEM_SUPPLY[item] - seen
        if seen_supply[item] == 0:
            behind += [item] * unseen
            unseen = 0
        state.item_supply[item] = unseen
    headroom = [WIN_GEMS - 1 - belongings.gem_total(state, seat) for seat in hidden]
    owners = _deal([GEM_VALUE[item] for item in behind], headroom)
    for item, owner in zip(behind, owners, strict=True):
        state.players[hidden[owner]].gems[item - Item.GREEN_GEM] += 1


def _deal(values: list[int], headroom: list[int]) -> list[int]:
    """Which wallet takes each token (`values` largest first): the roomiest each time. As
    10, 5 and 1 each divide the next, this fits every token within its wallet's
    `headroom` whenever any deal does (checked exhaustively on small cases by
    `test_sc42_the_roomiest_wallet_first_fits_whenever_any_deal_does`)."""
    owners = []
    for value in values:
        wallet = max(range(len(headroom)), key=headroom.__getitem__)
        headroom[wallet] -= value
        owners.append(wallet)
    return owners


def _actor_position(state: SuperCamelotState) -> int:
    """Where the active character stands (steps are written from there)."""
    if state.active < len(state.players):
        return state.players[state.active].position
    return -1


GAME = SuperCamelot()
SuperCamelotState.game = GAME
