"""Seeded full games, diffed against the files beside this test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from albion.core import get_game
from tests.golden.playthrough import playthrough

HERE = Path(__file__).parent
GOLDEN = [("diamoniak", 2, 7), ("diamoniak", 4, 11), ("raiding-stonehenge", 4, 3)]


@pytest.mark.parametrize(("game_id", "players", "seed"), GOLDEN)
def test_golden_playthrough(game_id: str, players: int, seed: int) -> None:
    path = HERE / f"{game_id}-{players}p-seed{seed}.txt"
    text = playthrough(get_game(game_id), players, seed)
    if os.environ.get("ALBION_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} missing: run with ALBION_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")
