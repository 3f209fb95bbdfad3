"""What a table tells of a decision, per audience: the decision itself as each viewer may
know it (`Game.decision_event`: a secret move in full to those who may know it, face
down to the others, RS-6, RS-18), and the end of the game (ALL-1)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from albion.core.events import Event, GameOver
from albion.core.game import AnyGame, AnyState
from albion.core.state import CAP, winners_of
from albion.core.words import Seat, Words, say, say_n

END_REASONS: dict[str, Words] = {
    "castle": say("full castle"),  # DI-10: a castle of six cards
    "score": say("points"),  # Raiding Stonehenge: the best score (RS-16)
    "hand": say("points, hands breaking the tie"),  # RS-17's tie-break decided
    "shared": say("shared win, identical hands"),  # RS-17: nothing broke the tie
    "gems": say("gems"),  # SC-19
    "grail": say("Holy Grail"),  # Super Camelot: the Grail claimed
    CAP: say("safety cap"),  # ALL-1: a draw at the game's turn cap
}
"""How a game ended, by its reason id (`State.end_reason`, kept as data in the event's
`reason`), as words the event's sentence holds (issue 29)."""


def decision_events(game: AnyGame, num_players: int, actor: int, action: Any,
                    state: AnyState, text: str) -> list[Event]:
    """One event per distinct account of the decision taken in `state`, written `text`;
    where every move is public, one event for everyone."""
    if game.moves_are_public:
        return [game.decision_event(state, actor, action, text, None)]
    accounts: dict[Event, list[int | None]] = {}
    for viewer in [None, *range(num_players)]:
        accounts.setdefault(game.decision_event(state, actor, action, text, viewer),
                            []).append(viewer)
    if len(accounts) == 1:
        return list(accounts)
    return [replace(event, audience=frozenset(viewers)) for event, viewers in accounts.items()]


def game_over(game: AnyGame, state: AnyState) -> GameOver:
    """ALL-1: the returns, the winners (the winners rule, `winners_of`) and how it ended."""
    returns = tuple(state.returns())
    reason = state.end_reason() or "over"
    winners = tuple(winners_of(returns, reason))
    return GameOver(words=end_words(winners, reason), returns=returns, winners=winners,
                    reason=reason)


def end_words(winners: tuple[int, ...], reason: str) -> Words:
    """"game over (points): P1 wins", "game over (safety cap): a draw": the winners named as
    each face names their seats, the reason in words (a reason no game here gives, as its
    id; none at all, left out)."""
    said = END_REASONS.get(reason, Words(reason)) if reason != "over" else None
    if not winners:
        return (say("game over ({reason}): a draw", reason=said) if said is not None
                else say("game over: a draw"))
    players: Words | Seat = Seat(winners[-1])
    for seat in reversed(winners[:-1]):
        players = say("{first} and {rest}", first=Seat(seat), rest=players)
    if said is None:
        return say_n("game over: {players} wins", "game over: {players} win", len(winners),
                     players=players)
    return say_n("game over ({reason}): {players} wins", "game over ({reason}): {players} win",
                 len(winners), reason=said, players=players)
