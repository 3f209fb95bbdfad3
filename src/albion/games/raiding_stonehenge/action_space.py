"""Raiding Stonehenge's fixed action space (OpenSpiel's NumDistinctActions, PettingZoo's
masks).

Every action any state can produce, chance outcomes included, has one index, the same in
every state, player count and variant; index and action read each other back exactly
(the actions are the prebuilt values of `actions`). Layout, 75 indices
(docs/action-spaces.md):

    0–4     take line 1–5                                 RS-5
    5–34    play 1–30: 4 + number                         RS-6
    35–39   place white, blue, green, yellow, red         RS-8
    40–44   set aside white, blue, green, yellow, red     RS-11, RS-21
    45–74   chance: deal 1–30: 44 + number                RS-3, RS-13

Game length (`max_game_length`): no cap is needed, the deck fixes it (PROJECT-RULINGS.md's
note). Every one of the 60 cards is dealt once (60 `deal` outcomes); 5N go to the hands and
60 − 5N to the lines, every one of which is taken (RS-15 ends the game on empty lines).
Hands end at five cards, so every other card held is played: 60 − 5N plays, one per seat
per round. Each round a seat places at most once (a black card, RS-8; ten in the deck,
each played once) and sets aside at most once (RS-11). So a game is at most
60 + (60 − 5N) takes + (60 − 5N) plays + 10 places + (60 − 5N) set-asides = 250 − 15N.
"""

from __future__ import annotations

from albion.core.action_space import ActionSpace
from albion.games.raiding_stonehenge.actions import (
    DEAL,
    PLACE,
    PLAY,
    SET_ASIDE,
    TAKE,
    RaidingAction,
)
from albion.games.raiding_stonehenge.components import (
    BLACK,
    CARD_COLOUR,
    COPIES,
    DECK_SIZE,
    HAND_SIZE,
)

SEGMENTS: tuple[tuple[str, tuple[RaidingAction, ...]], ...] = (
    ("take line 1–5 (RS-5)", TAKE),
    ("play 1–30 (RS-6)", PLAY[1:]),
    ("place white, blue, green, yellow, red (RS-8)", PLACE),
    ("set aside white, blue, green, yellow, red (RS-11)", SET_ASIDE),
    ("chance: deal 1–30 (RS-3, RS-13)", DEAL[1:]),
)
"""The ranges in index order: a label and the actions, each at base + position."""
SPACE: ActionSpace[RaidingAction] = ActionSpace("Raiding Stonehenge", SEGMENTS)

BLACK_CARDS = COPIES * CARD_COLOUR[1:].count(BLACK)
"""RS-1: 6, 12, 18, 24, 30, twice each: the only plays that lead to a `place`."""




def max_game_length(num_players: int) -> int:
    """250 − 15N (see the module's docstring): deals, takes, plays, places, set-asides."""
    takes = DECK_SIZE - HAND_SIZE * num_players  # every card dealt to a line
    plays = DECK_SIZE - HAND_SIZE * num_players  # every card held but the final hands
    return DECK_SIZE + takes + plays + BLACK_CARDS + plays  # set-asides: one per play
