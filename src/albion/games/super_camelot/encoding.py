"""Super Camelot's observation tensor (docs/observations.md): a seat's view as 27 planes over
the 28×28 forest (square = row × 28 + column, as in the action space) followed by 622
numbers about the characters, tiles, supply, decks and the step being resolved: 21 790
numbers in [0, 1]. It is read from the view alone: other players' gem tokens and the
gem supply are 0 with their "known" flags 0 until the game is over (SC-19, SC-27, SC-33);
an empty gem pile is seen, though, and has its own flags (`gem_supply_out`, SC-42).

Seats are counted from the viewer (the viewer first, then clockwise) and padded to four
places; a spectator's tensor counts from seat 0."""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from albion.core.observation import ObservationLayout, Slice
from albion.core.variants import Variant
from albion.games.super_camelot.board import OPEN_GROUND, SLOTS_PER_SIDE, SQUARES, slot_squares
from albion.games.super_camelot.components import (
    DECK_CONTENTS,
    GEM_VALUE,
    ITEM_SUPPLY,
    MAX_HEALTH,
    MAX_PLAYERS,
    MOVE_SQUARES,
    STACK_SIZE,
    TOKEN_SUPPLY,
    TREASURES,
    WIN_GEMS,
    Card,
    Character,
    Face,
    Item,
    Special,
    Token,
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
    TargetChoice,
    Thing,
    TileDraw,
    TreasureDraw,
    TreasureState,
    TurnOver,
    Weapon,
)
from albion.games.super_camelot.rulings import (
    Abilities,
    Arc,
    EnemyHp,
    EnemyOrder,
    TargetPassedOut,
)
from albion.games.super_camelot.view import PlayerView, SuperCamelotView
from albion.games.super_camelot.world import TILES

SEATS = MAX_PLAYERS
SLOTS = SLOTS_PER_SIDE**2
MAX_ACTIONS = 9
"""SC-16: three actions, and at most six Speed Potions in a turn (`action_space`)."""
MAX_MOVE = MOVE_SQUARES + 2
"""SC-8, SC-26, SC-5: three squares, Racing Boots +1, Percival +1."""
SMALL_TREASURES = sum(DECK_CONTENTS[deck][card] for deck in DECK_CONTENTS
                      for card in DECK_CONTENTS[deck] if card in TREASURES)
"""14 Small Treasure cards: the most a Mimic can hoard (SC-40)."""
STEPS = (CentreDraw, TileDraw, StarRoll, RollOff, AttackRoll, RerollChoice, RerollDie,
         StarChoice, KillChoice, LootChoice, CardDraws, SecondDraw, KeepChoice, DropChoice,
         TreasureDraw, EnemyTurn, TargetChoice, StealChoice, Defence, TurnOver)
"""Every kind of pending step (`pieces.Pending`), in the order of the one-hot."""
DECK_CARDS = tuple((deck, card) for deck in DECK_CONTENTS for card in DECK_CONTENTS[deck])
"""The 24 (deck, card) kinds the decks hold (SC-16)."""
THINGS = (Thing.BUSH, Thing.ROCK, Thing.SMALL_CHEST, Thing.OPEN_SMALL_CHEST, Thing.BIG_CHEST,
          Thing.OPEN_BIG_CHEST)
ENEMIES = (Token.DARK_KNIGHT, Token.MIMIC, Token.PLANT)
PLANES = ("open_ground", "explored", "populated", "bush", "rock", "small_chest",
          "open_small_chest", "big_chest", "open_big_chest", "big_key_stack",
          "fire_relic_stack", "water_relic_stack", "wind_relic_stack", "dark_knight", "mimic",
          "plant", "plant_facing", "hoard", *(f"{item.name.lower()}_items" for item in Item),
          *(f"character_{place}" for place in range(SEATS)))
PLANE_MEANINGS = {
    "open_ground": "1 where a character can ever stand: on the map, not a tree (SC-2), not "
                   "the Starting Tile (fixed)",
    "explored": "1 on the squares of a placed tile (SC-1, SC-10)",
    "populated": "1 on the squares of a populated tile (SC-11)",
    "hoard": "a Mimic's stolen treasures / 14 (SC-24, SC-40)",
    "plant_facing": "(facing + 1) / 8 on a Plant: n, ne, e, … nw (SC-25)",
}
PLAYER = (("character", len(Character)), ("health", 1), ("passed_out", 1), ("keys", 1),
          ("bombs", 1), ("specials", len(Special)), ("treasures", len(TREASURES) * 3),
          ("gems_known", 1), ("gem_tokens", 3), ("gem_total", 1), ("circle", 4),
          ("off_board", 1))
PLAYER_SIZE = sum(length for _, length in PLAYER)
_PLAYER_AT = {name: sum(length for _, length in PLAYER[:index])
              for index, (name, _) in enumerate(PLAYER)}


def _plane_meaning(name: str) -> str:
    if name in PLANE_MEANINGS:
        return PLANE_MEANINGS[name]
    if name.startswith("character_"):
        return f"1 where the character of place {name[-1]} stands (0 the viewer's)"
    if name.endswith("_stack"):
        return "special items left in the stack / 4 (SC-18)"
    if name.endswith("_items"):
        item = Item[name.removesuffix("_items").upper()]
        return f"{item.label} tokens lying there / {ITEM_SUPPLY[item]} (the supply)"
    return "1 where one stands (SC-8, SC-11, SC-17, SC-13)"


LAYOUT = ObservationLayout("Super Camelot", (
    *(Slice(f"plane_{name}", SQUARES, _plane_meaning(name)) for name in PLANES),
    Slice("seats", SEATS, "1 for each place with a player, the viewer's first, then "
          "clockwise; 0 for empty places at a smaller table"),
    Slice("to_decide", SEATS, "one-hot: the seat that must decide now (a Mimic's victim "
          "chooses, SC-24); 0 at chance and the end"),
    Slice("active", SEATS, "one-hot: whose turn it is (during SC-34's picks, who picks)"),
    Slice("phase", len(Phase), "one-hot phase: choosing characters, playing, over"),
    Slice("actions_left", 1, "actions left this turn / 9 (SC-16's Speed Potions add some)"),
    Slice("move_left", 1, "squares left in the current Move / 5 (SC-8, SC-26, SC-5)"),
    Slice("started", SEATS, "per place: has had a first turn (SC-7)"),
    Slice("turns", 1, "seat turns played / max_turns (SC-37's cap)"),
    Slice("bow_used", 1, "the free bow shot was used this turn (SC-15)"),
    Slice("reroll_used", 1, "Arthur's re-roll was used this turn (SC-5)"),
    Slice("winner", SEATS, "one-hot: the winner once the game is over; 0 at a draw"),
    Slice("end", 3, "one-hot how the game ended: gems, grail, cap (SC-19, SC-20, SC-37)"),
    Slice("players", SEATS * PLAYER_SIZE, f"per place, {PLAYER_SIZE} values: character "
          "one-hot (arthur … galahad, 6), health / 6, passed out, small keys / 8, bombs / 5, "
          "specials held (big key, fire, water, wind relic; 4), treasures by card (magnet … "
          "shovel) × state (up, stolen, lost) / 2 (21), gems known (1 for the viewer, for "
          "everyone once over; SC-19), gem tokens green / 16, blue / 12, red / 8 (0 when "
          "not known), gem total / 40 clipped at 1 (0 when not known), on the north, east, "
          "south, west circle (4), not yet on the board (1)"),
    Slice("slot_tiles", SLOTS * len(TILES), "per slot (reading order), 16 values: one-hot "
          "tile placed there, in the tile set's order; all 0 while unexplored (SC-1)"),
    Slice("tile_stack", len(TILES), "1 for each tile still in the stack (SC-1, SC-10)"),
    Slice("visited", SLOTS, "per slot: its persistent tokens were placed (SC-11)"),
    Slice("token_supply", len(Token), "bushes, rocks, dark knights, mimics, plants in the "
          "supply / their count (22, 12, 8, 8, 8; SC-11)"),
    Slice("item_supply", len(Item), "small keys, bombs, green, blue, red gems in the supply "
          "/ their count (8, 5, 16, 12, 8); the gems 0 while hidden (SC-19, SC-42)"),
    Slice("gem_supply_known", 1, "1 once the game is over and the gem supply is shown "
          "(SC-33)"),
    Slice("lost_items", len(Item), "items lost for good (SC-11) / their count"),
    Slice("decks", len(DECK_CARDS), "cards left in each deck, for each (deck, card) the "
          "rulebook lists (24, litter first), / its printed count (SC-16)"),
    Slice("discards", len(DECK_CARDS), "discarded cards, the same (deck, card) kinds"),
    Slice("step", len(STEPS), "one-hot kind of the step being resolved (centre draw, tile "
          "draw, star roll, roll-off, attack roll, re-roll choice, re-roll die, star choice, "
          "kill choice, loot choice, card draws, second draw, keep choice, drop choice, "
          "treasure draw, enemy turn, target choice, steal choice, defence, turn over); 0 "
          "when none"),
    Slice("step_faces", len(Face), "the step's strike dice by face (shield, star, gem, two "
          "hits, one hit, blank) / 3 (SC-12)"),
    Slice("step_weapon", len(Weapon), "one-hot weapon of the step's strike: sword, bomb, "
          "bow (SC-12, SC-14, SC-15)"),
    Slice("step_cards", len(Card), "cards the step shows (a drop's card, Merlin's two), by "
          "card / 2 (SC-16, SC-5)"),
    Slice("variant", 9, "1 where the variant is not the default: abilities=off, "
          "arc=own-tile; enemy_hp one-hot 1-2-3, 1-1-2, 2-2-3, 2-3-4; treasure_gems / 40; "
          "enemy_order=choose, target_passed_out=yes"),
    Slice("gem_supply_out", 3, "1 where the supply is out of green, blue, red "
          "gems: an empty pile is seen during play too (SC-42)"),
))

_O = {part.name: LAYOUT.offset(part.name) for part in LAYOUT.slices}
_PLANE = {name: _O[f"plane_{name}"] for name in PLANES}
_THING_AT = {thing: _PLANE[thing.name.lower()] for thing in THINGS}
_STACK_AT = {special: _PLANE[f"{special.name.lower()}_stack"] for special in Special}
_ENEMY_AT = {enemy: _PLANE[enemy.name.lower()] for enemy in ENEMIES}
_ITEM_AT = {item: _PLANE[f"{item.name.lower()}_items"] for item in Item}
_ITEM_SCALE = tuple(1 / ITEM_SUPPLY[item] for item in Item)
_TOKEN_SCALE = tuple(1 / TOKEN_SUPPLY[token] for token in Token)
_SLOT_SQUARES = tuple(np.array(slot_squares(slot)) for slot in range(SLOTS))
_OPEN = np.array(OPEN_GROUND[:SQUARES], dtype=np.float32)
_STEP_INDEX = {kind: index for index, kind in enumerate(STEPS)}
_TREASURE_INDEX = {card: index for index, card in enumerate(TREASURES)}
_GEMS = (Item.GREEN_GEM, Item.BLUE_GEM, Item.RED_GEM)
_DECK_SCALE = tuple(1 / DECK_CONTENTS[deck][card] for deck, card in DECK_CARDS)
_ENDS = ("gems", "grail", "cap")
_G = _O["seats"]
"""Where the numbers after the planes start: they are built as a list, then copied in
one go (a numpy element write costs ~100 ns, a list's ~20 ns)."""
_P = {name: offset - _G for name, offset in _O.items() if offset >= _G}


def observation_tensor(view: SuperCamelotView) -> npt.NDArray[np.float32]:
    """The view as LAYOUT says (SC-27: everything but hidden wallets)."""
    out = np.zeros(LAYOUT.size, dtype=np.float32)
    out[:SQUARES] = _OPEN
    _board(view, out)
    g = [0.0] * (LAYOUT.size - _G)
    n = view.num_players
    first = view.seat or 0
    place = [(seat - first) % n for seat in range(n)]
    o = _P
    for seat in range(n):
        g[o["seats"] + place[seat]] = 1.0
        g[o["started"] + place[seat]] = float(view.started[seat])
    if view.current_player >= 0:
        g[o["to_decide"] + place[view.current_player]] = 1.0
    if 0 <= view.active < n:
        g[o["active"] + place[view.active]] = 1.0
    g[o["phase"] + view.phase] = 1.0
    g[o["actions_left"]] = view.actions_left / MAX_ACTIONS
    g[o["move_left"]] = view.move_left / MAX_MOVE
    g[o["turns"]] = view.turns / view.variant.number("max_turns")
    g[o["bow_used"]] = float(view.bow_used)
    g[o["reroll_used"]] = float(view.reroll_used)
    if view.winner >= 0:
        g[o["winner"] + place[view.winner]] = 1.0
    if view.end is not None:
        g[o["end"] + _ENDS.index(view.end)] = 1.0
    treasure_gems = view.variant.number("treasure_gems")
    for seat, player in enumerate(view.players):
        _player(g, o["players"] + place[seat] * PLAYER_SIZE, player, treasure_gems)
    _tiles_and_supply(view, g)
    if view.pending:
        _step(g, view.pending[-1])
    at = o["variant"]
    g[at:at + 9] = _variant(view.variant)
    out[_G:] = g
    return out


def _board(view: SuperCamelotView, out: npt.NDArray[np.float32]) -> None:
    """The planes: tiles, objects, enemies, items and characters by square."""
    for slot, tile in enumerate(view.slot_tile):
        if tile >= 0:
            out[_PLANE["explored"] + _SLOT_SQUARES[slot]] = 1.0
        if view.populated[slot]:
            out[_PLANE["populated"] + _SLOT_SQUARES[slot]] = 1.0
    for square, thing in view.things:
        if thing is not Thing.STACK:
            out[_THING_AT[thing] + square] = 1.0
    for square, (special, left) in view.stacks:
        out[_STACK_AT[special] + square] = left / STACK_SIZE
    for square, enemy in view.enemies:
        out[_ENEMY_AT[enemy] + square] = 1.0
    for square, facing in view.facing:
        out[_PLANE["plant_facing"] + square] = (facing + 1) / 8
    for square, hoard in view.loot:
        out[_PLANE["hoard"] + square] = len(hoard) / SMALL_TREASURES
    for square, items in view.items:
        for item in items:
            out[_ITEM_AT[item] + square] += _ITEM_SCALE[item]
    first = view.seat or 0
    for seat, player in enumerate(view.players):
        if 0 <= player.position < SQUARES:
            at = (seat - first) % view.num_players
            out[_PLANE[f"character_{at}"] + player.position] = 1.0


def _player(g: list[float], base: int, player: PlayerView, treasure_gems: int) -> None:
    """One place's character; gems only where the view shows them (SC-19)."""
    at = _PLAYER_AT
    g[base + at["character"] + player.character] = 1.0
    g[base + at["health"]] = player.health / MAX_HEALTH
    g[base + at["passed_out"]] = float(player.passed_out)
    g[base + at["keys"]] = player.keys / ITEM_SUPPLY[Item.SMALL_KEY]
    g[base + at["bombs"]] = player.bombs / ITEM_SUPPLY[Item.BOMB]
    for special, held in enumerate(player.specials):
        g[base + at["specials"] + special] = float(held)
    face_up = 0
    for card, status in player.treasures:
        g[base + at["treasures"] + _TREASURE_INDEX[card] * 3 + status] += 0.5
        face_up += status is TreasureState.UP
    if player.gems is not None:
        g[base + at["gems_known"]] = 1.0
        total = face_up * treasure_gems
        for k, (item, count) in enumerate(zip(_GEMS, player.gems, strict=True)):
            g[base + at["gem_tokens"] + k] = count * _ITEM_SCALE[item]
            total += GEM_VALUE[item] * count
        g[base + at["gem_total"]] = min(1.0, total / WIN_GEMS)
    if player.position >= SQUARES:
        g[base + at["circle"] + player.position - SQUARES] = 1.0
    elif player.position < 0:
        g[base + at["off_board"]] = 1.0


def _tiles_and_supply(view: SuperCamelotView, g: list[float]) -> None:
    o = _P
    tiles = len(TILES)
    for slot, tile in enumerate(view.slot_tile):
        if tile >= 0:
            g[o["slot_tiles"] + slot * tiles + tile] = 1.0
        g[o["visited"] + slot] = float(view.visited[slot])
    for tile in view.tile_stack:
        g[o["tile_stack"] + tile] = 1.0
    for token, count in enumerate(view.token_supply):
        g[o["token_supply"] + token] = count * _TOKEN_SCALE[token]
    for item, count in enumerate(view.item_supply):
        if count >= 0:
            g[o["item_supply"] + item] = count * _ITEM_SCALE[item]
    g[o["gem_supply_known"]] = float(view.phase is Phase.OVER)
    for k, item in enumerate(_GEMS):
        g[o["gem_supply_out"] + k] = float(view.item_supply[item] == 0)
    for item, count in enumerate(view.lost_items):
        g[o["lost_items"] + item] = count * _ITEM_SCALE[item]
    decks, discards = view.decks, view.discards
    for k, (deck, card) in enumerate(DECK_CARDS):
        g[o["decks"] + k] = decks[deck][card] * _DECK_SCALE[k]
        g[o["discards"] + k] = discards[deck][card] * _DECK_SCALE[k]


def _step(g: list[float], step: object) -> None:
    """The step being resolved: its kind, its strike's dice and weapon, its cards."""
    o = _P
    g[o["step"] + _STEP_INDEX[type(step)]] = 1.0
    strike = getattr(step, "strike", None)
    if strike is not None:
        g[o["step_weapon"] + strike.weapon] = 1.0
        for face in strike.faces:
            g[o["step_faces"] + face] += 1 / 3
    if isinstance(step, DropChoice):
        g[o["step_cards"] + step.card] += 0.5
    elif isinstance(step, KeepChoice):
        for card in step.cards:
            g[o["step_cards"] + card] += 0.5


@cache
def _variant(variant: Variant) -> list[float]:
    """The variant's 9 numbers (a variant is hashable and seldom changes: cached)."""
    enemy_hp = variant.choice("enemy_hp", EnemyHp)
    return [float(variant.choice("abilities", Abilities) is Abilities.OFF),
            float(variant.choice("arc", Arc) is Arc.OWN_TILE),
            *(float(enemy_hp is hp) for hp in EnemyHp),
            min(1.0, variant.number("treasure_gems") / WIN_GEMS),
            float(variant.choice("enemy_order", EnemyOrder) is EnemyOrder.CHOOSE),
            float(variant.choice("target_passed_out", TargetPassedOut) is TargetPassedOut.YES)]
