"""Rule variants: named switches a table can flip, each tied to the ruling it decides.

A choice's values are the members of a `StrEnum` the game declares beside its variants
(issue 26: variant values are typed, never compared as strings). A member is a `str`, so
records, JSON, the lobby and the command line keep the same words; the rules read a value
with `Variant.choice(key, Kind)` and compare members (`is First.RANDOM`), numbers with
`Variant.number(key)`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from albion.core.errors import VariantError
from albion.core.words import Words, say

VariantValue = str | int
"""A value as it is given (a word or a number: the command line, JSON, a record)."""
VariantSetting = StrEnum | int
"""A value as a `Variant` holds it: a member of its option's enum, or a whole number."""

E = TypeVar("E", bound=StrEnum)


@dataclass(frozen=True, slots=True)
class VariantOption:
    """One switch: either a choice among the members of `kind` (made with `choice`), or a
    whole number within bounds."""

    key: str
    default: VariantSetting
    ruling: str
    summary: str
    kind: type[StrEnum] | None = None
    """The enum whose members are the choices; None for a number."""
    minimum: int = 1
    maximum: int = 1_000_000
    meanings: tuple[str, ...] = ()
    """What each choice means, in the order of `choices` (the lobby explains each value)."""

    def __post_init__(self) -> None:
        if self.kind is None:
            if not isinstance(self.default, int) or isinstance(self.default, bool):
                raise TypeError(f"variant {self.key}: a number's default must be an int")
            return
        if not isinstance(self.default, self.kind):
            raise TypeError(f"variant {self.key}: default {self.default!r} is not a "
                            f"{self.kind.__name__}")
        if self.meanings and len(self.meanings) != len(self.kind):
            raise TypeError(f"variant {self.key}: one meaning per choice")

    @classmethod
    def choice(cls, key: str, default: StrEnum, ruling: str, summary: str,
               meanings: tuple[str, ...] = ()) -> VariantOption:
        """A choice among the members of `default`'s enum, `meanings` in their order."""
        return cls(key, default, ruling, summary, kind=type(default), meanings=meanings)

    @property
    def is_number(self) -> bool:
        return self.kind is None

    @property
    def choices(self) -> tuple[StrEnum, ...]:
        """The members of `kind`, in their order (none for a number)."""
        return tuple(self.kind) if self.kind is not None else ()

    def meaning(self, choice: str) -> str:
        """What `choice` means in play ('' if not written)."""
        choices = self.choices
        if choice in choices and len(self.meanings) == len(choices):
            return self.meanings[choices.index(choice)]
        return ""

    def allowed_text(self) -> str:
        return str(self.allowed_words())

    def allowed_words(self) -> Words | str:
        """The values allowed: a range of numbers in words, or the choices as typed."""
        if self.is_number:
            return say("a whole number from {low} to {high}", low=self.minimum,
                       high=self.maximum)
        return ", ".join(self.choices)

    def parse(self, raw: VariantValue) -> VariantSetting:
        """Return the value `raw` stands for (the enum member, or the number), or raise
        VariantError naming what is allowed."""
        if self.kind is None:
            text = str(raw).strip()
            if isinstance(raw, bool | float) or not text.lstrip("-").isdigit():
                raise VariantError(say("variant {key}={value} is not a number; allowed: "
                                       "{allowed}", key=self.key, value=repr(raw),
                                       allowed=self.allowed_words()), ruling=self.ruling)
            number = int(text)
            if not self.minimum <= number <= self.maximum:
                raise VariantError(say("variant {key}={value} is out of range; allowed: "
                                       "{allowed}", key=self.key, value=number,
                                       allowed=self.allowed_words()), ruling=self.ruling)
            return number
        text = str(raw)
        try:
            return self.kind(text)
        except ValueError:
            raise VariantError(say("variant {key}={value} is not allowed; allowed: {allowed}",
                                   key=self.key, value=repr(text),
                                   allowed=self.allowed_words()), ruling=self.ruling) from None


@dataclass(frozen=True, slots=True)
class Variant(Mapping[str, VariantSetting]):
    """A complete, validated set of variant values (every key present); hashable. A
    choice's value is its enum's member, which hashes and compares as its word."""

    items_: tuple[tuple[str, VariantSetting], ...]

    def __getitem__(self, key: str) -> VariantSetting:
        for name, value in self.items_:
            if name == key:
                return value
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self.items_)

    def __len__(self) -> int:
        return len(self.items_)

    def choice(self, key: str, kind: type[E]) -> E:
        """The member of `kind` chosen for `key`; TypeError if `key` holds no such member."""
        value = self[key]
        if not isinstance(value, kind):
            raise TypeError(f"variant {key}={value!r} is not a {kind.__name__}")
        return value

    def number(self, key: str) -> int:
        """The whole number set for `key`; TypeError if `key` is a choice."""
        value = self[key]
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"variant {key}={value!r} is not a number")
        return value

    def as_dict(self) -> dict[str, VariantValue]:
        """Plain words and numbers, as records, JSON and the wire carry them."""
        return {key: value if isinstance(value, int) else value.value
                for key, value in self.items_}


def resolve_variant(
    options: tuple[VariantOption, ...], overrides: Mapping[str, VariantValue] | None = None
) -> Variant:
    """Defaults overridden by `overrides`; an unknown key or bad value raises VariantError."""
    overrides = dict(overrides or {})
    known = {option.key: option for option in options}
    for key in overrides:
        if key not in known:
            raise VariantError(say("unknown variant key {key}; known keys: {keys}",
                                   key=repr(key), keys=", ".join(known) or say("none")))
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
            raise VariantError(say("variant {pair} is not of the form key=value",
                                   pair=repr(pair)))
        if key in result:
            raise VariantError(say("variant key {key} is given twice", key=repr(key)))
        result[key] = value
    return result
