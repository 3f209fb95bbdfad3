"""The hindsight estimate's chance (issue 33): the outcomes the game went on to have, each
kind in its own queue, in order; one the position cannot give is drawn instead."""

from __future__ import annotations

import random

from albion.analysis.hindsight import ScriptedChance, chance_script
from albion.core.registry import get_game
from albion.games.diamoniak import Card, Choice, FirstPlayer, Reveal

START = ("diamoniak 2p first=seat0 release_empty=no diamonds_to=seller buy=own fairy=choose "
         "max_turns=500 | draw_or_stop P1 turns 8 | pile 2r 3g 1y 6d 4w 1f | discard 4r 3g "
         "1y 2d 3w | P1 castle 4y right 1b 3d 1f | P2 castle 5b right 9d 1f")


def test_outcomes_come_in_their_order_by_kind() -> None:
    script = chance_script([Reveal(Card.WITCH), FirstPlayer(1), Reveal(Card.DIAMOND)])
    assert script == {Reveal: (Reveal(Card.WITCH), Reveal(Card.DIAMOND)),
                      FirstPlayer: (FirstPlayer(1),)}
    state = get_game("diamoniak").from_text(START)
    state.apply(Choice.DRAW)
    chance = ScriptedChance(script, random.Random(0))
    assert chance.outcome(state) == Reveal(Card.WITCH)
    assert chance.outcome(state) == Reveal(Card.DIAMOND)
    assert list(chance.queues[FirstPlayer]) == [FirstPlayer(1)]


def test_an_outcome_the_position_cannot_give_is_drawn_and_the_script_waits() -> None:
    state = get_game("diamoniak").from_text(START)
    state.apply(Choice.DRAW)
    chance = ScriptedChance(chance_script([Reveal(Card.BLUE), Reveal(Card.RED)]),
                            random.Random(0))
    drawn = chance.outcome(state)  # no blue in the pile
    assert drawn in [outcome for outcome, _ in state.chance_outcomes()]
    assert list(chance.queues[Reveal]) == [Reveal(Card.BLUE), Reveal(Card.RED)]
