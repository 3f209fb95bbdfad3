"""Issue 30's friends in the browser: ann adds bob by name on /account (a request, said
so), bob adds her back from his requests, sees her online, and invites her to a table in
one click (he lands on his seat); ann sees him at the table, accepts the invitation on her
page and lands on the second seat. Screenshots at 1280 and 375 px (ALBION_SCREENSHOTS)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.browser.conftest import PHONE, LiveServer, assert_no_js_errors, screenshot
from tests.browser.test_accounts import sign


def test_friends_add_each_other_and_one_invites_the_other_in_one_click(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    ann, bob = new_page(), new_page()
    sign(ann, server, "signup", "friend_ann")
    sign(bob, server, "signup", "friend_bob")
    ann.goto(f"{server.url}/account")
    ann.fill("[data-testid=friend-name]", "friend_nobody")
    ann.click("[data-testid=add-friend]")
    problem = ann.locator("[data-testid=friend-error]")
    problem.wait_for(state="visible")
    assert "no account is called friend_nobody" in problem.inner_text()
    ann.fill("[data-testid=friend-name]", "Friend_Bob")
    ann.click("[data-testid=add-friend]")
    told = ann.locator("[data-testid=friend-told]")
    told.wait_for(state="visible")
    assert "friend_bob" in told.inner_text() and "add you back" in told.inner_text()
    assert problem.is_hidden()
    ann.wait_for_selector("[data-testid=friend-asked][data-name=friend_bob]")

    bob.goto(f"{server.url}/account")
    bob.click("[data-testid=friend-asking][data-name=friend_ann] button >> text=Add back")
    friend = bob.locator("[data-testid=friend][data-name=friend_ann]")
    friend.wait_for()
    assert friend.locator("[data-testid=friend-presence]").inner_text() == "online"
    screenshot(bob, "friends-1280")
    bob.select_option("[data-testid=invite-game]", "raiding-stonehenge")
    friend.locator("[data-testid=invite-friend]").click()
    bob.wait_for_selector("[data-testid=seat-0].me")
    table = bob.url.split("/play/")[1].split("?")[0]

    ann.goto(f"{server.url}/account")
    mate = ann.locator("[data-testid=friend][data-name=friend_bob]")
    mate.wait_for()
    assert mate.locator("[data-testid=friend-presence]").inner_text().startswith("at a table")
    assert mate.locator(f"a[href$='/watch/{table}']").count() == 1
    invitation = ann.locator("[data-testid=invitation]")
    assert "Raiding Stonehenge" in invitation.inner_text()
    phone = new_page(**PHONE)
    sign(phone, server, "signin", "friend_ann")
    phone.goto(f"{server.url}/account")
    phone.wait_for_selector("[data-testid=friend][data-name=friend_bob]")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], \
        "the friends fit a phone's width"
    screenshot(phone, "friends-375")
    invitation.locator("[data-testid=accept-invitation]").click()
    ann.wait_for_selector("[data-testid=seat-1].me")
    assert f"/play/{table}?seat=1" in ann.url
    for page in (ann, bob, phone):
        assert_no_js_errors(page)
