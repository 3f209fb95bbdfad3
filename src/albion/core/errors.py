"""The errors of the game contract (python-chess style: one base, precise subclasses).

An error a person may read is raised with its sentence as words (issue 29):
`raise VariantError(say("…", key=…))` keeps them as the error's `words`, for a face (the
terminal, the server's error frames) to say in its reader's language; `str()` of the error
is their English, as before."""

from __future__ import annotations

from typing import NamedTuple

from albion.core.words import Arg, Seat, Words, as_words, say


class AlbionError(Exception):
    """Base of every error Albion raises on purpose. Raised with one `Words` argument, it
    keeps them as `words` and reads as their English; raised with a text, `words` is None
    (a face shows the text as it is). `ruling`: the ruling the refusal rests on, if one
    does (its English ends with it, as an illegal action's does)."""

    words: Words | None = None
    ruling: str | None = None

    def __init__(self, *args: object, ruling: str | None = None) -> None:
        if len(args) == 1 and isinstance(args[0], Words):
            self.words = args[0]
            args = (f"{args[0]} ({ruling})" if ruling else str(args[0]),)
        self.ruling = ruling
        super().__init__(*args)


class InvalidActionError(AlbionError, ValueError):
    """The text or value is not an action of this game at all."""


class IllegalActionError(AlbionError, ValueError):
    """A well-formed action that the rules forbid now; names the ruling it breaks."""

    def __init__(self, ruling: str, reason: str | Words) -> None:
        super().__init__(f"{reason} ({ruling})")
        self.ruling: str = ruling
        self.reason = str(reason)
        """The sentence in English."""
        self.words: Words = as_words(reason)
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
        super().__init__(_not_now(seat, to_move))
        self.seat = seat
        self.to_move = to_move


class StaleVersion(AlbionError, ValueError):  # noqa: N818 - the name the protocol uses
    """A decision made on a version of the table that is no longer the current one."""

    def __init__(self, submitted: int, current: int) -> None:
        super().__init__(say("that decision was made at version {submitted}; the table is "
                             "at version {current}", submitted=submitted, current=current))
        self.submitted = submitted
        self.current = current


def _not_now(seat: int | None, to_move: tuple[int, ...]) -> Words:
    """NotYourTurn's sentence: who may not decide, and whom the table waits for."""
    if not to_move:
        return say("a spectator may not decide now; waiting for nobody (the game is over)") \
            if seat is None else \
            say("{player} may not decide now; waiting for nobody (the game is over)",
                player=Seat(seat))
    waiting: Arg = Seat(to_move[-1])
    for other in reversed(to_move[:-1]):
        waiting = say("{first}, {rest}", first=Seat(other), rest=waiting)
    if seat is None:
        return say("a spectator may not decide now; waiting for {players}", players=waiting)
    return say("{player} may not decide now; waiting for {players}", player=Seat(seat),
               players=waiting)


class UndoRefused(AlbionError, ValueError):  # noqa: N818 - the name the protocol uses
    """ALL-3: a seat may not take back a move now; `why` says which barrier stands in the
    way (one of `UNDO_BARRIERS`)."""

    def __init__(self, seat: int, why: str) -> None:
        super().__init__(UNDO_BARRIERS[why].with_args(player=Seat(seat)), ruling="ALL-3")
        self.seat = seat
        self.why = why


UNDO_BARRIERS: dict[str, Words] = {
    "nothing": say("{player} has no move to take back"),
    "bot": say("{player} is a bot, and bots never take back a move"),
    "over": say("the game is over: {player} may not take back a move"),
    "chance": say("{player} may not take back a move made before chance decided"),
    "reveal": say("{player} may not take back a move once a secret was revealed"),
    "seat": say("{player} may not take back a move once another player has decided"),
    "turn": say("{player} may not take back a move once the turn has passed"),
    "stand_in": say("{player} may not take back a move a stand-in made for them"),
}
"""Why a seat may not take back a move (ALL-3), by the id `UndoRefused.why` carries."""


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
