"""What a seat sees of Super Camelot (SC-27): everything on the table except the other
players' gems behind their wallets (SC-19) — and so the gem supply's counts, of which only
an empty pile is seen (SC-42) — until the game ends (SC-33). Tile and deck orders are not
held at all (stacks are sets and multisets)."""

from __future__ import annotations

from dataclasses import dataclass

from albion.core.pickling import picklable
from albion.core.variants import Variant
from albion.games.super_camelot.components import Card, Character, Item, Special, Token
from albion.games.super_camelot.pieces import Pending, Phase, Thing, TreasureState
from albion.games.super_camelot.record import SuperCamelotRecord

GEM_SLICE = slice(Item.GREEN_GEM, Item.RED_GEM + 1)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One character as the viewer sees it; `gems` is None when hidden."""

    character: Character
    position: int
    health: int
    passed_out: bool
    keys: int
    bombs: int
    specials: tuple[bool, ...]
    treasures: tuple[tuple[Card, TreasureState], ...]
    gems: tuple[int, int, int] | None
    """Green, blue and red gem tokens."""


@dataclass(frozen=True, slots=True)
class SuperCamelotView:
    seat: int | None
    variant: Variant
    num_players: int
    current_player: int
    phase: Phase
    active: int
    actions_left: int
    move_left: int
    started: tuple[bool, ...]
    turns: int
    bow_used: bool
    reroll_used: bool
    winner: int
    end: str | None
    players: tuple[PlayerView, ...]
    slot_tile: tuple[int, ...]
    tile_stack: tuple[int, ...]
    populated: tuple[bool, ...]
    visited: tuple[bool, ...]
    things: tuple[tuple[int, Thing], ...]
    stacks: tuple[tuple[int, tuple[Special, int]], ...]
    enemies: tuple[tuple[int, Token], ...]
    facing: tuple[tuple[int, int], ...]
    loot: tuple[tuple[int, tuple[tuple[int, Card], ...]], ...]
    items: tuple[tuple[int, tuple[Item, ...]], ...]
    token_supply: tuple[int, ...]
    item_supply: tuple[int, ...]
    """Keys and bombs; gem tokens once the game is over; during play a gem colour reads 0
    when the supply is out of it (SC-42) and -1 (hidden) while it holds some."""
    lost_items: tuple[int, ...]
    decks: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    pending: tuple[Pending, ...]


HIDDEN = -1
"""A count the viewer may not see (a gem supply that is not empty, SC-42)."""


def observe(state: SuperCamelotRecord, seat: int | None) -> SuperCamelotView:
    """SC-19, SC-27, SC-33: own gems only, all of them once the game is over; SC-42: of the
    gem supply only an empty pile is seen."""
    over = state.phase is Phase.OVER
    supply = tuple(count if over or not count or not GEM_SLICE.start <= item < GEM_SLICE.stop
                   else HIDDEN for item, count in enumerate(state.item_supply))
    return SuperCamelotView(
        seat=seat,
        variant=state.rules.variant,
        num_players=state.n,
        current_player=state.current_player(),
        phase=state.phase,
        active=state.active,
        actions_left=state.actions_left,
        move_left=state.move_left,
        started=tuple(state.started),
        turns=state.turns,
        bow_used=state.bow_used,
        reroll_used=state.reroll_used,
        winner=state.winner,
        end=state.end,
        players=tuple(
            PlayerView(p.character, p.position, p.health, p.passed_out, p.keys, p.bombs,
                       tuple(p.specials), tuple(p.treasures),
                       (p.gems[0], p.gems[1], p.gems[2]) if over or index == seat else None)
            for index, p in enumerate(state.players)),
        slot_tile=tuple(state.slot_tile),
        tile_stack=tuple(state.tile_stack),
        populated=tuple(state.populated),
        visited=tuple(state.visited),
        things=tuple(sorted(state.things.items())),
        stacks=tuple(sorted(state.stacks.items())),
        enemies=tuple(sorted(state.enemies.items())),
        facing=tuple(sorted(state.facing.items())),
        loot=tuple(sorted(state.loot.items())),
        items=tuple(sorted(state.items.items())),
        token_supply=tuple(state.token_supply),
        item_supply=supply,
        lost_items=tuple(state.lost_items),
        decks=tuple(tuple(deck) for deck in state.decks),
        discards=tuple(tuple(discard) for discard in state.discards),
        pending=tuple(state.pending),
    )


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
