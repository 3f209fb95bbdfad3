"""What a table tells of a decision, per audience: the decision itself as each viewer may
know it (`Game.decision_event`: a secret move in full to those who may know it, face
down to the others, RS-6, RS-18), and the end of the game (ALL-1)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from albion.core.events import Event, GameOver
from albion.core.game import AnyGame, AnyState
from albion.core.state import winners_of


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
    if winners:
        text = (f"game over ({reason}): "
                + " and ".join(game.seat_name(seat) for seat in winners)
                + (" win" if len(winners) > 1 else " wins"))
    else:
        text = f"game over ({reason}): a draw"
    return GameOver(text=text, returns=returns, winners=winners, reason=reason)
