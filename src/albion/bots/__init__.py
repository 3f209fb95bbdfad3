"""Bots: they receive a seat's view and the legal actions, never a state."""

from albion.bots.base import Agent
from albion.bots.random_bot import RandomBot
from albion.bots.registry import (
    BOTS,
    HUMAN,
    PlayerSpec,
    PlayerSpecError,
    known_players,
    make_bot,
    parse_players,
)

__all__ = [
    "BOTS",
    "HUMAN",
    "Agent",
    "PlayerSpec",
    "PlayerSpecError",
    "RandomBot",
    "known_players",
    "make_bot",
    "parse_players",
]
