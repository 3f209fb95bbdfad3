"""Resolving what is pending: chance outcomes (tiles, dice, cards) and the decisions asked
in the middle of an action or of the Enemy Turn."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from typing import Final

from albion.core.chance import pick_count
from albion.games.super_camelot import cards, enemies, movement, strikes, turns
from albion.games.super_camelot.actions import (
    Activate,
    Command,
    Draw,
    DropAt,
    FirstSeat,
    GiveUp,
    KeepCard,
    Kill,
    LootFrom,
    PlaceTile,
    Reroll,
    Roll,
    StarCount,
    SuperCamelotAction,
    Target,
    UseStars,
)
from albion.games.super_camelot.board import SQUARES
from albion.games.super_camelot.components import MAX_PLAYERS, ROLLS, Card, Character, Face
from albion.games.super_camelot.pieces import (
    AttackRoll,
    CardDraws,
    CentreDraw,
    Defence,
    DropChoice,
    EnemyTurn,
    KeepChoice,
    KillChoice,
    LootChoice,
    RerollChoice,
    RerollDie,
    RollOff,
    SecondDraw,
    StarChoice,
    StarRoll,
    StealChoice,
    TargetChoice,
    TileDraw,
    TreasureDraw,
    TurnOver,
)
from albion.games.super_camelot.record import SuperCamelotRecord
from albion.games.super_camelot.world import TILES, UNNAMED

PLACE_TILES: Final = tuple(PlaceTile(tile) for tile in range(len(TILES)))
STAR_COUNTS: Final = tuple(StarCount(stars) for stars in range(turns.DICE + 1))
FIRST_SEATS: Final = tuple(FirstSeat(seat) for seat in range(MAX_PLAYERS))
ROLL_OF: Final[dict[tuple[Face, ...], Roll]] = {faces: Roll(faces) for dice in ROLLS
                                                for faces, _ in ROLLS[dice]}
DICE_OUTCOMES: Final = {dice: tuple((ROLL_OF[faces], p) for faces, p in ROLLS[dice])
                        for dice in ROLLS}
DRAWS: Final = tuple(Draw(card) for card in Card)
DROP_AT: Final = tuple(DropAt(square) for square in range(SQUARES))
ACTIVATE: Final = tuple(Activate(square) for square in range(SQUARES))
TARGETS: Final = tuple(Target(seat) for seat in range(MAX_PLAYERS))
KILLS: Final = tuple(Kill(square) for square in range(SQUARES))
LOOT_FROM: Final = tuple(LootFrom(square) for square in range(SQUARES))
GIVE_UP: Final = tuple(GiveUp(card) for card in Card)
KEEP: Final = tuple(KeepCard(card) for card in Card)
REROLL: Final = tuple(Reroll(face) for face in Face)
USE_STARS: Final = tuple(UseStars(gems) for gems in range(turns.DICE + 1))


def outcomes(state: SuperCamelotRecord) -> list[tuple[SuperCamelotAction, float]]:
    """The chance outcomes of the pending step on top, with their probabilities."""
    top = state.pending[-1]
    if isinstance(top, CardDraws | TreasureDraw):
        counts = cards.pile(state, top.deck)
    elif isinstance(top, SecondDraw):
        counts = cards.pile(state, top.draws.deck)
    elif isinstance(top, AttackRoll):
        return list(DICE_OUTCOMES[3])
    elif isinstance(top, Defence):
        player = state.players[top.victim]
        return list(DICE_OUTCOMES[2 if player.has(Card.ROYAL_SHIELD) else 1])
    elif isinstance(top, RerollDie):
        return list(DICE_OUTCOMES[1])
    elif isinstance(top, TileDraw | CentreDraw):
        stack = state.tile_stack if isinstance(top, TileDraw) else \
            [tile for tile in state.tile_stack if tile in UNNAMED]
        return [(PLACE_TILES[tile], 1 / len(stack)) for tile in stack]
    elif isinstance(top, RollOff):
        return [(FIRST_SEATS[seat], 1 / len(top.seats)) for seat in top.seats]
    else:
        return [(STAR_COUNTS[k], p) for k, p in enumerate(turns.STAR_ODDS)]
    total = sum(counts)
    return [(DRAWS[card], count / total) for card, count in enumerate(counts) if count]


def _cumulative(probabilities: Iterable[float]) -> tuple[float, ...]:
    """The running totals `pick_outcome` reaches, added in the same order."""
    totals, total = [], 0.0
    for probability in probabilities:
        total += probability
        totals.append(total)
    return tuple(totals)


DICE_TOTALS: Final = {dice: _cumulative(p for _, p in DICE_OUTCOMES[dice]) for dice in ROLLS}
STAR_TOTALS: Final = _cumulative(turns.STAR_ODDS)
EVEN_TOTALS: Final = ((), *(_cumulative([1 / n] * n)
                            for n in range(1, max(len(TILES), MAX_PLAYERS) + 1)))
"""By n: the running totals of n equally likely outcomes (tiles, SC-1, SC-10; seats, SC-41)."""


def _index(totals: tuple[float, ...], uniform: float) -> int:
    """`pick_outcome`'s choice: the first total above `uniform`, else the last."""
    return min(bisect_right(totals, uniform), len(totals) - 1)


def draw(state: SuperCamelotRecord, uniform: float) -> SuperCamelotAction:
    """Exactly `pick_outcome(outcomes(state), uniform)`, drawn from the counts without
    building the list (issue 28): the same probabilities, summed in the same order."""
    top = state.pending[-1]
    if isinstance(top, AttackRoll):
        return DICE_OUTCOMES[3][_index(DICE_TOTALS[3], uniform)][0]
    if isinstance(top, Defence):
        dice = 2 if state.players[top.victim].has(Card.ROYAL_SHIELD) else 1
        return DICE_OUTCOMES[dice][_index(DICE_TOTALS[dice], uniform)][0]
    if isinstance(top, RerollDie):
        return DICE_OUTCOMES[1][_index(DICE_TOTALS[1], uniform)][0]
    if isinstance(top, TileDraw):
        return PLACE_TILES[state.tile_stack[_index(EVEN_TOTALS[len(state.tile_stack)],
                                                   uniform)]]
    if isinstance(top, CentreDraw):
        stack = [tile for tile in state.tile_stack if tile in UNNAMED]
        return PLACE_TILES[stack[_index(EVEN_TOTALS[len(stack)], uniform)]]
    if isinstance(top, RollOff):
        return FIRST_SEATS[top.seats[_index(EVEN_TOTALS[len(top.seats)], uniform)]]
    if isinstance(top, StarRoll):
        return STAR_COUNTS[_index(STAR_TOTALS, uniform)]
    deck = top.draws.deck if isinstance(top, SecondDraw) else top.deck  # type: ignore[union-attr]
    return DRAWS[pick_count(cards.pile(state, deck), uniform)]


def choices(state: SuperCamelotRecord) -> list[SuperCamelotAction]:
    """The decision asked by the pending step on top."""
    top = state.pending[-1]
    if isinstance(top, DropChoice):
        return [DROP_AT[square] for square in top.sources]
    if isinstance(top, StarChoice):
        return list(USE_STARS[: top.strike.faces.count(Face.STAR) + 1])
    if isinstance(top, KillChoice):  # SC-38: one enemy at a time
        return [KILLS[square] for square in sorted(top.strike.enemies)
                if strikes.kill_refusal(top, square) is None]
    if isinstance(top, LootChoice):
        return [LOOT_FROM[square] for square, _ in top.fallen
                if strikes.loot_refusal(top, square) is None]
    if isinstance(top, KeepChoice):
        return [KEEP[card] for card in top.cards]
    if isinstance(top, RerollChoice):
        return [*(REROLL[face] for face in sorted(set(top.strike.faces))), Command.KEEP_ROLL]
    if isinstance(top, TargetChoice):
        return [TARGETS[seat] for seat in top.seats]
    if isinstance(top, StealChoice):
        return [GIVE_UP[card] for card in enemies.face_up_kinds(state, top.victim)]
    assert isinstance(top, EnemyTurn)
    return [ACTIVATE[square] for square in top.queue]


def resolve(state: SuperCamelotRecord, action: SuperCamelotAction) -> None:
    """Apply a chance outcome or a decision to the pending step on top."""
    top = state.pending.pop()
    if isinstance(top, AttackRoll):
        strikes.rolled(state, top.strike, action.faces)  # type: ignore[union-attr]
    elif isinstance(top, CardDraws):
        cards.draw_litter_or_loot(state, top, action.card)  # type: ignore[union-attr]
    elif isinstance(top, Defence):
        defend(state, top, action.faces)  # type: ignore[union-attr]
    elif isinstance(top, DropChoice):
        cards.drop(state, top, action.square)  # type: ignore[union-attr]
    elif isinstance(top, StarChoice):
        strikes.assign_hits(state, top.strike, action.gems)  # type: ignore[union-attr]
    elif isinstance(top, KillChoice):
        strikes.kill_named(state, top, action.square)  # type: ignore[union-attr]
    else:
        _resolve_rarer(state, top, action)
    settle(state)


def _resolve_rarer(state: SuperCamelotRecord, top: object, action: object) -> None:
    if isinstance(top, TileDraw):
        assert isinstance(action, PlaceTile)
        movement.place_explored_tile(state, top.target, action.tile)
    elif isinstance(top, CentreDraw):
        assert isinstance(action, PlaceTile)
        state.slot_tile[top.slot] = action.tile
        state.tile_stack.remove(action.tile)
    elif isinstance(top, LootChoice):
        assert isinstance(action, LootFrom)
        strikes.loot_named(state, top, action.square)
    elif isinstance(top, RerollChoice):
        if action is Command.KEEP_ROLL:
            strikes.use_roll(state, top.strike)
        else:
            assert isinstance(action, Reroll)
            state.reroll_used = True
            state.pending.append(RerollDie(top.strike, action.face))
    elif isinstance(top, RerollDie):
        assert isinstance(action, Roll)
        strikes.rerolled(state, top.strike, top.face, action.faces[0])
    elif isinstance(top, SecondDraw):
        assert isinstance(action, Draw)
        cards.second_draw(state, top, action.card)
    elif isinstance(top, KeepChoice):
        assert isinstance(action, KeepCard)
        cards.keep(state, top, action.card)
    elif isinstance(top, TreasureDraw):
        assert isinstance(action, Draw)
        cards.draw_treasure(state, top, action.card)
    elif isinstance(top, StarRoll):
        assert isinstance(action, StarCount)
        turns.roll_for_first(state, top, action.stars)
    elif isinstance(top, RollOff):
        assert isinstance(action, FirstSeat)
        turns.first_player(state, action.seat)
    elif isinstance(top, EnemyTurn):
        assert isinstance(action, Activate)
        rest = tuple(square for square in top.queue if square != action.square)
        if rest:
            state.pending.append(EnemyTurn(rest))
        enemies.activate(state, action.square)
    elif isinstance(top, TargetChoice):
        assert isinstance(action, Target)
        token = state.enemies[top.enemy]
        enemies.strike(state, top.enemy, token, action.seat)
    elif isinstance(top, StealChoice):
        assert isinstance(action, GiveUp)
        enemies.steal(state, top.mimic, top.victim, action.card)


def defend(state: SuperCamelotRecord, defence: Defence, faces: tuple[Face, ...]) -> None:
    """SC-21: a Shield or a Star blocks the whole attack (Galahad: a Gem too, SC-5)."""
    guards = {Face.SHIELD, Face.STAR}
    if state.rules.abilities and state.players[defence.victim].character is Character.GALAHAD:
        guards.add(Face.GEM)
    if not guards.intersection(faces):
        strikes.damage(state, defence.victim, defence.damage)


def settle(state: SuperCamelotRecord) -> None:
    """Resolve what needs no one: draws from an empty deck and discard are skipped, enemies
    act in reading order (SC-22), and the turn passes once the Enemy Turn is over."""
    while state.pending and state.winner < 0:
        top = state.pending[-1]
        if isinstance(top, CardDraws | TreasureDraw) and not cards.has_cards(state, top.deck):
            state.pending.pop()
        elif isinstance(top, EnemyTurn) and (len(top.queue) == 1 or
                                            not state.rules.choose_enemy_order):
            state.pending.pop()
            if len(top.queue) > 1:
                state.pending.append(EnemyTurn(top.queue[1:]))
            enemies.activate(state, top.queue[0])
        elif isinstance(top, TurnOver):
            state.pending.pop()
            turns.next_turn(state)
        else:
            return
