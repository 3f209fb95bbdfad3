"""Setup and the turn cycle: centre tiles (SC-1), characters (SC-34), the first-player roll
(SC-4), three actions (SC-6), passing out (SC-21), the turn's end (SC-33) and the safety
cap (SC-37)."""

from __future__ import annotations

from math import comb
from typing import Final

from albion.core.state import CAP
from albion.games.super_camelot.board import SQUARES
from albion.games.super_camelot.components import ACTIONS_PER_TURN, Character
from albion.games.super_camelot.enemies import start_enemy_turn
from albion.games.super_camelot.pieces import Adventurer, Phase, RollOff, StarRoll
from albion.games.super_camelot.record import SuperCamelotRecord

DICE: Final = 3
STAR_ODDS: Final = tuple(comb(DICE, k) * (1 / 6) ** k * (5 / 6) ** (DICE - k)
                         for k in range(DICE + 1))
"""SC-4: the chance of k Stars on three dice."""
CENTRE_SLOTS_IN_ORDER: Final = (5, 6, 9, 10)
ROLL_OFF_ROUNDS: Final = 20
"""SC-41: rounds of rolls before a tie is settled by one draw (a tie at the top of a round
has a chance below 0.47, so 20 tied rounds in a row come once in millions of games)."""


def pick_character(state: SuperCamelotRecord, character: Character) -> None:
    """SC-34: seats choose in order; then everyone rolls for the first player (SC-4)."""
    state.players.append(Adventurer(character))
    if len(state.players) < state.n:
        state.active = len(state.players)
        return
    state.pending.append(StarRoll(tuple(range(state.n)), ()))


def roll_for_first(state: SuperCamelotRecord, roll: StarRoll, stars: int) -> None:
    """SC-4: most Stars goes first; tied players roll again — up to SC-41's limit, after
    which one draw among them, with the same odds, settles it (`RollOff`)."""
    counts = (*roll.stars, stars)
    if len(counts) < len(roll.rollers):
        state.pending.append(StarRoll(roll.rollers, counts, roll.round))
        return
    best = max(counts)
    tied = tuple(seat for seat, count in zip(roll.rollers, counts, strict=True)
                 if count == best)
    if len(tied) > 1:
        state.pending.append(StarRoll(tied, (), roll.round + 1) if roll.round < ROLL_OFF_ROUNDS
                             else RollOff(tied))
        return
    first_player(state, tied[0])


def first_player(state: SuperCamelotRecord, seat: int) -> None:
    """SC-4: the game begins with `seat`'s turn."""
    state.phase = Phase.PLAYING
    state.active = seat
    begin_turn(state)


def begin_turn(state: SuperCamelotRecord) -> None:
    """SC-6: three actions. SC-21: a passed-out character recovers to 1 and skips the rest
    of the turn, the Enemy Turn included."""
    state.actions_left, state.move_left = ACTIONS_PER_TURN, 0
    state.bow_used = state.reroll_used = False
    player = state.players[state.active]
    if player.passed_out:
        player.passed_out = False
        player.health = 1
        next_turn(state)


def end_turn(state: SuperCamelotRecord) -> None:
    """SC-33: the player ends the turn; the enemies on their tile act (SC-22), unless they
    stand on a starting circle."""
    state.move_left = 0
    player = state.players[state.active]
    if 0 <= player.position < SQUARES and start_enemy_turn(state):
        return
    next_turn(state)


def next_turn(state: SuperCamelotRecord) -> None:
    """Clockwise to the next seat; SC-37: the safety cap ends the game as a draw."""
    state.started[state.active] = True
    state.turns += 1
    if state.turns >= state.rules.max_turns:
        state.end_game(-1, CAP)
        return
    state.active = (state.active + 1) % state.n
    begin_turn(state)
