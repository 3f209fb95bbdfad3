"""Every ruling of every game has at least one test named after it (DESIGN.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from albion.core import AnyGame, all_games

TESTS = Path(__file__).parent


def function_names() -> set[str]:
    names = set()
    for path in TESTS.rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_every_ruling_has_a_test_named_after_it(game: AnyGame) -> None:
    names = function_names()
    missing = [ruling.id for ruling in game.rulings
               if not any(name.startswith(f"test_{ruling.test_name_fragment}_")
                          for name in names)]
    assert not missing, f"rulings without a test named after them: {missing}"


def test_ruling_ids_are_unique_and_variants_cite_them() -> None:
    for game in all_games():
        ids = [ruling.id for ruling in game.rulings]
        assert len(ids) == len(set(ids)), game.id
        for option in game.variant_options:
            assert option.key in game.ruling(option.ruling).variant_keys, option.key
