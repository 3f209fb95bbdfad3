"""The errors of the game contract (python-chess style: one base, precise subclasses)."""

from __future__ import annotations

from typing import NamedTuple

from albion.core.words import Words, as_words


class AlbionError(Exception):
    """Base of every error Albion raises on purpose."""


class InvalidActionError(AlbionError, ValueError):
    """The text or value is not an action of this game at all."""


class IllegalActionError(AlbionError, ValueError):
    """A well-formed action that the rules forbid now; names the ruling it breaks."""

    def __init__(self, ruling: str, reason: str | Words) -> None:
        super().__init__(f"{reason} ({ruling})")
        self.ruling = ruling
        self.reason = str(reason)
        """The sentence in English."""
        self.words = as_words(reason)
        """The sentence as words, for a face to put into its reader's language."""


class Refusal(NamedTuple):
    """Why an action is not legal now: the ruling it breaks and a sentence a player
    understands. Legality checks return one (or None) so that the same check both builds
    the legal actions and explains a refusal."""

    ruling: str
    reason: str | Words

    def error(self) -> IllegalActionError:
        return IllegalActionError(self.ruling, self.reason)


class NotYourTurn(AlbionError, ValueError):  # noqa: N818 - the name the protocol uses
    """A seat submitted a decision at a table while it may not decide."""

    def __init__(self, seat: int | None, to_move: tuple[int, ...]) -> None:
        waiting = ", ".join(f"P{s + 1}" for s in to_move) or "nobody (the game is over)"
        who = "a spectator" if seat is None else f"P{seat + 1}"
        super().__init__(f"{who} may not decide now; waiting for {waiting}")
        self.seat = seat
        self.to_move = to_move


class StaleVersion(AlbionError, ValueError):  # noqa: N818 - the name the protocol uses
    """A decision made on a version of the table that is no longer the current one."""

    def __init__(self, submitted: int, current: int) -> None:
        super().__init__(f"that decision was made at version {submitted}; the table is at "
                         f"version {current}")
        self.submitted = submitted
        self.current = current


class VariantError(AlbionError, ValueError):
    """An unknown variant key or a value outside the allowed ones."""


class PlayerCountError(AlbionError, ValueError):
    """A number of players the game does not support."""


class RecordError(AlbionError, ValueError):
    """A game record that cannot be read, or does not replay to what it claims."""


class PositionError(AlbionError, ValueError):
    """A position text that does not describe a position of the game."""


class UnknownGameError(AlbionError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"
