"""The forest of Super Camelot in the terminal, sized for an 80×24 screen (issue 14): the
question being asked and its ruling (worded by `wire.ASKS`), what the dice of a pending
strike or defence are for (SC-12, SC-14, SC-21), the explored map cropped around the
active character (the window the browser crops too, `presentation.window`) beside a
legend drawn from the map's own glyph tables, and a line per player (SC-19, SC-27:
others' gems stay hidden)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from albion.core.state import CHANCE, TERMINAL
from albion.games.super_camelot import wire
from albion.games.super_camelot.board import (
    CASTLE,
    DIRECTION_NAMES,
    OFF_BOARD,
    SIDE,
    SQUARES,
    START_BLOCK,
    is_tree,
    name,
    slot_of,
)
from albion.games.super_camelot.components import (
    ABILITIES,
    GEM_VALUE,
    MAX_HEALTH,
    RELICS,
    Card,
    Character,
    Face,
    Item,
    Special,
    Token,
)
from albion.games.super_camelot.config import Rules
from albion.games.super_camelot.pieces import (
    AttackRoll,
    Defence,
    Phase,
    RerollDie,
    Strike,
    Thing,
    TreasureState,
    Weapon,
)
from albion.games.super_camelot.presentation import CIRCLE_SQUARES, Window, explored, window
from albion.games.super_camelot.tiles import TILE_SIZE
from albion.games.super_camelot.view import SuperCamelotView
from albion.games.super_camelot.world import TILES


class Glyph(NamedTuple):
    """A mark on the map: its character, colour, and what the legend calls it."""

    char: str
    style: str
    meaning: str


SEAT_STYLES = ("bold white on blue", "bold white on magenta", "bold black on cyan",
               "bold black on yellow")
THING_GLYPHS = {
    Thing.BUSH: Glyph("b", "bold green", "bush"),
    Thing.ROCK: Glyph("r", "bold white", "rock"),
    Thing.SMALL_CHEST: Glyph("c", "bold yellow", "chest"),
    Thing.OPEN_SMALL_CHEST: Glyph("x", "yellow", "opened"),
    Thing.BIG_CHEST: Glyph("C", "bold yellow", "big chest"),
    Thing.OPEN_BIG_CHEST: Glyph("X", "yellow", "big opened"),
}
"""SC-8, SC-17: objects (all block; an opened chest too, SC-31)."""
STACK_GLYPHS = {
    Special.BIG_KEY: Glyph("k", "bold magenta", "big key"),
    Special.FIRE_RELIC: Glyph("f", "bold magenta", "fire relic"),
    Special.WATER_RELIC: Glyph("w", "bold magenta", "water relic"),
    Special.WIND_RELIC: Glyph("a", "bold magenta", "wind relic"),
}
"""SC-18: special-item stacks (the same letters mark what a player holds)."""
ENEMY_GLYPHS = {
    Token.DARK_KNIGHT: Glyph("D", "bold red", "knight"),
    Token.MIMIC: Glyph("M", "bold red", "mimic"),
    Token.PLANT: Glyph("P", "bold red", "plant"),
}
ITEM_GLYPHS = {
    Item.GREEN_GEM: Glyph("g", "bold green", "gem 1"),
    Item.BLUE_GEM: Glyph("g", "bold blue", "gem 5"),
    Item.RED_GEM: Glyph("g", "bold red", "gem 10"),
    Item.SMALL_KEY: Glyph("K", "bold yellow", "key"),
    Item.BOMB: Glyph("o", "bold white", "bomb"),
}
"""SC-8: items lying on a square (collected by walking in); potions never lie anywhere:
they act at once (SC-16)."""
MORE_ITEMS = Glyph("+", "bold white", "more")
CIRCLE = Glyph("◯", "bold white", "circle")
CASTLE_GLYPH = Glyph("▓", "grey50", "castle")
START_GLYPH = Glyph("░", "grey35", "start")
TREE = Glyph("♣", "green", "tree")
GROUND = Glyph("·", "dim green", "ground")
TERRAIN = (CIRCLE, CASTLE_GLYPH, START_GLYPH, TREE, GROUND)
"""SC-2, SC-3: what every tile shows (castle and start tile are drawn double width)."""
FACING_ARROWS = "↑↗→↘↓↙←↖"
"""SC-25: a Plant's facing, north first, clockwise."""
HEALTH_GLYPHS = (Glyph("◆", "bold cyan", "shield"), Glyph("◇", "bold cyan", "cracked"),
                 Glyph("·", "cyan", "lost"))
"""SC-21: a shield is 2 health; a cracked one 1."""
SCREEN_LINES = 18
"""The render's height on an 80×24 screen when its caller gives none (`console.print(…,
height=…)`, as the terminal seat does, leaving its options room): the play log and the
options keep the rest."""
GAP = 2
"""Columns between the map and its legend."""
LEGEND_MIN = 24
"""Narrower than this beside the map, the legend goes below it."""
NAME_CELLS = 9
"""Another seat's name is cut to this many characters (its character names it too)."""
TREASURE_MARKS = {TreasureState.UP: "", TreasureState.STOLEN: " (stolen)",
                  TreasureState.LOST: " (lost)"}
"""SC-24: a stolen treasure is face down under its Mimic; a lost one face down for good."""


# -- the map ---------------------------------------------------------------------------


class Marks(NamedTuple):
    """What stands on the squares, looked up by square (read once per render)."""

    seats: dict[int, int]
    things: dict[int, Thing]
    stacks: dict[int, Special]
    enemies: dict[int, Token]
    items: dict[int, tuple[Item, ...]]
    facing: dict[int, int]


def marks(view: SuperCamelotView) -> Marks:
    """The view's pieces by square; a character on a circle where the circle is drawn."""
    seats = {p.position: seat for seat, p in enumerate(view.players) if p.position >= 0}
    for circle, shown in CIRCLE_SQUARES.items():
        if circle in seats:
            seats[shown[0]] = seats.pop(circle)
    return Marks(seats, dict(view.things),
                 {square: special for square, (special, _) in view.stacks},
                 dict(view.enemies), dict(view.items), dict(view.facing))


def glyph(view: SuperCamelotView, square: int, on: Marks) -> Text:
    """Two characters for one square, from the glyph tables above."""
    if slot_of(square) >= 0 and view.slot_tile[slot_of(square)] < 0:
        return Text("  ")
    if square in on.seats:
        seat = on.seats[square]
        enemy = on.enemies.get(square)
        mark = ENEMY_GLYPHS[enemy].char if enemy is not None else " "
        return Text(f"{seat + 1}{mark}", style=SEAT_STYLES[seat])
    if any(square in shown for shown in CIRCLE_SQUARES.values()):
        return Text(CIRCLE.char + " ", style=CIRCLE.style)
    if square in CASTLE:
        return Text(CASTLE_GLYPH.char * 2, style=CASTLE_GLYPH.style)
    if square in START_BLOCK:
        return Text(START_GLYPH.char * 2, style=START_GLYPH.style)
    if is_tree(square):
        return Text(TREE.char + " ", style=TREE.style)
    if square in on.enemies:
        token = on.enemies[square]
        arrow = FACING_ARROWS[on.facing.get(square, 0)] if token is Token.PLANT else " "
        return Text(ENEMY_GLYPHS[token].char + arrow, style=ENEMY_GLYPHS[token].style)
    if square in on.stacks:
        stack = STACK_GLYPHS[on.stacks[square]]
        return Text(stack.char + " ", style=stack.style)
    if square in on.things and on.things[square] in THING_GLYPHS:
        thing = THING_GLYPHS[on.things[square]]
        return Text(thing.char + " ", style=thing.style)
    if square in on.items:
        item = ITEM_GLYPHS[on.items[square][0]]
        more = MORE_ITEMS.char if len(on.items[square]) > 1 else " "
        return Text(item.char + more, style=item.style)
    return Text(GROUND.char + " ", style=GROUND.style)


def map_lines(view: SuperCamelotView, shown: Window) -> list[Text]:
    """The squares of `shown`, with row and column numbers (1-based, as in r<row>c<col>)."""
    on = marks(view)
    header = Text("    ")
    for col in range(shown.left, shown.right):
        header.append(f"{col + 1:<2}" if col % 2 == 0 else "  ", style="dim")
    lines = [header]
    for row in range(shown.top, shown.bottom):
        line = Text(f"{row + 1:>3} ", style="dim")
        for col in range(shown.left, shown.right):
            line.append(glyph(view, row * SIDE + col, on))
        lines.append(line)
    return lines


def map_text(view: SuperCamelotView) -> Text:
    """The whole explored map (no cropping)."""
    return Text("\n").join(map_lines(view, explored(view)))


# -- the legend --------------------------------------------------------------------------


def legend_entries(view: SuperCamelotView) -> list[Text]:
    """Every mark the map or the players' lines can draw, from the same tables; marks
    sharing a character and a first word are explained together (`ggg gem 1/5/10`)."""
    entries: list[Text] = []

    def entry(marks: Sequence[tuple[str, str]], meaning: str) -> None:
        text = Text()
        for char, style in marks:
            text.append(char, style=style)
        text.append(" " + meaning, style="dim")
        entries.append(text)

    seats: list[tuple[str, str]] = []
    for seat in range(view.num_players):
        seats += [(" ", "")] if seats else []
        seats.append((f"{seat + 1}", SEAT_STYLES[seat]))
    entry(seats, "players")
    for token, enemy in ENEMY_GLYPHS.items():
        entry([(enemy.char, enemy.style)], enemy.meaning)
        if token is Token.PLANT:
            entry([(FACING_ARROWS, enemy.style)], "facing")
    marks = [*THING_GLYPHS.values(), *STACK_GLYPHS.values(), *ITEM_GLYPHS.values(),
             MORE_ITEMS, *TERRAIN]
    while marks:
        first = marks[0].meaning.split()[0]
        alike = [mark for mark in marks if mark.char == marks[0].char
                 and mark.meaning.split()[0] == first]
        marks = [mark for mark in marks if mark not in alike]
        meaning = alike[0].meaning if len(alike) == 1 else first + " " + "/".join(
            mark.meaning.split(maxsplit=1)[1] for mark in alike)
        entry([(mark.char, mark.style) for mark in alike], meaning)
    entry([(mark.char, mark.style) for mark in HEALTH_GLYPHS], "health")
    return entries


def pack(entries: Sequence[Text], width: int) -> list[Text]:
    """The entries in lines of at most `width` cells, two spaces apart (none split)."""
    lines: list[Text] = []
    for entry in entries:
        if lines and lines[-1].cell_len + 2 + entry.cell_len <= width:
            lines[-1].append("  ")
            lines[-1].append(entry)
        else:
            lines.append(entry.copy())
    return lines


def tiles_note(view: SuperCamelotView) -> Text:
    """SC-1, SC-10: tiles placed, and the named tiles still in the (unordered) stack."""
    named = [TILES[t].key for t in sorted(view.tile_stack) if TILES[t].is_named]
    placed = sum(1 for tile in view.slot_tile if tile >= 0)
    return Text(f"{placed}/{len(view.slot_tile)} tiles out; named ones to come: "
                + (", ".join(named) or "none"), style="dim")


def map_block(console: Console, view: SuperCamelotView, width: int,
              rows: int) -> list[Text]:
    """The cropped map with its legend beside it (below it on a narrow screen): the widest
    map whose legend still fits beside it in `rows` lines."""
    area = explored(view)
    entries = legend_entries(view)
    note = tiles_note(view)
    widest = min(area.right - area.left, (width - 4 - GAP - LEGEND_MIN) // 2)
    if widest < TILE_SIZE:  # too narrow: the legend below the map
        shown = window(view, max(rows - 1, TILE_SIZE), (width - 4) // 2)
        below = pack([*entries, note], width)
        return map_lines(view, shown) + below
    legend: list[Text] = []
    cols = widest
    for cols in range(widest, min(TILE_SIZE, widest) - 1, -1):
        legend_width = width - 4 - 2 * cols - GAP
        legend = pack(entries, legend_width) + list(note.wrap(console, legend_width))
        if len(legend) <= rows:
            break
    shown = window(view, max(rows, len(legend)) - 1, cols)
    lines = map_lines(view, shown)
    map_width = 4 + 2 * (shown.right - shown.left)
    out = []
    for index in range(max(len(lines), len(legend))):
        line = lines[index].copy() if index < len(lines) else Text()
        if index < len(legend):
            line.pad_right(map_width + GAP - line.cell_len)
            line.append(legend[index])
        line.no_wrap = True
        out.append(line)
    return out


# -- the question, the dice -------------------------------------------------------------


def question(view: SuperCamelotView, names: Sequence[str]) -> Text | None:
    """Issue 14: what is being chosen, in `wire.ASKS`' words, and the ruling that asks;
    None while the turn simply goes on (the headline says how)."""
    ask = wire.awaiting(view)
    if ask is None or ask.decision in ("action", "move"):
        return None
    asked, squares = ask.question, ", ".join(ask.squares or ())
    if "(the squares)" in asked:  # the wire's field, named in its wording
        asked, squares = asked.replace("(the squares)", f"({squares or 'none yet'})"), ""
    about = ", ".join(card.replace("_", "-") for card in ask.cards or ())
    if ask.deck:
        about += f" from the {ask.deck.replace('_', ' ')} deck"
    asked += (f" ({about.strip()})" if about else "") + (f": {squares}" if squares else "")
    who = "Chance" if ask.seat is None else f"P{ask.seat + 1} decides"
    text = Text(f"{who}: ", style="bold")
    text.append(asked, style="bold yellow")
    if ask.ruling:
        text.append(f" ({ask.ruling})", style="dim")
    return text


def abilities_line(view: SuperCamelotView) -> Text | None:
    """SC-5 [house], SC-34: while characters are chosen, what the free ones can do."""
    taken = {player.character for player in view.players}
    free = [character for character in Character if character not in taken]
    if view.phase is not Phase.CHOOSING or not free or not Rules.of(view.variant).abilities:
        return None
    text = Text("Abilities (SC-5, our own design): ", style="bold")
    text.append("; ".join(f"{character.label}: {ABILITIES[character]}" for character in free))
    return text


STRIKE_FACES = {Face.STAR: "Gem or 2 Hits", Face.GEM: "Gem", Face.TWO_HITS: "2 Hits",
                Face.ONE_HIT: "1 Hit", Face.SHIELD: "nothing", Face.BLANK: "nothing"}
"""SC-12, SC-38: what each face of an attack die counts for."""
WEAPON_RULINGS = {Weapon.SWORD: "SC-12", Weapon.BOMB: "SC-14", Weapon.BOW: "SC-15"}


def face_meanings(faces: Sequence[Face], lancelot: bool) -> str:
    """`star = Gem or 2 Hits, blank = nothing`, each face once (SC-5: Lancelot's first
    1 Hit counts 2)."""
    meanings = []
    for face in sorted(set(faces)):
        meaning = STRIKE_FACES[face]
        if face is Face.ONE_HIT and lancelot:
            meaning += " (Lancelot's first: 2)"
        meanings.append(f"{face.label} = {meaning}")
    return ", ".join(meanings)


def strike_line(view: SuperCamelotView, strike: Strike, rolling: bool,
                rerolled: Face | None) -> Text:
    """What the dice of `strike` are for: each face's meaning, and what it reaches."""
    rules = Rules.of(view.variant)
    lancelot = rules.abilities and view.players[view.active].character is Character.LANCELOT
    faces = tuple(Face) if rolling else strike.faces
    text = Text(f"{strike.weapon.name.capitalize()} "
                + ("dice to roll" if rolling else "roll "), style="bold")
    if not rolling:
        text.append(" ".join(face.label for face in strike.faces), style="bold cyan")
    text.append(f" ({WEAPON_RULINGS[strike.weapon]}): {face_meanings(faces, lancelot)}")
    if Face.GEM in faces or Face.STAR in faces:
        text.append("; a Gem draws a card per cut bush or kill")
    reach = [f"{count} {word if count == 1 else plural}" for count, word, plural in (
        (len(strike.enemies), "enemy", "enemies"), (len(strike.bushes), "bush", "bushes"))
        if count]
    text.append("; in reach: " + (", ".join(reach) or "nothing"))
    if strike.weapon is Weapon.BOMB:
        text.append("; the hits count against every enemy in the block, and any hit deals "
                    "2 damage to each character in it"
                    + "".join(f" P{seat + 1}" for seat in strike.characters))
    if rerolled is not None:
        text.append(f"; re-rolling the {rerolled.label} (SC-5)")
    return text


def defence_line(view: SuperCamelotView, defence: Defence) -> Text:
    """SC-21: the victim's dice, and which faces block (Galahad: a Gem too, SC-5; the
    Royal Shield adds a die, SC-26)."""
    rules = Rules.of(view.variant)
    victim = view.players[defence.victim]
    dice = 2 if (Card.ROYAL_SHIELD, TreasureState.UP) in victim.treasures else 1
    guards = ["shield", "star"]
    if rules.abilities and victim.character is Character.GALAHAD:
        guards.append("gem (Galahad)")
    text = Text(f"P{defence.victim + 1} defends", style="bold")
    text.append(f" against {defence.damage} damage (SC-21): {dice} "
                f"{'die' if dice == 1 else 'dice'}; {', '.join(guards[:-1])} or "
                f"{guards[-1]} blocks the whole attack")
    return text


def dice_lines(view: SuperCamelotView) -> list[Text]:
    """Issue 14: the pending strike (the dice, once rolled, while the attacker decides)
    and the pending defence, each with what its faces mean."""
    lines: list[Text] = []
    for step in reversed(view.pending):
        strike = getattr(step, "strike", None)  # any step type may carry the strike
        if isinstance(strike, Strike):
            lines.append(strike_line(view, strike, isinstance(step, AttackRoll),
                                     step.face if isinstance(step, RerollDie) else None))
            break
    defence = next((step for step in reversed(view.pending) if isinstance(step, Defence)),
                   None)
    if defence is not None:
        lines.append(defence_line(view, defence))
    return lines


# -- the players ------------------------------------------------------------------------


def shields(health: int) -> Text:
    """SC-21: intact shields (2 health), a cracked one, and those lost."""
    intact, cracked = divmod(health, 2)
    lost = (MAX_HEALTH - health) // 2
    whole, split, gone = HEALTH_GLYPHS
    text = Text(whole.char * intact, style=whole.style)
    text.append(split.char * cracked, style=split.style)
    text.append(gone.char * lost, style=gone.style)
    return text


def short(name: str) -> str:
    """A seat's name, cut to NAME_CELLS (issue 27: the treasures keep their room)."""
    return name if len(name) <= NAME_CELLS else name[:NAME_CELLS - 1] + "…"


def players_table(view: SuperCamelotView, names: Sequence[str]) -> Table:
    """One line per player: where, health, keys, bombs, relics (SC-18), gems (own only,
    SC-19) and treasures (SC-24)."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold")
    for column in ("", "Player", "At", "Health", "Keys", "Bombs", "Relics", "Gems",
                   "Treasures"):
        table.add_column(column, no_wrap=column != "Treasures", overflow="fold")
    for seat, player in enumerate(view.players):
        marker = "▶" if seat == view.active and view.current_player != TERMINAL else ""
        who = Text(f"{seat + 1}", style=SEAT_STYLES[seat])
        who.append(f" {player.character.label} ", style="bold")
        who.append("(you)" if seat == view.seat else f"({short(names[seat])})")
        health = shields(player.health)
        if player.passed_out:
            health = Text("out", style="bold red")
        relics = Text()
        for special in (*RELICS, Special.BIG_KEY):
            if player.specials[special]:
                relics.append(STACK_GLYPHS[special].char, style=STACK_GLYPHS[special].style)
        treasures = ", ".join(card.label + TREASURE_MARKS[status]
                              for card, status in player.treasures) or "—"
        gems = "hidden" if player.gems is None else str(sum(
            GEM_VALUE[item] * count for item, count in zip(
                (Item.GREEN_GEM, Item.BLUE_GEM, Item.RED_GEM), player.gems, strict=True)))
        at = "—" if player.position == OFF_BOARD else (
            name(player.position) if player.position < SQUARES
            else f"{CIRCLE.char} {DIRECTION_NAMES[player.position - SQUARES]}")
        table.add_row(marker, who, at, health, str(player.keys), str(player.bombs),
                      relics if relics.plain else "—", gems, treasures)
    return table


def headline(view: SuperCamelotView, names: Sequence[str]) -> Text:
    """Whose turn and what is left of it (SC-6, SC-36), or how the game ended (SC-19,
    SC-20, SC-37)."""
    if view.current_player == TERMINAL:
        if view.winner < 0:
            return Text(f"Game over after {view.turns} turns: a draw (SC-37 cap)",
                        style="bold")
        how = {"gems": "with 40 gems", "grail": "by claiming the Holy Grail"}.get(
            view.end or "", view.end or "")
        return Text(f"P{view.winner + 1} ({short(names[view.winner])}) wins {how}!",
                    style="bold green")
    if view.phase is Phase.CHOOSING:
        return Text("Choosing characters", style="bold")
    who = f"P{view.active + 1} ({short(names[view.active])})"
    state = "chance" if view.current_player == CHANCE else (
        f"{view.actions_left} action(s) left" + (f", moving {view.move_left}" if
                                                 view.move_left else ""))
    return Text(f"Turn {view.turns + 1} · {who} · {state}", style="bold")


def empty_supply_line(view: SuperCamelotView) -> Text | None:
    """SC-42: the gem colours the supply is out of, seen during play (a card that would
    drop one drops nothing, SC-35); None when every pile holds some, or once the game is
    over."""
    if view.phase is Phase.OVER:
        return None
    out = [item.label.removesuffix("-gem") for item in (Item.GREEN_GEM, Item.BLUE_GEM,
                                                        Item.RED_GEM)
           if view.item_supply[item] == 0]
    if not out:
        return None
    return Text(f"The supply is out of {' and '.join(out)} gems: a card dropping one drops "
                "nothing (SC-35, SC-42)", style="yellow")


class Screen:
    """The whole rendering, laid out for the console's width and height when printed:
    the lines above and below the map are measured first, the map gets what is left of
    the height given (SCREEN_LINES if none; at least a tile's height)."""

    def __init__(self, view: SuperCamelotView, names: Sequence[str]) -> None:
        self.view = view
        self.names = names

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, width = self.view, options.max_width
        above = [headline(view, self.names)]
        asked = question(view, self.names)
        if asked is not None:
            above.append(asked)
        abilities = abilities_line(view)
        if abilities is not None:
            above.append(abilities)
        above += dice_lines(view)
        empty = empty_supply_line(view)
        if empty is not None:
            above.append(empty)
        players = console.render_lines(players_table(view, self.names),
                                       options.update(height=None),  # not padded to it
                                       pad=False) if view.players else []
        used = sum(len(text.wrap(console, width)) for text in above) + len(players)
        height = options.height or SCREEN_LINES
        yield from above
        if any(tile >= 0 for tile in view.slot_tile):
            yield from map_block(console, view, width, max(height - used, TILE_SIZE + 1))
        for line in players:
            yield from line
            yield Segment.line()


def render(view: SuperCamelotView, names: Sequence[str]) -> RenderableType:
    """The view at the terminal (see `Screen`)."""
    return Screen(view, names)
