"""Chance at a Super Camelot table as values a face can draw (issue 26): the dice rolled
(their faces, whose roll and what for), the tile explored and where, the card drawn and
from which deck, the Stars of a first-player roll, the seat drawn to start. SC-27:
everything chance decides is public."""

from __future__ import annotations

from dataclasses import dataclass

from albion.core.events import ChanceResult
from albion.games.super_camelot.actions import (
    Draw,
    FirstSeat,
    PlaceTile,
    Roll,
    StarCount,
    SuperCamelotAction,
)
from albion.games.super_camelot.board import name, slot_of, slot_origin
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
from albion.games.super_camelot.world import TILES


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(ChanceResult):
    """SC-12, SC-14, SC-15, SC-21, SC-5: dice showing `faces` (wire words), rolled by
    `seat` — an attack with `weapon`, a defence, or a re-rolled die (`purpose` in words)."""

    faces: tuple[str, ...]
    seat: int
    weapon: str | None
    purpose: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsRolled(ChanceResult):
    """SC-4: `seat`'s roll for the first player showed `stars` Stars."""

    seat: int
    stars: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstSeatDrawn(ChanceResult):
    """SC-4, SC-41: `seat` starts."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TileDrawn(ChanceResult):
    """SC-1, SC-10: tile `tile` (its notation key, and `name`) placed in slot `slot`
    (0–15, reading order), its north-west square `north_west`."""

    tile: str
    name: str
    slot: int
    north_west: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDrawn(ChanceResult):
    """SC-16, SC-17, SC-5: `card` (a wire word) drawn from `deck` by `seat`."""

    card: str
    deck: str
    seat: int


def chance_event(state: SuperCamelotRecord, action: SuperCamelotAction,
                 wording: str) -> ChanceResult:
    """The chance outcome `action` (worded `wording`) in `state`, as values."""
    step = state.pending[-1] if state.pending else None
    if isinstance(action, Roll):
        faces = tuple(face.name.lower() for face in action.faces)
        if isinstance(step, Defence):
            return DiceRolled(text=wording, outcome=wording, faces=faces, seat=step.victim,
                              weapon=None, purpose="defence")
        strike = step.strike if isinstance(step, AttackRoll | RerollDie) else None
        return DiceRolled(text=wording, outcome=wording, faces=faces, seat=state.active,
                          weapon=strike.weapon.name.lower() if strike else None,
                          purpose="re-roll" if isinstance(step, RerollDie) else "attack")
    if isinstance(action, StarCount) and isinstance(step, StarRoll):
        return StarsRolled(text=wording, outcome=wording,
                           seat=step.rollers[len(step.stars)], stars=action.stars)
    if isinstance(action, FirstSeat):
        return FirstSeatDrawn(text=wording, outcome=wording, seat=action.seat)
    if isinstance(action, PlaceTile) and isinstance(step, CentreDraw | TileDraw):
        slot = step.slot if isinstance(step, CentreDraw) else slot_of(step.target)
        tile = TILES[action.tile]
        return TileDrawn(text=wording, outcome=wording, tile=tile.key, name=tile.name,
                         slot=slot, north_west=name(slot_origin(slot)))
    if isinstance(action, Draw) and isinstance(step, CardDraws | SecondDraw | TreasureDraw):
        deck = step.draws.deck if isinstance(step, SecondDraw) else step.deck
        return CardDrawn(text=wording, outcome=wording, card=action.card.name.lower(),
                         deck=deck.name.lower(), seat=state.active)
    return ChanceResult(text=wording, outcome=wording)
