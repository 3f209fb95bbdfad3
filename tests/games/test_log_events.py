"""The log a player reads (issue 27): every event of a game says which turn it belongs to
and whose turn that is (a round where every seat plays at once; nothing before the first
turn), its words name their subject ("P1 reveals a red card", not "reveal red") and
never the notation or an engine id ("green-gem", "tile big-chest"), and damage, a loss
and a character passing out are marked so a face makes them stand out."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from albion.core.events import GameOver
from albion.games.diamoniak.events import WitchToll
from albion.games.raiding_stonehenge.events import DiskMoved
from albion.games.super_camelot.components import Card, Item, Special
from albion.games.super_camelot.report import Gain, HealthEvent
from albion.games.super_camelot.world import TILES
from albion.table import Table
from tests.games.test_web_assets import notation_verbs

GAMES = {"diamoniak": 3, "raiding-stonehenge": 4, "super-camelot": 2}
SEEDS = (1, 2, 3)
ROUNDS = {"raiding-stonehenge"}
"""Games played in rounds (every seat plays at once): their events name no turn's seat."""


@cache
def finished(game_id: str, seed: int) -> Table[Any, Any, Any]:
    return Table(game_id, ["random"] * GAMES[game_id], seed=seed)


def logs(game_id: str, seed: int) -> list[list[dict[str, Any]]]:
    """Every viewer's events (the spectator's, then each seat's), as sent."""
    table = finished(game_id, seed)
    return [[entry.to_json() for entry in table.events_for(viewer)]
            for viewer in [None, *range(table.num_players)]]


ENGINE_IDS = re.compile("|".join(sorted(
    {re.escape(member.label) for kind in (Card, Item, Special) for member in kind
     if "-" in member.label} | {re.escape(tile.key) for tile in TILES if "-" in tile.key},
    key=len, reverse=True)))
"""Super Camelot's hyphenated ids (`green-gem`, `health-potion`, `big-chest`), which the
notation uses and words never do."""


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_event_says_its_turn_and_whose_it_is(game_id: str, seed: int) -> None:
    """A log groups events by turn: `turn` counts the turns (rounds) before it, never
    going back; `turn_seat` names the turn's player (a round's events name none). Before
    the first turn both are null; only the game's end tells no turn (it ends the last
    one)."""
    table = finished(game_id, seed)
    for events in logs(game_id, seed):
        last = -1
        told = 0
        for event in events:
            if event["type"] == GameOver.kind:
                assert "turn" not in event
                continue
            assert "turn" in event and ("turn_seat" in event) != (game_id in ROUNDS), event
            if event["turn"] is None:
                assert event.get("turn_seat") is None and last == -1, event
                continue
            assert event["turn"] >= last, (event, last)
            last = event["turn"]
            told += 1
            if game_id not in ROUNDS:
                assert event["turn_seat"] in range(table.num_players), event
        assert told > 10


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_log_line_is_words_not_notation(game_id: str, seed: int) -> None:
    """Issue 27: "reveal yellow", "P1 step north", "draw green-gem", "tile big-chest" were
    the notation; every line is now a sentence whose first word is no notation verb, with
    no engine id, and a seat's line (a decision, a card drawn, dice rolled, a toll paid)
    names that seat."""
    verbs = notation_verbs()
    for events in logs(game_id, seed):
        for event in events:
            text = event["text"]
            assert text.split()[0] not in verbs, event
            assert not ENGINE_IDS.search(text), event
            seat = event.get("seat")
            if isinstance(seat, int) and event["type"] not in ("enemy",):
                assert f"P{seat + 1}" in text, event


def test_di8_a_witch_toll_names_whose_cards_she_takes() -> None:
    """'the witch takes green' — whose? Now: 'the witch takes from P2: a green card'."""
    tolls = [entry.event for seed in SEEDS for entry in finished("diamoniak", seed)
             .events_for(None) if isinstance(entry.event, WitchToll)]
    assert tolls
    for toll in tolls:
        assert f"P{toll.seat + 1}" in toll.text, toll
        chosen = "leaves" in toll.text  # the cards chosen were told one by one
        forced = "more card" in toll.text if chosen else bool(toll.lost)
        assert (toll.emphasis == "loss") == forced, toll


def test_losses_damage_and_passing_out_are_marked() -> None:
    """A face makes them stand out from `emphasis`: Diamoniak's cards given to a witch and
    Raiding Stonehenge's disks given back are losses; Super Camelot's damage, a character
    passing out and a treasure a Mimic takes are marked as such; nothing else is."""
    marked: dict[str, set[str]] = {}
    for game_id in GAMES:
        for seed in SEEDS:
            for entry in finished(game_id, seed).events_for(None):
                event = entry.event
                emphasis = getattr(event, "emphasis", None)
                if isinstance(event, HealthEvent):
                    wanted = "pass_out" if event.change == 0 and event.passed_out and \
                        "passes out" in event.text else "damage" if event.change < 0 else None
                elif isinstance(event, DiskMoved):
                    wanted = None if event.taken else "loss"
                elif isinstance(event, Gain):
                    wanted = "loss" if event.stolen else None
                elif emphasis == "loss" and game_id == "diamoniak":
                    wanted = "loss"  # a card given to the witch, or a toll taken at once
                else:
                    wanted = None
                assert emphasis == wanted, event
                if emphasis:
                    marked.setdefault(game_id, set()).add(emphasis)
    assert marked == {"diamoniak": {"loss"}, "raiding-stonehenge": {"loss"},
                      "super-camelot": {"damage", "pass_out", "loss"}}, marked
