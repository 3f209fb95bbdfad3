"""Issue 30 in the browser: a signed-in browser's pages send the session's CSRF token when
the server asks for it (they learn it from GET /api/account), so a signed-in person opens
an invitation as a guest does, and the seat is their account's; in another browser signed
in to the same account, the seat's page opens the seat by the session alone (no seat
cookie there), while a browser signed in to another account only watches."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.browser.conftest import LiveServer, assert_no_js_errors, wait_until

PASSWORD = "correct horse battery"


def sign(page: Any, server: LiveServer, path: str, username: str) -> dict[str, Any]:
    """Sign up or in (`path`) in `page`'s browser; the answer."""
    answer = page.context.request.post(f"{server.url}/api/account/{path}", data={
        "username": username, "password": PASSWORD})
    assert answer.status in (200, 201), answer.text()
    return answer.json()  # type: ignore[no-any-return]


def test_a_signed_in_browser_claims_a_seat_and_another_opens_it_by_the_session(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("diamoniak", ["human", "random"])
    table = created["table"]
    laptop = new_page()
    sign(laptop, server, "signup", "browser_ann")
    laptop.goto(created["seats"][0]["url"])  # its claim is refused once for want of CSRF
    laptop.wait_for_selector("[data-testid=seat-0].me")
    assert laptop.url.endswith(f"/play/{table}?seat=0"), laptop.url
    mine = laptop.context.request.get(f"{server.url}/api/account/tables").json()
    assert [(entry["table"], entry["seat"]) for entry in mine] == [(table, 0)]
    phone = new_page()  # another browser: no seat cookie, the same account
    sign(phone, server, "signin", "browser_ann")
    phone.goto(f"{server.url}/play/{table}?seat=0")
    phone.wait_for_selector("[data-testid=seat-0].me")
    wait_until(phone, "document.body.dataset.version !== undefined")
    assert phone.evaluate("document.cookie") == "", "HttpOnly: no script reads the session"
    stranger = new_page()  # signed in, but to another account
    sign(stranger, server, "signup", "browser_bob")
    stranger.goto(f"{server.url}/play/{table}?seat=0")
    stranger.wait_for_selector("[data-testid=error]:not(.hidden)")
    assert stranger.locator(".seat-chip.me").count() == 0, "another account's seat stays shut"
    assert_no_js_errors(laptop)
    assert_no_js_errors(phone)
