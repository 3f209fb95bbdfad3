"""Taking the seats of a new table as its people would (issue 25: a seat link is a
single-claim invitation): each invitation claimed, its seat's token put beside it."""

from __future__ import annotations

from typing import Any, Protocol


class Poster(Protocol):
    def post(self, url: str, *, json: Any = None) -> Any: ...


def claimed(client: Poster, created: dict[str, Any]) -> dict[str, Any]:
    """`created` (a `CreatedTable`) with every invitation claimed: each seat's `token`
    filled in (seats whose creator chose the seed hold their tokens already)."""
    for seat in created["seats"]:
        if seat.get("invite"):
            answer = client.post(f"/api/tables/{created['table']}/claim",
                                 json={"invite": seat["invite"]})
            assert answer.status_code == 200, answer.text
            assert answer.json()["seat"] == seat["seat"]
            seat["token"] = answer.json()["token"]
    return created
