"""Diamoniak's part of the table protocol, its presentation model (issue 26): the board as
a viewer sees it in plain terms, each legal action annotated with where it sits (the draw
pile, a castle, a card kind in a right-hand pile) and its words and ruling, this turn's
reveals (`recap`, from the events), and the rules' numbers a face shows (`geometry`).

DI-11: nothing is secret but the draw pile's order, so every viewer gets the same board.
Card counts are records with every kind present (zeros included).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from albion.core.events import Event
from albion.core.presentation import ActionNote, Place
from albion.core.state import TERMINAL
from albion.core.variants import Variant
from albion.core.words import Arg, Seat, say, say_n
from albion.games.diamoniak.actions import Buy, Choice, DiamoniakAction, Lose
from albion.games.diamoniak.cards import (
    BUY_PRICE,
    CARDS_LOST_TO_WITCH,
    CASTLE_SIZE,
    NO_COLOUR,
    Card,
)
from albion.games.diamoniak.events import CardRevealed, Decided, a_card
from albion.games.diamoniak.view import DiamoniakView

Colour = Literal["red", "blue", "green", "yellow"]
Kind = Literal["red", "blue", "green", "yellow", "diamond", "witch", "fairy"]
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
    purchases: int = Field(ge=0, description="How many purchases its diamonds pay for "
                                             "(DI-7)")


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
                        right_pile=counts(view.right_piles[seat]),
                        purchases=view.right_piles[seat][Card.DIAMOND] // BUY_PRICE)
                 for seat, (colour, size) in enumerate(view.castles)],
        witch_toll_left=view.toll_left,
        winner=view.winner if view.winner >= 0 else None,
        end=("castle" if view.winner >= 0 else "cap") if over else None,
    )


# -- the presentation: actions where they sit, this turn's reveals, the rules' numbers ----


class Recap(Wire):
    """The cards revealed in the latest turn anyone played, in order (DI-3, DI-4): a face
    shows them until the next seat decides, so a witch that ended the turn (DI-8) stays
    in sight with what came before her."""

    drawer: int = Field(ge=0, description="The seat that drew them")
    turn: int = Field(ge=0, description="Turns completed before that turn")
    cards: list[Kind] = Field(description="The cards revealed, first drawn first")
    current: bool = Field(description="That turn is still being played")


class Geometry(Wire):
    """The numbers of the rules a face draws, and the ruling behind each part of the
    board."""

    castle_size: int = Field(description="Cards in a full castle (DI-10)")
    buy_price: int = Field(description="Diamonds a purchase costs (DI-7)")
    witch_takes: int = Field(description="Cards a witch takes without a fairy (DI-8)")
    kinds: list[Kind] = Field(description="Every kind of card, castle colours first (DI-1)")
    colours: list[Colour] = Field(description="The castle colours (DI-1)")
    rulings: dict[str, str] = Field(description="The ruling behind each part of the board: "
                                    "castle, right_pile, draw_pile, discard, witch, "
                                    "first_player, buy, colour")


KINDS: dict[int, Kind] = {card: card.label for card in Card}  # type: ignore[misc]


def geometry(game: object, num_players: int, variant: Variant) -> Geometry:
    """DI-1, DI-7, DI-8, DI-10: the numbers every Diamoniak table shares."""
    return Geometry(castle_size=CASTLE_SIZE, buy_price=BUY_PRICE,
                    witch_takes=CARDS_LOST_TO_WITCH, kinds=list(KINDS.values()),
                    colours=list(COLOURS.values()),
                    rulings={"castle": "DI-10", "right_pile": "DI-6", "draw_pile": "DI-11",
                             "discard": "DI-9", "witch": "DI-8", "first_player": "DI-2",
                             "buy": "DI-7", "colour": "DI-5"})


CHOICE_NOTES: dict[Choice, ActionNote] = {
    Choice.STOP: ActionNote("stop", say("Stop: keep your cards; the turn ends"), "DI-3"),
    Choice.PASS: ActionNote("pass", say("Pass: nothing is left to draw"), "DI-9"),
    Choice.USE_FAIRY: ActionNote("use_fairy", say("Use your fairy: the witch and the fairy "
                                                  "go to the discard, you lose nothing"),
                                 "DI-8"),
    Choice.KEEP_FAIRY: ActionNote("keep_fairy", say_n(
        "Keep the fairy and give the witch {count} card",
        "Keep the fairy and give the witch {count} cards", CARDS_LOST_TO_WITCH), "DI-8"),
}


def annotate(view: DiamoniakView, actions: Sequence[DiamoniakAction]) -> list[ActionNote]:
    """Each action where it is played on the board: drawing on the draw pile, a purchase
    on the card in the seller's right-hand pile (DI-7), a loss to the witch on the
    drawer's castle or pile (DI-8); the other choices are buttons."""
    return [_note(view, action) for action in actions]


def _note(view: DiamoniakView, action: DiamoniakAction) -> ActionNote:
    me = view.turn_seat
    if action is Choice.DRAW:
        left = sum(view.draw_pile) or sum(view.discard)
        return ActionNote("draw", say("Draw a card ({left} left to draw)", left=left), "DI-3",
                          Place("draw_pile"))
    if action is Choice.LOSE_CASTLE:
        castle = Card(view.castles[me][0])
        return ActionNote("lose", say("Give the witch {card} from your castle",
                                      card=a_card(castle)), "DI-8",
                          Place("castle", seat=me, item=castle.label))
    if isinstance(action, Choice):
        return CHOICE_NOTES[action]
    if isinstance(action, Buy):
        colour = Card(action.colour)
        own = view.castles[me][0] == action.colour
        offer: dict[str, Arg] = {"card": a_card(colour), "seller": Seat(action.seller),
                                 "price": BUY_PRICE}
        return ActionNote(
            "buy", say("Buy {card} from {seller} for {price} diamonds", **offer) if own
            else say("Buy {card} from {seller} for {price} diamonds (to your right-hand "
                     "pile)", **offer), "DI-7" if own else "DI-12",
            Place("right_pile", seat=action.seller, item=colour.label))
    if isinstance(action, Lose):
        card = Card(action.card)
        return ActionNote("lose", say("Give the witch {card} from your right-hand pile",
                                      card=a_card(card)), "DI-8",
                          Place("right_pile", seat=me, item=card.label))
    return ActionNote("action", str(action))


def recap(view: DiamoniakView, events: Iterable[Event]) -> Recap | None:
    """The reveals of the latest turn in which anyone acted (`events` newest first), or
    None when none was revealed in it."""
    turn: int | None = None
    drawer = 0
    cards: list[Kind] = []
    for event in events:
        if not isinstance(event, CardRevealed | Decided):
            continue
        if turn is None:
            turn = event.turn
        elif event.turn != turn:
            break
        if isinstance(event, CardRevealed):
            drawer = event.seat
            cards.append(event.card)  # type: ignore[arg-type]
    if turn is None or not cards:
        return None
    over = view.current_player == TERMINAL
    return Recap(drawer=drawer, turn=turn, cards=cards[::-1],
                 current=turn == view.turns and not over)
