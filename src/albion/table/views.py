"""A table's view for one viewer, as the protocol says (`albion.table.protocol`): the
envelope every game shares, with the game's own board from its plug-in's wire module."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from albion.core.registry import get_plugin
from albion.core.state import CAP
from albion.table.protocol import LegalAction, Result, SeatInfo, TableView

if TYPE_CHECKING:
    from albion.table.table import Table


@cache
def view_model(game_id: str) -> type[TableView[Any]]:
    """The pydantic model of a game's table view (its board from the plug-in)."""
    wire = get_plugin(game_id).load_wire()
    board: type[BaseModel] = wire.Board if wire is not None else GenericBoard
    return TableView[board]  # type: ignore[valid-type]


class GenericBoard(BaseModel):
    """The board of a game whose plug-in has no wire module: its view's text."""

    text: str


def view_json(table: Table, viewer: int | None) -> dict[str, Any]:
    """The view as JSON-ready data, validated against the game's model."""
    game = table.game
    wire = get_plugin(game.id).load_wire()
    seen = table.observe(viewer)
    board = wire.board(seen) if wire is not None else \
        GenericBoard(text=repr(seen))
    returns = table.returns()
    result = None
    if returns is not None:
        reason = table.end_reason() or "over"
        best = max(returns)
        winners = [] if reason == CAP else [s for s, v in enumerate(returns) if v == best]
        result = Result(returns=returns, winners=winners, reason=reason)
    legal = table.legal(viewer) if viewer is not None else []
    model = view_model(game.id)
    view = model(
        game=game.id, game_version=game.version, variant=table.variant.as_dict(),
        version=table.version, viewer=viewer,
        seats=[SeatInfo(seat=seat, name=game.seat_name(seat), player=table.names[seat],
                        is_bot=not table.is_human(seat)) for seat in range(table.num_players)],
        status="over" if table.is_over() else "playing", to_move=list(table.to_move()),
        legal=[LegalAction(text=text) for text in legal], result=result, board=board)
    return view.model_dump(mode="json")
