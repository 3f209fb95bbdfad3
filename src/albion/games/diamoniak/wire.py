"""Diamoniak's part of the table protocol: the board as a viewer sees it, in plain terms.

DI-11: nothing is secret but the draw pile's order, so every viewer gets the same board.
Card counts are records with every kind present (zeros included).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from albion.core.state import TERMINAL
from albion.games.diamoniak.cards import NO_COLOUR, Card
from albion.games.diamoniak.view import DiamoniakView

Colour = Literal["red", "blue", "green", "yellow"]
Phase = Literal["first_player", "turn_start", "drawing", "draw_or_stop", "fairy_choice",
                "witch_toll", "over"]
End = Literal["castle", "cap"]

PHASES: dict[str, Phase] = {
    "first_player": "first_player",
    "turn_start": "turn_start",
    "drawing": "drawing",
    "draw_or_stop": "draw_or_stop",
    "fairy_choice": "fairy_choice",
    "witch_toll": "witch_toll",
    "over": "over",
}
"""The engine's phase words, each a step of a turn a player knows (checked, not copied)."""
COLOURS: dict[int, Colour] = {Card.RED: "red", Card.BLUE: "blue", Card.GREEN: "green",
                              Card.YELLOW: "yellow"}


class Wire(BaseModel):
    """Base of this game's protocol models: unknown fields refused, values frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class CardCounts(Wire):
    """How many cards of each kind (DI-1), every kind present."""

    red: int = Field(ge=0)
    blue: int = Field(ge=0)
    green: int = Field(ge=0)
    yellow: int = Field(ge=0)
    diamond: int = Field(ge=0)
    witch: int = Field(ge=0)
    fairy: int = Field(ge=0)


class Pile(Wire):
    size: int = Field(ge=0, description="Cards in the pile")
    cards: CardCounts = Field(description="What the pile holds, by kind")


class Castle(Wire):
    colour: Colour | None = Field(description="The castle's colour (DI-4); null: no castle")
    size: int = Field(ge=0, description="Cards in the castle; six win (DI-10)")


class Player(Wire):
    seat: int = Field(ge=0)
    castle: Castle
    right_pile: CardCounts = Field(
        description="The right-hand pile (DI-6): diamonds, fairies and other seats' colours "
                    "(a witch is never kept there)")


class Board(Wire):
    """Diamoniak's board. DI-11: the draw pile's composition is public, its order unknown."""

    phase: Phase = Field(
        description="first_player: lots are drawn for who starts (DI-2); turn_start: the "
                    "turn's player draws or buys (DI-3, DI-7); drawing: the top card is "
                    "being revealed; draw_or_stop: draw again or stop (DI-3); fairy_choice: "
                    "a witch came, use a fairy? (DI-8); witch_toll: the player chooses "
                    "cards to lose to the witch (DI-8); over: the game has ended")
    turn_seat: int = Field(ge=0, description="Whose turn it is (at the end: whose it was)")
    to_act: int | None = Field(
        description="The seat that must decide now; null while a card is revealed or lots "
                    "are drawn, and at the end")
    turns: int = Field(ge=0, description="Turns completed (DI-10: the game is a draw at "
                                         "the max_turns cap)")
    draw_pile: Pile = Field(description="DI-11: the pile's composition is public")
    discard: Pile = Field(description="The discard, shuffled back when the pile runs out "
                                      "(DI-9)")
    players: list[Player] = Field(description="One per seat, in seat order")
    witch_toll_left: int = Field(ge=0, description="DI-8: cards the witch still takes from "
                                                   "the turn's player")
    winner: int | None = Field(description="The seat that built a full castle (DI-10)")
    end: End | None = Field(description="castle: a full castle won; cap: a draw at the "
                                        "turn cap (DI-10); null while playing")


def counts(cards: Sequence[int]) -> CardCounts:
    return CardCounts(red=cards[Card.RED], blue=cards[Card.BLUE], green=cards[Card.GREEN],
                      yellow=cards[Card.YELLOW], diamond=cards[Card.DIAMOND],
                      witch=cards[Card.WITCH], fairy=cards[Card.FAIRY])


def pile(cards: Sequence[int]) -> Pile:
    return Pile(size=sum(cards), cards=counts(cards))


def board(view: DiamoniakView) -> Board:
    """The board of `view`."""
    over = view.current_player == TERMINAL
    return Board(
        phase=PHASES[view.phase],
        turn_seat=view.turn_seat,
        to_act=view.current_player if view.current_player >= 0 else None,
        turns=view.turns,
        draw_pile=pile(view.draw_pile),
        discard=pile(view.discard),
        players=[Player(seat=seat,
                        castle=Castle(colour=None if colour == NO_COLOUR else COLOURS[colour],
                                      size=size),
                        right_pile=counts(view.right_piles[seat]))
                 for seat, (colour, size) in enumerate(view.castles)],
        witch_toll_left=view.toll_left,
        winner=view.winner if view.winner >= 0 else None,
        end=("castle" if view.winner >= 0 else "cap") if over else None,
    )
