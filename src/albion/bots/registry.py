"""Bots by name, and player specs (`human`, `random`, …) read from the command line."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from albion.bots.base import Agent
from albion.bots.random_bot import RandomBot
from albion.core.errors import AlbionError
from albion.core.game import Game

HUMAN = "human"

BotFactory = Callable[[Game, random.Random], Agent]

BOTS: dict[str, tuple[BotFactory, str]] = {
    "random": (lambda game, rng: RandomBot(rng), "uniform choice among the legal actions"),
}


class PlayerSpecError(AlbionError, ValueError):
    """A player spec names no known bot (or is malformed)."""


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """One seat's player as written on the command line."""

    name: str

    @property
    def is_human(self) -> bool:
        return self.name == HUMAN

    def __str__(self) -> str:
        return self.name


def known_players() -> str:
    return ", ".join([HUMAN, *BOTS])


def parse_players(text: str, allow_human: bool = True) -> list[PlayerSpec]:
    """`human,random` → specs; an unknown name raises PlayerSpecError listing the known ones."""
    names = [item.strip().lower() for item in text.split(",")]
    specs = []
    for name in names:
        if not name:
            raise PlayerSpecError(f"empty player in {text!r}; players: {known_players()}")
        if name == HUMAN and not allow_human:
            raise PlayerSpecError(f"{HUMAN!r} cannot play here; bots: {', '.join(BOTS)}")
        if name != HUMAN and name not in BOTS:
            allowed = known_players() if allow_human else ", ".join(BOTS)
            raise PlayerSpecError(f"unknown player {name!r}; players: {allowed}")
        specs.append(PlayerSpec(name))
    return specs


def make_bot(spec: PlayerSpec, game: Game, rng: random.Random) -> Agent:
    """A fresh bot for one game, drawing from `rng`."""
    factory, _ = BOTS[spec.name]
    return factory(game, rng)
