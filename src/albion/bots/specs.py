"""Player specs on the command line: `human`, `random`, `ismcts:iterations=2000,c=1.2`.
In a comma-separated `--players` list, a `key=value` item belongs to the bot before it:
`--players ismcts:iterations=2000,c=1.2,random` is two players. A spec that cannot be
read is refused in words (issue 29), what was typed as it was typed."""

from __future__ import annotations

from dataclasses import dataclass, field

from albion.core.errors import AlbionError
from albion.core.words import say

HUMAN = "human"


class PlayerSpecError(AlbionError, ValueError):
    """A player spec names no known bot, or an option it does not have."""


@dataclass(frozen=True)
class PlayerSpec:
    """One seat's player as written: a name and its options (`key=value` strings)."""

    name: str
    options: tuple[tuple[str, str], ...] = field(default=())

    @property
    def is_human(self) -> bool:
        return self.name == HUMAN

    def __str__(self) -> str:
        if not self.options:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.options)


def split_specs(text: str) -> list[PlayerSpec]:
    """Split a `--players` list into specs (options are checked by the registry)."""
    specs: list[PlayerSpec] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            raise PlayerSpecError(say("empty player in {players}", players=repr(text)))
        name, colon, first = item.partition(":")
        if "=" in name and not colon:  # an option of the bot before
            if not specs:
                raise PlayerSpecError(say("option {option} comes before any bot",
                                          option=repr(item)))
            key, _, value = item.partition("=")
            previous = specs[-1]
            option = _option(key, value)
            if option[0] in dict(previous.options):
                raise PlayerSpecError(say("{bot}: option {option} is given twice",
                                          bot=previous.name, option=repr(option[0])))
            specs[-1] = PlayerSpec(previous.name, (*previous.options, option))
            continue
        options: tuple[tuple[str, str], ...] = ()
        if colon:
            key, eq, value = first.partition("=")
            if not eq:
                raise PlayerSpecError(say("{spec}: options are key=value", spec=repr(item)))
            options = (_option(key, value),)
        specs.append(PlayerSpec(name.strip().lower(), options))
    return specs


def _option(key: str, value: str) -> tuple[str, str]:
    key, value = key.strip().lower(), value.strip()
    if not key or not value:
        typed = f"{key}={value!r}"
        raise PlayerSpecError(say("option {option}: options are key=value", option=typed))
    return key, value
