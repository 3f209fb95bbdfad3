"""What an action brought about, in words for the play log (public facts only: health,
enemies, items picked up, treasures found or stolen — never a gem total, SC-19)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from albion.games.super_camelot.board import name
from albion.games.super_camelot.components import Item
from albion.games.super_camelot.pieces import Adventurer, TreasureState

if TYPE_CHECKING:
    from albion.games.super_camelot.state import SuperCamelotState


def outcome(before: SuperCamelotState, after: SuperCamelotState) -> str | None:
    events = _enemy_events(before, after)
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=False)):
        who = f"P{seat + 1}"
        if new.health < old.health:
            events.append(f"{who} takes {old.health - new.health} damage ({new.health} left)")
        elif new.health > old.health and not old.passed_out:
            events.append(f"{who} heals to {new.health}")
        if new.passed_out and not old.passed_out:
            events.append(f"{who} passes out")
        events += [f"{who} gets a {item.label}" for item in Item
                   for _ in range(_held(new, item) - _held(old, item))]
        gained = [card for card in new.treasures if card not in old.treasures]
        events += [f"{who} gains the {card.label}" for card, status in gained
                   if status is TreasureState.UP]
        events += [f"a Mimic takes {who}'s {card.label}" for card, status in gained
                   if status is TreasureState.STOLEN]
    if after.end and not before.end:
        events.append(f"game over: {after.end}")
    return "; ".join(events) or None


def _held(player: Adventurer, item: Item) -> int:
    if item is Item.SMALL_KEY:
        return player.keys
    if item is Item.BOMB:
        return player.bombs
    return player.gem_tokens(item)


def _enemy_events(before: SuperCamelotState, after: SuperCamelotState) -> list[str]:
    gone = {sq: token for sq, token in before.enemies.items() if after.enemies.get(sq) != token}
    new = {sq: token for sq, token in after.enemies.items() if before.enemies.get(sq) != token}
    events = []
    for square, token in sorted(new.items()):
        origin = next((sq for sq, t in gone.items() if t is token), None)
        label = token.name.lower().replace("_", " ")
        if origin is not None and (after.populated == before.populated):
            del gone[origin]
            events.append(f"the {label} moves {name(origin)} → {name(square)}")
        elif after.populated == before.populated:
            events.append(f"a {label} appears on {name(square)}")
    if after.populated == before.populated:
        events += [f"the {token.name.lower().replace('_', ' ')} on {name(square)} dies"
                   for square, token in sorted(gone.items())]
    return events
