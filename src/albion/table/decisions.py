"""Where a seat decides when decisions are simultaneous (RS-6)."""

from __future__ import annotations

from albion.core.game import AnyState


def decision_state(state: AnyState, seat: int) -> AnyState:
    """The position in which `seat` decides: `state` itself when it is the current player;
    where decisions are simultaneous and seats ahead of it in the engine's order have not
    decided yet, a copy in which they have. Their choices are hidden and independent of
    `seat`'s (RS-6): they change neither its options nor what it may know, so every seat
    decides — and every bot sees — exactly what it would deciding in that order. Raises
    ValueError when `seat` may not decide now."""
    if state.current_player() == seat:
        return state
    if seat not in state.decision_seats():
        raise ValueError(f"seat {seat} may not decide now")
    state = state.clone()
    while state.current_player() != seat:
        state.apply_legal(state.legal_actions()[0])
    return state
