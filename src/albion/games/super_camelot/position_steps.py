"""Pending steps in a Super Camelot position text, written generically from their
dataclass fields so that a new step or field needs no change here:

    AttackRoll(strike=Strike(weapon=Weapon.SWORD, bushes=(r9c10,), enemies=()))
    CardDraws(deck=Deck.LITTER, count=2, sources=(r9c10, r9c11))
    Defence(victim=P2, damage=3)

A value is an int, True/False, None, an enum as `Class.MEMBER`, a tuple `(a, b)` (`(a,)`
for one), or a step `Class(field=value, …)` whose fields equal to their default are left
out. Only for readability, ints in fields named like squares are written `r<row>c<col>`
and ints in fields naming seats `P<n>`; both read back as ints wherever they appear.
"""

from __future__ import annotations

import ast
import re
import types
import typing
from collections.abc import Iterator
from dataclasses import MISSING, fields, is_dataclass
from enum import Enum
from functools import cache
from importlib.resources import files

from albion.core.errors import PositionError
from albion.games.super_camelot import components, pieces
from albion.games.super_camelot.board import SIDE, SQUARES
from albion.games.super_camelot.components import Card
from albion.games.super_camelot.pieces import Pending

SQUARE_FIELDS = frozenset({"target", "bushes", "enemies", "kills", "chosen", "fallen", "queue",
                           "enemy", "mimic", "sources", "square", "squares"})
SEAT_FIELDS = frozenset({"rollers", "characters", "seats", "victim", "seat", "owner"})
ENUMS: dict[str, type[Enum]] = {
    obj.__name__: obj for module in (components, pieces) for obj in vars(module).values()
    if isinstance(obj, type) and issubclass(obj, Enum) and obj.__module__ == module.__name__}
STEPS: dict[str, type] = {
    obj.__name__: obj for obj in (*vars(pieces).values(), *typing.get_args(Pending))
    if isinstance(obj, type) and is_dataclass(obj)}
PENDING = frozenset(typing.get_args(Pending))
"""The steps a state's pending list may hold (`pieces.Pending`)."""
TOKEN = re.compile(r"\s*(?:(r\d+c\d+)(?![\w.])|(P\d+)(?![\w.])|(-?\d+)(?![\w.])"
                   r"|([A-Za-z_]\w*(?:\.\w+)?)|([(),=]))")


def step_text(step: object) -> str:
    """The canonical text of a pending step."""
    return _text(step, "")


def _text(value: object, hint: str) -> str:
    if value is None or isinstance(value, bool):
        return str(value)
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, int):
        if hint == "square" and 0 <= value < SQUARES:
            return f"r{value // SIDE + 1}c{value % SIDE + 1}"
        return f"P{value + 1}" if hint == "seat" and value >= 0 else str(value)
    if isinstance(value, tuple):
        inner = [_text(item, hint) for item in value]
        return f"({', '.join(inner)}{',' if len(inner) == 1 else ''})"
    if is_dataclass(value) and not isinstance(value, type):
        parts = [f"{field.name}={_text(getattr(value, field.name), _hint(field.name))}"
                 for field in fields(value)
                 if field.default is MISSING or getattr(value, field.name) != field.default]
        return f"{type(value).__name__}({', '.join(parts)})"
    raise PositionError(f"a pending step holds {value!r}, which a position text cannot write")


def _hint(name: str) -> str:
    return "square" if name in SQUARE_FIELDS else "seat" if name in SEAT_FIELDS else ""


def parse_step(text: str, where: str, seats: int) -> object:
    """The pending step `text` writes (a member of `pieces.Pending`, checked against
    `PENDING` at run time: a caller casts it, as compiled code would refuse a step type
    added later), its `P<n>` among `seats` players; PositionError (naming `where`) if it
    is none."""
    tokens = _tokens(text, where)
    reader = _Reader(tokens, where, seats)
    value = reader.value()
    if reader.at < len(tokens):
        raise PositionError(f"{where}: unexpected {tokens[reader.at][1]!r} after the step")
    if type(value) not in PENDING:
        raise PositionError(f"{where}: {text.strip()!r} is not a pending step; steps: "
                            f"{', '.join(sorted(cls.__name__ for cls in PENDING))}")
    return value


def cards_in(value: object) -> Iterator[Card]:
    """Every card a step holds (a card drawn and not yet kept, dropped or discarded)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from cards_in(item)
    elif is_dataclass(value) and not isinstance(value, type):
        for field in fields(value):
            yield from cards_in(getattr(value, field.name))


def _tokens(text: str, where: str) -> list[tuple[str, str]]:
    """(kind, text) pairs: kind is square, seat, int, name or a punctuation mark."""
    tokens = []
    at = 0
    text = text.rstrip()
    while at < len(text):
        match = TOKEN.match(text, at)
        if not match:
            raise PositionError(f"{where}: cannot read {text[at:].strip()[:20]!r}")
        group = match.lastindex or 1  # the one alternative that matched
        tokens.append((("square", "seat", "int", "name", "mark")[group - 1], match[group]))
        at = match.end()
    return tokens


class _Reader:
    """A recursive-descent reader over the tokens of one step."""

    def __init__(self, tokens: list[tuple[str, str]], where: str, seats: int) -> None:
        self.tokens, self.where, self.seats, self.at = tokens, where, seats, 0

    def fail(self, message: str) -> PositionError:
        return PositionError(f"{self.where}: {message}")

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.at] if self.at < len(self.tokens) else ("end", "end of line")

    def take(self, mark: str) -> None:
        if self.peek()[1] != mark:
            raise self.fail(f"expected {mark!r}, found {self.peek()[1]!r}")
        self.at += 1

    def value(self) -> object:
        kind, word = self.peek()
        self.at += 1
        if kind == "square":
            row, col = (int(part) for part in word[1:].split("c"))
            if not (1 <= row <= SIDE and 1 <= col <= SIDE):
                raise self.fail(f"{word} is not a square (r1c1 to r{SIDE}c{SIDE})")
            return (row - 1) * SIDE + col - 1
        if kind == "seat":
            if not 1 <= int(word[1:]) <= self.seats:
                raise self.fail(f"{word} is not a seat P1 … P{self.seats}")
            return int(word[1:]) - 1
        if kind == "int":
            return int(word)
        if word == "(":
            return self.items()
        if kind != "name":
            raise self.fail(f"expected a value, found {word!r}")
        if word in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[word]
        if "." in word:
            return self.member(word)
        return self.step(word)

    def items(self) -> tuple[object, ...]:
        values: list[object] = []
        while self.peek()[1] != ")":
            values.append(self.value())
            if self.peek()[1] != ")":
                self.take(",")
        self.take(")")
        return tuple(values)

    def member(self, word: str) -> Enum:
        name, member = word.split(".")
        if name not in ENUMS or member not in ENUMS[name].__members__:
            raise self.fail(f"{word!r} is not a value of {', '.join(sorted(ENUMS))}")
        return ENUMS[name][member]

    def step(self, name: str) -> object:
        if name not in STEPS:
            raise self.fail(f"{name!r} is not a step; steps: {', '.join(sorted(STEPS))}")
        cls = STEPS[name]
        self.take("(")
        given: dict[str, object] = {}
        while self.peek()[1] != ")":
            key = self.peek()[1]
            self.at += 1
            self.take("=")
            if key in given:
                raise self.fail(f"{name}: {key} is given twice")
            given[key] = self.value()
            if self.peek()[1] != ")":
                self.take(",")
        self.take(")")
        known = {field.name for field in fields(cls)}
        if set(given) - known:
            raise self.fail(f"{name} has no field {sorted(set(given) - known)[0]!r}; its "
                            f"fields: {', '.join(sorted(known))}")
        missing = [field.name for field in fields(cls)
                   if field.name not in given and field.default is MISSING]
        if missing:
            raise self.fail(f"{name} needs {', '.join(missing)}")
        hints = _hints(cls)
        for key, value in given.items():
            if key in hints and not _conforms(value, hints[key]):
                raise self.fail(f"{name}: {key}={_text(value, '')} is not a {hints[key]}")
        return cls(**given)


def _hints(cls: type) -> dict[str, object]:
    try:
        if cls.__module__ == pieces.__name__:
            return {name: eval(text, vars(pieces))  # the package's own source
                    for name, text in _written_hints().get(cls.__name__, {}).items()}
        return typing.get_type_hints(cls)
    except (NameError, TypeError):  # an annotation we cannot resolve: take it on trust
        return {}


@cache
def _written_hints() -> dict[str, dict[str, str]]:
    """Each `pieces` class's field annotations as written in its source: a compiled build
    keeps only erased ones at run time (`tuple` for `tuple[int, ...]`; issue 28, item 4)."""
    tree = ast.parse(files(__package__).joinpath("pieces.py").read_text("utf-8"))
    return {node.name: {item.target.id: ast.unparse(item.annotation) for item in node.body
                        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
            for node in tree.body if isinstance(node, ast.ClassDef)}


def _conforms(value: object, hint: object) -> bool:
    """Does `value` fit the annotation `hint` (ints, bools, enums, tuples, steps, None)?"""
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_conforms(value, option) for option in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_conforms(item, args[0]) for item in value)
        return len(args) == len(value) and all(map(_conforms, value, args))
    if hint is type(None):
        return value is None
    if hint is bool or hint is int:
        return type(value) is hint
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True
