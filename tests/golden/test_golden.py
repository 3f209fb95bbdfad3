"""Seeded full games, for a spectator and for each seat, diffed against the files beside
this test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from albion.core import VariantValue, get_game
from tests.golden.playthrough import playthrough

HERE = Path(__file__).parent
GOLDEN: list[tuple[str, int, int, dict[str, VariantValue]]] = [
    ("diamoniak", 2, 7, {}),
    ("diamoniak", 4, 11, {}),
    ("raiding-stonehenge", 4, 3, {}),
    ("super-camelot", 2, 5, {"max_turns": 80}),
]


@pytest.mark.parametrize(("game_id", "players", "seed", "variant"), GOLDEN)
def test_golden_playthrough(game_id: str, players: int, seed: int,
                            variant: dict[str, VariantValue]) -> None:
    texts = playthrough(get_game(game_id), players, seed, variant)
    for audience, text in texts.items():
        suffix = "" if audience == "spectator" else f".{audience}"
        path = HERE / f"{game_id}-{players}p-seed{seed}{suffix}.txt"
        if os.environ.get("ALBION_UPDATE_GOLDEN"):
            path.write_text(text, encoding="utf-8")
        assert path.exists(), f"{path.name} missing: run with ALBION_UPDATE_GOLDEN=1"
        assert text == path.read_text(encoding="utf-8"), f"{path.name} differs"
