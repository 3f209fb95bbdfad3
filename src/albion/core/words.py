"""Words as values (issue 29, "words at the edge"): a sentence is a message of the
catalogue — its English text with `{name}` placeholders, as gettext keys it — and its
arguments. Games and the table say things with `say(...)`; only the face that shows them
puts them into the reader's language (`albion.i18n`), so records and the protocol stay
language-free and two seats at one table may read the same event in two languages.

An argument is a number, a plain text (a name, a notation, a square), a seat (`Seat`,
drawn as the name its player chose) or other words (a card's name, a colour). `str()` of a
`Words` is its English wording, for logs and for faces without a catalogue.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, TypeAlias

from albion.core.pickling import picklable

PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
"""A placeholder in a message: `{player}`, `{card}`, `{count}`."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat as an argument: every face names it as its player is known there ("P2",
    or the name chosen at the table)."""

    seat: int

    def __str__(self) -> str:
        return f"P{self.seat + 1}"


Arg: TypeAlias = "int | str | Seat | Words"


@dataclass(frozen=True, slots=True)
class Words:
    """A message and its arguments. `plural` (with `count`, the argument that chooses the
    form) makes it a message with plural forms, as gettext's ngettext."""

    message: str
    args: tuple[tuple[str, Arg], ...] = ()
    plural: str | None = None
    count: int | None = None

    def with_args(self, **args: Arg) -> Words:
        """These words with `args` added (a message said once, filled where it is used)."""
        return Words(self.message, (*self.args, *args.items()), self.plural, self.count)

    def form(self) -> str:
        """The English form of the message for its count."""
        if self.plural is not None and self.count != 1:
            return self.plural
        return self.message

    def __str__(self) -> str:
        return fill(self.form(), self.args, str)

    def to_json(self) -> dict[str, Any]:
        """`{"message": …, "args": {name: value}}` (with `plural` and `n` for a plural
        message): a seat is `{"seat": n}`, words nest as words."""
        data: dict[str, Any] = {"message": self.message,
                                "args": {key: arg_json(value) for key, value in self.args}}
        if self.plural is not None:
            data["plural"] = self.plural
            data["n"] = self.count
        return data


def say(message: str, /, **args: Arg) -> Words:
    """The words `message` (a catalogue key, in English) with `args` for its placeholders.
    The extractor collects every literal `say("…")` into the catalogue."""
    return Words(message, tuple(args.items()))


def say_n(singular: str, plural: str, count: int, /, **args: Arg) -> Words:
    """Words with plural forms: `count` chooses the form and fills `{count}`."""
    return Words(singular, (("count", count), *args.items()), plural, count)


def listing(items: list[Words]) -> Words:
    """Several words as one list: "a, b, c" (each language may write its own separator)."""
    if not items:
        return say("nothing")
    result = items[-1]
    for item in reversed(items[:-1]):
        result = say("{first}, {rest}", first=item, rest=result)
    return result


def fill(template: str, args: tuple[tuple[str, Arg], ...], show: Any) -> str:
    """`template` with each `{name}` replaced by `show(args[name])`; a placeholder without
    an argument stays as written."""
    values = dict(args)

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        return show(values[name]) if name in values else match.group(0)

    return PLACEHOLDER.sub(replace, template)


def arg_json(value: Arg) -> Any:
    if isinstance(value, Words):
        return value.to_json()
    if isinstance(value, Seat):
        return {"seat": value.seat}
    return value


def from_json(data: Any) -> Arg:
    """The argument (or words) `data` as `Words.to_json` wrote it."""
    if isinstance(data, dict) and "message" in data:
        args = tuple((key, from_json(value)) for key, value in data.get("args", {}).items())
        return Words(data["message"], args, data.get("plural"), data.get("n"))
    if isinstance(data, dict) and "seat" in data:
        return Seat(int(data["seat"]))
    if isinstance(data, int | str):
        return data
    raise ValueError(f"not words: {data!r}")


def as_words(text: str | Words) -> Words:
    """`text` as words: a plain text becomes words of its own (not in the catalogue: the
    pseudo-locale run finds it)."""
    return text if isinstance(text, Words) else Words(text)


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
