"""The Learn page's API (issue 32; docs/protocol/server.md, Learn): a game's tutorial played
in the browser on the real Table, step by step. Stateless: a step is its number, and every
request builds that step's table afresh from the step's position text (a few
milliseconds; the seed is the tutorial's own, so the same move brings the same outcome).
The server checks every move through the tutorial engine (`albion.table.tutorial`): a move
the rules refuse is refused with the ruling's words, a legal move the step does not ask
for with the rulings the step teaches, each with the step's hint, and the step stays;
the expected move is played and the table plays on (bots, chance) as in any game.

- `GET /api/learn/{game}`: the tutorial's title, intro and steps' titles;
- `GET /api/learn/{game}/steps/{number}`: the step's words, the place to look at (and the
  legal actions that sit there), the rulings it teaches, and the learner's update — the
  same payload a table's WebSocket sends a seat (view, legal, events, geometry);
- `POST /api/learn/{game}/steps/{number}` `{"action": TEXT}`: `refused` (words, ruling,
  hint) or `played` (the step's closing words, the update after the move and what it
  brought about, the next step's number);
- `POST /api/learn/{game}/steps/{number}/why-not` `{"place": PLACE}`: a place of the board
  where the learner has no legal action (a move the page cannot offer): `why_not`, the
  refusal of each action the drawing would put there by the same check that builds the
  legal actions (`albion.table.why_not`, as at a table), with the step's hint; the step
  stays.

Words a person reads are in the reader's language (`?lang=`, the cookie, Accept-Language);
refusals also go as words values, as every refusal does. Moves count against a per-address
allowance (429); a bad game, step or action is a 4xx with words, never a crash."""

from __future__ import annotations

import asyncio
from functools import lru_cache
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Path, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from albion.core.errors import AlbionError, InvalidActionError
from albion.core.plugin import load_tutorial
from albion.core.presentation import Place
from albion.core.registry import get_game, get_plugin
from albion.core.tutorial import Step, Tutorial
from albion.core.words import say, say_n
from albion.i18n import translator
from albion.server.account_routes import take_one
from albion.server.errors import ApiError
from albion.server.languages import page_language, page_response
from albion.server.lobby import check_origin
from albion.server.messages import BoardPlace, ErrorBody
from albion.server.pages import WEB
from albion.server.quotas import Buckets, address_of
from albion.server.settings import ServerSettings
from albion.server.why_not import why_not_frame
from albion.table.decisions import decision_state
from albion.table.protocol import WordsValue, words_value
from albion.table.table import AnyTable
from albion.table.tutorial import Lesson, Played, look_words

LEARN_RATE, LEARN_BURST = 5.0, 60
"""Requests of the Learn API an address makes a second on average, and at once: a
newcomer makes two a step (the step, the move); each builds a table."""
MAX_STEP = 1_000
REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody} for code in (403, 404, 422, 429)}


class LearnMove(BaseModel):
    """`POST /api/learn/{game}/steps/{number}`: the learner's move, in notation (as the
    step's `legal` lists it)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    action: str = Field(min_length=1, max_length=200)


class LearnPlace(BaseModel):
    """`POST /api/learn/{game}/steps/{number}/why-not`: a place of the step's board the
    learner selected, where no legal action sits (as a table's `why_not` names one)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    place: BoardPlace


class Ruling(BaseModel):
    """A ruling a step teaches: its id (linked to the rules page) and its title."""

    id: str
    title: str


class Refusal(BaseModel):
    """Why the step does not take a move; the step stays."""

    outcome: Literal["refused"] = "refused"
    message: str = Field(description="Why, in English")
    words: WordsValue | None = Field(description="Why, as words (the reader's language)")
    ruling: str | None = Field(description="The ruling the rules refused it by; null for "
                               "a legal move the step does not ask for (its words name "
                               "the rulings the step teaches)")
    said: str = Field(description="Why, in the reader's language")
    hint: str = Field(description="The step's hint, in the reader's language")


def add_learn_routes(app: FastAPI, settings: ServerSettings) -> None:
    """The Learn page (`/learn/{game}`) and its API on `app`."""
    allowance = Buckets(LEARN_RATE, LEARN_BURST)
    limited = say("too many requests to the tutorial: try again in {seconds} s")

    @app.get("/learn/{game_id}", include_in_schema=False, response_class=HTMLResponse)
    async def learn_page(request: Request) -> HTMLResponse:
        return page_response(WEB / "learn.html", request)

    @app.get("/api/learn/{game_id}", responses=REFUSALS)
    async def tutorial(game_id: str, request: Request) -> dict[str, Any]:
        """A game's tutorial: its title, the line said before it, its steps' titles, in
        the reader's language."""
        found = _tutorial(game_id)
        text = translator(page_language(request)).text
        return {"game": game_id, "name": get_game(game_id).name, "lang": page_language(request),
                "title": text(found.title), "intro": text(found.intro) if found.intro else "",
                "steps": [text(step.title) for step in found.steps]}

    @app.get("/api/learn/{game_id}/steps/{number}", responses=REFUSALS)
    async def step(game_id: str, number: Annotated[int, Path(ge=1, le=MAX_STEP)],
                   request: Request) -> dict[str, Any]:
        """Step `number` (1-based): its words, where to look, the rulings it teaches, and
        the learner's update at its position (a table seat's payload)."""
        take_one(allowance, address_of(request.client), limited)
        found = _tutorial(game_id)
        _check_number(game_id, found, number)
        lang = page_language(request)
        return await asyncio.to_thread(_step_payload, game_id, found, number, lang)

    @app.post("/api/learn/{game_id}/steps/{number}", responses=REFUSALS)
    async def move(game_id: str, number: Annotated[int, Path(ge=1, le=MAX_STEP)],
                   body: LearnMove, request: Request) -> dict[str, Any]:
        """The learner's move at step `number`: `refused` (the step stays) or `played`
        (what it brought about, and the next step). 422 `bad_action` for a text that is
        no action of the game at all."""
        check_origin(request, settings)
        take_one(allowance, address_of(request.client), limited)
        found = _tutorial(game_id)
        _check_number(game_id, found, number)
        lang = page_language(request)
        return await asyncio.to_thread(_move, game_id, found, number, body.action, lang)

    @app.post("/api/learn/{game_id}/steps/{number}/why-not", responses=REFUSALS)
    async def why_not(game_id: str, number: Annotated[int, Path(ge=1, le=MAX_STEP)],
                      body: LearnPlace, request: Request) -> dict[str, Any]:
        """"Why not?" at a place of step `number`'s board: the rulings and sentences that
        refuse the actions there (`legal` lists those allowed there, if any), with the
        step's hint. Nothing changes: the step stays."""
        check_origin(request, settings)
        take_one(allowance, address_of(request.client), limited)
        found = _tutorial(game_id)
        _check_number(game_id, found, number)
        lang = page_language(request)
        place = Place(**body.place.model_dump())
        return await asyncio.to_thread(_why_not, game_id, found, number, place, lang)


@lru_cache(maxsize=32)
def _tutorial(game_id: str) -> Tutorial:
    """The game's tutorial, read once; 404 for an unknown game or one without."""
    try:
        found = load_tutorial(get_plugin(game_id))
    except AlbionError as problem:
        raise ApiError.of(404, "unknown_game", problem) from None
    if found is None:
        raise ApiError(404, "no_tutorial", say("{game} has no tutorial", game=game_id))
    return found


def _check_number(game_id: str, found: Tutorial, number: int) -> None:
    count = len(found.steps)
    if number > count:
        raise ApiError(404, "no_step", say_n(
            "{game}'s tutorial has {count} step", "{game}'s tutorial has {count} steps",
            count, game=game_id))


def _lesson(game_id: str, found: Tutorial, number: int) -> Lesson:
    return Lesson(get_game(game_id), found, start=number - 1)


def _step_payload(game_id: str, found: Tutorial, number: int, lang: str) -> dict[str, Any]:
    lesson = _lesson(game_id, found, number)
    step = lesson.step
    update = update_payload(lesson.table, lesson.seat, lesson.table.version)
    text = translator(lang).text
    return {"game": game_id, "number": number, "count": len(found.steps),
            "title": text(step.title), "text": text(step.text), "hint": text(step.hint),
            "point": _place(step), "pointed": pointed(step, update["view"]["legal"]),
            "look": translator(lang).words(look_words(step.point, lesson.seat)),
            "teaches": [ruling.model_dump() for ruling in _rulings(game_id, step, lang)],
            "seat": lesson.seat, "update": update}


def _move(game_id: str, found: Tutorial, number: int, action: str,
          lang: str) -> dict[str, Any]:
    lesson = _lesson(game_id, found, number)
    said = translator(lang)
    try:  # a text that is no action of the game: the page sent what no step lists
        lesson.game.parse_action(decision_state(lesson.table.position(), lesson.seat), action)
    except InvalidActionError as problem:
        words = problem.words or say("{action} is not an action of {game}",
                                     action=repr(action), game=game_id)
        raise ApiError(422, "bad_action", words) from None
    seat = lesson.seat  # the learner's seat at this step (the next step may differ)
    outcome = lesson.try_move(action)
    if not isinstance(outcome, Played):
        return Refusal(outcome="refused", message=str(outcome.words),
                       words=words_value(outcome.words), ruling=outcome.ruling,
                       said=said.words(outcome.words), hint=said.text(outcome.hint)).model_dump()
    update = update_payload(outcome.table, seat, outcome.since, settled=True)
    return {"outcome": "played", "number": number,
            "after": said.text(outcome.step.after) if outcome.step.after else "",
            "update": update, "next": None if lesson.is_done else number + 1,
            "complete": lesson.is_done}


def _why_not(game_id: str, found: Tutorial, number: int, place: Place,
             lang: str) -> dict[str, Any]:
    lesson = _lesson(game_id, found, number)
    answer = lesson.why_not(place)
    said = translator(lang)
    frame = why_not_frame(lesson.table.version, answer)  # a table's answer, as words too
    frame.pop("type")
    for reason, kept in zip(frame["reasons"], answer.reasons, strict=True):
        reason["said"] = said.words(kept.words)
    return {"outcome": "why_not", "number": number, **frame,
            "hint": said.text(lesson.step.hint)}


def update_payload(table: AnyTable, seat: int, since: int,
                   settled: bool = False) -> dict[str, Any]:
    """What a table's WebSocket would send the learner's seat (docs/protocol/server.md,
    `update`): its view and legal actions, the events after `since` as it hears them and
    the game's geometry. `settled`: the step is over — the table may let the seat go on
    (draw again), but the tutorial moves to its next step, so nothing is offered."""
    view = table.view(seat)
    if settled:
        view["legal"] = []
    return {"type": "update", "table": None, "version": table.version, "view": view,
            "events": [entry.to_json() for entry in table.events_for(seat, since)],
            "legal": [entry["text"] for entry in view["legal"]],
            "status": "over" if table.is_over() else "playing", "names": {}, "away": {},
            "decided_at": None, "committed_at": None, "seed_chosen": False,
            "elsewhere": None, "rematch": None, "rematch_offer": None, "clock": None,
            "can_undo": False, "geometry": table.geometry()}


def pointed(step: Step, legal: list[dict[str, Any]]) -> list[str]:
    """The legal actions (notation) the page highlights for the step's `point`: those that
    sit there (every field the point gives is their place's); else those that reach its
    square (an attack's arc over an enemy); else — the point is a card whose move is a
    button of its own, as the fairy — the expected moves that have no place on the board."""
    point = _place(step)
    sitting = [entry["text"] for entry in legal if _sits_at(point, entry.get("at") or {})]
    reaching = [entry["text"] for entry in legal
                if point.get("square") is not None and point["square"] in entry.get("reaches", [])]
    return sitting or reaching or [entry["text"] for entry in legal
                                   if entry["text"] in step.expect and not entry.get("at")]


def _sits_at(point: dict[str, Any], at: dict[str, Any]) -> bool:
    return bool(at.get("area") == point["area"] and all(
        at.get(key) == value for key, value in point.items() if key != "area"))


def _place(step: Step) -> dict[str, Any]:
    """The step's point as the wire writes a place (its given fields only)."""
    place = step.point
    return {key: getattr(place, key) for key in ("area", "seat", "square", "item", "number")
            if getattr(place, key) is not None}


def _rulings(game_id: str, step: Step, lang: str) -> list[Ruling]:
    text = translator(lang).text
    titles = {ruling.id: ruling.title for ruling in get_game(game_id).rulings}
    return [Ruling(id=ruling, title=text(titles[ruling]) if ruling in titles else ruling)
            for ruling in step.teaches]
