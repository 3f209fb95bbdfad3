""""Why not?" (issue 32): a seat selects a place on the board where it has no legal action,
and is told why, from the same check that builds the legal actions (`State.refusal`, each
game's `legality.py`): the ruling each candidate action there breaks, and its sentence.
Never a second reading of the rules.

The candidates are the actions the game's drawing would put at that place: the actions of
its fixed action space (or those its wire module's `candidates(view, place)` names, a
shortcut for a large space) whose note (`annotate`, the one that places legal actions)
sits exactly there. Everything is computed from the seat's own view: the refusals are
read on a state sampled from that view with a fixed generator (`Game.sample_state`), so
the answer is a function of what the seat may know and tells nothing of another seat's
secrets (the leak scanner checks it on canary twins)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from albion.core.errors import AlbionError
from albion.core.game import AnyGame
from albion.core.presentation import ActionNote, Place
from albion.core.words import Words
from albion.table.views import drawing_of

MAX_REASONS = 3
"""Reasons told at most: the most relevant first (a Super Camelot square may hold a step,
a shot, a bomb, a drop… each refused by its own ruling)."""
SAMPLE_SEED = 0
"""The fixed generator's seed of the state the refusals are read on: the same view gives
the same answer, whoever asks and whenever."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why one candidate action at the place is not legal: its kind (the note's word),
    the ruling it breaks and the sentence."""

    kind: str
    ruling: str
    words: str | Words


@dataclass(frozen=True, slots=True)
class WhyNot:
    """The answer for one place: `legal` holds the notation of the actions legal there
    (then there is nothing to explain), `reasons` why the others are refused; both empty:
    no action of the game is ever played there."""

    place: Place
    legal: tuple[str, ...]
    reasons: tuple[Reason, ...]


def why_not(game: AnyGame, view: Any, legal: Sequence[Any], place: Place) -> WhyNot:
    """The refusals of the actions the seat whose `view` this is (deciding now, with
    `legal` its legal actions) would play at `place`."""
    drawing = drawing_of(game)
    if drawing.annotate is None:
        return WhyNot(place, (), ())
    state = game.sample_state(view, random.Random(SAMPLE_SEED))
    legal_kinds = {note.kind for note in drawing.annotate(view, list(legal))}
    found: list[Reason] = []
    allowed: list[str] = []
    for action, note in _at_place(game, drawing.annotate, view, state, place):
        try:
            refusal = state.refusal(action)
        except AlbionError:
            continue  # no action of this game here (never offered by a candidate list)
        if refusal is None:
            allowed.append(game.action_text(state, action))
        else:
            found.append(Reason(note.kind, refusal.ruling, refusal.reason))
    # The kinds the seat may play now (a step refused while it moves); else the first in
    # the action space's order (the others are mostly "nothing is asked now"); one reason
    # per ruling and sentence.
    relevant = [reason for reason in found if reason.kind in legal_kinds] or found[:1]
    reasons: list[Reason] = []
    for reason in relevant:
        if all((reason.ruling, str(reason.words)) != (kept.ruling, str(kept.words))
               for kept in reasons):
            reasons.append(reason)
    return WhyNot(place, tuple(allowed), tuple(reasons[:MAX_REASONS]))


def _at_place(game: AnyGame, annotate: Any, view: Any, state: Any,
              place: Place) -> list[tuple[Any, ActionNote]]:
    """The candidate actions whose note sits exactly at `place`, with their notes."""
    wire = drawing_of(game).candidates
    if wire is not None:
        actions: Sequence[Any] = wire(view, place)
    else:
        actions = [game.action_at(index, state) for index in range(game.num_distinct_actions)]
    found = []
    for action in actions:
        try:
            note = annotate(view, [action])[0]
        except (AlbionError, LookupError, ValueError, TypeError, AttributeError):
            continue  # a chance outcome, or an action its drawing never places
        if note.at == place:
            found.append((action, note))
    return found


def table_why_not(table: Any, seat: int, place: Place) -> WhyNot:
    """`why_not` for `seat` at a table, from its decision inputs (its view and legal
    actions where it decides: NotYourTurn, changing nothing, if it may not decide now)."""
    view, legal = table.decision_inputs(seat)
    return why_not(table.game, view, legal, place)
