"""Rule variants: named switches a table can flip, each tied to the ruling it decides."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from albion.core.errors import VariantError

VariantValue = str | int


@dataclass(frozen=True, slots=True)
class VariantOption:
    """One switch: either a choice among words, or a whole number within bounds."""

    key: str
    default: VariantValue
    ruling: str
    summary: str
    choices: tuple[str, ...] = ()
    minimum: int = 1
    maximum: int = 1_000_000
    meanings: tuple[str, ...] = ()
    """What each choice means, in the order of `choices` (the lobby explains each value)."""

    @property
    def is_number(self) -> bool:
        return not self.choices

    def meaning(self, choice: str) -> str:
        """What `choice` means in play ('' if not written)."""
        if choice in self.choices and len(self.meanings) == len(self.choices):
            return self.meanings[self.choices.index(choice)]
        return ""

    def allowed_text(self) -> str:
        if self.is_number:
            return f"a whole number from {self.minimum} to {self.maximum}"
        return ", ".join(self.choices)

    def parse(self, raw: VariantValue) -> VariantValue:
        """Return the value `raw` stands for, or raise VariantError naming what is allowed."""
        if self.is_number:
            text = str(raw).strip()
            if isinstance(raw, bool | float) or not text.lstrip("-").isdigit():
                raise VariantError(
                    f"variant {self.key}={raw!r} is not a number; allowed: {self.allowed_text()}"
                )
            number = int(text)
            if not self.minimum <= number <= self.maximum:
                raise VariantError(
                    f"variant {self.key}={number} is out of range; allowed: {self.allowed_text()}"
                )
            return number
        text = str(raw)
        if text not in self.choices:
            raise VariantError(
                f"variant {self.key}={text!r} is not allowed; allowed: {self.allowed_text()}"
            )
        return text


@dataclass(frozen=True, slots=True)
class Variant(Mapping[str, VariantValue]):
    """A complete, validated set of variant values (every key present); hashable."""

    items_: tuple[tuple[str, VariantValue], ...]

    def __getitem__(self, key: str) -> VariantValue:
        for name, value in self.items_:
            if name == key:
                return value
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self.items_)

    def __len__(self) -> int:
        return len(self.items_)

    def text(self, key: str) -> str:
        return str(self[key])

    def number(self, key: str) -> int:
        value = self[key]
        assert isinstance(value, int)
        return value

    def as_dict(self) -> dict[str, VariantValue]:
        return dict(self.items_)


def resolve_variant(
    options: tuple[VariantOption, ...], overrides: Mapping[str, VariantValue] | None = None
) -> Variant:
    """Defaults overridden by `overrides`; an unknown key or bad value raises VariantError."""
    overrides = dict(overrides or {})
    known = {option.key: option for option in options}
    for key in overrides:
        if key not in known:
            allowed = ", ".join(known) or "none"
            raise VariantError(f"unknown variant key {key!r}; known keys: {allowed}")
    return Variant(
        tuple(
            (option.key, option.parse(overrides[option.key]) if option.key in overrides
             else option.default)
            for option in options
        )
    )


def parse_variant_pairs(pairs: list[str]) -> dict[str, str]:
    """`["fairy=auto", "buy=any"]` → `{"fairy": "auto", "buy": "any"}`; malformed raises."""
    result: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise VariantError(f"variant {pair!r} is not of the form key=value")
        if key in result:
            raise VariantError(f"variant key {key!r} is given twice")
        result[key] = value
    return result
