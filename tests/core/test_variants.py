"""Variants: defaults, parsing, refusals that name what is allowed, and typed values (issue
26: a choice's value is a member of the game's enum, never compared as a string)."""

from __future__ import annotations

import json
import re
from enum import StrEnum
from pathlib import Path

import pytest

from albion.core import Variant, VariantError, VariantOption, all_games, parse_variant_pairs
from albion.core.variants import resolve_variant


class Mode(StrEnum):
    A = "a"
    B = "b"


class Other(StrEnum):
    A = "a"


OPTIONS = (
    VariantOption.choice("mode", Mode.A, "X-1", "a mode", meanings=("first", "second")),
    VariantOption("cap", 10, "X-2", "a cap", minimum=1, maximum=99),
)


def test_defaults_fill_every_key() -> None:
    variant = resolve_variant(OPTIONS)
    assert variant.as_dict() == {"mode": "a", "cap": 10}
    assert hash(variant) == hash(resolve_variant(OPTIONS, {"mode": "a"}))


def test_values_are_parsed() -> None:
    variant = resolve_variant(OPTIONS, {"mode": "b", "cap": "42"})
    assert variant.choice("mode", Mode) is Mode.B and variant.number("cap") == 42


def test_a_choice_is_parsed_to_its_member() -> None:
    option = OPTIONS[0]
    assert option.choices == (Mode.A, Mode.B)
    assert option.parse("b") is Mode.B and option.parse(Mode.A) is Mode.A
    assert option.meaning("b") == "second" and option.meaning("c") == ""
    assert OPTIONS[1].parse("7") == 7 and OPTIONS[1].choices == ()


def test_the_typed_accessors_refuse_the_wrong_type() -> None:
    variant = resolve_variant(OPTIONS)
    with pytest.raises(TypeError, match="not a Other"):
        variant.choice("mode", Other)
    with pytest.raises(TypeError, match="not a Mode"):
        variant.choice("cap", Mode)
    with pytest.raises(TypeError, match="not a number"):
        variant.number("mode")
    with pytest.raises(TypeError, match="not a Mode"):
        Variant((("mode", "a"),)).choice("mode", Mode)  # type: ignore[arg-type]  # a word


def test_values_round_trip_as_plain_words() -> None:
    variant = resolve_variant(OPTIONS, {"mode": "b"})
    plain = variant.as_dict()
    assert type(plain["mode"]) is str and json.dumps(plain) == '{"mode": "b", "cap": 10}'
    again = resolve_variant(OPTIONS, json.loads(json.dumps(plain)))
    assert again == variant and again.choice("mode", Mode) is Mode.B


def test_a_variant_hashes_and_compares_as_its_words() -> None:
    """Tables, caches and records written before values were typed rely on it."""
    variant = resolve_variant(OPTIONS, {"mode": "b"})
    words = Variant((("mode", "b"), ("cap", 10)))  # type: ignore[arg-type]
    assert variant == words and hash(variant) == hash(words)
    assert {words: 1}[variant] == 1


def test_an_option_is_declared_consistently() -> None:
    with pytest.raises(TypeError, match="not a Mode"):
        VariantOption("mode", Other.A, "X-1", "a mode", kind=Mode)
    with pytest.raises(TypeError, match="one meaning per choice"):
        VariantOption.choice("mode", Mode.A, "X-1", "a mode", meanings=("only one",))
    with pytest.raises(TypeError, match="must be an int"):
        VariantOption("mode", Mode.A, "X-1", "a mode")


def test_every_games_choices_are_members_of_its_enums() -> None:
    for game in all_games():
        variant = game.variant()
        for option in game.variant_options:
            if option.kind is not None:
                assert isinstance(option.default, option.kind), option.key
                assert variant.choice(option.key, option.kind) is option.default
                assert all(option.parse(str(c)) is c for c in option.choices)
            else:
                assert variant.number(option.key) == option.default


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"mood": "a"}, "unknown variant key 'mood'; known keys: mode, cap"),
        ({"mode": "c"}, "allowed: a, b"),
        ({"cap": "x"}, "not a number"),
        ({"cap": 100}, "out of range; allowed: a whole number from 1 to 99"),
    ],
)
def test_bad_variants_name_what_is_allowed(overrides: dict[str, str], message: str) -> None:
    with pytest.raises(VariantError, match=message):
        resolve_variant(OPTIONS, overrides)


def test_pairs_are_read_from_the_command_line() -> None:
    assert parse_variant_pairs(["mode=b", " cap = 3 "]) == {"mode": "b", "cap": "3"}
    with pytest.raises(VariantError, match="key=value"):
        parse_variant_pairs(["mode"])
    with pytest.raises(VariantError, match="twice"):
        parse_variant_pairs(["mode=a", "mode=b"])


GAMES = Path(__file__).resolve().parents[2] / "src" / "albion" / "games"
STRING_COMPARISON = re.compile(
    r"""variant(?:\[[^\]]*\]|\.(?:get|text)\([^)]*\))\s*(?:==|!=|\bnot\s+in\b|\bin\b)"""
    r"""|(?:==|!=)\s*\w*\.?variant(?:\[|\.(?:get|text)\()"""
    r"""|(?:==|!=)\s*[rbfu]?["'].*variant|variant.*(?:==|!=)\s*[rbfu]?["']""")
"""A variant value compared as a string: `variant["first"] == "random"`, `"x" != variant[k]`,
`variant.text(k) == hp`, `view.variant.get(k) in (…)`, or a variant line with `== "…"`."""


@pytest.mark.parametrize("line", [
    'first_random=variant["first"] == "random",',
    '*(float(variant.text("enemy_hp") == hp) for hp in HP_CHOICES),',
    'out[o["variant"] + index] = float(view.variant[key] == value)',
    'if "own-tile" != view.variant["arc"]:',
    'if view.variant.get("arc") in ("own-tile",):',
    'own = variant.choice("arc", Arc) == "own-tile"',
])
def test_the_string_comparison_check_sees_one(line: str) -> None:
    assert STRING_COMPARISON.search(line)


def test_no_game_compares_a_variant_value_with_a_string() -> None:
    """Issue 26: the games read a choice with `variant.choice(key, Kind)` and compare members
    (`is First.RANDOM`), a number with `variant.number(key)`."""
    found = [f"{path.relative_to(GAMES)}:{number}: {line.strip()}"
             for path in sorted(GAMES.rglob("*.py"))
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if STRING_COMPARISON.search(line)]
    assert not found, "\n".join(found)
