"""Super Camelot at the terminal (issue 14): every question has a heading naming it and its
ruling, the dice say what they are for, the legend lists every mark the map draws, the
`try:` hint names every action form, and a mid-game position fits an 80×24 screen."""

from __future__ import annotations

import io
import random
import re
from dataclasses import replace

import pytest
from rich.console import Console

from albion import i18n
from albion.core import CHANCE
from albion.core.words import say
from albion.games.super_camelot import GAME, SuperCamelotState, SuperCamelotView, strategy, wire
from albion.games.super_camelot import render as terminal
from albion.games.super_camelot.board import SIDE, SQUARES, name, slot_squares
from albion.games.super_camelot.components import Card, Character, Deck, Face, Item, Special, Token
from albion.games.super_camelot.notation import COMMANDS, HELP, action_text
from albion.games.super_camelot.pieces import (
    AttackRoll,
    CardDraws,
    Defence,
    DropChoice,
    EnemyTurn,
    KeepChoice,
    KillChoice,
    LootChoice,
    RerollChoice,
    StarChoice,
    StealChoice,
    Strike,
    TargetChoice,
    Thing,
    TreasureState,
    Weapon,
)
from albion.games.super_camelot.presentation import CROP
from albion.games.super_camelot.scene import build
from albion.games.super_camelot.words import CARD_NAME
from tests.games.super_camelot.helpers import play

CIRCLE_DRAWN = {circle: shown[0] for circle, shown in terminal.CIRCLE_SQUARES.items()}
"""Where a character on a starting circle is drawn."""
SCREEN_LINES = 18
"""An 80×24 screen less the play log and the options."""
A, B = 9 * SIDE + 9, 9 * SIDE + 11  # r10c10, r10c12: on a centre tile, always in play


def midgame(players: int, seed: int, turns: int = 12) -> SuperCamelotState:
    """A seeded game played by the heuristic (chance drawn from the same generator), at
    the first decision with nothing pending after `turns` seat turns."""
    rng = random.Random(seed)
    state = GAME.new_state(players)
    while state.turns < turns or state.pending or state.current_player() < 0:
        assert not state.is_terminal()
        if state.current_player() == CHANCE:
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply(rng.choices(actions, weights)[0])
        else:
            state.apply(strategy.policy(state, rng))
    return state


def midgame_view(players: int = 2, seed: int = 3) -> SuperCamelotView:
    state = midgame(players, seed)
    return state.observe(state.current_player())


def screen(view: SuperCamelotView, width: int = 80) -> list[str]:
    """The render as plain lines on a `width`×24 console."""
    console = Console(width=width, height=24, record=True, file=io.StringIO(),
                      color_system=None)
    console.print(terminal.render(view, [f"bot{seat + 1}" for seat in range(view.num_players)]))
    return console.export_text().rstrip("\n").split("\n")


def said(view: SuperCamelotView) -> str:
    """The render's words, wrapped lines joined again."""
    return " ".join(line.strip() for line in screen(view))


# -- 1. a heading for every question ------------------------------------------------------

STRIKE = Strike(Weapon.SWORD, (), (A, B), faces=(Face.STAR, Face.GEM, Face.BLANK))
DECISIONS = [
    DropChoice(Card.BOMB, Deck.SMALL_LOOT, (A, B), None),
    StarChoice(STRIKE),
    KillChoice(STRIKE, ((A,), (B,)), 0),
    LootChoice(((A, Token.MIMIC), (B, Token.PLANT)), 1),
    KeepChoice(CardDraws(Deck.LITTER, 1, (A,)), (Card.HEALTH_POTION, Card.BOMB)),
    RerollChoice(STRIKE),
    TargetChoice(A, (0, 1)),
    StealChoice(A, 1),
    EnemyTurn((A, B)),
]


def test_every_decision_step_is_covered_here() -> None:
    """A new kind of question gets its heading test."""
    asked = {kind for kind, ask in wire.ASKS.items() if ask.decision != "chance"}
    assert {type(step) for step in DECISIONS} == asked


@pytest.mark.parametrize("step", DECISIONS, ids=lambda step: type(step).__name__)
def test_every_pending_decision_has_a_heading_naming_it_and_its_ruling(step: object) -> None:
    """Issue 14: `gems 0`, `gems 1`… come under "how many Stars count as Gems (SC-38)"."""
    view = replace(midgame_view(), pending=(step,))
    ask = wire.ASKS[type(step)]
    words = said(view)
    assert ask.question.split(" (the squares)")[0] in words
    assert f"({ask.ruling})" in words
    assert f"P{view.current_player + 1} decides: " in words


def test_the_kill_heading_names_the_enemies_already_chosen() -> None:
    """SC-38: one at a time, beside those already chosen."""
    view = replace(midgame_view(), pending=(KillChoice(STRIKE, ((A, B), (B,)), 0, (A,)),))
    assert f"beside those already chosen ({name(A)})" in said(view)


def test_choosing_and_entering_have_headings_too() -> None:
    """SC-34: which character; SC-7: which circle. While characters are chosen, the free
    ones' abilities are shown (SC-5, our own design)."""
    state = GAME.new_state(2)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    words = said(state.observe(0))
    assert "P1 decides: which character to play (SC-34)" in words
    assert "arthur: once per turn, re-roll 1 attack die" in words
    play(state, "pick arthur")
    assert "arthur:" not in said(state.observe(1)), "taken"


def test_no_heading_while_the_turn_simply_goes_on() -> None:
    """The headline says how many actions are left; no question line repeats it."""
    assert "decides" not in said(midgame_view())


# -- 2. what the dice are for -----------------------------------------------------------


def test_a_rolled_strike_says_what_each_face_counts_for() -> None:
    """SC-12, SC-38: while Stars are assigned, the faces and their meaning are shown."""
    words = said(replace(midgame_view(), pending=(StarChoice(STRIKE),)))
    assert "Sword roll star gem blank (SC-12)" in words
    assert "star = Gem or 2 Hits" in words and "gem = Gem" in words
    assert "blank = nothing" in words and "in reach: 2 enemies" in words


def test_dice_about_to_be_rolled_list_every_face() -> None:
    """SC-12, SC-14: a bomb's hits count against every enemy in its block."""
    bomb = Strike(Weapon.BOMB, (A,), (B,), characters=(0,))
    words = said(replace(midgame_view(), pending=(AttackRoll(bomb),)))
    assert "Bomb dice to roll (SC-14)" in words
    for face in Face:
        assert f"{face.label} =" in words
    assert "every enemy in the block" in words and "in reach: 1 enemy, 1 bush" in words


def test_a_pending_defence_says_which_faces_block() -> None:
    """SC-21: a Shield or a Star blocks (SC-5: Galahad's Gem too; SC-26: the Royal Shield
    rolls two dice). The Mimic's theft is asked first, the defence follows."""
    view = midgame_view()
    pending = (Defence(1, 3), StealChoice(A, 1))
    words = said(replace(view, pending=pending))
    assert "P2 defends against 3 damage (SC-21): 1 die; shield or star blocks" in words
    galahad = replace(view.players[1], character=Character.GALAHAD,
                      treasures=((Card.ROYAL_SHIELD, TreasureState.UP),))
    players = (view.players[0], galahad, *view.players[2:])
    words = said(replace(view, pending=pending, players=players))
    assert "2 dice; shield, star or gem (Galahad) blocks" in words


# -- 3. a potion at full health -------------------------------------------------------------


def test_a_potion_drunk_at_full_health_is_reported() -> None:
    """SC-16: the potion acts at once; at full health it does nothing, and the log should
    say so (the event has to come from `report.outcome`)."""
    state = build({5: "T.....T\n.......\n..bb...\n...1...\n.......\n.......\nT.....T"},
                  characters=(Character.GWENIVERE, Character.MERLIN))
    play(state, "attack nw", "roll gem blank blank")
    before = state.clone()
    play(state, "draw health-potion")
    assert state.players[0].health == before.players[0].health
    assert any("potion" in event.text.lower() for event in GAME.outcome_events(before, state))


@pytest.mark.parametrize(("kept", "reported"), [("health-potion", True),
                                                 ("green-gem", False)])
def test_sc5_merlin_reports_a_potion_only_when_he_keeps_it(kept: str, reported: bool) -> None:
    """SC-5, SC-16: Merlin's first card waits for his second; the potion acts (here: does
    nothing, at full health) only if it is the card he keeps."""
    state = build({5: "T.....T\n.......\n..bb...\n...1...\n.......\n.......\nT.....T"},
                  characters=(Character.MERLIN, Character.GWENIVERE))
    play(state, "attack nw", "roll gem blank blank")
    before = state.clone()
    play(state, "draw health-potion")
    assert not any("potion" in event.text.lower()
                   for event in GAME.outcome_events(before, state))
    play(state, "draw green-gem")
    before = state.clone()
    play(state, f"keep {kept}")
    said = [event.text for event in GAME.outcome_events(before, state)]
    assert any("Health Potion has no effect" in text for text in said) is reported


# -- 4. the legend --------------------------------------------------------------------------


def every_mark(view: SuperCamelotView) -> SuperCamelotView:
    """`view` with one of every object, stack, enemy and item on the centre tiles, a Plant
    facing each way, two items on one square and P1 sharing its square with a Mimic."""
    squares = iter(row * SIDE + col for row in (8, 9, 10, 11, 16, 17, 18, 19)
                   for col in range(8, 13))
    things = [(next(squares), thing) for thing in Thing if thing is not Thing.STACK]
    stacks = [(next(squares), (special, 4)) for special in Special]
    enemies = [(next(squares), token) for token in (Token.DARK_KNIGHT, Token.MIMIC)]
    plants = [(next(squares), way) for way in range(8)]
    items = [(next(squares), (item,)) for item in Item]
    items.append((next(squares), (Item.BOMB, Item.SMALL_KEY)))
    shared = next(squares)
    enemies += [(square, Token.PLANT) for square, _ in plants] + [(shared, Token.MIMIC)]
    players = (replace(view.players[0], position=shared), *view.players[1:])
    return replace(view, things=tuple(things), stacks=tuple(stacks), items=tuple(items),
                   enemies=tuple(sorted(enemies)), facing=tuple(plants), players=players)


def test_the_legend_lists_every_mark_the_map_draws() -> None:
    """Issue 14: `♣ ░` and every item mark were missing; the legend is made from the map's
    own tables, so a mark drawn is a mark explained."""
    view = every_mark(midgame_view())
    drawn = set(terminal.map_text(view).plain) - set(" \n0123456789")
    legend = "".join(entry.plain for entry in terminal.legend_entries(view))
    assert {"♣", "░", "▓", "◯", "·", "+", "g", "K", "o", "↗"} <= drawn
    assert drawn <= set(legend), drawn - set(legend)
    assert {"◆", "◇"} <= set(legend), "the health column's shields"


def test_the_screen_shows_the_whole_legend() -> None:
    view = midgame_view()
    text = "\n".join(screen(view))
    for entry in terminal.legend_entries(view):
        assert entry.plain in text


# -- 5. the `try:` hint ----------------------------------------------------------------------

CHANCE_VERBS = {"tile", "roll", "stars", "draw", "first"}


def test_the_hint_names_every_action_form_a_player_types() -> None:
    """Issue 14: `pick`, `circle`, `keep`, `gems`, `kill`… were missing from `try:`."""
    forms = set()
    for index in range(GAME.action_space.size):
        text = action_text(0, GAME.action_space.at(index))
        words = text.split()
        if words[0] in CHANCE_VERBS:
            continue
        forms.add(text if text in COMMANDS else " ".join(words[:2]) if words[1:2] == ["up"]
                  else words[0])
    assert {"pick", "circle", "keep", "gems", "give up", "keep roll", "shoot"} <= forms
    missing = [form for form in forms if not re.search(rf"\b{re.escape(form)}\b", HELP)]
    assert not missing


# -- 6. an 80×24 screen ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 1), (4, 2)])
def test_a_mid_game_position_fits_an_80_by_24_screen(players: int, seed: int) -> None:
    """Issue 14: the opponents' and enemies' moves scrolled off. The map is cropped around
    the active character (who stays on it), leaving the log and the options room."""
    view = midgame_view(players, seed)
    for pending in ((), (StarChoice(STRIKE),), (KillChoice(STRIKE, ((A,), (B,)), 0),)):
        lines = screen(replace(view, pending=pending))
        assert len(lines) <= SCREEN_LINES, "\n".join(lines)
        assert max(len(line.rstrip()) for line in lines) <= 80
    lines = screen(view)
    header = next(line for line in lines if re.match(r" {4,}\d+ ", line))
    label = re.search(r"\d+", header)
    assert label is not None
    left = int(label[0]) - 1 - (label.start() - 4) // 2  # the first column shown
    position = view.players[view.active].position
    row, col = divmod(position if position < SQUARES else CIRCLE_DRAWN[position], SIDE)
    drawn = next(line for line in lines if line.startswith(f"{row + 1:>3} "))
    assert drawn[4 + 2 * (col - left)] == str(view.active + 1), "the active character"


# -- 7. one's own character on an 80×24 screen (issue 27) -----------------------------------


def screen_at(view: SuperCamelotView, height: int) -> list[str]:
    """The render given `height` lines, as the terminal seat prints it above its options."""
    console = Console(width=80, height=24, record=True, file=io.StringIO(), color_system=None)
    console.print(terminal.render(view, [f"bot{seat + 1}" for seat in range(view.num_players)]),
                  height=height)
    return console.export_text().rstrip("\n").split("\n")


def drawn_square(position: int) -> int:
    """Where a character at `position` is drawn (a circle: its first drawn square)."""
    return CIRCLE_DRAWN.get(position, position)


def far_from_the_action(players: int, seed: int) -> SuperCamelotView:
    """A seat's view while another character acts, the seat's own character moved to the
    placed square farthest from the active one."""
    view = midgame_view(players, seed)
    seat = (view.active + 1) % players
    view = replace(view, seat=seat)
    row, col = divmod(drawn_square(view.players[view.active].position), SIDE)
    squares = [square for slot, tile in enumerate(view.slot_tile) if tile >= 0
               for square in slot_squares(slot)]
    far = max(squares, key=lambda sq: abs(sq // SIDE - row) + abs(sq % SIDE - col))
    players_now = list(view.players)
    players_now[seat] = replace(players_now[seat], position=far)
    return replace(view, players=tuple(players_now))


def drawn_at(lines: list[str], square: int) -> str:
    """The character drawn on `square` of the screen's map ("" when it is not shown)."""
    header = next(line for line in lines if re.match(r" {4,}\d+ ", line))
    label = re.search(r"\d+", header)
    assert label is not None
    left = int(label[0]) - 1 - (label.start() - 4) // 2
    row, col = divmod(square, SIDE)
    drawn = [line for line in lines if line.startswith(f"{row + 1:>3} ")]
    at = 4 + 2 * (col - left)
    return drawn[0][at] if drawn and 4 <= at < len(drawn[0]) else ""


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 1), (4, 2)])
def test_the_map_always_holds_the_viewers_own_character(players: int, seed: int) -> None:
    """Issue 27: the window followed the active character only, and one's own one could be
    off the map while another acted. It now moves to hold the viewer's own character too
    (the browser crops the same window), and a spectator's stays on the active one."""
    view = far_from_the_action(players, seed)
    own = view.players[view.seat].position
    for rows, cols in ((7, 7), (9, 14), (CROP, CROP)):
        shown = terminal.window(view, rows, cols)
        assert shown.top <= own // SIDE < shown.bottom
        assert shown.left <= own % SIDE < shown.right
    for height in (14, 18):
        assert drawn_at(screen_at(view, height), own) == str(view.seat + 1)
    spectator = terminal.window(replace(view, seat=None), 7, 7)
    row, col = divmod(drawn_square(view.players[view.active].position), SIDE)
    assert spectator.top <= row < spectator.bottom and spectator.left <= col < spectator.right


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 1)])
def test_the_screen_takes_the_height_it_is_given(players: int, seed: int) -> None:
    """Issue 27: the terminal seat gives the view what its options leave of 24 lines (a
    map at least a tile high); the map grows on a taller screen."""
    view = midgame_view(players, seed)
    smallest = len(screen_at(view, 1))
    assert smallest <= 14
    for height in range(smallest, 24):
        lines = screen_at(view, height)
        assert len(lines) <= height, "\n".join(lines)
        assert max(len(line.rstrip()) for line in lines) <= 80
        active = drawn_square(view.players[view.active].position)
        assert drawn_at(lines, active) == str(view.active + 1)
    assert len(screen_at(view, 30)) > len(screen(view)), "a taller screen, a taller map"


# -- 8. in the reader's language (issue 29) --------------------------------------------------


def screen_in(lang: str, view: SuperCamelotView) -> list[str]:
    """The render in `lang` given SCREEN_LINES, as plain lines of an 80×24 console."""
    console = Console(width=80, height=24, record=True, file=io.StringIO(), color_system=None)
    names = [f"bot{seat + 1}" for seat in range(view.num_players)]
    console.print(terminal.render(view, names, words=i18n.translator(lang).words),
                  height=SCREEN_LINES)
    return console.export_text().rstrip("\n").split("\n")


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 1)])
def test_the_screen_in_french_and_german_fits_and_keeps_the_treasures(
        lang: str, players: int, seed: int) -> None:
    """Every word through `words`: a mid-game screen with the Stars to assign (SC-38) and
    a player's treasures (one stolen, SC-24) fits 80 columns and SCREEN_LINES in each
    language, as in English; where the language's longer column names leave the
    treasures' column too little room, each player's treasures take a line of their own
    instead of a column cut to nothing."""
    said = i18n.translator(lang).words
    view = midgame_view(players, seed)
    treasures = ((Card.ROYAL_SHIELD, TreasureState.UP),
                 (Card.RACING_BOOTS, TreasureState.STOLEN))
    first = replace(view.players[0], treasures=treasures)
    view = replace(view, players=(first, *view.players[1:]), pending=(StarChoice(STRIKE),))
    lines = screen_in(lang, view)
    shown = " ".join(line.strip() for line in lines)
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert len(lines) <= SCREEN_LINES, "\n".join(lines)
    assert said(CARD_NAME[Card.ROYAL_SHIELD]) in shown
    assert said(say("{card} (stolen)", card=CARD_NAME[Card.RACING_BOOTS])) in shown
    assert said(say("{player} decides: {question}", player=f"P{view.current_player + 1}",
                    question=wire.ASKS[StarChoice].words)) in shown
    for english in ("Player", "Health", "Treasures", "decides", "in reach", "roll",
                    "actions left", "tiles out"):
        assert english not in shown, (english, "\n".join(lines))


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_no_screen_of_a_seeded_game_in_french_or_german_is_taller_than_in_english(
        lang: str) -> None:
    """Issue 29: French and German screens ran 1 to 3 lines past SCREEN_LINES in busy
    moments (a question and a strike's dice wrapping once more, a German players' table
    without room for its treasures) where English fit. A four-player game, every decision
    and the end, from the seat deciding: every screen fits SCREEN_LINES and 80 columns
    (before: 5 French and 6 German screens of this game did not)."""
    rng = random.Random(1)
    state = GAME.new_state(4)
    views = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply(rng.choices(actions, weights)[0])
            continue
        views.append(state.observe(state.current_player()))
        state.apply(strategy.policy(state, rng))
    views += [state.observe(seat) for seat in range(4)]
    assert any(isinstance(step, StarChoice) for view in views for step in view.pending)
    for view in views:
        lines = screen_in(lang, view)
        assert len(lines) <= SCREEN_LINES, "\n".join(lines)
        assert max(len(line.rstrip()) for line in lines) <= 80, "\n".join(lines)


def test_a_face_whose_name_says_its_meaning_goes_without() -> None:
    """Issue 29: German "Edelstein = Edelstein", French "2 touches = 2 touches" said
    nothing and made a strike's dice wrap once more; the notation's own word, which a
    player types, is still explained in English ("gem = Gem")."""
    strike = Strike(Weapon.SWORD, (), (A,), faces=(Face.STAR, Face.GEM, Face.TWO_HITS))
    view = replace(midgame_view(), pending=(StarChoice(strike),))
    said = {lang: " ".join(" ".join(line.plain.split())
                           for line in terminal.dice_lines(view, i18n.translator(lang).words))
            for lang in ("en", "fr", "de")}
    assert "gem = Gem" in said["en"] and "two-hits = 2 Hits" in said["en"]
    assert "Edelstein = Edelstein" not in said["de"] and "2 Treffer = 2 Treffer" not in said["de"]
    assert "2 touches = 2 touches" not in said["fr"] and "gemme = Gemme" not in said["fr"]
    assert "Stern = Edelstein/2 Treffer" in said["de"]
    plain = Strike(Weapon.SWORD, (), (A,), faces=(Face.GEM, Face.TWO_HITS))
    german = terminal.dice_lines(replace(view, pending=(StarChoice(plain),)),
                                 i18n.translator("de").words)[0].plain
    assert german.startswith("Schwert: Wurf Edelstein 2 Treffer (SC-12); "), german
