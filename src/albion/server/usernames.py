"""An account's name (issue 30): what it may be, so that nobody signs up as somebody or
something else. 3 to 24 characters of ASCII letters, digits, `_` and `-`, starting with
a letter or a digit (ASCII only: a Cyrillic "а" would let "аnn" pass for "ann"); unique
whatever its case ("Ann" and "ann" are one name); never a name the server itself uses —
"deleted player" (a deleted account's seats), a seat's label (`P2`), a bot's spec
(`random`), or a name that could pass for the server's people (`admin`)."""

from __future__ import annotations

import re

from albion.bots.registry import BOTS
from albion.core.words import Words, say

MIN_LENGTH, MAX_LENGTH = 3, 24
SHAPE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
SEAT_LABEL = re.compile(r"p[0-9]+")
DELETED_NAME = "deleted player"
"""What a deleted account's seats are called from then on (the games stay)."""
RESERVED = frozenset({
    "deleted-player", "deleted_player", "deleted", "admin", "administrator", "root",
    "system", "albion", "server", "moderator", "mod", "support", "staff", "owner",
    "operator", "anonymous", "guest", "spectator", "player", "nobody", "everyone",
    "human", "bot", "you", "me", "null", "none", "api", "account", "signin", "signup",
    "signout"})
"""Names (folded) refused besides the seat labels and the bots' names."""


class UsernameRefused(ValueError):  # noqa: N818 - a refusal the caller answers
    """A name an account may not take: why, as words (issue 29)."""

    def __init__(self, words: Words) -> None:
        super().__init__(str(words))
        self.words = words


def folded(name: str) -> str:
    """The key a name is unique by: "Ann" and "ann" are one name."""
    return name.strip().lower()


def may_be_username(name: str) -> bool:
    """Whether `name` has the shape of a name at all (else no account has it: nothing
    else, a NUL included, reaches the database)."""
    name = name.strip()
    return MIN_LENGTH <= len(name) <= MAX_LENGTH and SHAPE.fullmatch(name) is not None


def checked_username(name: str) -> str:
    """`name` as the account will be called (spaces at its ends taken off), or
    UsernameRefused saying why."""
    name = name.strip()
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        raise UsernameRefused(say("a name is {least} to {most} characters long",
                                  least=MIN_LENGTH, most=MAX_LENGTH))
    if SHAPE.fullmatch(name) is None:
        raise UsernameRefused(say("a name holds only letters a to z, digits, _ and -, and "
                                  "starts with a letter or a digit"))
    key = folded(name)
    if key in RESERVED or SEAT_LABEL.fullmatch(key) or key in _bot_names():
        raise UsernameRefused(say("{name} is kept by the server: choose another name",
                                  name=name))
    return name


def _bot_names() -> frozenset[str]:
    return frozenset(folded(name) for name in BOTS)
