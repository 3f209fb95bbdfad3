"""A table's view for one viewer, as the protocol says (`albion.table.protocol`): the
envelope every game shares, with the game's presentation model from its plug-in's wire
module — its board, its legal actions annotated (where each sits, what it reaches, its
words and ruling), what just happened that the board does not show (`recap`) and, once
per game, its static geometry (issue 26: one drawing per game, computed from the
engine's own values; the faces only draw it).

A wire module has `Board` and `board(view)`; it may add `annotate(view, actions)` (one
`core.presentation.ActionNote` per action), `Recap` and `recap(view, events)` (from the
viewer's events so far, newest first: it reads back only as far as it needs), and
`Geometry` and `geometry(game, players, variant)`. Everything is read from the viewer's
own view and events: nothing a seat may not know reaches its presentation."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any, NamedTuple

from pydantic import BaseModel

from albion.core.events import Event
from albion.core.game import AnyGame, AnyState
from albion.core.presentation import ActionNote, plain_note
from albion.core.presentation import Place as CorePlace
from albion.core.registry import plugin_of
from albion.core.state import winners_of
from albion.core.variants import Variant
from albion.table.protocol import (
    LegalAction,
    NoRecap,
    Place,
    Result,
    SeatInfo,
    TableView,
    words_value,
)


class GenericBoard(BaseModel):
    """The board of a game whose plug-in has no wire module: its view's text."""

    text: str


class LegalEntry(NamedTuple):
    """A legal action, its notation, and its index in the fixed action space (None where
    the game has none)."""

    action: Any
    text: str
    space_index: int | None


@dataclass(frozen=True)
class Drawing:
    """A game's presentation model, read once from its wire module."""

    model: type[TableView[Any, Any]]
    board: Callable[[Any], BaseModel]
    annotate: Callable[[Any, Sequence[Any]], Sequence[ActionNote]] | None
    recap: Callable[[Any, Iterable[Event]], BaseModel | None] | None
    geometry: Callable[[AnyGame, int, Variant], BaseModel] | None
    candidates: Callable[[Any, CorePlace], Sequence[Any]] | None = None
    """The actions that could sit at a place, for "why not?" (`table.why_not`): a
    shortcut a game with a large action space may give; None: every action is tried."""


def drawing_of(game: AnyGame) -> Drawing:
    """The presentation model of `game` (from its plug-in's wire module)."""
    return _drawing(plugin_of(game).wire)


@cache
def _drawing(wire_module: str | None) -> Drawing:
    wire = import_module(wire_module) if wire_module else None
    if wire is None:
        return Drawing(TableView[GenericBoard, NoRecap],
                       lambda seen: GenericBoard(text=repr(seen)), None, None, None)
    board: type[BaseModel] = wire.Board
    recap: type[BaseModel] = getattr(wire, "Recap", NoRecap)
    return Drawing(
        model=TableView[board, recap],  # type: ignore[valid-type]
        board=wire.board,
        annotate=getattr(wire, "annotate", None),
        recap=getattr(wire, "recap", None),
        geometry=getattr(wire, "geometry", None),
        candidates=getattr(wire, "candidates", None),
    )


def view_model(game: AnyGame) -> type[TableView[Any, Any]]:
    """The pydantic model of a game's table view (its board and recap from the plug-in)."""
    return drawing_of(game).model


@dataclass(frozen=True)
class Seating:
    """What a view says of the table around the game: who plays each seat."""

    game: AnyGame
    variant: Variant
    names: Sequence[str]
    bots: Sequence[bool]


def legal_entries(game: AnyGame, state: AnyState) -> list[LegalEntry]:
    """Each legal action of `state`, with its notation and its index."""
    indexed = game.action_space is not None
    return [LegalEntry(action, game.action_text(state, action),
                       game.action_index(action) if indexed else None)
            for action in state.legal_actions()]


def geometry(seating: Seating) -> dict[str, Any] | None:
    """The game's static geometry at this table (its board's shape, sent once per game),
    or None when its wire module has none."""
    drawing = drawing_of(seating.game)
    if drawing.geometry is None:
        return None
    shape = drawing.geometry(seating.game, len(seating.names), seating.variant)
    return shape.model_dump(mode="json")


def protocol_view(seating: Seating, state: AnyState, version: int, viewer: int | None,
                  to_move: Sequence[int], legal: Sequence[LegalEntry],
                  events: Iterable[Event] = ()) -> dict[str, Any]:
    """`viewer`'s view of `state` at `version` as JSON-ready data, validated against the
    game's model: its board, its `legal` actions annotated, and the recap of `events`
    (those it received so far, newest first: read lazily). Only `state.observe(viewer)`
    and the viewer's own events reach the board, the notes and the recap."""
    game = seating.game
    drawing = drawing_of(game)
    seen = state.observe(viewer)
    result = None
    if state.is_terminal():
        returns = state.returns()
        reason = state.end_reason() or "over"
        result = Result(returns=returns, winners=winners_of(returns, reason), reason=reason)
    view = drawing.model(
        game=game.id, game_version=game.version, variant=seating.variant.as_dict(),
        version=version, viewer=viewer,
        seats=[SeatInfo(seat=seat, name=game.seat_name(seat), player=seating.names[seat],
                        is_bot=seating.bots[seat]) for seat in range(len(seating.names))],
        status="over" if result is not None else "playing", to_move=list(to_move),
        legal=annotated(drawing, seen, legal), result=result, board=drawing.board(seen),
        recap=drawing.recap(seen, events) if drawing.recap is not None else None)
    data = view.model_dump(mode="json")
    if result is not None:  # ALL-2: the game is over, every hand is turned up
        data["board"] = every_seat_shown(seating, state, data["board"])
    return data


def every_seat_shown(seating: Seating, state: AnyState, board: Any) -> Any:
    """ALL-2: `board` (JSON) with each seat's own part — its entry in the board's
    `players`, matched by its `seat` — as that seat saw it in `state`: its hand, its card
    played face down, its gems. A board without `players` is left as it is. Only for a
    game that is over (`protocol_view` at the end, `Table.replay_views`): before, these
    are the seats' secrets."""
    players = board.get("players") if isinstance(board, dict) else None
    if not isinstance(players, list):
        return board
    drawing = drawing_of(seating.game)
    shown = []
    for entry in players:
        seat = entry.get("seat") if isinstance(entry, dict) else None
        own = None
        if isinstance(seat, int) and 0 <= seat < len(seating.names):
            theirs = drawing.board(state.observe(seat)).model_dump(mode="json")
            own = next((part for part in theirs.get("players", [])
                        if isinstance(part, dict) and part.get("seat") == seat), None)
        shown.append(entry if own is None else own)
    return {**board, "players": shown}


def annotated(drawing: Drawing, seen: Any, legal: Sequence[LegalEntry]) -> list[LegalAction]:
    """The legal entries with their notes, read from the viewer's view `seen`."""
    if not legal:
        return []
    notes = drawing.annotate(seen, [entry.action for entry in legal]) \
        if drawing.annotate is not None else [plain_note(entry.text) for entry in legal]
    return [LegalAction(text=entry.text, index=entry.space_index, kind=note.kind,
                        label=str(note.label) or entry.text,
                        label_words=words_value(note.label), ruling=note.ruling,
                        at=None if note.at is None else Place(
                            area=note.at.area, seat=note.at.seat, square=note.at.square,
                            item=note.at.item, number=note.at.number),
                        reaches=list(note.reaches))
            for entry, note in zip(legal, notes, strict=True)]
