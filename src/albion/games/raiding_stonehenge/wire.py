"""Raiding Stonehenge's part of the table protocol, its presentation model (issue 26): the
board as one viewer sees it (with the figures at each pile in RS-9's rank), each legal
action annotated with where it sits (a line, a card of the hand, a pile, a disk of one's
own), and the rules' numbers and words a face shows (`geometry`).

RS-18: hands and unrevealed plays reach only their owner; the view is already filtered,
and the board adds nothing to it. Disk counts are records with every colour present.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from albion.core.presentation import ActionNote
from albion.core.presentation import Place as Spot
from albion.core.state import TERMINAL
from albion.core.variants import Variant
from albion.core.words import Words, say
from albion.games.raiding_stonehenge.actions import Place, Play, RaidingAction, SetAside, Take
from albion.games.raiding_stonehenge.components import (
    HIGHEST_CARD,
    LINES,
    Colour,
    card_colour,
)
from albion.games.raiding_stonehenge.resolution import rank_at_pile
from albion.games.raiding_stonehenge.scoring import score, winners
from albion.games.raiding_stonehenge.view import RaidingView
from albion.games.raiding_stonehenge.words import SET_ASIDE_ONE, TO_THE_PILE, card_name

DiskColour = Literal["white", "blue", "green", "yellow", "red"]
CardColour = Literal["white", "blue", "green", "yellow", "red", "black"]
Phase = Literal["dealing", "pick", "play", "place", "set_aside", "over"]
End = Literal["score", "hand", "shared"]

PHASES: dict[str, Phase] = {"dealing": "dealing", "pick": "pick", "play": "play",
                            "place": "place", "set_aside": "set_aside", "over": "over"}
"""The engine's phase words, each a step of a round the rulebook names (checked)."""
DISK_COLOURS: dict[int, DiskColour] = {Colour.WHITE: "white", Colour.BLUE: "blue",
                                       Colour.GREEN: "green", Colour.YELLOW: "yellow",
                                       Colour.RED: "red"}
DECIDING_ALONE = frozenset({"pick", "place", "set_aside"})
"""Phases in which one seat, the view's current player, decides."""


class Wire(BaseModel):
    """Base of this game's protocol models: unknown fields refused, values frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Card(Wire):
    """A number card (RS-1); its day and night copies are not told apart."""

    number: int = Field(ge=1, le=HIGHEST_CARD)
    colour: CardColour = Field(description="RS-1: by number; black cards (6, 12, …) choose "
                                           "their pile (RS-8)")


class Disks(Wire):
    """Disks by colour (RS-1), every colour present."""

    white: int = Field(ge=0)
    blue: int = Field(ge=0)
    green: int = Field(ge=0)
    yellow: int = Field(ge=0)
    red: int = Field(ge=0)


class Line(Wire):
    line: int = Field(ge=1, le=5, description="The line's number, 1–5 left to right, as in "
                                              "`take line 3`")
    cards: list[Card] = Field(description="Top to bottom (RS-4: new cards go to the bottom)")
    bottom: Card | None = Field(description="RS-4: the bottom card (the last of `cards`), the "
                                            "only one that can be taken; null if empty")


class Player(Wire):
    seat: int = Field(ge=0)
    disks: Disks
    score: int = Field(description="RS-16: the score the disks make now")
    hand_size: int = Field(ge=0, description="Cards in hand as the engine holds them: a "
                                             "chosen card it has not taken yet still counts")
    hand: list[Card] | None = Field(
        description="The hand, lowest first, where the viewer may see it (RS-18): the "
                    "viewer's own, and every hand once the game is over (RS-17); else null")
    committed: bool = Field(description="RS-6: has chosen this round's card (face down "
                                        "until every seat has)")
    played: Card | None = Field(
        description="This round's card: everyone's once revealed (RS-6); before that only "
                    "the viewer's own; null otherwise")
    pile: DiskColour | None = Field(description="The pile this seat went to this round "
                                                "(RS-7, RS-8); null if none yet")
    taken: list[Card] = Field(description="RS-18: cards everyone saw it take from a line "
                                          "and not play since")
    last_played: Card | None = Field(description="The card it revealed in the previous "
                                                 "round")


class Figures(Wire):
    """RS-7 … RS-9: who stands at a pile, ranked: coloured cards above black ones, higher
    numbers first, then clockwise from the start player."""

    pile: DiskColour
    seats: list[int]


class Board(Wire):
    """Raiding Stonehenge's board (RS-18: only what the viewer may know)."""

    phase: Phase = Field(
        description="dealing: cards are dealt (RS-3, RS-13); pick: seats in turn take a "
                    "bottom card (RS-5); play: every seat chooses a card face down (RS-6); "
                    "place: a black card's player chooses a pile (RS-8); set_aside: a player "
                    "at a contested pile gives a disk back (RS-11); over: the game has ended")
    round: int = Field(ge=1)
    start_player: int = Field(ge=0, description="RS-14: the seat holding the gray figure")
    to_act: int | None = Field(
        description="The one seat that must decide now (pick, place, set_aside); null while "
                    "dealing, in the play phase (every seat not yet committed chooses at "
                    "once) and at the end")
    queue: list[int] = Field(description="In place and set_aside: the seats still to choose, "
                                         "in order (RS-8, RS-21)")
    lines: list[Line] = Field(description="The five face-up lines (RS-3, RS-4)")
    deck_size: int = Field(ge=0)
    piles: Disks = Field(description="The five public piles of disks (RS-1)")
    figures: list[Figures] = Field(description="The seats standing at each pile this "
                                               "round, in rank order (RS-9)")
    played_out: list[Card] = Field(description="Cards played in earlier rounds, out of the "
                                               "game (RS-6), lowest first")
    players: list[Player] = Field(description="One per seat, in seat order")
    winners: list[int] | None = Field(description="RS-17: the winning seats once the game is "
                                                  "over (several share a win); else null")
    end: End | None = Field(description="score: the highest score won; hand: RS-17's hand "
                                        "comparison decided; shared: identical hands share "
                                        "the win; null while playing")


def card(number: int) -> Card:
    colour = card_colour(number)
    return Card(number=number, colour=DISK_COLOURS[colour] if colour >= 0 else "black")


def maybe_card(number: int) -> Card | None:
    """0 means no card."""
    return card(number) if number else None


def disks(counts: Sequence[int]) -> Disks:
    return Disks(white=counts[Colour.WHITE], blue=counts[Colour.BLUE],
                 green=counts[Colour.GREEN], yellow=counts[Colour.YELLOW],
                 red=counts[Colour.RED])


def board(view: RaidingView) -> Board:
    """The board of `view` (RS-6: a committed card shows face down to all but its owner,
    until the reveal)."""
    scores = [score(counts) for counts in view.disks]
    finals = view.final_hands
    hands: list[Sequence[int] | None] = [None] * view.num_players
    if finals is not None:
        hands = list(finals)
    elif view.seat is not None and view.hand is not None:
        hands[view.seat] = view.hand
    players = []
    for seat in range(view.num_players):
        hand = hands[seat]
        played = view.revealed[seat] or (view.own_play if seat == view.seat else 0)
        pile = view.at_pile[seat]
        players.append(Player(
            seat=seat,
            disks=disks(view.disks[seat]),
            score=scores[seat],
            hand_size=view.hand_sizes[seat],
            hand=None if hand is None else [card(n) for n in hand],
            committed=view.committed[seat],
            played=maybe_card(played),
            pile=DISK_COLOURS[pile] if pile >= 0 else None,
            taken=[card(n) for n in view.taken[seat]] if view.taken else [],
            last_played=maybe_card(view.last_plays[seat]) if view.last_plays else None,
        ))
    best = winners(scores, finals) if finals is not None else None
    return Board(
        phase=PHASES[view.phase],
        round=view.round,
        start_player=view.start,
        to_act=view.current_player if view.phase in DECIDING_ALONE
        and view.current_player >= 0 else None,
        queue=list(view.pending) if view.phase in ("place", "set_aside") else [],
        lines=[Line(line=index + 1, cards=[card(n) for n in cards],
                    bottom=card(cards[-1]) if cards else None)
               for index, cards in enumerate(view.lines)],
        deck_size=view.deck_size,
        piles=disks(view.piles),
        figures=figures(view),
        played_out=[card(n) for n in range(1, len(view.discard))
                    for _ in range(view.discard[n])],
        players=players,
        winners=best,
        end=None if best is None or view.current_player != TERMINAL else _end(best, scores),
    )


def figures(view: RaidingView) -> list[Figures]:
    """RS-9: the seats at each pile with someone at it, in rank order."""
    plays = list(view.revealed)
    found = []
    for colour in Colour:
        seats = [seat for seat, pile in enumerate(view.at_pile) if pile == colour]
        if seats:
            ranked = rank_at_pile(seats, plays, view.start) if any(plays) else seats
            found.append(Figures(pile=DISK_COLOURS[colour], seats=ranked))
    return found


def _end(best: list[int], scores: list[int]) -> End:
    """How RS-17 decided, as the engine's `end_reason` says it."""
    if len(best) > 1:
        return "shared"
    return "hand" if scores.count(scores[best[0]]) > 1 else "score"


# -- the presentation: actions where they sit, the rules' numbers and words -------------


class Rule(Wire):
    """A rule in a few words, and its ruling."""

    text: str = Field(description="The rule in English")
    words: dict[str, Any] = Field(description="The rule as words (`{message, args}`, as an "
                                              "event's `words`), for a face to say in its "
                                              "reader's language (issue 29)")
    ruling: str


def rule(words: Words, ruling: str) -> Rule:
    """A rule said as `words` (its `text` their English), with its ruling."""
    return Rule(text=str(words), words=words.to_json(), ruling=ruling)


class Geometry(Wire):
    """What every table of the game shares: its colours and lines, and the rules a face
    explains, each with its ruling."""

    disk_colours: list[DiskColour] = Field(description="The five disk colours (RS-1)")
    card_colours: list[CardColour] = Field(description="Card colours: the disk colours and "
                                                       "black (RS-1)")
    lines: int = Field(description="Face-up lines (RS-3)")
    rules: dict[str, Rule] = Field(description="A short rule a face explains, by the part of "
                                               "the board it concerns: line, black, score, "
                                               "start, pile, play, hand, payout, set_aside, "
                                               "tie")


RULES: dict[str, Rule] = {
    "line": rule(say("only the bottom card of a line can be taken"), "RS-4"),
    "black": rule(say("a black card's player chooses a pile"), "RS-8"),
    "score": rule(say("10 per set of five colours, −1 per other disk"), "RS-16"),
    "start": rule(say("the start player holds the gray figure"), "RS-14"),
    "pile": rule(say("coloured cards rank above black ones, then higher numbers"), "RS-9"),
    "play": rule(say("every seat plays a card face down, then all are revealed"), "RS-6"),
    "hand": rule(say("a hand is seen by its owner only; cards seen taken stay known"),
                 "RS-18"),
    "payout": rule(say("alone at a pile: take a disk; contested: the others set one aside"),
                   "RS-10"),
    "set_aside": rule(say("a player who sets aside chooses which of their disks goes back"),
                      "RS-11"),
    "tie": rule(say("tied scores: the hands decide, highest cards first"), "RS-17"),
}


def geometry(game: object, num_players: int, variant: Variant) -> Geometry:
    """RS-1, RS-3: the colours and lines of every table, and the rules a face explains."""
    return Geometry(disk_colours=list(DISK_COLOURS.values()),
                    card_colours=[*DISK_COLOURS.values(), "black"], lines=LINES, rules=RULES)


def annotate(view: RaidingView, actions: Sequence[RaidingAction]) -> list[ActionNote]:
    """A take on its line (RS-5), a play on the card in the hand (RS-6), a black card's
    pile on the pile (RS-8), a set-aside on one's own disk (RS-11)."""
    return [_note(view, action) for action in actions]


def _note(view: RaidingView, action: RaidingAction) -> ActionNote:
    me = view.seat
    if isinstance(action, Take):
        line = view.lines[action.line]
        bottom = line[-1] if line else 0
        return ActionNote("take", say("Take {card} from line {line}", card=card_name(bottom),
                                      line=action.line + 1),
                          "RS-5", Spot("line", number=action.line + 1))
    if isinstance(action, Play):
        return ActionNote("play", say("Play {card} face down", card=card_name(action.number)),
                          "RS-6", Spot("hand", seat=me, number=action.number))
    if isinstance(action, Place):
        colour = action.colour.label
        return ActionNote("place", say("Take your black card {pile}",
                                       pile=TO_THE_PILE[action.colour]), "RS-8",
                          Spot("pile", item=colour))
    if isinstance(action, SetAside):
        colour = action.colour.label
        return ActionNote("set_aside", SET_ASIDE_ONE[action.colour], "RS-11",
                          Spot("disks", seat=me, item=colour))
    return ActionNote("action", str(action))
