"""Property tests (Hypothesis): every component of the Super Camelot box is somewhere, and
only once, after every action of random games — gem value (SC-19, SC-35), items, bushes,
rocks and enemies (SC-11), the cards of each deck (SC-16, SC-17, SC-24), the 16 tiles
(SC-1), the special-item stacks (SC-18) — and health stays on the board (SC-21); the
planner's entry check is the engine's (SC-8, SC-9, SC-10)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from albion.games.super_camelot import GAME, SuperCamelotState
from albion.games.super_camelot.board import CENTRE_SLOTS, SQUARES, STEP_TO
from albion.games.super_camelot.components import (
    DECK_CONTENTS,
    GEMS_IN_BOX,
    MAX_HEALTH,
    STACK_SIZE,
    TOKEN_SUPPLY,
    TREASURES,
    Card,
    Deck,
    Item,
    Special,
    Token,
)
from albion.games.super_camelot.movement import enter_refusal, map_entry_check
from albion.games.super_camelot.pieces import (
    DropChoice,
    KeepChoice,
    SecondDraw,
    Thing,
    TreasureState,
)
from albion.games.super_camelot.position_check import check
from albion.games.super_camelot.position_steps import cards_in
from albion.games.super_camelot.scene import build
from albion.games.super_camelot.world import MARK_SPECIAL, TILES, UNNAMED
from tests.conformance.harness import choose
from tests.games.super_camelot.helpers import full_box, gems_in_play, items_in_play

VARIANTS = st.fixed_dictionaries({
    "abilities": st.sampled_from(["on", "off"]),
    "arc": st.sampled_from(["cross-tile", "own-tile"]),
    "enemy_hp": st.sampled_from(["1-2-3", "1-1-2", "2-2-3", "2-3-4"]),
    "treasure_gems": st.sampled_from([0, 5, 10]),
    "enemy_order": st.sampled_from(["reading", "choose"]),
    "target_passed_out": st.sampled_from(["no", "yes"]),
    "max_turns": st.integers(40, 60),
})
EXAMPLES = 25

CROWDED = ((5, "hollow", 3, 3), (6, "dell", 3, 4), (1, "big-key", 3, 4),
           (2, "fire-shrine", 2, 3))
"""Where each seat starts in `crowded_start`: (slot, tile, row, column) — beside a chest
or a stack, among enemies."""

THING_TOKEN = {Thing.BUSH: Token.BUSH, Thing.ROCK: Token.ROCK}
STACKS_IN_BOX = Counter(MARK_SPECIAL[mark] for tile in TILES for _, _, mark in tile.tokens()
                        if mark in MARK_SPECIAL)
"""SC-18: stacks of each special item among the tiles (one each)."""
BOX_CARDS = {deck: {card: DECK_CONTENTS[deck].get(card, 0) for card in Card} for deck in Deck}


def crowded_start(players: int, variant: dict[str, object]) -> SuperCamelotState:
    """Each character on its `CROWDED` tile, populated as the tile says, holding two Small
    Treasures (from the deck), a key and a bomb (from the supply): random play from a new
    game rarely opens a chest or meets a Mimic within the turns these tests can afford."""
    scenes, keys = {}, {}
    for seat, (slot, key, row, col) in enumerate(CROWDED[:players]):
        rows = [list(line) for line in next(tile.rows for tile in TILES if tile.key == key)]
        rows[row][col] = str(seat + 1)
        scenes[slot], keys[slot] = "\n".join("".join(line) for line in rows), key
    state = build(scenes, players=players, keys=keys, **variant)  # type: ignore[arg-type]
    for seat, player in enumerate(state.players):
        for card in (TREASURES[2 * seat % 7], TREASURES[(2 * seat + 1) % 7]):
            state.decks[Deck.SMALL_TREASURE][card] -= 1
            player.treasures.append((card, TreasureState.UP))
        player.keys, player.bombs = 1, 1
        state.item_supply[Item.SMALL_KEY] -= 1
        state.item_supply[Item.BOMB] -= 1
    check(state)
    return state


@dataclass(frozen=True)
class Game:
    """One random game: its seed, players, variant, and whether it starts crowded."""

    seed: int
    players: int
    variant: dict[str, object]
    crowded: bool

    def states(self) -> Iterator[SuperCamelotState]:
        """Every state, from a new game or `crowded_start`, the first and the last
        included (the live state: look, do not change)."""
        rng = random.Random(self.seed)
        state = crowded_start(self.players, self.variant) if self.crowded else \
            GAME.new_state(self.players, self.variant)  # type: ignore[arg-type]
        assert isinstance(state, SuperCamelotState)
        yield state
        while not state.is_terminal():
            state.apply(choose(state, rng))
            yield state


GAMES = st.builds(Game, seed=st.integers(0, 2**32), players=st.integers(2, 4),
                  variant=VARIANTS, crowded=st.booleans())


def tokens_in_play(state: SuperCamelotState, token: Token) -> int:
    """SC-11: in the supply, or on the map (a bush or rock object, an enemy)."""
    placed = sum(THING_TOKEN.get(thing) is token for thing in state.things.values())
    placed += sum(enemy is token for enemy in state.enemies.values())
    return state.token_supply[token] + placed


def held_cards(step: object) -> list[tuple[Deck, Card]]:
    """The cards a pending step holds, drawn and not yet kept, dropped or discarded,
    with the deck each came from."""
    if isinstance(step, DropChoice):
        return [(step.deck, step.card)]
    if isinstance(step, KeepChoice):
        return [(step.draws.deck, card) for card in step.cards]
    if isinstance(step, SecondDraw):
        return [(step.draws.deck, step.first)]
    assert not list(cards_in(step)), f"{step} holds cards this test does not count"
    return []


def cards_in_play(state: SuperCamelotState) -> dict[Deck, dict[Card, int]]:
    """SC-16, SC-17, SC-24, deck by deck: a card is in its deck or discard, drawn and held
    by a pending step, or (a Small Treasure) before a player — face up, or face down for
    good — or under the Mimic that stole it."""
    found = {deck: Counter({card: state.decks[deck][card] + state.discards[deck][card]
                            for card in Card}) for deck in Deck}
    for step in state.pending:
        for deck, card in held_cards(step):
            found[deck][card] += 1
    found[Deck.SMALL_TREASURE].update(
        card for player in state.players for card, status in player.treasures
        if status is not TreasureState.STOLEN)
    found[Deck.SMALL_TREASURE].update(card for loot in state.loot.values() for _, card in loot)
    return {deck: {card: found[deck][card] for card in Card} for deck in Deck}


@settings(max_examples=EXAMPLES, deadline=None)
@given(game=GAMES)
def test_sc19_gem_value_is_conserved(game: Game) -> None:
    """SC-19, SC-35: 156 in gem tokens, in the supply, on the map, held or lost."""
    for state in game.states():
        assert gems_in_play(state) == GEMS_IN_BOX == 156


@settings(max_examples=EXAMPLES, deadline=None)
@given(game=GAMES)
def test_sc35_every_item_is_in_the_supply_on_the_map_held_or_lost(game: Game) -> None:
    """Small keys, bombs and each colour of gem token, counted one by one."""
    for state in game.states():
        for item in Item:
            assert items_in_play(state, item) == full_box(item), item
            assert min(state.item_supply[item], state.lost_items[item]) >= 0, item
        assert all(min(player.keys, player.bombs, *player.gems) >= 0
                   for player in state.players)


@settings(max_examples=EXAMPLES, deadline=None)
@given(game=GAMES)
def test_sc11_bushes_rocks_and_enemies_are_in_the_supply_or_on_the_map(game: Game) -> None:
    """Each token type; an enemy never shares its square with an object, and Plants, only
    they, have a facing (SC-25)."""
    for state in game.states():
        for token in Token:
            assert tokens_in_play(state, token) == TOKEN_SUPPLY[token], token
            assert state.token_supply[token] >= 0, token
        assert not set(state.enemies) & set(state.things)
        assert set(state.facing) == {square for square, enemy in state.enemies.items()
                                     if enemy is Token.PLANT}


@settings(max_examples=EXAMPLES, deadline=None)
@given(game=GAMES)
def test_sc16_every_card_of_every_deck_is_somewhere_once(game: Game) -> None:
    """Deck by deck: deck, discard, pending steps, players' treasures and Mimics' loot."""
    for state in game.states():
        assert cards_in_play(state) == BOX_CARDS
        assert all(min(state.decks[deck] + state.discards[deck]) >= 0 for deck in Deck)
        assert all(card in TREASURES for player in state.players
                   for card, _ in player.treasures)


@settings(max_examples=EXAMPLES, deadline=None)
@given(game=GAMES)
def test_sc24_stolen_treasures_lie_under_their_mimics(game: Game) -> None:
    """Each face-down stolen treasure is in exactly one Mimic's loot, and loot lies only
    under Mimics."""
    for state in game.states():
        stolen = Counter((seat, card) for seat, player in enumerate(state.players)
                         for card, status in player.treasures
                         if status is TreasureState.STOLEN)
        assert stolen == Counter(entry for loot in state.loot.values() for entry in loot)
        assert all(state.enemies.get(square) is Token.MIMIC and loot
                   for square, loot in state.loot.items())


@settings(max_examples=EXAMPLES, deadline=None)
@given(game=GAMES)
def test_sc1_every_tile_is_in_the_stack_or_one_slot(game: Game) -> None:
    """The 16 tiles, each once; the centre slots hold unnamed tiles."""
    for state in game.states():
        placed = [tile for tile in state.slot_tile if tile >= 0]
        assert len(state.slot_tile) == 16 and len(TILES) == 16
        assert Counter(placed + state.tile_stack) == Counter(range(len(TILES)))
        assert all(state.slot_tile[slot] in (-1, *UNNAMED) for slot in CENTRE_SLOTS)


@settings(max_examples=EXAMPLES, deadline=None)
@given(game=GAMES)
def test_sc18_special_item_stacks_never_exceed_their_size(game: Game) -> None:
    """A stack holds 1 to 4 and stands on a stack object; what is left of a special's
    stacks and what players hold of it never exceed the box."""
    assert set(STACKS_IN_BOX) == set(Special)
    for state in game.states():
        left: Counter[Special] = Counter()
        for square, (special, count) in state.stacks.items():
            assert 1 <= count <= STACK_SIZE and state.things.get(square) is Thing.STACK
            left[special] += count
        for special in Special:
            holders = sum(player.specials[special] for player in state.players)
            assert left[special] + holders <= STACK_SIZE * STACKS_IN_BOX[special], special


@settings(max_examples=EXAMPLES, deadline=None)
@given(game=GAMES)
def test_sc21_health_stays_between_0_and_6(game: Game) -> None:
    """0 to 6 health; at 0, and only then, the character has passed out."""
    for state in game.states():
        for player in state.players:
            assert 0 <= player.health <= MAX_HEALTH == 6
            assert player.passed_out == (player.health == 0)


@settings(max_examples=EXAMPLES, deadline=None)
@given(game=GAMES)
def test_every_state_passes_the_position_check(game: Game) -> None:
    """`position_check.check`, which guards position texts, accepts every state of play."""
    for state in game.states():
        check(state)


@settings(max_examples=EXAMPLES, deadline=None)
@given(game=GAMES)
def test_sc9_the_planners_entry_check_is_enter_refusal(game: Game) -> None:
    """`movement.map_entry_check` (the planner's, issue 28) answers as `enter_refusal`
    for every step between two squares of the map, for every seat: SC-8's blockers and
    the Power Gauntlet, SC-9's safe entry, SC-10's exploring."""
    for number, state in enumerate(game.states()):
        if number % 5:
            continue
        occupied = {player.position for player in state.players}
        for seat in range(len(state.players)):
            can_enter = map_entry_check(state, seat, occupied)
            for origin in range(SQUARES):
                for target in STEP_TO[origin]:
                    expected = enter_refusal(state, seat, origin, target, occupied) is None
                    assert can_enter(target) == expected, (seat, origin, target)
