"""Bots: they receive a seat's view and the legal actions, never a state (the cheating
analysis bot excepted, and labelled)."""

from albion.bots.base import Agent, AgentBase, as_agent
from albion.bots.random_bot import RandomBot
from albion.bots.registry import (
    BOTS,
    describe_bots,
    is_cheat,
    known_players,
    make_bot,
    parse_players,
)
from albion.bots.specs import HUMAN, PlayerSpec, PlayerSpecError

__all__ = [
    "BOTS",
    "HUMAN",
    "Agent",
    "AgentBase",
    "PlayerSpec",
    "PlayerSpecError",
    "RandomBot",
    "as_agent",
    "describe_bots",
    "is_cheat",
    "known_players",
    "make_bot",
    "parse_players",
]
