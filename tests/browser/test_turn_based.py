"""Issue 31's "done when", in Chromium: two signed-in friends play a turn-based Raiding
Stonehenge (a day per move) through `albion serve` with e-mail (a local SMTP server) and
Web Push (a local push endpoint) configured. Bob asks for e-mail on his page (and opens
the confirmation link he is mailed) and his browser is subscribed; ann invites him in
one click; he is told by mail and by push, and accepts; he leaves, ann moves, and bob is
told it is his turn by mail, by push and by his header's badge, and follows the link to
his seat. The seat to move reads when its move is due, and with the page's clock moved
on by days the countdown says less is left. Ann picks, takes the pick back with the
page's button (both logs say so, nothing of what), and picks again."""

from __future__ import annotations

import http.server
import socket
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from tests.browser.conftest import LiveServer, assert_no_js_errors, screenshot, wait_until
from tests.server.test_notifications import Inbox, PushReader, PushSink

PASSWORD = "correct horse battery"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def mail() -> Iterator[tuple[Inbox, int]]:
    box, port = Inbox(), free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    yield box, port
    controller.stop()


@pytest.fixture(scope="module")
def pushes() -> Iterator[str]:
    PushSink.bodies = []
    sink = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PushSink)
    threading.Thread(target=sink.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{sink.server_address[1]}/push/"
    sink.shutdown()


@pytest.fixture(scope="module")
def notifying(mail: tuple[Inbox, int]) -> Iterator[LiveServer]:
    with tempfile.TemporaryDirectory() as directory:
        live = LiveServer(Path(directory), options=(
            "--smtp-host", "127.0.0.1", "--smtp-port", str(mail[1]),
            "--vapid-key", str(Path(directory) / "vapid.pem"), "--allow-http-push"))
        yield live
        live.stop()


def sign_up(page: Any, server: LiveServer, name: str) -> None:
    answer = page.context.request.post(f"{server.url}/api/account/signup",
                                       data={"username": name, "password": PASSWORD})
    assert answer.status == 201, answer.text()


def subscribe(page: Any, server: LiveServer, endpoint: str) -> PushReader:
    """A push subscription for `page`'s account to `endpoint` (a real browser's would be
    at its vendor's push service, which a test machine cannot reach), and its reader."""
    browser = PushReader()
    csrf = page.context.request.get(f"{server.url}/api/account").json()["csrf"]
    answer = page.context.request.post(f"{server.url}/api/account/push", headers={
        "X-CSRF-Token": csrf}, data={"endpoint": endpoint, "keys": browser.keys()})
    assert answer.status == 201, answer.text()
    return browser


def play_first(page: Any) -> str:
    """The seat's first legal choice, clicked; its text."""
    page.wait_for_selector("body[data-my-turn=yes]")
    choice = page.locator("[data-testid=legal] button").first
    text = str(choice.get_attribute("data-action"))
    version = page.evaluate("document.body.dataset.version")
    choice.click()
    wait_until(page, f"document.body.dataset.version !== '{version}'")
    return text


def test_friends_play_a_turn_based_game_told_by_mail_and_push_with_an_undo(
        notifying: LiveServer, mail: tuple[Inbox, int], pushes: str,
        new_page: Callable[..., Any]) -> None:
    inbox, server = mail[0], notifying
    ann, bob = new_page(), new_page()
    sign_up(ann, server, "tb_ann")
    sign_up(bob, server, "tb_bob")
    bob.goto(f"{server.url}/account")
    bob.fill("[data-testid=email]", "bob@example.org")
    bob.check("[data-testid=email-notify]")
    bob.click("[data-testid=email-save]")
    bob.wait_for_selector("[data-testid=email-told]:has-text('open the link')")
    [confirmation] = inbox.wait(1)
    link = next(line for line in confirmation.get_payload(decode=True).decode().splitlines()
                if "/confirm?" in line)
    bob.goto(link)  # the link in the mail, opened in bob's browser
    bob.wait_for_selector("[data-testid=email-told]:has-text('Saved: notifications go to')")
    inbox.mails.clear()
    reader = subscribe(bob, server, pushes + "bob")
    bob.fill("[data-testid=friend-name]", "tb_ann")
    bob.click("[data-testid=add-friend]")
    bob.wait_for_selector("[data-testid=friend-asked][data-name=tb_ann]")

    ann.goto(f"{server.url}/account")
    ann.click("[data-testid=friend-asking][data-name=tb_bob] button >> text=Add back")
    friend = ann.locator("[data-testid=friend][data-name=tb_bob]")
    friend.wait_for()
    ann.select_option("[data-testid=invite-game]", "raiding-stonehenge")
    ann.select_option("[data-testid=invite-pace]", "1")
    friend.locator("[data-testid=invite-friend]").click()
    ann.wait_for_selector("[data-testid=seat-0].me")
    table = ann.url.split("/play/")[1].split("?")[0]

    [invited] = inbox.wait(1)
    assert invited["Subject"] == "You are invited to Raiding Stonehenge"
    assert reader.pushed(1)[0]["kind"] == "invited"
    bob.goto(f"{server.url}/account")
    bob.click("[data-testid=accept-invitation]")
    bob.wait_for_selector("[data-testid=seat-1].me")
    ann.wait_for_selector("body[data-status=playing]")
    if bob.evaluate("document.body.dataset.myTurn") == "yes":
        play_first(bob)  # bob takes a line; then it is ann's turn
    bob.goto(f"{server.url}/account")  # bob leaves the table

    own = ann.wait_for_selector("[data-testid=clock]:not(.hidden)")
    assert own.inner_text().startswith("Your move is due"), own.inner_text()
    play_first(ann)  # ann takes a line: bob's turn begins while he is away
    mails = inbox.wait(2)
    assert mails[-1]["Subject"] == "Your turn at Raiding Stonehenge"
    assert f"/play/{table}?seat=1" in mails[-1].get_payload()
    assert reader.pushed(2)[-1]["title"] == "Your turn at Raiding Stonehenge"

    bob.reload()
    badge = bob.wait_for_selector("[data-testid=notify-count]:not(.hidden)")
    assert int(badge.inner_text()) >= 1
    bob.click("[data-testid=notification][data-kind=turn] a")
    bob.wait_for_selector("[data-testid=seat-1].me")
    wait_until(bob, "document.querySelector('[data-testid=account-link]')"
               ".textContent === 'tb_bob'")  # the table's header leads to the account too
    bob.clock.install()
    clock_before = bob.wait_for_selector("[data-testid=clock]:not(.hidden)").inner_text()
    assert "23 h" in clock_before or "1 d 0 h" in clock_before, clock_before
    bob.clock.fast_forward("20:00:00")  # the page's clock, twenty hours on
    wait_until(bob, "/\\(([34]) h \\d+ min left\\)/.test("
               "document.querySelector('[data-testid=clock]').innerText)")
    screenshot(bob, "turn-based-bob-1280")
    while bob.evaluate("document.body.dataset.myTurn") == "yes" and not any(
            a.startswith("play") for a in bob.eval_on_selector_all(
                "[data-testid=legal] button", "b => b.map(x => x.dataset.action)")):
        play_first(bob)  # lines until the picks begin

    wait_until(ann, "[...document.querySelectorAll('[data-testid=legal] button')]"
               ".some(b => b.dataset.action.startsWith('play'))", seconds=30)
    picked = play_first(ann)
    ann.click("[data-testid=undo]")
    ann.wait_for_selector("[data-testid=log] >> text=took back a move")
    bob.wait_for_selector("[data-testid=log] >> text=took back a move")
    assert picked.split()[-1] not in bob.inner_text("[data-testid=log]").split("took back")[-1]
    assert ann.locator(f"[data-testid=legal] button[data-action='{picked}']").count() == 1, \
        "the pick is hers to make again"
    screenshot(ann, "undo-ann-1280")
    play_first(ann)
    for page in (ann, bob):
        assert_no_js_errors(page)
