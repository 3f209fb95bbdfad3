"""Chance at a Super Camelot table as values a face can draw (issue 26): the dice rolled
(their faces, whose roll and what for), the tile explored and where, the card drawn and
from which deck, the Stars of a first-player roll, the seat drawn to start. SC-27:
everything chance decides is public.

Each is told in words with its subject named (issue 27: "P1's attack rolls shield, star,
2 hits", "P1 explores the Fire Shrine tile", never `roll shield star two-hits` or
`tile fire-shrine`), and carries `turn` and `turn_seat` as the decisions do (`events`)."""

from __future__ import annotations

from dataclasses import dataclass

from albion.core.events import ChanceResult
from albion.core.words import Seat, Words, listing, say, say_n
from albion.games.super_camelot.actions import (
    Draw,
    FirstSeat,
    PlaceTile,
    Roll,
    StarCount,
    SuperCamelotAction,
)
from albion.games.super_camelot.board import name, slot_of, slot_origin
from albion.games.super_camelot.events import turn_of
from albion.games.super_camelot.pieces import (
    AttackRoll,
    CardDraws,
    CentreDraw,
    Defence,
    RerollDie,
    SecondDraw,
    StarRoll,
    TileDraw,
    TreasureDraw,
)
from albion.games.super_camelot.record import SuperCamelotRecord
from albion.games.super_camelot.words import CARD, DECK, FACE, tile_name
from albion.games.super_camelot.world import TILES


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(ChanceResult):
    """SC-12, SC-14, SC-15, SC-21, SC-5: dice showing `faces` (wire words), rolled by
    `seat` — an attack with `weapon`, a defence, or a re-rolled die (`purpose` in words)."""

    faces: tuple[str, ...]
    seat: int
    weapon: str | None
    purpose: str
    turn: int | None
    turn_seat: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsRolled(ChanceResult):
    """SC-4: `seat`'s roll for the first player showed `stars` Stars."""

    seat: int
    stars: int
    turn: None = None
    turn_seat: None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstSeatDrawn(ChanceResult):
    """SC-4, SC-41: `seat` starts."""

    seat: int
    turn: None = None
    turn_seat: None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TileDrawn(ChanceResult):
    """SC-1, SC-10: tile `tile` (its notation key, and `name`) placed in slot `slot`
    (0–15, reading order), its north-west square `north_west`; `seat` explored it (null:
    a centre tile placed before play)."""

    tile: str
    name: str
    slot: int
    north_west: str
    seat: int | None
    turn: int | None
    turn_seat: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDrawn(ChanceResult):
    """SC-16, SC-17, SC-5: `card` (a wire word) drawn from `deck` by `seat`."""

    card: str
    deck: str
    seat: int
    turn: int | None
    turn_seat: int | None


def chance_event(state: SuperCamelotRecord, action: SuperCamelotAction,
                 wording: str) -> ChanceResult:
    """The chance outcome `action` (noted `wording`) in `state`, as values and words."""
    step = state.pending[-1] if state.pending else None
    turn, turn_seat = turn_of(state)
    if isinstance(action, Roll):
        faces = tuple(face.name.lower() for face in action.faces)
        shown = listing([FACE[face] for face in action.faces])
        if isinstance(step, Defence):
            return DiceRolled(words=say("{player} defends against {damage} damage: {faces}",
                                        player=Seat(step.victim), damage=step.damage,
                                        faces=shown), outcome=wording, faces=faces,
                              seat=step.victim, weapon=None, purpose="defence", turn=turn,
                              turn_seat=turn_seat)
        strike = step.strike if isinstance(step, AttackRoll | RerollDie) else None
        weapon = strike.weapon.name.lower() if strike else None
        again = isinstance(step, RerollDie)
        what = REROLLED if again else WEAPON_WORDS.get(weapon or "", ATTACK)
        return DiceRolled(words=what.with_args(player=Seat(state.active), faces=shown),
                          outcome=wording,
                          faces=faces, seat=state.active, weapon=weapon,
                          purpose="re-roll" if again else "attack", turn=turn,
                          turn_seat=turn_seat)
    if isinstance(action, StarCount) and isinstance(step, StarRoll):
        seat = step.rollers[len(step.stars)]
        rolled = say_n("{player} rolls {count} Star for the first player (tie, roll {round})",
                       "{player} rolls {count} Stars for the first player (tie, roll "
                       "{round})", action.stars, player=Seat(seat), round=step.round) \
            if step.round > 1 else \
            say_n("{player} rolls {count} Star for the first player",
                  "{player} rolls {count} Stars for the first player", action.stars,
                  player=Seat(seat))
        return StarsRolled(words=rolled, outcome=wording, seat=seat, stars=action.stars)
    if isinstance(action, FirstSeat):
        return FirstSeatDrawn(words=say("still tied: the lots say {player} starts",
                                        player=Seat(action.seat)),
                              outcome=wording, seat=action.seat)
    if isinstance(action, PlaceTile) and isinstance(step, CentreDraw | TileDraw):
        slot = step.slot if isinstance(step, CentreDraw) else slot_of(step.target)
        tile = TILES[action.tile]
        explorer = state.active if isinstance(step, TileDraw) else None
        named = tile_name(tile.key, tile.name)
        told = (say("the {tile} tile is placed in the centre", tile=named) if explorer is None
                else say("{player} explores the {tile} tile", player=Seat(explorer),
                         tile=named))
        return TileDrawn(words=told, outcome=wording, tile=tile.key, name=tile.name,
                         slot=slot, north_west=name(slot_origin(slot)), seat=explorer,
                         turn=turn, turn_seat=turn_seat)
    if isinstance(action, Draw) and isinstance(step, CardDraws | SecondDraw | TreasureDraw):
        deck = step.draws.deck if isinstance(step, SecondDraw) else step.deck
        return CardDrawn(words=say("{player} draws {card} ({deck})", player=Seat(state.active),
                                   card=CARD[action.card], deck=DECK[deck]), outcome=wording,
                         card=action.card.name.lower(), deck=deck.name.lower(),
                         seat=state.active, turn=turn, turn_seat=turn_seat)
    return ChanceResult(text=wording, outcome=wording)


ATTACK: Words = say("{player}'s attack: {faces}")
REROLLED: Words = say("{player}'s re-rolled die: {faces}")
WEAPON_WORDS: dict[str, Words] = {"sword": ATTACK, "bomb": say("{player}'s bomb: {faces}"),
                                  "bow": say("{player}'s shot: {faces}")}
"""The dice of an attack in words, by its weapon (SC-12, SC-14, SC-15), and of a re-roll
(SC-5)."""
