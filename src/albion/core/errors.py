"""The errors of the game contract (python-chess style: one base, precise subclasses)."""

from __future__ import annotations


class AlbionError(Exception):
    """Base of every error Albion raises on purpose."""


class InvalidActionError(AlbionError, ValueError):
    """The text or value is not an action of this game at all."""


class IllegalActionError(AlbionError, ValueError):
    """A well-formed action that the rules forbid now; names the ruling it breaks."""

    def __init__(self, ruling: str, reason: str) -> None:
        super().__init__(f"{reason} ({ruling})")
        self.ruling = ruling
        self.reason = reason


class VariantError(AlbionError, ValueError):
    """An unknown variant key or a value outside the allowed ones."""


class PlayerCountError(AlbionError, ValueError):
    """A number of players the game does not support."""


class RecordError(AlbionError, ValueError):
    """A game record that cannot be read, or does not replay to what it claims."""


class UnknownGameError(AlbionError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"
