"""High Card's part of the table protocol: the board as a viewer sees it (HC-1: a hand
only to its owner), and each card it may play annotated where it sits (its hand). It
ships no drawing of its own: the pages draw it with their generic renderer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from albion.core.presentation import ActionNote, Place
from albion.core.state import CHANCE, TERMINAL

from .rules import HAND, HighCardAction, Play, points, seat_of_play
from .state import HighCardView


class Wire(BaseModel):
    """Base of this game's protocol models: unknown fields refused, values frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Player(Wire):
    seat: int = Field(ge=0)
    hand_size: int = Field(ge=0, le=HAND)
    hand: list[int] | None = Field(description="The cards held: the viewer's own only "
                                               "(HC-1); null for another seat's hand")
    played: list[int] = Field(description="The cards this seat played, round by round")
    points: int = Field(ge=0, description="Rounds won (HC-3)")


class Board(Wire):
    """High Card's board."""

    phase: Literal["deal", "play", "over"]
    round: int = Field(ge=0, le=HAND, description="Rounds completed (HC-2)")
    to_act: int | None = Field(description="The seat to play; null while dealing and at "
                                           "the end")
    round_cards: list[int] = Field(description="The cards of the round being played")
    players: list[Player]


def board(view: HighCardView) -> Board:
    """The board of `view`."""
    n, plays = view.num_players, view.plays
    won = points(plays, n)
    phase: Literal["deal", "play", "over"] = (
        "deal" if view.current_player == CHANCE else
        "over" if view.current_player == TERMINAL else "play")
    return Board(
        phase=phase, round=len(plays) // n,
        to_act=view.current_player if view.current_player >= 0 else None,
        round_cards=list(plays[len(plays) - len(plays) % n:]),
        players=[Player(seat=seat, hand_size=size,
                        hand=list(view.hand) if seat == view.seat and view.hand is not None
                        else None,
                        played=[card for index, card in enumerate(plays)
                                if seat_of_play(index, n) == seat],
                        points=won[seat])
                 for seat, size in enumerate(view.hand_sizes)])


def annotate(view: HighCardView, actions: Sequence[HighCardAction]) -> list[ActionNote]:
    """HC-2: each card to play, on the card in the viewer's hand."""
    return [ActionNote("play", f"Play your {action.card}", "HC-2",
                       Place("hand", seat=view.seat, number=action.card))
            if isinstance(action, Play) else ActionNote("action", str(action))
            for action in actions]
