"""The forest of Super Camelot in the terminal, sized for an 80×24 screen (issue 14): the
question being asked and its ruling (worded by `wire.ASKS`), what the dice of a pending
strike or defence are for (SC-12, SC-14, SC-21), the explored map cropped around the
active character (the window the browser crops too, `presentation.window`) beside a
legend drawn from the map's own glyph tables, and a line per player (SC-19, SC-27:
others' gems stay hidden). Every word on it is said as words (issue 29): the face passes
`words`, which puts them into its reader's language (English without); squares, the
map's marks and the characters (`arthur`, as `pick arthur` names them) stay as the
notation writes them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from albion.core.state import CHANCE, TERMINAL
from albion.core.words import Words, as_words, from_json, listing, say, say_n
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
from albion.games.super_camelot.view import PlayerView, SuperCamelotView
from albion.games.super_camelot.words import CARD_NAME, DECK, DIRECTION, tile_name
from albion.games.super_camelot.world import TILES

Say = Callable[[Words], str]
"""Words into the reader's language (the face's; `str` says them in English)."""


class Glyph(NamedTuple):
    """A mark on the map: its character, colour, and what the legend calls it; marks of
    one `family` sharing a character are explained together (`ggg gem 1/5/10`)."""

    char: str
    style: str
    meaning: Words
    family: Words | None = None


SEAT_STYLES = ("bold white on blue", "bold white on magenta", "bold black on cyan",
               "bold black on yellow")
THING_GLYPHS = {
    Thing.BUSH: Glyph("b", "bold green", say("bush")),
    Thing.ROCK: Glyph("r", "bold white", say("rock")),
    Thing.SMALL_CHEST: Glyph("c", "bold yellow", say("chest")),
    Thing.OPEN_SMALL_CHEST: Glyph("x", "yellow", say("opened")),
    Thing.BIG_CHEST: Glyph("C", "bold yellow", say("big chest")),
    Thing.OPEN_BIG_CHEST: Glyph("X", "yellow", say("big opened")),
}
"""SC-8, SC-17: objects (all block; an opened chest too, SC-31)."""
STACK_GLYPHS = {
    Special.BIG_KEY: Glyph("k", "bold magenta", say("big key")),
    Special.FIRE_RELIC: Glyph("f", "bold magenta", say("fire relic")),
    Special.WATER_RELIC: Glyph("w", "bold magenta", say("water relic")),
    Special.WIND_RELIC: Glyph("a", "bold magenta", say("wind relic")),
}
"""SC-18: special-item stacks (the same letters mark what a player holds)."""
ENEMY_GLYPHS = {
    Token.DARK_KNIGHT: Glyph("D", "bold red", say("knight")),
    Token.MIMIC: Glyph("M", "bold red", say("mimic")),
    Token.PLANT: Glyph("P", "bold red", say("plant")),
}
GEMS = say("gem 1/5/10")
ITEM_GLYPHS = {
    Item.GREEN_GEM: Glyph("g", "bold green", say("gem 1"), GEMS),
    Item.BLUE_GEM: Glyph("g", "bold blue", say("gem 5"), GEMS),
    Item.RED_GEM: Glyph("g", "bold red", say("gem 10"), GEMS),
    Item.SMALL_KEY: Glyph("K", "bold yellow", say("key")),
    Item.BOMB: Glyph("o", "bold white", say("bomb")),
}
"""SC-8: items lying on a square (collected by walking in); potions never lie anywhere:
they act at once (SC-16)."""
MORE_ITEMS = Glyph("+", "bold white", say("more"))
CIRCLE = Glyph("◯", "bold white", say("circle"))
CASTLE_GLYPH = Glyph("▓", "grey50", say("castle"))
START_GLYPH = Glyph("░", "grey35", say("start"))
TREE = Glyph("♣", "green", say("tree"))
GROUND = Glyph("·", "dim green", say("ground"))
TERRAIN = (CIRCLE, CASTLE_GLYPH, START_GLYPH, TREE, GROUND)
"""SC-2, SC-3: what every tile shows (castle and start tile are drawn double width)."""
FACING_ARROWS = "↑↗→↘↓↙←↖"
"""SC-25: a Plant's facing, north first, clockwise."""
HEALTH_GLYPHS = (Glyph("◆", "bold cyan", say("shield")), Glyph("◇", "bold cyan", say("cracked")),
                 Glyph("·", "cyan", say("lost")))
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
TREASURE_MARKS: dict[TreasureState, Words] = {
    TreasureState.STOLEN: say("{card} (stolen)"), TreasureState.LOST: say("{card} (lost)")}
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


def legend_entries(view: SuperCamelotView, words: Say = str) -> list[Text]:
    """Every mark the map or the players' lines can draw, from the same tables; marks of
    one family sharing a character are explained together (`ggg gem 1/5/10`)."""
    entries: list[Text] = []

    def entry(marks: Sequence[tuple[str, str]], meaning: Words) -> None:
        text = Text()
        for char, style in marks:
            text.append(char, style=style)
        text.append(" " + words(meaning), style="dim")
        entries.append(text)

    seats: list[tuple[str, str]] = []
    for seat in range(view.num_players):
        seats += [(" ", "")] if seats else []
        seats.append((f"{seat + 1}", SEAT_STYLES[seat]))
    entry(seats, say("players"))
    for token, enemy in ENEMY_GLYPHS.items():
        entry([(enemy.char, enemy.style)], enemy.meaning)
        if token is Token.PLANT:
            entry([(FACING_ARROWS, enemy.style)], say("facing"))
    marks = [*THING_GLYPHS.values(), *STACK_GLYPHS.values(), *ITEM_GLYPHS.values(),
             MORE_ITEMS, *TERRAIN]
    while marks:
        first = marks[0]
        alike = [mark for mark in marks if mark.char == first.char
                 and mark.family == first.family] if first.family else [first]
        marks = [mark for mark in marks if mark not in alike]
        entry([(mark.char, mark.style) for mark in alike], first.family or first.meaning)
    entry([(mark.char, mark.style) for mark in HEALTH_GLYPHS], say("health"))
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


def tiles_note(view: SuperCamelotView, words: Say = str) -> Text:
    """SC-1, SC-10: tiles placed, and the named tiles still in the (unordered) stack."""
    named = [as_words(tile_name(TILES[t].key, TILES[t].name))
             for t in sorted(view.tile_stack) if TILES[t].is_named]
    placed = sum(1 for tile in view.slot_tile if tile >= 0)
    return Text(words(say("{placed}/{total} tiles out; named ones to come: {tiles}",
                          placed=placed, total=len(view.slot_tile),
                          tiles=listing(named) if named else say("none"))), style="dim")


def map_block(console: Console, view: SuperCamelotView, width: int,
              rows: int, words: Say = str) -> list[Text]:
    """The cropped map with its legend beside it (below it on a narrow screen): the widest
    map whose legend still fits beside it in `rows` lines — without the tiles' note when
    only that makes it fit (a language's longer words, many lines above the map)."""
    area = explored(view)
    entries = legend_entries(view, words)
    note = tiles_note(view, words)
    widest = min(area.right - area.left, (width - 4 - GAP - LEGEND_MIN) // 2)
    if widest < TILE_SIZE:  # too narrow: the legend below the map
        shown = window(view, max(rows - 1, TILE_SIZE), (width - 4) // 2)
        below = pack([*entries, note], width)
        return map_lines(view, shown) + below
    legend: list[Text] = []
    cols = widest
    for notes in ([note], []):
        for cols in range(widest, min(TILE_SIZE, widest) - 1, -1):
            legend_width = width - 4 - 2 * cols - GAP
            legend = pack(entries, legend_width) + [
                line for shown_note in notes for line in shown_note.wrap(console, legend_width)]
            if len(legend) <= rows:
                break
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

CHOSEN_SO_FAR: dict[str, Words] = {
    "kill": say("which enemy the hits kill next, one at a time, beside those already chosen "
                "({squares})"),
    "loot": say("which killed enemy draws Loot next, one at a time, beside those already "
                "chosen ({squares})"),
}
"""SC-38, SC-12: the questions whose wording names the enemies already chosen."""
CARD_OF_WORD = {word: card for card, word in wire.CARDS.items()}
DECK_OF_WORD = {word: deck for deck, word in wire.DECKS.items()}
MARK = "\x00"
"""Stands in for a styled part while its sentence is said (no message holds it)."""


def separator(words: Say) -> str:
    """What comes between two clauses on one line (`; `, in French ` ; `)."""
    return words(say("{first}; {rest}", first="", rest=""))


def styled(words: Say, sentence: Words, style: str, **parts: Text) -> Text:
    """`sentence` said in the reader's language, in `style`, each of `parts` (a placeholder
    of it left unfilled) in its own style where the language puts it."""
    names = list(parts)
    said = words(sentence.with_args(**{name: f"{MARK}{index}{MARK}"
                                       for index, name in enumerate(names)}))
    text = Text()
    for index, piece in enumerate(said.split(MARK)):
        if index % 2 and piece.isdigit() and int(piece) < len(names):
            text.append(parts[names[int(piece)]])
        else:
            text.append(piece, style=style)
    return text


def asked_words(ask: wire.Awaiting) -> Words:
    """The question in words, with the cards, deck and squares it is about."""
    squares = ", ".join(ask.squares or ())
    if ask.decision in CHOSEN_SO_FAR:
        asked = CHOSEN_SO_FAR[ask.decision].with_args(squares=squares or say("none yet"))
        squares = ""
    else:
        said = from_json(ask.question_words)
        asked = said if isinstance(said, Words) else as_words(ask.question)
    cards = [CARD_NAME[CARD_OF_WORD[card]] for card in ask.cards or ()]
    deck = DECK[DECK_OF_WORD[ask.deck]] if ask.deck else None
    if cards and deck is not None:
        asked = say("{question} ({cards} from the {deck} deck)", question=asked,
                    cards=listing(cards), deck=deck)
    elif cards:
        asked = say("{question} ({cards})", question=asked, cards=listing(cards))
    elif deck is not None:
        asked = say("{question} (from the {deck} deck)", question=asked, deck=deck)
    return say("{question}: {squares}", question=asked, squares=squares) if squares \
        else asked


def question(view: SuperCamelotView, names: Sequence[str], words: Say = str) -> Text | None:
    """Issue 14: what is being chosen, in `wire.ASKS`' words, and the ruling that asks;
    None while the turn simply goes on (the headline says how)."""
    ask = wire.awaiting(view)
    if ask is None or ask.decision in ("action", "move"):
        return None
    asked = Text(words(asked_words(ask)), style="bold yellow")
    seat = "" if ask.seat is None else f"P{ask.seat + 1}"
    text = styled(words, say("{player} decides: {question}", player=seat) if seat else
                  say("Chance: {question}"), "bold", question=asked)
    if ask.ruling:
        text.append(f" ({ask.ruling})", style="dim")
    return text


def abilities_line(view: SuperCamelotView, words: Say = str) -> Text | None:
    """SC-5 [house], SC-34: while characters are chosen, what the free ones can do."""
    taken = {player.character for player in view.players}
    free = [character for character in Character if character not in taken]
    if view.phase is not Phase.CHOOSING or not free or not Rules.of(view.variant).abilities:
        return None
    each = separator(words).join(words(say("{character}: {ability}",
                                           character=character.label,
                                           ability=ABILITIES[character]))
                                 for character in free)
    return styled(words, say("Abilities (SC-5, our own design): {abilities}"), "bold",
                  abilities=Text(each))


STRIKE_FACES: dict[Face, Words] = {
    Face.STAR: say("Gem or 2 Hits"), Face.GEM: say("Gem"), Face.TWO_HITS: say("2 Hits"),
    Face.ONE_HIT: say("1 Hit"), Face.SHIELD: say("nothing"), Face.BLANK: say("nothing")}
"""SC-12, SC-38: what each face of an attack die counts for."""
LANCELOTS_HIT = say("1 Hit (Lancelot's first: 2)")
"""SC-5: Lancelot's first 1 Hit counts 2."""
WEAPON_RULINGS = {Weapon.SWORD: "SC-12", Weapon.BOMB: "SC-14", Weapon.BOW: "SC-15"}
TO_ROLL: dict[Weapon, Words] = {
    Weapon.SWORD: say("Sword dice to roll"), Weapon.BOMB: say("Bomb dice to roll"),
    Weapon.BOW: say("Bow dice to roll")}
ROLLED: dict[Weapon, Words] = {
    Weapon.SWORD: say("Sword roll {faces}"), Weapon.BOMB: say("Bomb roll {faces}"),
    Weapon.BOW: say("Bow roll {faces}")}
"""A strike's dice, to roll or rolled."""
FACE_NAME: dict[Face, Words] = {
    Face.SHIELD: say("shield"), Face.STAR: say("star"), Face.GEM: say("gem"),
    Face.TWO_HITS: say("two-hits"), Face.ONE_HIT: say("one-hit"), Face.BLANK: say("blank")}
"""A die's face by name: in English as the notation writes it (`reroll blank`)."""


def face_meanings(faces: Sequence[Face], lancelot: bool, words: Say = str) -> str:
    """`star = Gem or 2 Hits, blank = nothing`, each face once (SC-5: Lancelot's first
    1 Hit counts 2). A face whose name in the reader's language already says what it
    counts for (French "2 touches", German "Edelstein") goes without; the notation's own
    word, which a player types (`reroll gem`), is always explained."""
    meanings = []
    for face in sorted(set(faces)):
        meaning = LANCELOTS_HIT if face is Face.ONE_HIT and lancelot else STRIKE_FACES[face]
        named = words(FACE_NAME[face])
        if named == FACE_NAME[face].message or named.casefold() != words(meaning).casefold():
            meanings.append(words(say("{face} = {meaning}", face=FACE_NAME[face],
                                      meaning=meaning)))
    return ", ".join(meanings)


def strike_line(view: SuperCamelotView, strike: Strike, rolling: bool,
                rerolled: Face | None, words: Say = str) -> Text:
    """What the dice of `strike` are for: each face's meaning, and what it reaches."""
    rules = Rules.of(view.variant)
    lancelot = rules.abilities and view.players[view.active].character is Character.LANCELOT
    faces = tuple(Face) if rolling else strike.faces
    dice = TO_ROLL[strike.weapon] if rolling else ROLLED[strike.weapon].with_args(
        faces=" ".join(words(FACE_NAME[face]) for face in strike.faces))
    meanings = face_meanings(faces, lancelot, words)
    ruling = WEAPON_RULINGS[strike.weapon]
    heading = say("{dice} ({ruling}): {meanings}", ruling=ruling, meanings=meanings) \
        if meanings else say("{dice} ({ruling})", ruling=ruling)
    parts = [styled(words, heading, "", dice=Text(words(dice), style="bold"))]
    if Face.GEM in faces or Face.STAR in faces:
        parts.append(Text(words(say("a Gem draws a card per cut bush or kill"))))
    reach = [said for count, said in (
        (len(strike.enemies), say_n("{count} enemy", "{count} enemies", len(strike.enemies))),
        (len(strike.bushes), say_n("{count} bush", "{count} bushes", len(strike.bushes))))
        if count]
    parts.append(Text(words(say("in reach: {things}", things=listing(reach) if reach
                                else say("nothing")))))
    if strike.weapon is Weapon.BOMB:
        caught = " ".join(f"P{seat + 1}" for seat in strike.characters)
        parts.append(Text(words(
            say("the hits count against every enemy in the block, and any hit deals 2 damage "
                "to each character in it ({players})", players=caught) if caught else
            say("the hits count against every enemy in the block, and any hit deals 2 damage "
                "to each character in it"))))
    if rerolled is not None:
        parts.append(Text(words(say("re-rolling the {face} (SC-5)", face=FACE_NAME[rerolled]))))
    return Text(separator(words)).join(parts)


def defence_line(view: SuperCamelotView, defence: Defence, words: Say = str) -> Text:
    """SC-21: the victim's dice, and which faces block (Galahad: a Gem too, SC-5; the
    Royal Shield adds a die, SC-26)."""
    rules = Rules.of(view.variant)
    victim = view.players[defence.victim]
    dice = 2 if (Card.ROYAL_SHIELD, TreasureState.UP) in victim.treasures else 1
    guards = say("shield, star or gem (Galahad)") \
        if rules.abilities and victim.character is Character.GALAHAD else \
        say("shield or star")
    return styled(words, say("{player} defends against {damage} damage (SC-21): {dice}; "
                             "{guards} blocks the whole attack",
                             damage=defence.damage,
                             dice=say_n("{count} die", "{count} dice", dice), guards=guards),
                  "", player=Text(f"P{defence.victim + 1}", style="bold"))


def dice_lines(view: SuperCamelotView, words: Say = str) -> list[Text]:
    """Issue 14: the pending strike (the dice, once rolled, while the attacker decides)
    and the pending defence, each with what its faces mean."""
    lines: list[Text] = []
    for step in reversed(view.pending):
        strike = getattr(step, "strike", None)  # any step type may carry the strike
        if isinstance(strike, Strike):
            lines.append(strike_line(view, strike, isinstance(step, AttackRoll),
                                     step.face if isinstance(step, RerollDie) else None,
                                     words))
            break
    defence = next((step for step in reversed(view.pending) if isinstance(step, Defence)),
                   None)
    if defence is not None:
        lines.append(defence_line(view, defence, words))
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


COLUMNS = (say("Player"), say("At"), say("Health"), say("Keys"), say("Bombs"), say("Relics"),
           say("Gems"), say("Treasures"))
TREASURES_CELLS = 8
"""The fewest columns the treasures' column is tried in: the players' table takes it, or
each holder's treasures on a line under the table (a language's longer column names, long
names, a narrow screen, several treasures), whichever takes fewer lines."""


def treasures_text(player: PlayerView, words: Say = str) -> str:
    """SC-24: a player's treasures, each marked stolen or lost; `—` for none."""
    return ", ".join(words(TREASURE_MARKS[status].with_args(card=CARD_NAME[card])
                           if status in TREASURE_MARKS else CARD_NAME[card])
                     for card, status in player.treasures) or "—"


def players_table(view: SuperCamelotView, names: Sequence[str], words: Say = str,
                  treasures: bool = True) -> Table:
    """One line per player: where, health, keys, bombs, relics (SC-18), gems (own only,
    SC-19) and, with `treasures`, treasures (SC-24)."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold")
    table.add_column("", no_wrap=True)
    for column in COLUMNS if treasures else COLUMNS[:-1]:
        table.add_column(words(column), no_wrap=column is not COLUMNS[-1], overflow="fold")
    for seat, player in enumerate(view.players):
        marker = "▶" if seat == view.active and view.current_player != TERMINAL else ""
        who = Text(f"{seat + 1}", style=SEAT_STYLES[seat])
        if seat == view.seat:
            who.append(" " + words(say("{player} (you)", player=player.character.label)),
                       style="bold")
        else:
            who.append(f" {player.character.label} ", style="bold")
            who.append(f"({short(names[seat])})")
        health = shields(player.health)
        if player.passed_out:
            health = Text(words(say("out")), style="bold red")
        relics = Text()
        for special in (*RELICS, Special.BIG_KEY):
            if player.specials[special]:
                relics.append(STACK_GLYPHS[special].char, style=STACK_GLYPHS[special].style)
        gems = words(say("hidden")) if player.gems is None else str(sum(
            GEM_VALUE[item] * count for item, count in zip(
                (Item.GREEN_GEM, Item.BLUE_GEM, Item.RED_GEM), player.gems, strict=True)))
        at = "—" if player.position == OFF_BOARD else (
            name(player.position) if player.position < SQUARES
            else f"{CIRCLE.char} {words(DIRECTION[DIRECTION_NAMES[player.position - SQUARES]])}")
        table.add_row(marker, who, at, health, str(player.keys), str(player.bombs),
                      relics if relics.plain else "—", gems,
                      *([treasures_text(player, words)] if treasures else []))
    return table


def players_block(console: Console, options: ConsoleOptions, view: SuperCamelotView,
                  names: Sequence[str], words: Say = str) -> list[Text]:
    """The players' table, with its treasures' column where at least TREASURES_CELLS are
    left for it and it wraps no more than the other way: each holder's treasures on a line
    of their own below the table."""

    def shown(table: Table) -> list[Text]:
        return [Text("").join(Text(segment.text, style=segment.style or "")
                              for segment in line)
                for line in console.render_lines(table, options.update(height=None),
                                                 pad=False)]

    narrow = players_table(view, names, words, treasures=False)
    below = shown(narrow)
    for seat, player in enumerate(view.players):
        if player.treasures:
            below += Text(words(say("Treasures of {player}: {treasures}",
                                    player=f"{seat + 1} {player.character.label}",
                                    treasures=treasures_text(player, words)))).wrap(
                                        console, options.max_width)
    room = options.max_width - Measurement.get(console, options, narrow).maximum - 1
    if room >= TREASURES_CELLS:
        beside = shown(players_table(view, names, words))
        if len(beside) <= len(below):
            return beside
    return below


WON: dict[str, Words] = {"gems": say("{player} wins with 40 gems!"),
                         "grail": say("{player} wins by claiming the Holy Grail!")}
"""SC-19, SC-20: how a game is won."""


def headline(view: SuperCamelotView, names: Sequence[str], words: Say = str) -> Text:
    """Whose turn and what is left of it (SC-6, SC-36), or how the game ended (SC-19,
    SC-20, SC-37)."""
    if view.current_player == TERMINAL:
        if view.winner < 0:
            return Text(words(say_n("Game over after {count} turn: a draw (SC-37 cap)",
                                    "Game over after {count} turns: a draw (SC-37 cap)",
                                    view.turns)), style="bold")
        won = WON.get(view.end or "", say("{player} wins!"))
        return Text(words(won.with_args(
            player=f"P{view.winner + 1} ({short(names[view.winner])})")), style="bold green")
    if view.phase is Phase.CHOOSING:
        return Text(words(say("Choosing characters")), style="bold")
    turn, who = view.turns + 1, f"P{view.active + 1} ({short(names[view.active])})"
    if view.current_player == CHANCE:
        line = say("Turn {turn} · {player} · chance", turn=turn, player=who)
    elif view.move_left:
        line = say_n("Turn {turn} · {player} · {count} action left, moving {squares}",
                     "Turn {turn} · {player} · {count} actions left, moving {squares}",
                     view.actions_left, turn=turn, player=who, squares=view.move_left)
    else:
        line = say_n("Turn {turn} · {player} · {count} action left",
                     "Turn {turn} · {player} · {count} actions left", view.actions_left,
                     turn=turn, player=who)
    return Text(words(line), style="bold")


EMPTY_GEMS: dict[Item, Words] = {Item.GREEN_GEM: say("green gems"),
                                 Item.BLUE_GEM: say("blue gems"),
                                 Item.RED_GEM: say("red gems")}


def empty_supply_line(view: SuperCamelotView, words: Say = str) -> Text | None:
    """SC-42: the gem colours the supply is out of, seen during play (a card that would
    drop one drops nothing, SC-35); None when every pile holds some, or once the game is
    over."""
    if view.phase is Phase.OVER:
        return None
    out = [EMPTY_GEMS[item] for item in (Item.GREEN_GEM, Item.BLUE_GEM, Item.RED_GEM)
           if view.item_supply[item] == 0]
    if not out:
        return None
    gems = out[-1]
    for colour in reversed(out[:-1]):
        gems = say("{first} and {rest}", first=colour, rest=gems)
    return Text(words(say("The supply is out of {gems}: a card dropping one drops nothing "
                          "(SC-35, SC-42)", gems=gems)), style="yellow")


class Screen:
    """The whole rendering, laid out for the console's width and height when printed:
    the lines above and below the map are measured first, the map gets what is left of
    the height given (SCREEN_LINES if none; at least a tile's height)."""

    def __init__(self, view: SuperCamelotView, names: Sequence[str], words: Say = str) -> None:
        self.view = view
        self.names = names
        self.words = words

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, width, words = self.view, options.max_width, self.words
        above = [headline(view, self.names, words)]
        asked = question(view, self.names, words)
        if asked is not None:
            above.append(asked)
        abilities = abilities_line(view, words)
        if abilities is not None:
            above.append(abilities)
        above += dice_lines(view, words)
        empty = empty_supply_line(view, words)
        if empty is not None:
            above.append(empty)
        players = players_block(console, options, view, self.names, words) \
            if view.players else []
        used = sum(len(text.wrap(console, width)) for text in above + players)
        height = options.height or SCREEN_LINES
        yield from above
        if any(tile >= 0 for tile in view.slot_tile):
            yield from map_block(console, view, width, max(height - used, TILE_SIZE + 1),
                                 words)
        yield from players


def render(view: SuperCamelotView, names: Sequence[str], words: Say = str) -> RenderableType:
    """The view at the terminal (see `Screen`), its words said by `words`."""
    return Screen(view, names, words)
