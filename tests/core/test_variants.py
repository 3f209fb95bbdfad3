"""Variants: defaults, parsing, and refusals that name what is allowed."""

from __future__ import annotations

import pytest

from albion.core import VariantError, VariantOption, parse_variant_pairs
from albion.core.variants import resolve_variant

OPTIONS = (
    VariantOption("mode", "a", "X-1", "a mode", choices=("a", "b")),
    VariantOption("cap", 10, "X-2", "a cap", minimum=1, maximum=99),
)


def test_defaults_fill_every_key() -> None:
    variant = resolve_variant(OPTIONS)
    assert variant.as_dict() == {"mode": "a", "cap": 10}
    assert hash(variant) == hash(resolve_variant(OPTIONS, {"mode": "a"}))


def test_values_are_parsed() -> None:
    variant = resolve_variant(OPTIONS, {"mode": "b", "cap": "42"})
    assert variant["mode"] == "b" and variant.number("cap") == 42


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
