"""Every kind of Super Camelot refusal, each with the ruling it must name (issue 12: the
ruling comes from the checks that build the legal actions — a step that does not touch
the mover breaks SC-8, not SC-9; a taken circle is SC-20, not "the Starting Tile is
closed"). A refused action changes nothing.

Positions are consistent game positions (checked below) unless their builder is listed
in `HAND_BUILT`, whose docstrings say why no real game reaches them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from albion.core import CHANCE, IllegalActionError
from albion.games.super_camelot import GAME, SuperCamelotState, movement
from albion.games.super_camelot import legality as sc_legality
from albion.games.super_camelot.action_space import SPACE
from albion.games.super_camelot.actions import Step
from albion.games.super_camelot.board import (
    CIRCLES,
    NEIGHBOURS,
    OPEN_GROUND,
    SQUARES,
    START_BLOCK,
    name,
)
from albion.games.super_camelot.components import Card, Character, Deck, Item, Special, Token
from albion.games.super_camelot.pieces import (
    AttackRoll,
    CardDraws,
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
)
from albion.games.super_camelot.position_check import check
from albion.games.super_camelot.scene import at, build
from tests.games.refusal_coverage import assert_refused, kind_of, refusal_kinds
from tests.games.super_camelot.helpers import EMPTY, options, play
from tests.games.super_camelot.test_combat_rulings import (
    KNIGHT_AND_MIMIC,
    THREE_MIMICS,
    bomb_over,
)
from tests.games.super_camelot.test_treasure_rulings import BUSHES, CHEST
from tests.games.super_camelot.test_world_rulings import OPEN

SC_DIR = Path(sc_legality.__file__).parent
MODULES = [path for path in sorted(SC_DIR.glob("*.py"))
           if "Refusal(" in path.read_text(encoding="utf-8")]
"""Every Super Camelot module writing refusals (a grep for `Refusal(`)."""
KINDS = refusal_kinds(*MODULES)
COMPUTED = {"the game is over", "chance decides that, not a player",
            "that outcome cannot happen here", "waiting for chance (a tile, dice or a card)",
            "nothing is being asked now", "not one of the choices: ", "first "}
"""The wordings `legality` writes with a computed ruling (the step or question's own):
`refusal_kinds` cannot list them, so each is required here by hand."""

RELICS = (Special.FIRE_RELIC, Special.WATER_RELIC, Special.WIND_RELIC)
P1 = name(at(5, 3, 3))  # r11c11: where the scenes put P1
NORTH_OF_P1, NW_OF_P1 = name(at(5, 2, 3)), name(at(5, 2, 2))


# -- small builders -------------------------------------------------------------------


def scene(rows: str, **extra: object) -> SuperCamelotState:
    """`rows` drawn on slot 5, abilities off."""
    return build({5: rows}, abilities="off", **extra)  # type: ignore[arg-type]


def give(state: SuperCamelotState, seat: int, card: Card) -> SuperCamelotState:
    """A face-up Small Treasure, taken from its deck (the position stays consistent)."""
    state.decks[Deck.SMALL_TREASURE][card] -= 1
    state.players[seat].treasures.append((card, TreasureState.UP))
    return state


def hold(state: SuperCamelotState, seat: int, item: Item, count: int = 1) -> SuperCamelotState:
    """Keys or bombs from the supply."""
    state.item_supply[item] -= count
    if item is Item.SMALL_KEY:
        state.players[seat].keys += count
    else:
        state.players[seat].bombs += count
    return state


def relics(state: SuperCamelotState, seat: int = 0) -> SuperCamelotState:
    for relic in RELICS:
        state.players[seat].specials[relic] = True
    return state


def open_ground() -> SuperCamelotState:
    return scene(OPEN)


def at_the_north_circle_exit(**extra: object) -> SuperCamelotState:
    """P1 on r12c13, a square bordering the north circle (its step south leads there)."""
    return scene("T.....T\n" + ".......\n" * 3 + ".....1.\n.....##\nT....##", **extra)


def on_the_north_circle() -> SuperCamelotState:
    """P1 stepped onto the north circle with the three relics (SC-20)."""
    return play(relics(at_the_north_circle_exit()), "step south")


def north_of_p1(mark: str, **extra: object) -> SuperCamelotState:
    """`mark` on r10c11, just north of P1."""
    return scene(f"T.....T\n.......\n...{mark}...\n...1...\n.......\n.......\nT.....T",
                 **extra)


def first_turn_off_the_map() -> SuperCamelotState:
    """P1 has not started; P2 stands on the south circle (SC-7)."""
    state = build({5: EMPTY, 6: EMPTY}, abilities="off")
    state.players[0].position, state.players[1].position = -1, CIRCLES[2]
    return state


def glade_first_turn(circle: str = "north") -> SuperCamelotState:
    """P1's first turn on a circle; slot 5 is the glade, not populated: its r12c13 will
    hold a bush (SC-9)."""
    return play(build({6: EMPTY}, keys={5: "glade"}, abilities="off"), f"circle {circle}")


def far_from_the_glade() -> SuperCamelotState:
    """P1 on r11c18 (slot 6); the glade in slot 5 is not populated."""
    return build({6: "T.....T\n.......\n.......\n...1...\n.......\n.......\nT.....T"},
                 keys={5: "glade"}, abilities="off")


def north_circle_taken() -> SuperCamelotState:
    """P1 holds the relics beside the north circle, where P2 stands (SC-20)."""
    state = relics(at_the_north_circle_exit())
    state.players[1].position = CIRCLES[0]
    return state


def no_actions_left() -> SuperCamelotState:
    return play(open_ground(), "step north", "stop", "step south", "stop", "step east",
                "stop")


def with_the_bow() -> SuperCamelotState:
    """A Knight on r10c10 and a Mimic on r10c11; P1 holds the Hunting Bow."""
    return give(scene(KNIGHT_AND_MIMIC), 0, Card.HUNTING_BOW)


def mimic_on_p1() -> SuperCamelotState:
    """A Mimic attacks by stepping onto its target (SC-24): one stands on P1's square."""
    state = with_the_bow()
    state.enemies[at(5, 3, 3)] = Token.MIMIC
    state.token_supply[Token.MIMIC] -= 1
    return state


def with_a_bomb(rows: str = OPEN) -> SuperCamelotState:
    return hold(scene(rows), 0, Item.BOMB)


def choosing() -> SuperCamelotState:
    return play(GAME.new_state(2), "tile meadow", "tile glade", "tile thicket", "tile pass")


def first_player_roll() -> SuperCamelotState:
    return play(choosing(), "pick arthur", "pick merlin")


def roll_off() -> SuperCamelotState:
    """P1 and P3 tie for the most Stars, round after round, until SC-41's draw among
    them settles it."""
    state = play(GAME.new_state(3), "tile meadow", "tile glade", "tile thicket", "tile pass",
                 "pick arthur", "pick merlin", "pick galahad", "stars 2", "stars 0", "stars 2")
    while isinstance(state.pending[-1], StarRoll):
        play(state, "stars 2")
    return state


def exploring() -> SuperCamelotState:
    """P1 stepped north from slot 5 (the meadow) into unexplored slot 1 (SC-10)."""
    return play(scene("T..1..T\n" + ".......\n" * 5 + "T.....T", keys={5: "meadow"}),
                "step north")


def attack_roll() -> SuperCamelotState:
    return play(scene(KNIGHT_AND_MIMIC), "attack nw")


def litter_draw() -> SuperCamelotState:
    return play(scene(BUSHES), "attack nw", "roll gem blank blank")


def drop_choice() -> SuperCamelotState:
    return play(scene(BUSHES), "attack nw", "roll gem gem blank", "draw green-gem")


def star_choice() -> SuperCamelotState:
    return play(scene(KNIGHT_AND_MIMIC), "attack nw", "roll star star blank")


def arthur_rerolls() -> SuperCamelotState:
    return play(build({5: KNIGHT_AND_MIMIC}, characters=(Character.ARTHUR, Character.MERLIN)),
                "attack nw", "roll blank blank one-hit")


def merlin_draws() -> SuperCamelotState:
    return play(build({5: KNIGHT_AND_MIMIC.replace("..dm...", "..b....")},
                      characters=(Character.MERLIN, Character.ARTHUR)),
                "attack nw", "roll gem blank blank", "draw bomb")


def treasure_draw() -> SuperCamelotState:
    return play(hold(scene(CHEST), 0, Item.SMALL_KEY), "open chest")


def defence() -> SuperCamelotState:
    """A Plant north of P1 spits at it (SC-25)."""
    return play(scene(KNIGHT_AND_MIMIC.replace("..dm...", "...p...")), "end turn")


def target_choice() -> SuperCamelotState:
    """P1 is walled in by bushes; the Knight stands between P2 and P3 (SC-22)."""
    return play(scene("T.....T\n..2d3..\n.......\n...b...\n..b1b..\n...b...\nT.....T",
                      players=3), "end turn")


def steal_choice() -> SuperCamelotState:
    """The Mimic reaches P1, who holds two kinds of face-up treasure (SC-24)."""
    state = scene(KNIGHT_AND_MIMIC.replace("..dm...", "...m..."))
    give(give(state, 0, Card.HUNTING_BOW), 0, Card.RACING_BOOTS)
    return play(state, "end turn")


def enemy_turn() -> SuperCamelotState:
    return play(scene(KNIGHT_AND_MIMIC, enemy_order="choose"), "end turn")


def kill_choice() -> SuperCamelotState:
    """Any two of three Mimics die; r10c11 is named already (SC-38)."""
    return play(scene(THREE_MIMICS), "attack nw", "roll two-hits one-hit blank",
                f"kill {NORTH_OF_P1}")


def knight_or_mimics() -> SuperCamelotState:
    """One hit: one Mimic or the other, never the Knight on r10c10 (SC-38)."""
    return play(scene(THREE_MIMICS.replace("..mm...", "..dm...")), "attack nw",
                "roll one-hit blank blank")


def loot_choice() -> SuperCamelotState:
    """A bomb kills three Mimics with two Gems; r10c12 already draws (SC-12, SC-28)."""
    state = with_a_bomb(THREE_MIMICS.replace("..m1...", "...1...").replace("..mm...",
                                                                         "..mmm.."))
    return play(state, bomb_over(state, at(5, 2, 2), at(5, 2, 3), at(5, 2, 4)),
                "roll two-hits gem gem", f"loot {name(at(5, 2, 4))}")


def passed_out() -> SuperCamelotState:
    """P1 bombed itself down to 0 health on its own turn (SC-39)."""
    state = hold(scene(KNIGHT_AND_MIMIC), 0, Item.BOMB)
    state.players[0].health = 2
    return play(state, bomb_over(state, at(5, 3, 3)), "roll one-hit blank blank")


def game_won_by_the_grail() -> SuperCamelotState:
    return play(on_the_north_circle(), "claim grail")


def game_won_by_gems() -> SuperCamelotState:
    """39 gems, then a red gem (SC-19)."""
    state = scene("T.....T\n.......\n.......\n..1R...\n.......\n.......\nT.....T")
    state.players[0].gems = [4, 3, 1]
    for item, count in ((Item.GREEN_GEM, 4), (Item.BLUE_GEM, 3), (Item.RED_GEM, 1)):
        state.item_supply[item] -= count
    give(give(state, 0, Card.MAGNET), 0, Card.SHOVEL)
    return play(state, "step east")


def game_capped() -> SuperCamelotState:
    return play(scene(OPEN, max_turns=1), "end turn")


# -- hand-built positions -------------------------------------------------------------


def no_tile_left() -> SuperCamelotState:
    """SC-10's empty stack beside an unexplored slot: sixteen tiles fill sixteen slots, so
    a real game never has both; the stack is emptied by hand."""
    state = scene("T..1..T\n" + ".......\n" * 5 + "T.....T")
    state.tile_stack = []
    return state


def circle_beside_an_unexplored_tile() -> SuperCamelotState:
    """SC-10 from a circle: the centre tiles are drawn before anyone plays (SC-1), so a
    circle always borders explored tiles; slot 5 is un-explored by hand."""
    state = on_the_north_circle()
    state.tile_stack.append(state.slot_tile[5])
    state.slot_tile[5] = -1
    state.visited[5] = False
    return state


def walled_circle_exit() -> SuperCamelotState:
    """SC-9's free way out: only a step from a circle can lack one (the square left behind
    counts), and every square bordering a circle has a neighbour on its tile's edge, where
    tiles hold nothing (SC-2). Chests are set by hand around r12c13 on the meadow, not
    populated."""
    state = build({6: EMPTY}, keys={5: "meadow"}, abilities="off")
    state.players[0].position = CIRCLES[0]
    for square in (at(5, 3, 5), at(5, 4, 4), at(5, 4, 6)):
        state.things[square] = Thing.SMALL_CHEST
    return state


def inside_the_starting_tile() -> SuperCamelotState:
    """SC-8's Castle: its squares touch only other squares of the Starting Tile, where
    nobody ever stands (SC-3); P1 is put on r13c14 by hand."""
    state = scene(EMPTY)
    state.players[0].position = at(5, 5, 6)
    return state


def on_a_tree() -> SuperCamelotState:
    """SC-32 with arc=own-tile: from any square one can stand on, each arc keeps a square
    on the tile (only a corner, a tree, has two sides off it); P1 is put on r8c8 by hand."""
    state = scene(EMPTY, arc="own-tile")
    state.players[0].position = at(5, 0, 0)
    return state


def no_small_loot_left() -> SuperCamelotState:
    """SC-26: every Small Loot card returns to the deck or its discard once used (SC-16),
    so both are never empty when nothing is pending; they are emptied by hand."""
    state = give(open_ground(), 0, Card.SHOVEL)
    state.decks[Deck.SMALL_LOOT] = [0] * len(Card)
    state.discards[Deck.SMALL_LOOT] = [0] * len(Card)
    return state


HAND_BUILT = {no_tile_left, circle_beside_an_unexplored_tile, walled_circle_exit,
              inside_the_starting_tile, on_a_tree, no_small_loot_left}


CASES: list[tuple[str, Callable[[], SuperCamelotState], str, str]] = [
    # the end (SC-19, SC-20, SC-37)
    ("over: the grail was claimed", game_won_by_the_grail, "end turn", "SC-20"),
    ("over: forty gems", game_won_by_gems, "end turn", "SC-19"),
    ("over: the safety cap", game_capped, "end turn", "SC-37"),
    # chance outcomes are not a player's
    ("a roll is chance's", open_ground, "roll blank blank blank", "SC-12"),
    ("a tile is chance's", open_ground, "tile meadow", "SC-10"),
    ("stars are chance's", open_ground, "stars 1", "SC-4"),
    ("a roll-off is chance's", open_ground, "first P1", "SC-41"),
    ("a card is chance's", open_ground, "draw bomb", "SC-16"),
    # outcomes the step on top cannot have, and waiting for chance
    ("a centre tile is an unnamed one", lambda: GAME.new_state(2), "tile fire-shrine",
     "SC-1"),
    ("an explored tile is in the stack", exploring, "tile meadow", "SC-10"),
    ("an attack rolls three dice", attack_roll, "roll blank", "SC-12"),
    ("a star count, not a seat", first_player_roll, "first P1", "SC-4"),
    ("the roll-off is among the tied", roll_off, "first P2", "SC-41"),
    ("a re-roll is one die", lambda: play(arthur_rerolls(), "reroll blank"),
     "roll blank blank", "SC-5"),
    ("Litter holds no Magnet", litter_draw, "draw magnet", "SC-16"),
    ("Merlin's second card is Litter", merlin_draws, "draw magnet", "SC-5"),
    ("a Small Treasure, not a Bomb", treasure_draw, "draw bomb", "SC-17"),
    ("a defence is one die", defence, "roll blank blank blank", "SC-21"),
    ("waiting for the dice", attack_roll, "end turn", "SC-12"),
    ("waiting for the tile", exploring, "stop", "SC-10"),
    # questions asked mid-action or in the Enemy Turn
    ("the item drops on a source", drop_choice, "drop r1c1", "SC-16"),
    ("first say where the item drops", drop_choice, "end turn", "SC-16"),
    ("as many Gems as Stars at most", star_choice, "gems 3", "SC-12"),
    ("Merlin keeps a card drawn", lambda: play(merlin_draws(), "draw green-gem"),
     "keep magnet", "SC-5"),
    ("Arthur re-rolls a face shown", arthur_rerolls, "reroll star", "SC-5"),
    ("the target is one of the nearest", target_choice, "target P1", "SC-22"),
    ("the Mimic takes a treasure held", steal_choice, "give up shovel", "SC-24"),
    ("the next enemy is a queued one", enemy_turn, "activate r1c1", "SC-22"),
    ("first name the kills", kill_choice, "end turn", "SC-38"),
    ("an enemy already named", kill_choice, f"kill {NORTH_OF_P1}", "SC-38"),
    ("an enemy the attack does not reach", kill_choice, "kill r1c1", "SC-12"),
    ("an enemy in no maximal kill set", knight_or_mimics, f"kill {NW_OF_P1}", "SC-38"),
    ("an enemy already drawing Loot", loot_choice, f"loot {name(at(5, 2, 4))}", "SC-28"),
    ("Loot for a killed enemy only", loot_choice, "loot r1c1", "SC-12"),
    ("no drop is asked", open_ground, f"drop {P1}", "SC-16"),
    ("no re-roll is asked", open_ground, "keep roll", "SC-5"),
    # characters (SC-4, SC-34)
    ("first pick a character", choosing, "end turn", "SC-34"),
    ("a character already taken", lambda: play(choosing(), "pick lancelot"), "pick lancelot",
     "SC-4"),
    ("characters are chosen before play", open_ground, "pick arthur", "SC-34"),
    # the turn (SC-6, SC-7, SC-8, SC-39)
    ("a taken starting circle", first_turn_off_the_map, "circle south", "SC-7"),
    ("first stand on a circle", first_turn_off_the_map, "attack ne", "SC-7"),
    ("a circle on a first turn only", open_ground, "circle north", "SC-7"),
    ("first move off the circle", lambda: play(first_turn_off_the_map(), "circle north"),
     "attack ne", "SC-7"),
    ("passed out", passed_out, "step south", "SC-39"),
    ("no move to stop", open_ground, "stop", "SC-8"),
    ("no action left to attack", no_actions_left, "attack nw", "SC-6"),
    ("no action left to move", no_actions_left, "step east", "SC-6"),
    # moving (SC-8, SC-9, SC-10, SC-20)
    ("trees", lambda: scene("T.....T\n1......\n" + ".......\n" * 4 + "T.....T"),
     "step north", "SC-8"),
    ("an enemy in the way", lambda: north_of_p1("d"), "step north", "SC-8"),
    ("a character in the way", lambda: north_of_p1("2"), "step north", "SC-8"),
    ("a rock in the way", lambda: north_of_p1("r"), "step north", "SC-8"),
    ("a bush in the way", lambda: north_of_p1("b"), "step north", "SC-8"),
    ("no tile left to explore", no_tile_left, "step north", "SC-10"),
    ("explore from the map", circle_beside_an_unexplored_tile, "step r12c13", "SC-10"),
    ("a token once populated", glade_first_turn, "step r12c13", "SC-9"),
    ("no way out", walled_circle_exit, "step r12c13", "SC-9"),
    ("the Starting Tile without the relics", at_the_north_circle_exit, "step south",
     "SC-8"),
    ("the Castle", inside_the_starting_tile, "step south", "SC-8"),
    # issue 12 regressions: the square is checked before what entering it would do
    ("a step far away, into a tile not populated", far_from_the_glade, "step r12c13",
     "SC-8"),
    ("a diagonal step", open_ground, f"step {NW_OF_P1}", "SC-8"),
    ("from a circle, a square off its side", lambda: glade_first_turn("west"),
     "step r12c13", "SC-8"),
    ("a circle taken, the relics held", north_circle_taken, "step south", "SC-20"),
    ("the relics held, a Starting Tile square named", lambda: relics(at_the_north_circle_exit()),
     "step r13c13", "SC-20"),
    # attacks (SC-12, SC-14, SC-15, SC-32, SC-36)
    ("attack from a circle", on_the_north_circle, "attack ne", "SC-12"),
    ("a sweep without the Greatsword", open_ground, "sweep north", "SC-32"),
    ("an arc off the tile", on_a_tree, "attack nw", "SC-32"),
    ("no bomb", open_ground, f"bomb {P1}", "SC-14"),
    ("a bomb from a circle", lambda: hold(on_the_north_circle(), 0, Item.BOMB), f"bomb {P1}",
     "SC-12"),
    ("a bomb off the tile", with_a_bomb, "bomb r2c2", "SC-14"),
    ("a block like an earlier one", with_a_bomb, f"bomb {name(at(5, 1, 5))}", "SC-36"),
    ("no bow", lambda: scene(KNIGHT_AND_MIMIC), f"shoot {NW_OF_P1}", "SC-15"),
    ("the bow once per turn",
     lambda: play(with_the_bow(), f"shoot {NORTH_OF_P1}", "roll blank blank blank"),
     f"shoot {NW_OF_P1}", "SC-15"),
    ("the bow from a circle", lambda: give(on_the_north_circle(), 0, Card.HUNTING_BOW),
     f"shoot {NW_OF_P1}", "SC-12"),
    ("the bow at a Mimic on one's square", mimic_on_p1, f"shoot {P1}", "SC-15"),
    ("the bow off the tile", with_the_bow, "shoot r1c1", "SC-15"),
    # chests, special items, the Grail, the Shovel (SC-17, SC-18, SC-20, SC-26)
    ("a Small Chest without a key", lambda: scene(CHEST), "open chest", "SC-17"),
    ("the Big Chest without the Big Key", lambda: scene(CHEST.replace("c", "C")),
     "open chest", "SC-17"),
    ("an open chest", lambda: hold(scene(CHEST.replace("c", "x")), 0, Item.SMALL_KEY),
     "open chest", "SC-17"),
    ("no chest to the north", open_ground, "open chest", "SC-17"),
    ("a special already held", lambda: play(north_of_p1("f"), "pick up fire-relic"),
     "pick up fire-relic", "SC-18"),
    ("no stack beside", open_ground, "pick up water-relic", "SC-18"),
    ("claim off a circle", lambda: relics(open_ground()), "claim grail", "SC-20"),
    ("dig without the Shovel", open_ground, "dig", "SC-26"),
    ("dig on a circle", lambda: give(on_the_north_circle(), 0, Card.SHOVEL), "dig", "SC-26"),
    ("no Small Loot to dig", no_small_loot_left, "dig", "SC-26"),
]


@pytest.mark.parametrize(("case", "build_state", "text", "ruling"), CASES,
                         ids=[case[0] for case in CASES])
def test_sc_refusals_name_their_ruling(case: str,
                                       build_state: Callable[[], SuperCamelotState],
                                       text: str, ruling: str) -> None:
    assert_refused(build_state(), text, ruling)


def _kind(state: SuperCamelotState, text: str) -> tuple[str, str]:
    """The kind of refusal `text` gets: one written in the modules, or (its computed
    ruling, the wording of `COMPUTED` it starts with)."""
    found = state.refusal(GAME.parse_action(state, text))
    assert found is not None, text
    reason = str(found.reason)  # the English of its words (issue 29)
    if any(found.ruling == ruling and reason.startswith(words) for ruling, words in KINDS):
        return kind_of(found, KINDS)
    words = [start for start in COMPUTED if reason.startswith(start)]
    assert words, f"{found} is of no kind written in the Super Camelot modules"
    return found.ruling, max(words, key=len)


def test_sc_every_kind_of_refusal_is_tested() -> None:
    assert {path.name for path in MODULES} >= {"legality.py", "movement.py", "combat.py",
                                               "chests.py", "strikes.py"}
    produced = {_kind(build_state(), text) for _, build_state, text, _ in CASES}
    assert KINDS - produced == set(), "kinds of refusal without a test"
    assert COMPUTED - {words for _, words in produced} == set(), \
        "wordings with a computed ruling without a test"


def test_sc_refusal_positions_are_game_positions_unless_built_by_hand() -> None:
    """Every position above but the `HAND_BUILT` ones conserves the box (SC-1, SC-11,
    SC-16, SC-35) and reads back from its text."""
    for case, build_state, _, _ in CASES:
        if build_state not in HAND_BUILT:
            state = build_state()
            check(state)
            assert GAME.from_text(state.to_text()) == state, case


def test_sc_refusal_passes_exactly_the_legal_actions_of_the_whole_action_space() -> None:
    """Issue 12 over every index of the fixed action space (not only actions some game
    offered), at every position above."""
    builders = list(dict.fromkeys(build_state for _, build_state, _, _ in CASES))
    for build_state in builders:
        state = build_state()
        legal = set(state.legal_actions())
        for action in SPACE.actions:
            found = state.refusal(action)
            assert (found is None) == (action in legal), (build_state.__name__, action, found)


def test_sc8_a_step_from_a_circle_onto_the_starting_tile_is_refused() -> None:
    """`step r13c13` on a first turn, from the north circle: r13c13 is a square of the
    Starting Tile, not one of the circle's four exits (SC-3, SC-8)."""
    state = play(first_turn_off_the_map(), "circle north")
    before = state.clone()
    action = GAME.parse_action(state, "step r13c13")
    with pytest.raises(IllegalActionError) as refused:
        state.apply(action)
    assert refused.value.ruling == "SC-8" and state == before


# -- the issue 12 regressions, in words ---------------------------------------------------


def test_sc20_with_the_relics_a_step_onto_the_starting_tile_points_to_the_circle() -> None:
    """A relic holder next to the Starting Tile who names one of its squares is told to
    step onto the circle itself (SC-20), not that the relics are missing."""
    state = relics(at_the_north_circle_exit())
    player = state.players[state.active]
    inside = next(sq for sq in NEIGHBOURS[player.position] if sq in START_BLOCK)
    refusal = state.refusal(Step(inside))
    assert refusal is not None and refusal.ruling == "SC-20" and "circle itself" in \
        str(refusal.reason)


def test_sc8_a_step_is_judged_by_its_square_before_what_entering_would_do() -> None:
    """r12c13 will hold the glade's bush (SC-9), but from any square of the map not next
    to it, or from a circle it does not border, the step itself is wrong (SC-8)."""
    target = GAME.parse_action(far_from_the_glade(), "step r12c13")
    assert isinstance(target, Step)
    state = far_from_the_glade()
    origins = [sq for sq in range(SQUARES) if OPEN_GROUND[sq] and target.to not in
               NEIGHBOURS[sq]]
    assert len(origins) > 600
    for origin in origins:  # P1 set on every square in turn, by hand
        state.players[0].position = origin
        found = state.refusal(target)
        assert found is not None and (found.ruling, str(found.reason)) == (
            "SC-8", "a step goes to a square orthogonally next to you"), name(origin)
    for circle in ("east", "south", "west"):
        found = glade_first_turn(circle).refusal(target)
        assert found is not None and found.ruling == "SC-8", (circle, found)
    # the same square from the circle it borders is refused for the bush it will hold
    assert glade_first_turn().refusal(target) == movement.TOKEN_ON_ENTRY


def test_sc20_a_taken_circle_is_refused_as_taken_not_as_closed() -> None:
    state = north_circle_taken()
    found = state.refusal(GAME.parse_action(state, "step south"))
    assert found is not None and found.ruling == "SC-20"
    assert str(found.reason).startswith("another character stands on that circle")
    state.players[1].position = CIRCLES[1]
    assert "step south" in options(state), "free again, it opens"


def test_sc12_an_attack_reaching_nothing_is_legal_spends_the_action_and_rolls_nothing(
        ) -> None:
    state = open_ground()
    assert {"attack ne", "attack se", "attack sw", "attack nw"} <= set(options(state))
    before = state.clone()
    play(state, "attack ne")
    assert state.actions_left == before.actions_left - 1
    assert not state.pending and state.current_player() == 0 != CHANCE
    state.actions_left = before.actions_left
    assert state == before, "nothing else changed"


def test_sc36_a_block_like_an_earlier_one_names_the_first() -> None:
    state = with_a_bomb()
    first = name(at(5, 1, 1))  # r9c9: the first block in reading order hitting nothing
    assert f"bomb {first}" in options(state)
    assert f"bomb {name(at(5, 1, 5))}" not in options(state)
    found = state.refusal(GAME.parse_action(state, f"bomb {name(at(5, 1, 5))}"))
    assert found is not None and found.ruling == "SC-36"
    assert f"centred on {first}:" in str(found.reason)


def test_sc_refusal_steps_are_the_steps_they_claim() -> None:
    """The pending steps the question and chance cases above are built to reach."""
    expected = {exploring: TileDraw, attack_roll: AttackRoll, first_player_roll: StarRoll,
                roll_off: RollOff, litter_draw: CardDraws, merlin_draws: SecondDraw,
                treasure_draw: TreasureDraw, defence: Defence, drop_choice: DropChoice,
                star_choice: StarChoice, arthur_rerolls: RerollChoice,
                target_choice: TargetChoice, steal_choice: StealChoice,
                enemy_turn: EnemyTurn, kill_choice: KillChoice,
                knight_or_mimics: KillChoice, loot_choice: LootChoice}
    for build_state, step in expected.items():
        assert type(build_state().pending[-1]) is step, build_state.__name__
    assert type(play(arthur_rerolls(), "reroll blank").pending[-1]) is RerollDie
    assert type(play(merlin_draws(), "draw green-gem").pending[-1]) is KeepChoice
    assert choosing().phase is Phase.CHOOSING and passed_out().players[0].passed_out
    assert game_won_by_the_grail().end == "grail" and game_won_by_gems().end == "gems"
    assert game_capped().is_terminal() and game_capped().winner < 0
