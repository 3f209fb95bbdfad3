"""Super Camelot's part of the table protocol, its presentation model (issue 26): the board
as one viewer sees it with the map window drawn around the action, each legal action
annotated (`presentation.annotate`: its square or circle and the squares it reaches),
and the forest's static geometry with the rules a face explains (`geometry`).

SC-19, SC-27: everything is public but other players' gems (and so the gem supply's counts,
of which only an empty pile is seen, SC-42) until the game ends; the view is already
filtered and the board adds nothing to it. The engine's stack of pending steps is not sent:
`awaiting` says who must decide what, from the step on top, through one table (`ASKS`)
keyed by step type.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field

from albion.core.presentation import ActionNote, Place
from albion.core.state import CHANCE
from albion.core.variants import Variant
from albion.core.words import Words, say
from albion.games.super_camelot import forest, presentation
from albion.games.super_camelot.actions import SuperCamelotAction
from albion.games.super_camelot.board import (
    CIRCLE_NAMES,
    CIRCLES,
    OFF_BOARD,
    SIDE,
    SQUARES,
    name,
    slot_origin,
)
from albion.games.super_camelot.components import (
    DECK_CONTENTS,
    GEM_VALUE,
    MAX_HEALTH,
    Card,
    Character,
    Deck,
    Face,
    Item,
    Special,
    Token,
)
from albion.games.super_camelot.options import (
    ATTACKS,
    BOMBS,
    CLAIM,
    OPEN_CHEST,
    PICK_UP,
    PICKS,
    PLACES,
    SHOTS,
    STEPS,
)
from albion.games.super_camelot.pieces import (
    AttackRoll,
    CardDraws,
    CentreDraw,
    Defence,
    DropChoice,
    EnemyTurn,
    KeepChoice,
    KillChoice,
    LootChoice,
    Phase,
    RerollChoice,
    RerollDie,
    RollOff,
    SecondDraw,
    StarChoice,
    StarRoll,
    StealChoice,
    Strike,
    TargetChoice,
    Thing,
    TileDraw,
    TreasureDraw,
    TreasureState,
    Weapon,
)
from albion.games.super_camelot.presentation import (
    CROP,
    Window,
    explored,
    window,
)
from albion.games.super_camelot.resolve import ACTIVATE, DROP_AT, KILLS, LOOT_FROM
from albion.games.super_camelot.view import HIDDEN, PlayerView, SuperCamelotView
from albion.games.super_camelot.world import TILES

PhaseWord = Literal["choosing_characters", "playing", "over"]
CharacterWord = Literal["arthur", "gwenivere", "lancelot", "merlin", "percival", "galahad"]
ItemWord = Literal["small_key", "bomb", "green_gem", "blue_gem", "red_gem"]
SpecialWord = Literal["big_key", "fire_relic", "water_relic", "wind_relic"]
DeckWord = Literal["litter", "small_loot", "big_loot", "small_treasure", "big_treasure"]
CardWord = Literal["health_potion", "grail_water", "speed_potion", "green_gem", "blue_gem",
                   "bomb", "small_key", "dark_knight", "magnet", "royal_shield",
                   "racing_boots", "power_gauntlet", "hunting_bow", "greatsword", "shovel",
                   "blue_gems_15", "blue_gems_10_and_treasure", "red_gems_20"]
TokenWord = Literal["bush", "rock", "dark_knight", "mimic", "plant"]
EnemyWord = Literal["dark_knight", "mimic", "plant"]
FaceWord = Literal["shield", "star", "gem", "two_hits", "one_hit", "blank"]
WeaponWord = Literal["sword", "bomb", "bow"]
TreasureWord = Literal["face_up", "stolen", "lost"]
Compass = Literal["north", "northeast", "east", "southeast", "south", "southwest", "west",
                  "northwest"]
ObjectWord = Literal["bush", "rock", "small_chest", "big_chest"]
EndWord = Literal["gems", "grail", "cap"]
Decision = Literal["character", "enter", "action", "move", "end_turn", "drop", "stars",
                   "kill", "loot", "keep", "reroll", "target", "give_up", "activate",
                   "chance", "choice"]

E = TypeVar("E", bound=IntEnum)


def words(members: Iterable[E], spelled: tuple[Any, ...]) -> dict[E, Any]:
    """Each member's protocol word: its name in lower case, checked against the Literal
    that documents it (so the two cannot drift apart)."""
    table = dict(zip(members, spelled, strict=True))
    for member, word in table.items():
        if member.name.lower() != word:
            raise ValueError(f"{member!r} is spelled {word!r} on the wire")
    return table


CHARACTERS: dict[Character, CharacterWord] = words(Character, get_args(CharacterWord))
ITEMS: dict[Item, ItemWord] = words(Item, get_args(ItemWord))
SPECIALS: dict[Special, SpecialWord] = words(Special, get_args(SpecialWord))
DECKS: dict[Deck, DeckWord] = words(Deck, get_args(DeckWord))
CARDS: dict[Card, CardWord] = words(Card, get_args(CardWord))
TOKENS: dict[Token, TokenWord] = words(Token, get_args(TokenWord))
ENEMIES: dict[Token, EnemyWord] = {Token.DARK_KNIGHT: "dark_knight", Token.MIMIC: "mimic",
                                   Token.PLANT: "plant"}
FACES: dict[Face, FaceWord] = words(Face, get_args(FaceWord))
WEAPONS: dict[Weapon, WeaponWord] = words(Weapon, get_args(WeaponWord))
PHASES: dict[Phase, PhaseWord] = {Phase.CHOOSING: "choosing_characters",
                                  Phase.PLAYING: "playing", Phase.OVER: "over"}
TREASURE_STATES: dict[TreasureState, TreasureWord] = {
    TreasureState.UP: "face_up", TreasureState.STOLEN: "stolen", TreasureState.LOST: "lost"}
OBJECTS: dict[Thing, tuple[ObjectWord, bool]] = {
    Thing.BUSH: ("bush", False), Thing.ROCK: ("rock", False),
    Thing.SMALL_CHEST: ("small_chest", False), Thing.OPEN_SMALL_CHEST: ("small_chest", True),
    Thing.BIG_CHEST: ("big_chest", False), Thing.OPEN_BIG_CHEST: ("big_chest", True)}
"""Objects by kind and whether opened; stacks (Thing.STACK) are sent as special stacks."""
FACINGS: tuple[Compass, ...] = get_args(Compass)
"""A Plant's facing, 0 north and clockwise in eighths (SC-25)."""
ENDS: dict[str, EndWord] = {"gems": "gems", "grail": "grail", "cap": "cap"}
GEM_ITEMS = (Item.GREEN_GEM, Item.BLUE_GEM, Item.RED_GEM)
"""The order of a wallet's token counts."""
POSITIONS = SQUARES + len(CIRCLES)


class Wire(BaseModel):
    """Base of this game's protocol models: unknown fields refused, values frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# -- who must decide what ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ask:
    """One row of the table: what a step asks, in words, and the ruling behind it."""

    decision: Decision
    words: Words
    ruling: str | None

    @property
    def question(self) -> str:
        """The question in English."""
        return str(self.words)


ASKS: dict[type, Ask] = {
    DropChoice: Ask("drop", say("where the item drops"), "SC-16"),
    StarChoice: Ask("stars", say("how many Stars count as Gems (the rest as 2 Hits)"), "SC-38"),
    KillChoice: Ask("kill", say("which enemy the hits kill next, one at a time, beside those "
                                "already chosen (the squares)"), "SC-38"),
    LootChoice: Ask("loot", say("which killed enemy draws Loot next, one at a time, beside "
                                "those already chosen (the squares)"), "SC-12"),
    KeepChoice: Ask("keep", say("which of the two cards to keep"), "SC-5"),
    RerollChoice: Ask("reroll", say("whether to re-roll one attack die, and which"), "SC-5"),
    TargetChoice: Ask("target", say("which of the equally near characters the enemy attacks"),
                      "SC-22"),
    StealChoice: Ask("give_up", say("which face-up treasure the Mimic takes"), "SC-24"),
    EnemyTurn: Ask("activate", say("which enemy acts next"), "SC-22"),
    CentreDraw: Ask("chance", say("a centre tile is drawn"), "SC-1"),
    TileDraw: Ask("chance", say("the explored tile is drawn"), "SC-10"),
    StarRoll: Ask("chance", say("the dice are rolled for the first player"), "SC-4"),
    RollOff: Ask("chance", say("one of the players tied for the most Stars is drawn to start"),
                 "SC-41"),
    AttackRoll: Ask("chance", say("the attack dice are rolled"), "SC-12"),
    RerollDie: Ask("chance", say("the die is re-rolled"), "SC-5"),
    CardDraws: Ask("chance", say("a card is drawn"), "SC-16"),
    SecondDraw: Ask("chance", say("the second of two cards is drawn"), "SC-5"),
    TreasureDraw: Ask("chance", say("a treasure card is drawn"), "SC-17"),
    Defence: Ask("chance", say("the defence dice are rolled"), "SC-21"),
}
"""What the pending step on top asks, by its type. Add a row for a new step type; until
then it gets GENERIC_CHOICE or GENERIC_CHANCE."""
GENERIC_CHOICE = Ask("choice", say("the decision the game asks for next"), None)
GENERIC_CHANCE = Ask("chance", say("chance decides the next step"), None)
CHOOSING_CHARACTER = Ask("character", say("which character to play"), "SC-34")
ENTERING = Ask("enter", say("which free starting circle to enter on (or end the turn)"), "SC-7")
PASSED_OUT = Ask("end_turn", say("to end the turn: passed out, the character can do nothing "
                                 "else"), "SC-39")
MOVING = Ask("move", say("whether to move on, act again or end the turn"), "SC-36")
ACTING = Ask("action", say("what to do next, or whether to end the turn"), "SC-6")
SQUARE_FIELDS = ("sources", "queue", "enemy", "mimic", "target", "chosen")
"""Fields of a step naming the squares it is about (where an item may drop, the enemies
still to act, the attacking enemy, the stealing Mimic, the square being explored, the
enemies already chosen to be killed or to draw Loot)."""


class Awaiting(Wire):
    """Who must decide what now."""

    seat: int | None = Field(description="The seat to decide; null when chance decides")
    decision: Decision = Field(
        description="What is decided: character (SC-34), enter (SC-7), action (SC-6), move "
                    "(SC-36), end_turn (SC-39), drop (SC-16), stars (SC-38), kill (SC-38), "
                    "loot (SC-12), keep (SC-5), reroll (SC-5), target (SC-22), give_up "
                    "(SC-24), activate (SC-22), chance (a roll or a draw), or choice (any "
                    "other decision)")
    question: str = Field(description="The question in words")
    question_words: dict[str, Any] = Field(
        description="The question as words (`{message, args}`, as an event's `words`), for "
                    "a face to say in its reader's language (issue 29)")
    ruling: str | None = Field(description="The ruling that asks it")
    dice: list[FaceWord] | None = Field(
        default=None,
        description="The attack dice being resolved, when the question is about them")
    weapon: WeaponWord | None = Field(default=None, description="The weapon of that attack")
    cards: list[CardWord] | None = Field(
        default=None,
        description="The cards the question is about (the card whose item drops, Merlin's "
                    "cards)")
    deck: DeckWord | None = Field(default=None, description="The deck the cards come from")
    squares: list[str] | None = Field(
        default=None,
        description="The squares the question is about (where the item may drop, the "
                    "enemies still to act, the attacking enemy or Mimic, the square being "
                    "explored)")

def awaiting(view: SuperCamelotView) -> Awaiting | None:
    """From the pending step on top, or, with none, from where the turn stands."""
    if view.phase is Phase.OVER:
        return None
    seat = view.current_player if view.current_player >= 0 else None
    if view.pending:
        step: object = view.pending[-1]
        ask = ASKS.get(type(step)) or (GENERIC_CHANCE if view.current_player == CHANCE
                                       else GENERIC_CHOICE)
        return _details(ask, None if ask.decision == "chance" else seat, step)
    if view.phase is Phase.CHOOSING:
        ask = CHOOSING_CHARACTER
    else:
        player = view.players[view.active]
        ask = (ENTERING if player.position == OFF_BOARD else PASSED_OUT if player.passed_out
               else MOVING if view.move_left else ACTING)
    return Awaiting(seat=seat, decision=ask.decision, question=ask.question,
                    question_words=ask.words.to_json(), ruling=ask.ruling)


def _details(ask: Ask, seat: int | None, step: object) -> Awaiting:
    """The public facts a step carries, read from fields any step type may have."""
    strike = getattr(step, "strike", None)
    draws = getattr(step, "draws", None)
    deck = getattr(step, "deck", getattr(draws, "deck", None))
    cards = [card for field in ("card", "first") if isinstance(
        card := getattr(step, field, None), Card)]
    held = getattr(step, "cards", ())
    cards += [card for card in held if isinstance(card, Card)] if isinstance(held, tuple) else []
    squares: list[int] = []
    for field in SQUARE_FIELDS:
        value = getattr(step, field, None)
        values = value if isinstance(value, tuple) else (value,)
        squares += [square for square in values if _is_position(square)]
    if not isinstance(strike, Strike):
        strike = None
    return Awaiting(
        seat=seat, decision=ask.decision, question=ask.question,
        question_words=ask.words.to_json(), ruling=ask.ruling,
        dice=[FACES[face] for face in strike.faces] if strike and strike.faces else None,
        weapon=WEAPONS[strike.weapon] if strike else None,
        cards=[CARDS[card] for card in cards] or None,
        deck=DECKS[deck] if isinstance(deck, Deck) else None,
        squares=[name(square) for square in squares] or None,
    )


def _is_position(value: object) -> bool:
    """A square or a starting circle (never a bool or an enum member posing as one)."""
    return type(value) is int and 0 <= value < POSITIONS


# -- the board ----------------------------------------------------------------------------


class Tile(Wire):
    slot: int = Field(ge=0, le=15, description="The tile's slot in the 4×4 map, 0–15 in "
                                               "reading order (SC-1)")
    north_west: str = Field(description="The tile's north-west square, e.g. r1c8")
    key: str = Field(description="The tile, as in the notation (`tile fire-shrine`)")
    name: str = Field(description="The tile's name, e.g. Fire Shrine")
    populated: bool = Field(description="SC-11: its bushes, rocks and enemies are placed")
    visited: bool = Field(description="SC-11: its chests and stacks have been placed")


class MapObject(Wire):
    """SC-8: an object blocking its square."""

    square: str
    kind: ObjectWord
    opened: bool = Field(description="A chest opened for good (SC-17); false otherwise")


class SpecialStack(Wire):
    """SC-18: a stack of special items, blocking its square until empty."""

    square: str
    item: SpecialWord
    left: int = Field(ge=1, description="Tokens left in the stack")


class StolenTreasure(Wire):
    owner: int = Field(ge=0, description="The seat it was taken from")
    card: CardWord


class Enemy(Wire):
    square: str
    kind: EnemyWord
    facing: Compass | None = Field(description="A Plant's facing (SC-25); null for others")
    hoard: list[StolenTreasure] = Field(
        description="A Mimic's stolen treasures, face down until it is killed (SC-24, "
                    "SC-40); empty for others")


class ItemsOnSquare(Wire):
    square: str
    items: list[ItemWord] = Field(description="Collected by whoever enters (SC-8)")


class Treasure(Wire):
    card: CardWord
    state: TreasureWord = Field(description="SC-24: face_up (it works); stolen (face down "
                                            "under a Mimic); lost (face down for good)")


class Gems(Wire):
    """SC-19: a wallet, shown only to its owner (to all once the game is over)."""

    green: int = Field(ge=0, description="Green gem tokens (1 each)")
    blue: int = Field(ge=0, description="Blue gem tokens (5 each)")
    red: int = Field(ge=0, description="Red gem tokens (10 each)")
    total: int = Field(ge=0, description="SC-19: tokens plus face-up Small Treasures "
                                         "(SC-17); 40 wins")


class Player(Wire):
    seat: int = Field(ge=0)
    character: CharacterWord = Field(description="SC-4, SC-5")
    square: str | None = Field(description="Where the character stands (a square, or a "
                                           "starting circle such as `north circle`); null "
                                           "before it enters (SC-7)")
    started: bool = Field(description="SC-7: has had a first turn")
    health: int = Field(ge=0, le=MAX_HEALTH, description="SC-21: 0–6, two per shield")
    passed_out: bool = Field(description="SC-21")
    keys: int = Field(ge=0, description="Small keys")
    bombs: int = Field(ge=0)
    specials: list[SpecialWord] = Field(description="Special items held (SC-18, SC-20)")
    treasures: list[Treasure]
    gems: Gems | None = Field(description="SC-19: null when hidden from the viewer")


class TokenCounts(Wire):
    bush: int = Field(ge=0)
    rock: int = Field(ge=0)
    dark_knight: int = Field(ge=0)
    mimic: int = Field(ge=0)
    plant: int = Field(ge=0)


class ItemCounts(Wire):
    small_key: int = Field(ge=0)
    bomb: int = Field(ge=0)
    green_gem: int = Field(ge=0)
    blue_gem: int = Field(ge=0)
    red_gem: int = Field(ge=0)


_HIDDEN_GEMS = ("While wallets are hidden (SC-19): 0 when the supply is out of this colour "
                "(an empty pile is seen, SC-42), else null")


class ItemSupply(Wire):
    small_key: int = Field(ge=0)
    bomb: int = Field(ge=0)
    green_gem: int | None = Field(ge=0, description=_HIDDEN_GEMS)
    blue_gem: int | None = Field(ge=0, description=_HIDDEN_GEMS)
    red_gem: int | None = Field(ge=0, description=_HIDDEN_GEMS)


class Supply(Wire):
    tokens: TokenCounts = Field(description="Tokens that populate tiles (SC-11)")
    items: ItemSupply = Field(description="Item tokens (SC-35)")


class DeckPile(Wire):
    """A deck and its discard (SC-16, SC-17): contents public, order unknown (SC-27)."""

    deck: DeckWord
    size: int = Field(ge=0)
    cards: dict[CardWord, int] = Field(description="What the deck holds, every kind it is "
                                                   "printed with (zeros included)")
    discard_size: int = Field(ge=0, description="Reshuffled when the deck runs out (SC-16)")
    discard: dict[CardWord, int] = Field(description="The discard, keyed as `cards`")


class Area(Wire):
    """Rows [top, bottom) and columns [left, right) of the map, 0-based."""

    top: int = Field(ge=0)
    bottom: int = Field(ge=0)
    left: int = Field(ge=0)
    right: int = Field(ge=0)


class MapWindow(Wire):
    """The part of the map a face draws: all the tiles in play, and a crop around the
    action for small screens (the terminal crops with the same rule to its own size)."""

    explored: Area = Field(description="Every tile in play (SC-1, SC-10)")
    cropped: Area = Field(description="A tile and two squares around it, centred on the "
                                      "active character (or the Starting Tile)")


class Board(Wire):
    """Super Camelot's board (SC-27: everything but hidden gems; no tile or deck order)."""

    phase: PhaseWord
    active: int | None = Field(description="Whose turn it is (choosing_characters: who "
                                           "picks); null during the first-player roll (SC-4)")
    awaiting: Awaiting | None = Field(description="Who must decide what; null at the end")
    actions_left: int = Field(ge=0, description="SC-6: actions left this turn")
    move_left: int = Field(ge=0, description="Squares left in the current Move (SC-8, "
                                             "SC-36); 0 when not moving")
    turns: int = Field(ge=0, description="Seat turns played (SC-37: the cap is max_turns)")
    bow_used: bool = Field(description="SC-15: the free Bow shot is used this turn")
    reroll_used: bool = Field(description="SC-5 (Arthur): the re-roll is used this turn")
    tiles: list[Tile] = Field(description="The tiles in play, by slot")
    tile_stack: list[str] = Field(description="Keys of the tiles not yet in play (their "
                                              "order is unknown, SC-27)")
    objects: list[MapObject] = Field(description="Bushes, rocks and chests, by square")
    special_stacks: list[SpecialStack]
    enemies: list[Enemy]
    items: list[ItemsOnSquare] = Field(description="Items lying on squares")
    players: list[Player] = Field(description="In seat order (while characters are chosen, "
                                              "only those who have chosen)")
    supply: Supply
    decks: list[DeckPile]
    lost_items: ItemCounts = Field(description="Items lost for good with an emptied tile "
                                               "(SC-11)")
    map: MapWindow | None = Field(description="The map window; null before any tile is "
                                              "placed")
    winner: int | None
    end: EndWord | None = Field(description="gems: 40 gems (SC-19); grail: the Grail claimed "
                                            "(SC-20); cap: a draw at the turn cap (SC-37); "
                                            "null while playing")


def _player(view: SuperCamelotView, seat: int, player: PlayerView) -> Player:
    gems = None
    if player.gems is not None:
        face_up = sum(1 for _, state in player.treasures if state is TreasureState.UP)
        total = sum(GEM_VALUE[item] * count
                    for item, count in zip(GEM_ITEMS, player.gems, strict=True))
        green, blue, red = player.gems
        gems = Gems(green=green, blue=blue, red=red,
                    total=total + face_up * view.variant.number("treasure_gems"))
    position = player.position
    return Player(
        seat=seat,
        character=CHARACTERS[player.character],
        square=None if position == OFF_BOARD else name(position),
        started=view.started[seat],
        health=player.health,
        passed_out=player.passed_out,
        keys=player.keys,
        bombs=player.bombs,
        specials=[SPECIALS[special] for special in Special if player.specials[special]],
        treasures=[Treasure(card=CARDS[card], state=TREASURE_STATES[state])
                   for card, state in player.treasures],
        gems=gems,
    )


def _cards(deck: Deck, counts: Sequence[int]) -> dict[CardWord, int]:
    """Every kind the deck is printed with, and any other kind it happens to hold."""
    return {CARDS[card]: counts[card] for card in Card
            if card in DECK_CONTENTS[deck] or counts[card]}


def _gem(count: int) -> int | None:
    """The view writes `HIDDEN` for a hidden count (SC-42: a pile that is not empty)."""
    return None if count == HIDDEN else count


def board(view: SuperCamelotView) -> Board:
    """The board of `view`: SC-19 and SC-27 are already applied by the view."""
    facing = dict(view.facing)
    loot = dict(view.loot)
    supply, tokens, lost = view.item_supply, view.token_supply, view.lost_items
    rolling = view.phase is Phase.CHOOSING and len(view.players) == view.num_players
    return Board(
        phase=PHASES[view.phase],
        active=None if rolling else view.active,
        awaiting=awaiting(view),
        actions_left=view.actions_left,
        move_left=view.move_left,
        turns=view.turns,
        bow_used=view.bow_used,
        reroll_used=view.reroll_used,
        tiles=[Tile(slot=slot, north_west=name(slot_origin(slot)), key=TILES[tile].key,
                    name=TILES[tile].name, populated=view.populated[slot],
                    visited=view.visited[slot])
               for slot, tile in enumerate(view.slot_tile) if tile >= 0],
        tile_stack=[TILES[tile].key for tile in sorted(view.tile_stack)],
        objects=[MapObject(square=name(square), kind=OBJECTS[thing][0],
                           opened=OBJECTS[thing][1])
                 for square, thing in view.things if thing in OBJECTS],
        special_stacks=[SpecialStack(square=name(square), item=SPECIALS[special], left=left)
                        for square, (special, left) in view.stacks],
        enemies=[Enemy(square=name(square), kind=ENEMIES[token],
                       facing=FACINGS[facing[square]] if square in facing else None,
                       hoard=[StolenTreasure(owner=owner, card=CARDS[card])
                              for owner, card in loot.get(square, ())])
                 for square, token in view.enemies],
        items=[ItemsOnSquare(square=name(square), items=[ITEMS[item] for item in items])
               for square, items in view.items],
        players=[_player(view, seat, player) for seat, player in enumerate(view.players)],
        supply=Supply(
            tokens=TokenCounts(bush=tokens[Token.BUSH], rock=tokens[Token.ROCK],
                               dark_knight=tokens[Token.DARK_KNIGHT],
                               mimic=tokens[Token.MIMIC], plant=tokens[Token.PLANT]),
            items=ItemSupply(small_key=supply[Item.SMALL_KEY], bomb=supply[Item.BOMB],
                             green_gem=_gem(supply[Item.GREEN_GEM]),
                             blue_gem=_gem(supply[Item.BLUE_GEM]),
                             red_gem=_gem(supply[Item.RED_GEM]))),
        decks=[DeckPile(deck=DECKS[deck], size=sum(view.decks[deck]),
                        cards=_cards(deck, view.decks[deck]),
                        discard_size=sum(view.discards[deck]),
                        discard=_cards(deck, view.discards[deck]))
               for deck in Deck],
        lost_items=ItemCounts(small_key=lost[Item.SMALL_KEY], bomb=lost[Item.BOMB],
                              green_gem=lost[Item.GREEN_GEM], blue_gem=lost[Item.BLUE_GEM],
                              red_gem=lost[Item.RED_GEM]),
        winner=view.winner if view.winner >= 0 else None,
        end=ENDS[view.end] if view.phase is Phase.OVER and view.end is not None else None,
        map=MapWindow(explored=_area(explored(view)), cropped=_area(window(view, CROP, CROP)))
        if any(tile >= 0 for tile in view.slot_tile) else None,
    )


def annotate(view: SuperCamelotView, actions: Sequence[SuperCamelotAction]) -> list[ActionNote]:
    """Each legal action where it sits on the map and what it reaches
    (`presentation.annotate`)."""
    return presentation.annotate(view, actions)


def _area(shown: Window) -> Area:
    return Area(top=shown.top, bottom=shown.bottom, left=shown.left, right=shown.right)


def geometry(game: object, num_players: int, variant: Variant) -> forest.Geometry:
    """The forest's static geometry and the rules a face explains (`forest.geometry`)."""
    return forest.geometry(variant)


SQUARE_NAME = re.compile(r"r([1-9][0-9]?)c([1-9][0-9]?)")


def candidates(view: SuperCamelotView, place: Place) -> list[SuperCamelotAction]:
    """The actions that could sit at `place`, for "why not?" (issue 32, `table.why_not`,
    which keeps those `annotate` puts exactly there): a square's step, shot, bomb, drop,
    kill, Loot and activation, the arcs and the chest and stacks beside it; a circle's
    start and step; the castle's claim; the characters. Not all 5,695 actions (annotating
    them all takes about 120 ms)."""
    if place.area == "square" and place.square is not None:
        found = SQUARE_NAME.fullmatch(place.square)
        if found is None:
            return []
        row, col = int(found.group(1)) - 1, int(found.group(2)) - 1
        if not (0 <= row < SIDE and 0 <= col < SIDE):
            return []
        at = row * SIDE + col
        return [STEPS[at], BOMBS[at], SHOTS[at], DROP_AT[at], KILLS[at], LOOT_FROM[at],
                ACTIVATE[at], *ATTACKS, OPEN_CHEST, *PICK_UP]
    if place.area == "circle":
        return [action for index, side in enumerate(CIRCLE_NAMES) if side == place.item
                for action in (PLACES[index], STEPS[SQUARES + index])]
    if place.area == "castle":
        return [CLAIM]
    if place.area == "characters":
        return list(PICKS)
    return []
