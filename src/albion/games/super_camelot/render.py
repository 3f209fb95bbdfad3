"""The forest of Super Camelot in the terminal: the explored tiles square by square, a
legend, and each player's health, keys, relics, treasures and (own) gems."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from albion.core.state import CHANCE, TERMINAL
from albion.games.super_camelot import SuperCamelotView
from albion.games.super_camelot.board import (
    CASTLE,
    CIRCLES,
    SIDE,
    START_BLOCK,
    is_tree,
    slot_of,
)
from albion.games.super_camelot.components import (
    GEM_VALUE,
    MAX_HEALTH,
    RELICS,
    Item,
    Special,
    Token,
)
from albion.games.super_camelot.pieces import Thing, TreasureState
from albion.games.super_camelot.tiles import TILE_SIZE
from albion.games.super_camelot.world import TILES

SEAT_STYLES = ("bold white on blue", "bold white on magenta", "bold black on cyan",
               "bold black on yellow")
THING_GLYPHS = {
    Thing.BUSH: ("b", "bold green"), Thing.ROCK: ("r", "bold white"),
    Thing.SMALL_CHEST: ("c", "bold yellow"), Thing.OPEN_SMALL_CHEST: ("x", "yellow"),
    Thing.BIG_CHEST: ("C", "bold yellow"), Thing.OPEN_BIG_CHEST: ("X", "yellow"),
}
STACK_GLYPHS = {Special.BIG_KEY: "k", Special.FIRE_RELIC: "f", Special.WATER_RELIC: "w",
                Special.WIND_RELIC: "a"}
ENEMY_GLYPHS = {Token.DARK_KNIGHT: "D", Token.MIMIC: "M", Token.PLANT: "P"}
ITEM_GLYPHS = {Item.GREEN_GEM: ("g", "bold green"), Item.BLUE_GEM: ("g", "bold blue"),
               Item.RED_GEM: ("g", "bold red"), Item.SMALL_KEY: ("K", "bold yellow"),
               Item.BOMB: ("o", "bold white")}
FACING_ARROWS = "↑↗→↘↓↙←↖"
CIRCLE_SQUARES = {CIRCLES[0]: (12 * SIDE + 13, 12 * SIDE + 14),
                  CIRCLES[1]: (13 * SIDE + 15, 14 * SIDE + 15),
                  CIRCLES[2]: (15 * SIDE + 13, 15 * SIDE + 14),
                  CIRCLES[3]: (13 * SIDE + 12, 14 * SIDE + 12)}
"""Where each starting circle is drawn on the Starting Tile."""
LEGEND = ("1-4 players · D knight M mimic P plant (arrow: facing) · b bush r rock c/C chest "
          "x/X opened · f w a relics k big key · g gem K key o bomb · ◯ circle ▓ castle")


def glyph(view: SuperCamelotView, square: int, seats: dict[int, int],
          things: dict[int, Thing], stacks: dict[int, Special],
          enemies: dict[int, Token], items: dict[int, tuple[Item, ...]],
          facing: dict[int, int]) -> Text:
    """Two characters for one square."""
    if slot_of(square) >= 0 and view.slot_tile[slot_of(square)] < 0:
        return Text("  ")
    if square in seats:
        seat = seats[square]
        mark = ENEMY_GLYPHS.get(enemies.get(square, Token.BUSH), "")
        return Text(f"{seat + 1}{mark or ' '}", style=SEAT_STYLES[seat])
    if any(square in shown for shown in CIRCLE_SQUARES.values()):
        return Text("◯ ", style="bold white")
    if square in CASTLE:
        return Text("▓▓", style="grey50")
    if square in START_BLOCK:
        return Text("░░", style="grey35")
    if is_tree(square):
        return Text("♣ ", style="green")
    if square in enemies:
        token = enemies[square]
        arrow = FACING_ARROWS[facing[square]] if token is Token.PLANT else " "
        return Text(ENEMY_GLYPHS[token] + arrow, style="bold red")
    if square in stacks:
        return Text(STACK_GLYPHS[stacks[square]] + " ", style="bold magenta")
    if square in things:
        char, style = THING_GLYPHS[things[square]]
        return Text(char + " ", style=style)
    if square in items:
        char, style = ITEM_GLYPHS[items[square][0]]
        return Text(char + ("+" if len(items[square]) > 1 else " "), style=style)
    return Text("· ", style="dim green")


def map_text(view: SuperCamelotView) -> Text:
    """The explored part of the map, with row and column numbers (1-based)."""
    placed = [slot for slot, tile in enumerate(view.slot_tile) if tile >= 0]
    rows = [slot // 4 for slot in placed]
    cols = [slot % 4 for slot in placed]
    top, bottom = min(rows) * TILE_SIZE, (max(rows) + 1) * TILE_SIZE
    left, right = min(cols) * TILE_SIZE, (max(cols) + 1) * TILE_SIZE
    seats = {p.position: seat for seat, p in enumerate(view.players) if p.position >= 0}
    for circle, shown in CIRCLE_SQUARES.items():
        if circle in seats:
            seats[shown[0]] = seats.pop(circle)
    things, enemies, items = dict(view.things), dict(view.enemies), dict(view.items)
    stacks = {square: special for square, (special, _) in view.stacks}
    facing = dict(view.facing)
    out = Text("    ")
    for col in range(left, right):
        out.append(f"{col + 1:<2}" if col % 2 == 0 else "  ", style="dim")
    out.append("\n")
    for row in range(top, bottom):
        out.append(f"{row + 1:>3} ", style="dim")
        for col in range(left, right):
            out.append(glyph(view, row * SIDE + col, seats, things, stacks, enemies, items,
                             facing))
        out.append("\n")
    return out


def shields(health: int) -> Text:
    """SC-21: intact shields (2 health) and a cracked one."""
    intact, cracked = divmod(health, 2)
    lost = (MAX_HEALTH - health) // 2
    return Text("◆" * intact + "◇" * cracked + "·" * lost, style="bold cyan")


def players_table(view: SuperCamelotView, names: Sequence[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAVY, pad_edge=False)
    for column in ("", "Player", "Health", "Keys", "Bombs", "Relics", "Treasures", "Gems"):
        table.add_column(column, no_wrap=column not in ("Treasures",))
    for seat, player in enumerate(view.players):
        marker = "▶" if seat == view.active and view.current_player != TERMINAL else ""
        name = Text(f"{seat + 1} ", style=SEAT_STYLES[seat])
        name.append(f" {names[seat]} ({player.character.label})", style="bold")
        if seat == view.seat:
            name.append(" you")
        health = shields(player.health)
        if player.passed_out:
            health = Text("passed out", style="bold red")
        relics = "".join(STACK_GLYPHS[r] for r in RELICS if player.specials[r])
        if player.specials[Special.BIG_KEY]:
            relics += " k"
        treasures = ", ".join(
            card.label + ("" if status is TreasureState.UP else " (face down)")
            for card, status in player.treasures) or "—"
        gems = "hidden" if player.gems is None else str(sum(
            GEM_VALUE[item] * count for item, count in zip(
                (Item.GREEN_GEM, Item.BLUE_GEM, Item.RED_GEM), player.gems, strict=True)))
        table.add_row(marker, name, health, str(player.keys), str(player.bombs),
                      relics or "—", treasures, gems)
    return table


def headline(view: SuperCamelotView, names: Sequence[str]) -> Text:
    if view.current_player == TERMINAL:
        if view.winner < 0:
            return Text(f"Game over after {view.turns} turns: a draw (SC-37 cap)",
                        style="bold")
        how = {"gems": "with 40 gems", "grail": "by claiming the Holy Grail"}.get(
            view.end or "", view.end or "")
        return Text(f"P{view.winner + 1} ({names[view.winner]}) wins {how}!",
                    style="bold green")
    if view.phase.name == "CHOOSING":
        return Text("Choosing characters", style="bold")
    who = f"P{view.active + 1} ({names[view.active]})"
    state = "chance" if view.current_player == CHANCE else (
        f"{view.actions_left} action(s) left" + (f", moving {view.move_left}" if
                                                 view.move_left else ""))
    return Text(f"Turn {view.turns + 1} · {who} · {state}", style="bold")


def render(view: SuperCamelotView, names: Sequence[str]) -> RenderableType:
    parts: list[RenderableType] = [headline(view, names)]
    if any(tile >= 0 for tile in view.slot_tile):
        parts.append(map_text(view))
        parts.append(Text(LEGEND, style="dim"))
    if view.players:
        parts.append(players_table(view, names))
    explored = sum(1 for tile in view.slot_tile if tile >= 0)
    parts.append(Text(f"Tiles in play {explored}/16 · stack: "
                      + ", ".join(TILES[t].key for t in view.tile_stack if TILES[t].is_named)
                      + " (named) among " + str(len(view.tile_stack)), style="dim"))
    return Group(*parts)

