"""The leak scanner knows "why not?" (issue 32): an answer computed from the asking seat's
own view passes, at every version and on every canary twin; an answer that is not that
(another ruling, to a seat not deciding) is flagged, and its refusals are the protocol's."""

from __future__ import annotations

import copy
import json

from albion.core.presentation import Place
from albion.proving.leakscan import Frame, scan
from albion.server.why_not import why_not_frame
from albion.table.why_not import table_why_not
from tests.proving.test_leak_fuzz import SECRET, played


def test_why_not_answers_from_the_seats_view_pass_and_others_are_leaks() -> None:
    facts, frames, table = played("raiding-stonehenge", 3, 1, secret=SECRET)
    mover = table.to_move()[0]
    idle = next(seat for seat in range(3) if seat not in table.to_move()) \
        if len(table.to_move()) < 3 else None
    asked = [Place("pile", item="red"), Place("disks", seat=mover, item="red"),
             Place("line", number=9), Place("nowhere")]
    answers = [Frame(mover, "why_not", why_not_frame(table.version,
                                                     table_why_not(table, mover, place)))
               for place in asked]
    assert any(frame.body["reasons"] for frame in answers)
    result = scan(facts, [*frames, *answers])
    assert result.leaks == [] and result.problems == [], result
    assert result.frames["why_not"] == len(answers)

    forged = copy.deepcopy(answers[0].body)
    forged["reasons"][0]["ruling"] = "RS-18"
    wrong = [Frame(mover, "why_not", forged)]
    if idle is not None:
        wrong.append(Frame(idle, "why_not", answers[0].body))
    result = scan(facts, [*frames, *wrong])
    assert len(result.leaks) == len(wrong), result.leaks


def test_why_not_refusals_are_the_protocols() -> None:
    facts, frames, table = played("diamoniak", 2, 3, secret=SECRET)
    mover = table.to_move()[0]
    message = (json.dumps({"type": "why_not", "place": {"area": "draw_pile"}}), 0)
    refusals = [
        Frame(None, "error", {"type": "error", "code": "not_a_seat",
                              "message": "a spectator has no move to explain"},
              sent=(message,)),
        Frame(mover, "error", {"type": "error", "code": "rate_limited",
                               "message": "“why not?” is limited to a few a second"},
              sent=(message,)),
    ]
    result = scan(facts, [*frames, *refusals])
    assert result.leaks == [] and result.problems == [], result
