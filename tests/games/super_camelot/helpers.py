"""Helpers for Super Camelot scenario tests: apply notation, expect refusals, count
components."""

from __future__ import annotations

import pytest

from albion.core import IllegalActionError
from albion.games.super_camelot import GAME, SuperCamelotState
from albion.games.super_camelot.components import GEM_VALUE, ITEM_SUPPLY, Item

EMPTY = """
T.....T
.......
.......
.......
.......
.....##
T....##
"""


def play(state: SuperCamelotState, *texts: str) -> SuperCamelotState:
    """Apply actions written in notation (chance outcomes too), each one checked."""
    for text in texts:
        state.apply(GAME.parse_action(state, text))
    return state


def refused(state: SuperCamelotState, text: str) -> IllegalActionError:
    before = state.clone()
    with pytest.raises(IllegalActionError) as error:
        play(state, text)
    assert state == before
    return error.value


def options(state: SuperCamelotState) -> list[str]:
    return [GAME.action_text(state, action) for action in state.legal_actions()]


def gems_in_play(state: SuperCamelotState) -> int:
    """Gem value everywhere: supply, map, wallets, lost (156 in the box)."""
    total = 0
    for item, value in GEM_VALUE.items():
        count = state.item_supply[item] + state.lost_items[item]
        count += sum(items.count(item) for items in state.items.values())
        count += sum(player.gem_tokens(item) for player in state.players)
        total += value * count
    return total


def items_in_play(state: SuperCamelotState, item: Item) -> int:
    count = state.item_supply[item] + state.lost_items[item]
    count += sum(items.count(item) for items in state.items.values())
    if item is Item.SMALL_KEY:
        count += sum(player.keys for player in state.players)
    elif item is Item.BOMB:
        count += sum(player.bombs for player in state.players)
    else:
        count += sum(player.gem_tokens(item) for player in state.players)
    return count


def full_box(item: Item) -> int:
    return ITEM_SUPPLY[item]
