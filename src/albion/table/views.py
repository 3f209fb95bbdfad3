"""A table's view for one viewer, as the protocol says (`albion.table.protocol`): the
envelope every game shares, with the game's own board from its plug-in's wire module."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any

from pydantic import BaseModel

from albion.core.game import AnyGame, AnyState
from albion.core.registry import plugin_of
from albion.core.state import winners_of
from albion.core.variants import Variant
from albion.table.protocol import LegalAction, Result, SeatInfo, TableView


def view_model(game: AnyGame) -> type[TableView[Any]]:
    """The pydantic model of a game's table view (its board from the plug-in)."""
    return _model(plugin_of(game).wire)


@cache
def _model(wire_module: str | None) -> type[TableView[Any]]:
    wire = import_module(wire_module) if wire_module else None
    board: type[BaseModel] = wire.Board if wire is not None else GenericBoard
    return TableView[board]  # type: ignore[valid-type]


class GenericBoard(BaseModel):
    """The board of a game whose plug-in has no wire module: its view's text."""

    text: str


@dataclass(frozen=True)
class Seating:
    """What a view says of the table around the game: who plays each seat."""

    game: AnyGame
    variant: Variant
    names: Sequence[str]
    bots: Sequence[bool]


def legal_entries(game: AnyGame, state: AnyState) -> list[tuple[str, int | None]]:
    """(notation, index in the fixed action space or None) of each legal action."""
    indexed = game.action_space is not None
    return [(game.action_text(state, action), game.action_index(action) if indexed else None)
            for action in state.legal_actions()]


def protocol_view(seating: Seating, state: AnyState, version: int, viewer: int | None,
                  to_move: Sequence[int],
                  legal: Sequence[tuple[str, int | None]]) -> dict[str, Any]:
    """`viewer`'s view of `state` at `version` as JSON-ready data, validated against the
    game's model. Only `state.observe(viewer)` reaches the board."""
    game = seating.game
    wire = plugin_of(game).load_wire()
    seen = state.observe(viewer)
    board = wire.board(seen) if wire is not None else GenericBoard(text=repr(seen))
    result = None
    if state.is_terminal():
        returns = state.returns()
        reason = state.end_reason() or "over"
        result = Result(returns=returns, winners=winners_of(returns, reason), reason=reason)
    view = view_model(game)(
        game=game.id, game_version=game.version, variant=seating.variant.as_dict(),
        version=version, viewer=viewer,
        seats=[SeatInfo(seat=seat, name=game.seat_name(seat), player=seating.names[seat],
                        is_bot=seating.bots[seat]) for seat in range(len(seating.names))],
        status="over" if result is not None else "playing", to_move=list(to_move),
        legal=[LegalAction(text=text, index=index) for text, index in legal], result=result,
        board=board)
    return view.model_dump(mode="json")
