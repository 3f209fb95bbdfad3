""""Why not?" over a table's WebSocket (issue 32): a seat's `why_not` message names a place
on the board where it has no legal action; the answer goes to that connection only, from
the seat's own view (`albion.table.why_not`: the refusals of the checks that build the
legal actions, never a second reading of the rules). Refused like a hint: to a spectator,
before play begins, to a seat that does not decide now; a few a second per connection."""

from __future__ import annotations

from typing import Any

from albion.core.errors import NotYourTurn
from albion.core.presentation import Place
from albion.core.words import Words
from albion.server.actor import Client, TableActor
from albion.server.errors import NotStarted
from albion.server.messages import WhyNot, error
from albion.server.ratelimit import TokenBucket
from albion.server.refusals import (
    NOT_STARTED,
    WHY_NOT_FOR_SPECTATOR,
    WHY_NOT_LIMITED,
    decision_refused,
    refusal_words,
    refused,
)
from albion.table.why_not import WhyNot as Answer
from albion.table.why_not import table_why_not

WHY_NOT_RATE, WHY_NOT_BURST = 2.0, 6
"""`why_not`s a connection may send a second, on average, and at once (each reads the
candidate actions' refusals: a few milliseconds)."""


def why_not_allowance() -> TokenBucket:
    """A connection's `why_not` allowance."""
    return TokenBucket(WHY_NOT_RATE, WHY_NOT_BURST)


async def answer_why_not(actor: TableActor, client: Client, message: WhyNot,
                         allowance: TokenBucket) -> None:
    """Answer `message` to `client` only (or refuse it, changing nothing)."""
    seat = client.seat
    if seat is None:
        await client.send(refused(WHY_NOT_FOR_SPECTATOR))
        return
    if not actor.started:
        async with actor.lock:
            if not await actor.has_started():
                await client.send(error(*NOT_STARTED, words=NotStarted.WORDS))
                return
    if not allowance.take():
        await client.send(refused(WHY_NOT_LIMITED))
        return
    table = actor.table
    place = Place(**message.place.model_dump())
    try:  # computed at once, with no await: the table cannot move meanwhile
        answer = table_why_not(table, seat, place)
    except NotYourTurn as refusal:
        await client.send(error(*decision_refused(refusal), words=refusal_words(refusal)))
        return
    await client.send(why_not_frame(table.version, answer))


def why_not_frame(version: int, answer: Answer) -> dict[str, Any]:
    """The `why_not` frame of an answer at `version` (docs/protocol/server.md)."""
    place = answer.place
    return {"type": "why_not", "version": version,
            "place": {key: value for key, value in (
                ("area", place.area), ("seat", place.seat), ("square", place.square),
                ("item", place.item), ("number", place.number)) if value is not None},
            "legal": list(answer.legal),
            "reasons": [{"kind": reason.kind, "ruling": reason.ruling,
                         "message": str(reason.words),
                         "words": _words(reason.words)} for reason in answer.reasons]}


def _words(words: str | Words) -> dict[str, Any] | None:
    """The sentence as words (issue 29) for a face to say in its reader's language."""
    return words.to_json() if isinstance(words, Words) else None
