"""Position texts (docs/position-text.md): both round trips at sampled states of random
games, for every game, player count and variant; bad texts refused with PositionError;
the documented examples read as documented."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from albion.core import AnyGame, PositionError
from albion.games.diamoniak import GAME as DIAMONIAK
from albion.games.diamoniak import position as diamoniak
from albion.games.raiding_stonehenge import GAME as RAIDING
from albion.games.raiding_stonehenge import position as raiding
from albion.games.super_camelot import GAME as CAMELOT
from albion.games.super_camelot import position as camelot
from albion.games.super_camelot import position_steps
from albion.games.super_camelot.board import CIRCLES, square
from albion.games.super_camelot.components import Card, Face, Item, Special, Token
from albion.games.super_camelot.pieces import (
    Defence,
    EnemyTurn,
    Strike,
    TreasureState,
    TurnOver,
    Weapon,
)
from tests.conformance.harness import Setup, playout, setups

MODULES: dict[str, ModuleType] = {"diamoniak": diamoniak, "raiding-stonehenge": raiding,
                                  "super-camelot": camelot}
STRIDE = {"diamoniak": 5, "raiding-stonehenge": 4, "super-camelot": 40}
"""Every STRIDE-th action of a playout is checked (about 40 states per game)."""
SEEDS = (0, 1, 2)
DOC = Path(__file__).parents[2] / "docs" / "position-text.md"


def sampled(setup: Setup, seed: int) -> Iterator[Any]:
    """States of a random game: every STRIDE-th, the first of each kind (who acts, phase,
    pending step on top: chance nodes and decisions in the middle of an action) and the
    last."""
    seen = set()
    for index, state in enumerate(playout(setup, seed, every=True)):
        pending = getattr(state, "pending", None)
        kind = (max(state.current_player(), -1), getattr(state, "phase", None),
                type(pending[-1]).__name__ if pending else None)
        if index % STRIDE[setup.game.id] == 0 or kind not in seen or state.is_terminal():
            seen.add(kind)
            yield state


@pytest.mark.parametrize("setup", setups(), ids=str)
def test_position_texts_round_trip(setup: Setup) -> None:
    module = MODULES[setup.game.id]
    for seed in SEEDS:
        for state in sampled(setup, seed):
            text = module.to_text(state)
            back = module.from_text(text)
            assert back == state, f"{setup} seed {seed}: read back differs\n{text}"
            assert module.to_text(back) == text


# -- the documented examples ----------------------------------------------------------


def documented(game: str) -> str:
    blocks = re.findall(r"```text\n(.*?)```", DOC.read_text("utf-8"), re.S)
    found = [block.rstrip("\n") for block in blocks if block.startswith(f"{game} ")]
    assert len(found) == 1, f"docs/position-text.md has {len(found)} examples of {game}"
    return str(found[0])


@pytest.mark.parametrize("game", ["diamoniak", "raiding-stonehenge"])
def test_the_documented_one_line_examples_read(game: str) -> None:
    text = documented(game)
    assert MODULES[game].to_text(MODULES[game].from_text(text)) == " ".join(text.split())


def test_the_documented_diamoniak_example_is_a_witch_toll() -> None:
    state = diamoniak.from_text(documented("diamoniak"))
    assert state.phase.name == "WITCH_TOLL" and state.toll_left == 3 and state.n == 3
    assert state.castle_size == [3, 5, 4] and state.right[2][4] == 12


def test_the_documented_raiding_example_waits_for_a_black_placement() -> None:
    state = raiding.from_text(documented("raiding-stonehenge"))
    assert state.phase.name == "PLACE" and state.current_player() == 0
    assert state.placed == [1] and state.pending == [0, 2, 3] and state.at_pile[1] == 3
    assert state.lines[3] == [3, 18, 12, 25] and state.deck[26] == 1


def test_the_documented_super_camelot_example_reads_as_described() -> None:
    text = documented("super-camelot")
    state = camelot.from_text(text)
    assert camelot.to_text(state) == text
    mimic = square(10, 21)
    assert state.players[0].position == mimic and state.enemies[mimic] is Token.MIMIC
    assert state.loot[mimic] == ((0, Card.MAGNET),)
    assert state.players[0].treasures == [(Card.SHOVEL, TreasureState.UP),
                                          (Card.MAGNET, TreasureState.STOLEN)]
    assert state.players[1].position == CIRCLES[0]
    assert state.items[square(10, 22)] == (Item.BOMB,)
    assert state.enemies[square(10, 22)] is Token.DARK_KNIGHT
    assert state.items[square(11, 27)] == (Item.BOMB, Item.GREEN_GEM)
    assert state.stacks[square(10, 24)] == (Special.BIG_KEY, 3)
    assert state.facing[square(12, 25)] == 6, "west"
    assert (state.visited[5], state.populated[5]) == (True, False)
    assert (state.visited[9], state.populated[9]) == (False, False)
    assert state.pending == [TurnOver(), EnemyTurn((square(10, 22), square(12, 25))),
                             Defence(0, 1)]
    assert state.current_player() == -1, "P1 rolls to defend: a chance node"


# -- refusals -------------------------------------------------------------------------


def start(game: str, players: int = 2) -> str:
    games: dict[str, AnyGame] = {"diamoniak": DIAMONIAK, "raiding-stonehenge": RAIDING,
                                 "super-camelot": CAMELOT}
    return str(MODULES[game].to_text(games[game].new_state(players)))


def refused(game: str, text: str, match: str) -> None:
    with pytest.raises(PositionError, match=match):
        MODULES[game].from_text(text)


@pytest.mark.parametrize("game", MODULES)
def test_another_games_text_is_refused(game: str) -> None:
    for other in MODULES:
        if other != game:
            refused(game, start(other), "not a .* position")
    refused(game, "", "empty")


def test_player_counts_are_checked() -> None:
    refused("diamoniak", start("diamoniak").replace("2p", "5p", 1), "2 to 4")
    refused("diamoniak", start("diamoniak").replace("2p", "3p", 1), "sections")
    refused("raiding-stonehenge", start("raiding-stonehenge").replace("2p", "6p", 1), "2 to 5")
    refused("raiding-stonehenge", start("raiding-stonehenge", 3).replace("3p", "2p", 1),
            "sections")
    refused("super-camelot", start("super-camelot").replace("2p", "1p", 1), "2 to 4")
    playing = documented("super-camelot")
    refused("super-camelot", playing.replace("2p", "3p", 1), "2 characters for 3 players")
    refused("super-camelot", playing.replace("\nP2 ", "\nP3 ", 1), "P3 out of order")


def test_diamoniak_cards_are_conserved() -> None:
    text = start("diamoniak")
    refused("diamoniak", text.replace("20d", "19d"), "54|20 diamond|not conserved")
    refused("diamoniak", text.replace("P1 castle -", "P1 castle 1r"), "7 red")
    refused("diamoniak", text.replace("P1 castle - right -", "P1 castle 1r right -")
            .replace("6r", "5r").replace("P2 castle -", "P2 castle 0r"), "DI-5")
    toll = documented("diamoniak")
    refused("diamoniak", toll.replace("witch_toll", "turn_start"), "6 witch")


def test_raiding_cards_and_disks_are_conserved() -> None:
    text = start("raiding-stonehenge")
    refused("raiding-stonehenge", text.replace("1-30x2", "1-29x2"), "card 30")
    refused("raiding-stonehenge", text.replace("10w", "9w"), "white disks")
    refused("raiding-stonehenge", text.replace("1-30x2", "1-30x2,4"), "written twice")
    placed = documented("raiding-stonehenge")
    refused("raiding-stonehenge", placed.replace("taken 21,15", "taken 21,16"),
            "neither in the hand")


def test_super_camelot_components_are_conserved() -> None:
    text = documented("super-camelot")
    refused("super-camelot", text.replace("bush=19", "bush=20"), "bush")
    refused("super-camelot", text.replace("green=3", "green=4"), "green-gem")
    refused("super-camelot", text.replace("shovel=1\n", "shovel=2\n"), "shovel")
    refused("super-camelot", text.replace("tile-stack meadow ", "tile-stack "), "meadow")
    refused("super-camelot", text.replace(" loot P1:magnet", ""), "stolen magnet")
    refused("super-camelot", text.replace("treasures=shovel,", "treasures=shovel,shovel,"),
            "shovel")
    refused("super-camelot", text.replace("merlin", "lancelot", 1), "same character")


def test_unknown_marks_and_words_are_refused() -> None:
    refused("diamoniak", start("diamoniak").replace("6r", "6z"), "card letter")
    refused("diamoniak", start("diamoniak").replace("turn_start", "lunch"), "phase")
    refused("raiding-stonehenge", start("raiding-stonehenge").replace("lines -", "lines x"),
            "not a card")
    refused("raiding-stonehenge", start("raiding-stonehenge").replace("rotate_start=yes",
                                                                      "rotate_start=maybe"),
            "variant")
    text = documented("super-camelot")
    refused("super-camelot", text.replace("1dbk...", "1dbkZ.."), "'Z' is not a mark")
    refused("super-camelot", text.replace("...b..O", "...b..#"), "'#' cannot stand here")
    refused("super-camelot", text.replace("r11c23: d O", "r11c23: O d"), "must start")
    refused("super-camelot", text.replace("r13c26: p:w", "r13c26: p:up"), "facing")
    refused("super-camelot", text.replace("r11c25: k:3", "r11c25: k:7"), "tokens left")
    refused("super-camelot", text.replace("r11c23: d O", "r11c23: d O loot P1:magnet"),
            "only a Mimic")
    refused("super-camelot", text.replace("r11c23: d O", "r3c3: d O"), "not on slot 7")
    refused("super-camelot", text.replace("at=north-circle", ""), "either drawn")
    refused("super-camelot", text.replace("TurnOver()", "Rest()"), "'Rest' is not a step")
    refused("super-camelot", text.replace("damage=1", "damage=Face.STAR"), "damage")
    refused("super-camelot", text.replace("victim=P1", "victim=P3"), "not a seat")
    refused("super-camelot", text.replace("Defence(victim=P1, damage=1)",
                                          "Strike(weapon=Weapon.SWORD, bushes=(), "
                                          "enemies=())"), "not a pending step")


@pytest.mark.parametrize("game", MODULES)
def test_truncated_texts_are_refused(game: str) -> None:
    text = documented(game)
    step = 7 if game == "super-camelot" else 1
    for end in range(0, len(text.rstrip()) - 1, step):
        with pytest.raises(PositionError):
            MODULES[game].from_text(text[:end])


@pytest.mark.parametrize("game", MODULES)
def test_edited_texts_read_or_are_refused_in_one_line(game: str) -> None:
    """Random edits: either a consistent position (it round-trips) or a PositionError
    with a one-line message, never another exception."""
    rng = random.Random(game)
    text = documented(game)
    marks = "0123456789abcdefgkmprwxyzCGKORTUXP.,:=|()#- \n"
    for _ in range(300):
        at = rng.randrange(len(text))
        edited = text[:at] + rng.choice(["", rng.choice(marks)]) + text[at + rng.randrange(2):]
        try:
            state = MODULES[game].from_text(edited)
        except PositionError as error:
            message = str(error)
        else:
            assert MODULES[game].from_text(MODULES[game].to_text(state)) == state
            continue
        assert "\n" not in message, message


# -- pending steps are written from their fields ---------------------------------------


@dataclass(frozen=True, slots=True)
class Probe:
    """A step type the writer and reader never heard of."""

    target: int
    seats: tuple[int, ...]
    faces: tuple[Face, ...]
    strike: Strike | None
    pairs: tuple[tuple[int, Card], ...] = ()
    flag: bool = False


def read_step(text: str) -> object:
    return position_steps.parse_step(text, "test", 2)


def test_a_new_step_type_needs_no_change(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(position_steps.STEPS, "Probe", Probe)
    monkeypatch.setattr(position_steps, "PENDING", position_steps.PENDING | {Probe})
    step = Probe(square(3, 4), (0, 1), (Face.STAR, Face.GEM),
                 Strike(Weapon.BOMB, (5,), (), characters=(1,)), ((-1, Card.SHOVEL),), True)
    text = position_steps.step_text(step)
    assert text == ("Probe(target=r4c5, seats=(P1, P2), faces=(Face.STAR, Face.GEM), "
                    "strike=Strike(weapon=Weapon.BOMB, bushes=(r1c6,), enemies=(), "
                    "characters=(P2,)), pairs=((-1, Card.SHOVEL),), flag=True)")
    assert read_step(text) == step
    assert read_step("Probe(target=3, seats=(), faces=(), strike=None)") == \
        Probe(3, (), (), None)
    with pytest.raises(PositionError, match="seats"):
        position_steps.parse_step("Probe(target=3, seats=(Face.STAR,), faces=(), "
                                  "strike=None)", "test", 2)
